import Foundation
import GestureTestSupport
import Testing

/// An owned device's clone across unplug, SIGHUP reload and stop: no touch is left down on
/// it, and a reload keeps the clone (umockdev's testbed driven by Tools/umockdev-hotplug.py,
/// with its emulated /dev/uinput).
@Suite(
  "gesturectl run: an owned device's clone on unplug, reload and stop",
  .enabled(
    if: OwnershipHarness.isAvailable,
    "umockdev is not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"))
struct OwnershipLifecycleTests {
  static let bindings = """
    device name="TouchGestures *" own
    swipe direction=up fingers=3 shell "echo swiped"

    """

  /// Runs `steps` (after the emulation, the daemon's start and the finger landing: a 1.6 s
  /// long press played at half speed) and returns the log and the clone's capture.
  static func run(_ steps: [[Any]], recording: String = "long-press") throws -> (
    output: String, log: String, devices: [UinputCapture.Device]
  ) {
    let session = try HotplugTests.Session()
    defer { try? FileManager.default.removeItem(at: session.directory) }
    try bindings.write(toFile: session.config, atomically: true, encoding: .utf8)
    let press = try session.device(recording, "event10", speed: 0.5)
    let capture = session.directory.appendingPathComponent("capture").path
    let run = try session.run(
      [
        ["uinput", capture], session.start, ["wait-log", "watching", 1],
        ["add", press, "event10"], ["wait-capture", 12],
      ]
        + steps.map { step in
          step.map {
            ($0 as? String) == "DEVICE" ? press : ($0 as? String) == "CONFIG" ? session.config : $0
          }
        } + [["wait-exit"]])
    return (run.output, run.log, try UinputCapture.devices(capture: capture))
  }

  /// The end of a stream that cancels the one touch in slot 0: palm, then lift.
  static let cancelled = [
    "0003 0037 2", "0000 0000 0", "0003 0039 -1", "0001 014a 0", "0000 0000 0",
  ]

  /// Checks that the touch reached the clone, then was cancelled (palm and lift) and that
  /// nothing came after.
  static func expectCancelled(_ clone: UinputCapture.Device) throws {
    let lines = clone.eventLines
    let source = try OwnershipHarness.sourceLines("long-press")
    #expect(lines.count >= 12 + Self.cancelled.count)
    #expect(lines.count < source.count, "the touch was cancelled before it lifted")
    #expect(Array(lines.suffix(Self.cancelled.count)) == Self.cancelled)
    let passed = Array(lines.dropLast(Self.cancelled.count))
    #expect(passed == Array(source.prefix(passed.count)))
    #expect(OwnershipHarness.nothingDown(lines))
    #expect(clone.destroyed)
  }

  @Test("stop (SIGTERM) with a finger down: the clone sees it cancelled, then goes")
  func stop() throws {
    let run = try Self.run([["signal", "TERM"]])
    #expect(run.output == "exit 0\n", "\(run.log)")
    try #require(run.devices.count == 1, "\(run.log)")
    try Self.expectCancelled(run.devices[0])
    #expect(run.log.contains("1 cancelled, 0 held back (touches)"), "\(run.log)")
  }

  @Test("unplug with a finger down: the clone sees it cancelled and is destroyed")
  func unplug() throws {
    let run = try Self.run([
      ["remove", "DEVICE"], ["wait-log", "): removed", 1], ["signal", "TERM"],
    ])
    #expect(run.output == "exit 0\n", "\(run.log)")
    try #require(run.devices.count == 1, "\(run.log)")
    try Self.expectCancelled(run.devices[0])
  }

  @Test(
    "reload with a finger down: cancelled on the clone, the rest of it not written, the clone kept")
  func reload() throws {
    let run = try Self.run([
      ["write", "CONFIG", Self.bindings], ["signal", "HUP"], ["wait-log", "reloaded", 1],
      ["sleep", 2.0], ["signal", "TERM"],
    ])
    #expect(run.output == "exit 0\n", "\(run.log)")
    // One clone, made once: the reload did not recreate it.
    try #require(run.devices.count == 1, "\(run.log)")
    try Self.expectCancelled(run.devices[0])
    #expect(run.log.components(separatedBy: "owned through").count == 2)
  }

  @Test("after a reload, a finger that lands while the cut one is still down passes whole")
  func reloadThenNewFinger() throws {
    // finger-added-during-pan: a second finger lands 0.62 s (played: 1.25 s) after the first.
    let run = try Self.run(
      [
        ["write", "CONFIG", Self.bindings], ["signal", "HUP"], ["wait-log", "reloaded", 1],
        ["sleep", 3.5], ["signal", "TERM"],
      ], recording: "finger-added-during-pan")
    #expect(run.output == "exit 0\n", "\(run.log)")
    try #require(run.devices.count == 1, "\(run.log)")
    let lines = run.devices[0].eventLines
    let source = OwnershipHarness.touches(
      try OwnershipHarness.sourceLines("finger-added-during-pan"))
    let written = OwnershipHarness.touches(lines)
    // The first finger: cut by the reload (palm, lift), the second: every event of it.
    #expect(Array(written[0]?.suffix(2) ?? []) == ["0037 2", "0039 -1"])
    #expect(written[1] == source[1], "\(lines)")
    #expect(OwnershipHarness.nothingDown(lines))
  }
}
