import Foundation
import GestureTestSupport
import Testing

/// The public recordings as published, in `Recordings/originals`.
let sharedRecordings = packageDirectory.appendingPathComponent("Recordings/originals")

/// Public recordings without golden files of their own, replayed from `Recordings/originals`.
@Suite("Gestures of the original public recordings")
struct SharedRecordingGestureTests {
  /// Replays `PATH` (relative to the shared folder) and returns its `--json` lines.
  func replay(_ path: String, device: String? = nil) throws -> [GoldenGestureTests.Line] {
    var arguments = ["replay", "--json"]
    if let device {
      arguments += ["--device", sharedRecordings.appendingPathComponent(device).path]
    }
    let result = try runProduct(
      "gesturectl", arguments + [sharedRecordings.appendingPathComponent(path).path])
    #expect(result.status == 0, "\(result.stderr)")
    return GoldenGestureTests.parse(result.stdout)
  }

  @Test("N-Trig XT2: 1-4 finger taps give one tap of 1-4 touches", arguments: 1...4)
  func ntrigTaps(fingers: Int) throws {
    let events = try replay(
      "evemu-utouch/ntrig-xt2-\(fingers)-tap.event", device: "evemu-utouch/ntrig-xt2.device")
    #expect(events.map(\.summary) == ["tap recognized \(fingers)×1"])
  }

  @Test("3M: taps, a 4-finger tap, a clockwise 2-finger and a counter-clockwise 3-finger turn")
  func threeM() throws {
    let events = try replay("evemu-utouch/3m.event")
    let taps = events.filter { $0.gesture == "tap" }.map(\.summary)
    #expect(taps == ["tap recognized 1×1", "tap recognized 1×1", "tap recognized 4×1"])
    let turns = events.filter { $0.gesture == "rotation" && $0.state == "ended" }
    #expect((turns.first?.rotation ?? 0) > 1.3)  // ≈ +95° (README) with 2 fingers
    #expect((turns.dropFirst().first?.rotation ?? 0) < -1.7)  // ≈ −100…−115° with 3 fingers
  }
}
