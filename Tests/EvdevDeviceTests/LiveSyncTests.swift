import Foundation
import GestureTestSupport
import Testing

/// The live path and replay agree around `SYN_DROPPED` (libevdev's sync) and on fingers that
/// were already down when the device was opened.
@Suite(
  "SYN_DROPPED and fingers down at open, under umockdev",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct LiveSyncTests {
  /// `Recordings/synthetic/syn-dropped.evemu`: a drop in the middle of a pan and of a pinch.
  static let dropped = packageDirectory.appendingPathComponent(
    "Recordings/synthetic/syn-dropped.evemu"
  ).path

  @Test("a SYN_DROPPED mid-pan and mid-pinch: live equals replay, one pan and one pinch")
  func droppedMidGesture() throws {
    let live = try Umockdev.gesturectl(
      onRecording: Self.dropped, speed: 10,
      ["live", Umockdev.node, "--json", "--touches", "--exit-after-idle", "2000"])
    let replay = try runProduct("gesturectl", ["replay", "--json", "--touches", Self.dropped])
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stdout == replay.stdout)
    let lines = LiveOutput.lines(live.stdout)
    let gestures = lines.compactMap { line -> String? in
      guard let gesture = line["gesture"] as? String, let state = line["state"] as? String,
        state != "changed"
      else { return nil }
      return gesture + " " + state
    }
    #expect(gestures == ["pan began", "pan ended", "pinch began", "pinch ended"])
    #expect(!lines.contains { ($0["phase"] as? String) == "cancelled" })
    // libevdev really synced: both drops were reported.
    #expect(live.stderr.components(separatedBy: "SYN_DROPPED").count == 3)
  }

  @Test("a finger down when live opens the device: shown from the first frame, in no gesture")
  func fingerDownAtOpen() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Slot 0 is down (tracking id 5 at 100, 60 mm) before the first event: it rests, drifts
    // 20 mm, lifts; then a new finger taps.
    var trace = TestTrace()
    for step in 0...8 {
      trace.move(slot: 0, x: 100 + Double(step) * 0.1, y: 60, at: Double(step) * 100)
    }
    for step in 1...10 {
      trace.move(slot: 0, x: 101 + Double(step) * 2, y: 60, at: 800 + Double(step) * 20)
    }
    trace.up(slot: 0, at: 1_100)
    trace.down(slot: 1, x: 40, y: 40, at: 1_500)
    trace.up(slot: 1, at: 1_560)
    let path = try trace.write(to: directory.appendingPathComponent("resting.evemu"))
    let prefix = try Umockdev.fixture(
      path, in: directory, options: ["--speed", "4", "--initial-slot", "0:5:1600:960"])
    let live = try Umockdev.gesturectl(
      ["live", Umockdev.node, "--json", "--touches", "--explain", "--exit-after-idle", "1500"],
      device: prefix)
    #expect(live.status == 0, "\(live.stderr)")
    let lines = LiveOutput.lines(live.stdout)
    #expect(LiveOutput.touchViolations(lines) == [])
    #expect(LiveOutput.gestureViolations(lines) == [])
    let first = try #require(lines.first)
    #expect(first["touch"] as? Int == 1 && first["phase"] as? String == "began")
    #expect(
      first["t"] as? Double == 0 && first["x"] as? Double == 100 && first["y"] as? Double == 60)
    let phases = lines.filter { ($0["touch"] as? Int) == 1 }.compactMap { $0["phase"] as? String }
    #expect(phases.first == "began" && phases.last == "ended")
    // Neither a long press (it rested 800 ms) nor a pan (it moved 20 mm): only the new tap.
    let gestures = lines.compactMap { $0["gesture"] as? String }
    #expect(gestures == ["tap"])
    #expect(
      live.stderr.contains(
        "touch 1 excluded: already down when the device was opened (its landing was not seen)"))
  }

  @Test("finger-down-at-open: the resting finger shows from the first frame; only the tap")
  func recordingDownAtOpen() throws {
    let recording = packageDirectory.appendingPathComponent(
      "Recordings/synthetic/finger-down-at-open.evemu"
    ).path
    let live = try Umockdev.gesturectl(
      onRecording: recording, speed: 4, scriptOptions: ["--first-frame-as-state"],
      ["live", Umockdev.node, "--json", "--touches", "--exit-after-idle", "1500"])
    #expect(live.status == 0, "\(live.stderr)")
    let lines = LiveOutput.lines(live.stdout)
    #expect(LiveOutput.touchViolations(lines) == [])
    #expect(lines.first?["t"] as? Double == 0 && lines.first?["phase"] as? String == "began")
    #expect(lines.compactMap { $0["gesture"] as? String } == ["tap"])
    // Replayed, the same finger's landing is seen: it is a long press.
    let replay = try runProduct("gesturectl", ["replay", "--json", recording])
    #expect(LiveOutput.lines(replay.stdout).contains { $0["gesture"] as? String == "longPress" })
  }
}
