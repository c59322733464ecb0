import Foundation
import GestureTestSupport
import Testing

/// A live device whose axes a recording's reader would refuse is refused live with the same
/// reason, and libevdev's own complaints come out as warning lines of ours.
@Suite(
  "live devices with broken axes",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct LiveAxisTests {
  /// The fixture of the synthetic tap with the `EVIOCGABS(code)` reply's minimum and maximum
  /// replaced (raw little-endian hex of the 32-bit values).
  static func patchedFixture(
    in directory: URL, code: Int, minimum: String, maximum: String
  ) throws -> String {
    let recording = packageDirectory.appendingPathComponent("Recordings/synthetic/tap.evemu").path
    let prefix = try Umockdev.fixture(recording, in: directory)
    let ioctl = prefix + ".ioctl"
    var patched = 0
    let lines = try String(contentsOfFile: ioctl, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { line -> String in
      let head = "EVIOCGABS(\(code)) 0 "
      guard line.hasPrefix(head) else { return String(line) }
      let hex = Array(line.dropFirst(head.count))
      patched += 1
      return head + String(hex[0..<8]) + minimum + maximum + String(hex[24...])
    }
    try #require(patched == 1)
    try lines.joined(separator: "\n").write(toFile: ioctl, atomically: true, encoding: .utf8)
    return prefix
  }

  @Test("live, record and run refuse an X axis with minimum > maximum, as replay does")
  func invertedAxisRefused() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // ABS_MT_POSITION_X: minimum 1919 (0x77F), maximum 0.
    let prefix = try Self.patchedFixture(
      in: directory, code: 53, minimum: "7F070000", maximum: "00000000")
    let reason =
      "\(Umockdev.node) (\"TouchGestures Synthetic Touchscreen\"): ABS_MT_POSITION_X: minimum"
      + " 1919 > maximum 0; a position axis needs minimum < maximum"
    let output = directory.appendingPathComponent("out.evemu").path
    for arguments in [
      ["live", "--exit-after-idle", "500", Umockdev.node],
      ["record", Umockdev.node, "-o", output, "--exit-after-idle", "500"],
    ] {
      let result = try Umockdev.gesturectl(arguments, device: prefix)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stderr == "error: " + reason + "\n", "\(arguments)")
      #expect(result.stdout.isEmpty)
    }
    let config = directory.appendingPathComponent("bindings").path
    try "tap run true\n".write(toFile: config, atomically: true, encoding: .utf8)
    let run = try Umockdev.gesturectl(
      ["run", "--config", config, "--exit-after-idle", "500", Umockdev.node], device: prefix)
    #expect(run.stderr.contains(reason + "\n"), "\(run.stderr)")
    #expect(!run.stderr.contains("added"))
  }

  @Test("libevdev's complaint about an axis is one warning line of ours, not glued to the next")
  func libevdevLogIsOurs() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // ABS_MT_TRACKING_ID: minimum = maximum = 0, which libevdev "fixes" and reports.
    let prefix = try Self.patchedFixture(
      in: directory, code: 57, minimum: "00000000", maximum: "00000000")
    let result = try Umockdev.gesturectl(["devices"], device: prefix)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "warning: libevdev: BUG: Device \"TouchGestures Synthetic Touchscreen\" has invalid"
        + " ABS_MT_TRACKING_ID range\n")
    #expect(result.stdout.hasPrefix("/dev/input/event5  \"TouchGestures Synthetic Touchscreen\""))
  }
}
