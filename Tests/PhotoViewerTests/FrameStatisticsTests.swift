import Foundation
import GestureTestSupport
import Testing

/// The viewer's report for `viewer-bench` (PHOTO_CAROUSEL_STATISTICS), from a real headless run.
@Suite struct FrameStatisticsTests {
  @Test("a replay with PHOTO_CAROUSEL_STATISTICS writes frames, the first photo and peak RSS")
  func statistics() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("photo-statistics-\(getpid()).txt").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let samples = packageDirectory.appendingPathComponent("Samples/Photos").path
    let recording = packageDirectory.appendingPathComponent(
      "Recordings/synthetic/carousel-back-and-forth.evemu"
    ).path
    let result = try runProduct(
      "photo-carousel",
      [
        samples, "--window", "--resolution", "320x200", "--software", "--replay", recording,
        "--exit-after-replay",
      ],
      environment: [
        "SDL_VIDEODRIVER": "offscreen", "PHOTO_CAROUSEL_STATISTICS": path,
        // No EGL for the offscreen driver (the software renderer needs none): the Mesa
        // libraries SDL would load keep allocations that LeakSanitizer reports once SDL_Quit
        // has unloaded them, past any suppression by name.
        "SDL_VIDEO_EGL_DRIVER": "/nonexistent",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let kinds = lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
    // The first photo is drawn, the window gets ready, then the paced replay draws frames.
    let first = try #require(kinds.firstIndex(of: "first-photo"))
    let ready = try #require(kinds.firstIndex(of: "window-ready"))
    #expect(first <= ready)
    #expect(kinds.filter { $0 == "frame" }.count > 10)
    #expect(kinds.filter { $0 == "first-photo" }.count == 1)
    #expect(kinds.last == "peak-rss")
    for line in lines where line.hasPrefix("frame ") {
      let fields = line.split(separator: " ")
      #expect(fields.count == 4 && Int(fields[1]) != nil && Int(fields[2]) != nil, "\(line)")
      #expect(fields.last == "photo" || fields.last == "loading", "\(line)")
    }
    let rss = try #require(lines.last.flatMap { Int($0.split(separator: " ")[1]) })
    #expect(rss > 1_000)
  }
}
