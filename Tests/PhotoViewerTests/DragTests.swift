import Foundation
import GestureTestSupport
import PhotoLibrary
import PhotoViewer
import Testing

/// A one-finger drag at 1x moves the photo with the finger, mid-gesture (`--replay-until`).
@Suite struct DragTests {
  @Test("mid-drag, the photo has moved left by the finger's travel", arguments: [0.8, 1.0, 1.4])
  func follows(seconds: Double) throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let recording = ViewerRun.recording("viewer-drag-back")
    let touches = try runProduct("gesturectl", ["replay", "--touches", "--json", recording])
    let points = touches.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.filter { $0["touch"] != nil }
    let start = try #require(points.first?["x"] as? Double)
    let now = try #require(
      points.last { ($0["t"] as? Double ?? .infinity) <= seconds }?["x"] as? Double)
    let travel = (now - start) * 320 / 240
    #expect(travel < -10, "the finger moved \(travel) px")
    let (result, screen) = try ViewerRun.replay(
      "viewer-drag-back", folder: folder, extra: ["--replay-until", String(seconds)])
    #expect(result.status == 0, "\(result.stderr)")
    let shot = try #require(screen)
    // The red photo is 270 px wide, from 25 to 295 when centred.
    let span = try #require(shot.litSpan(row: 90))
    #expect(abs(Double(span.last + 1) - (295 + travel)) <= 1.5, "right edge \(span.last)")
    if 25 + travel < 0 {
      #expect(shot.pixel(x: 1, y: 90) != 0, "the left side is covered by the moved photo")
    }
  }
}
