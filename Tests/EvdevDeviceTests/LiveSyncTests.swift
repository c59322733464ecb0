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
}
