import Foundation
import PhotoLibrary
import Testing

@testable import PhotoViewer

/// The photos held at screen size, in process on SDL's offscreen driver: the memory bound
/// and a photo removed while shown.
@Suite(.serialized) struct PhotoStoreTests {
  /// Polls `store` until nothing it holds is loading (10 s at most).
  private func settle(_ store: PhotoStore, _ screen: SDLScreen) {
    for _ in 0..<2000 {
      _ = store.poll(screen)
      if !store.isLoading { return }
      usleep(5000)
    }
  }

  @Test(
    "a photo removed while shown stays on screen; shown again later, its placeholder says it is gone; never more than three are held"
  )
  func removedWhileShown() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.folder(
      SamplePhotos.all.prefix(5).map { ($0.fileName, $0) }, in: directory)
    let list = try PhotoList(path: folder.path)
    // No EGL (the software renderer needs none): Mesa's libraries, which SDL loads for it and
    // unloads again, leak past LeakSanitizer's suppressions by name in this very process.
    setenv("SDL_VIDEO_EGL_DRIVER", "/nonexistent", 1)
    let screen = try openOffscreenScreen(width: 64, height: 36)
    let store = PhotoStore(list: list, maximum: (64, 36), wake: {})
    store.hold([0, 1, 4])
    settle(store, screen)
    guard case .photo = store.photo(at: 0) else {
      Issue.record("photo 1 did not load: \(store.photo(at: 0))")
      return
    }
    try FileManager.default.removeItem(atPath: list.path(at: 0))
    store.hold([0, 1, 4])
    settle(store, screen)
    guard case .photo = store.photo(at: 0) else {
      Issue.record("the photo shown was dropped when its file went")
      return
    }
    // Swipe on twice and back twice: photo 1 leaves the window and comes back.
    for window in [[1, 2, 0], [2, 3, 1], [1, 2, 0], [0, 1, 4]] {
      store.hold(window)
      settle(store, screen)
    }
    guard case .failed(let reason) = store.photo(at: 0) else {
      Issue.record("photo 1 shows although its file is gone: \(store.photo(at: 0))")
      return
    }
    #expect(reason.lowercased().contains("no such file") || reason.contains("missing"), "\(reason)")
    guard case .photo = store.photo(at: 1) else {
      Issue.record("photo 2 did not load")
      return
    }
    #expect(store.mostHeld <= 3)
    #expect(store.mostHeld >= 2)
  }

  @Test("a file that is not an image is left out of a folder up to the sniff limit, kept beyond")
  func sniffLimit() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.folder(
      [("1.png", SamplePhotos.all[0]), ("3.png", SamplePhotos.all[2])], in: directory)
    try Data("<html>".utf8).write(to: folder.appendingPathComponent("2.jpg"))
    let sniffed = try PhotoList(path: folder.path)
    #expect((0..<sniffed.count).map(sniffed.name) == ["1.png", "3.png"])
    let large = try PhotoList(path: folder.path, sniffLimit: 2)
    #expect((0..<large.count).map(large.name) == ["1.png", "2.jpg", "3.png"])
  }
}
