import Foundation
import GestureTestSupport
import PhotoLibrary
import PhotoViewer
import Testing

/// Bad input: broken photos, files that are not images, empty or missing folders, no display.
@Suite struct BadInputTests {
  static let placeholder: UInt32 = 0x3A3A3A
  static let reason: UInt32 = 0xFFB0B0

  @Test("a corrupt PNG shows a placeholder with its name and reason; the carousel goes on")
  func corrupt() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.folder(
      [("b.png", SamplePhotos.all[1]), ("c.png", SamplePhotos.all[2])], in: directory)
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    try Data(bytes).write(to: folder.appendingPathComponent("a.png"))
    let (still, screen) = try ViewerRun.replay("viewer-drag-back", folder: folder)
    #expect(still.status == 0, "\(still.stderr)")
    let shot = try #require(screen)
    #expect(shot.pixel(x: 5, y: 5) == Self.placeholder)
    #expect(shot.count(0xFFFFFF) > 40, "the name is written")
    #expect(shot.count(Self.reason) > 40, "the reason is written")
    // Four swipes left on three photos: the second one, orange.
    let (swiped, after) = try ViewerRun.replay("carousel-tour", folder: folder)
    #expect(swiped.status == 0, "\(swiped.stderr)")
    #expect(try #require(after).center == SamplePhotos.all[1].color.rgb)
  }

  @Test("a truncated JPEG shows a placeholder")
  func truncated() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.folder([("b.png", SamplePhotos.all[1])], in: directory)
    let jpeg = folder.appendingPathComponent("a.jpg").path
    try writeSolidJPEG(width: 300, height: 200, rgb: 0x2080F0, to: jpeg)
    let whole = try Data(contentsOf: URL(fileURLWithPath: jpeg))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: jpeg))
    let (result, screen) = try ViewerRun.replay("viewer-drag-back", folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let shot = try #require(screen)
    #expect(shot.pixel(x: 5, y: 5) == Self.placeholder)
    #expect(shot.count(Self.reason) > 40)
    #expect(shot.count(0x2080F0) == 0)
  }

  @Test("a file that is not an image is skipped with an escaped warning")
  func notAnImage() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.folder(
      [("1.png", SamplePhotos.all[0]), ("3.png", SamplePhotos.all[2])], in: directory)
    try Data("<!DOCTYPE html>".utf8).write(to: folder.appendingPathComponent("2\u{1B}[31m.jpg"))
    // One swipe left (the demo's first flip) lands on the yellow photo, not on the HTML.
    let index = ViewerRun.finalIndex(try ViewerRun.carouselChanges("carousel-demo", folder: folder))
    let (result, screen) = try ViewerRun.replay("carousel-demo", folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("warning: "))
    #expect(result.stderr.contains("not an image"))
    #expect(result.stderr.contains("skipping it"))
    #expect(!result.stderr.contains("\u{1B}"), "the name's escape character is escaped")
    // gesturectl shows the HTML file as an image (index 1 of 3); the viewer has two photos.
    #expect(index == 1)
    #expect(try #require(screen).center == SamplePhotos.all[2].color.rgb)
  }

  @Test("an empty folder and a missing one are errors (exit 1)")
  func folders() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let empty = directory.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try Data("notes".utf8).write(to: empty.appendingPathComponent("notes.txt"))
    for (path, reason) in [
      (empty.path, "no photos"), (directory.appendingPathComponent("gone").path, "no such folder"),
    ] {
      let result = try runProduct(
        "photo-carousel", [path, "--window"], environment: ViewerRun.environment)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
      #expect(result.stderr.contains(reason), "\(result.stderr)")
    }
  }

  @Test("a folder of files that are all not images is an error")
  func onlyNonImages() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("text".utf8).write(to: folder.appendingPathComponent("a.jpg"))
    let result = try runProduct(
      "photo-carousel", [folder.path, "--window"], environment: ViewerRun.environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("warning: "), "\(result.stderr)")
    #expect(result.stderr.contains("error: "), "\(result.stderr)")
  }

  @Test("no display: the error names the fix for a desktop and for a console")
  func noDisplay() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let result = try runProduct(
      "photo-carousel", [folder.path], environment: ["SDL_VIDEODRIVER": "no-such-driver"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
    #expect(result.stderr.contains("DISPLAY or WAYLAND_DISPLAY"))
    #expect(result.stderr.contains("KMS/DRM"))
  }

  @Test("a bad option is a usage error (exit 2); --help exits 0")
  func usage() throws {
    let bad = try runProduct("photo-carousel", ["DIR", "--rotate", "45"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--rotate"))
    let help = try runProduct("photo-carousel", ["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("usage: photo-carousel DIR"))
  }
}

/// The end of a run.
@Suite struct ScreenshotFailureTests {
  @Test("a screenshot that cannot be written is an error naming the file (exit 1)")
  func unwritable() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let result = try runProduct(
      "photo-carousel",
      [
        folder.path, "--window", "--software", "--resolution", "64x36", "--replay",
        ViewerRun.recording("viewer-double-tap"), "--exit-after-replay", "--screenshot",
        directory.appendingPathComponent("missing/shot.png").path,
      ], environment: ViewerRun.environment)
    #expect(result.status == 1)
    #expect(result.stderr.contains("missing/shot.png"), "\(result.stderr)")
    #expect(result.stderr.contains("error: "))
  }
}
