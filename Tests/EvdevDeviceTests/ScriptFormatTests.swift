import Foundation
import GestureTestSupport
import Testing

/// umockdev's script format: a block's leading space byte (0x20) is dropped by its parser, so
/// `umockdev-script` must never start a block with one — the low byte of the first event's
/// seconds is 0x20 for every frame in a second ≡ 32 (mod 256).
@Suite(
  "umockdev script format",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct ScriptFormatTests {
  /// Offsets (ms from the trace's 10 s base) of the frames around second 32.
  @Test(
    "frames in a second ≡ 32 mod 256 arrive intact",
    arguments: [[21_990.0, 22_010, 22_050], [22_000, 22_010, 22_050]])
  func secondThirtyTwo(times: [Double]) throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var trace = TestTrace()
    trace.down(slot: 0, x: 50, y: 50, at: times[0])
    trace.move(slot: 0, x: 55, y: 50, at: times[1])
    trace.up(slot: 0, at: times[2])
    let path = try trace.write(to: directory.appendingPathComponent("t32.evemu"))
    let prefix = directory.appendingPathComponent("device").path
    let script = try runProduct(
      "umockdev-script", [path, "-o", prefix, "--node", Umockdev.node, "--speed", "10"])
    #expect(script.status == 0)
    // 31.99 s, 32.01 s: +2 s (seconds 33, 34); 32.00 s: +1 s. No frame shares a block.
    #expect(script.stderr.contains("times shifted by +\(times[0] < 22_000 ? 2 : 1) s"))
    #expect(!script.stderr.contains("sent with the previous one"))
    let live = try Umockdev.gesturectl(
      [
        "live", Umockdev.node, "--touches", "--max-events", String(trace.events.count),
        "--exit-after-idle", "2000",
      ],
      device: prefix)
    let replay = try runProduct("gesturectl", ["replay", "--touches", path])
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stdout == replay.stdout)
    #expect(live.stdout.contains("ended"))
  }
}
