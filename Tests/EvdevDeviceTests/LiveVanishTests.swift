import Foundation
import GestureTestSupport
import Testing

/// Unplugging the device while `gesturectl live` reads it.
///
/// `umockdev-run` cannot remove a device mid-run, so `Tools/umockdev-vanish.py` builds the
/// testbed through umockdev's GObject API, runs `gesturectl` under the preload and, at a line
/// of its output, removes the device and hangs up the pty behind the node: `poll()` then
/// reports `POLLIN | POLLERR | POLLHUP` and `read()` returns 0 bytes.
@Suite(
  "live: the device vanishes",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"),
  .enabled(
    if: UmockdevVanish.hasBindings,
    "umockdev's GObject bindings are missing (apt install python3-gi gir1.2-umockdev-1.0)"))
struct LiveVanishTests {
  /// One finger lands, moves a little and rests: the long press begins from the poll timeout
  /// (so the output reached the pipe with no event after it), then the device goes.
  static func heldFinger() -> TestTrace {
    var trace = TestTrace()
    trace.down(slot: 0, x: 100, y: 60, at: 0)
    trace.move(slot: 0, x: 101, y: 60, at: 50)
    return trace
  }

  @Test("A finger resting in a long press: the touch and the long press are cancelled, exit 1")
  func longPress() throws {
    let result = try UmockdevVanish.run(
      Self.heldFinger(), unplugAt: #""gesture": "longPress", "state": "began""#)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(!result.timedOut)
    let lines = LiveOutput.lines(result.stdout)
    #expect(lines.compactMap { $0["phase"] as? String } == ["began", "moved", "cancelled"])
    let longPress = lines.filter { ($0["gesture"] as? String) == "longPress" }
    #expect(longPress.compactMap { $0["state"] as? String } == ["began", "cancelled"])
    // Cancelled when the device went, not back at the last event (0.05 s).
    #expect(longPress.last?["t"] as? Double == 0.5)
    #expect(LiveOutput.timesIncrease(lines))
    #expect(LiveOutput.touchViolations(lines) == [])
    #expect(LiveOutput.gestureViolations(lines) == [])
    #expect(result.stderr.hasSuffix(UmockdevVanish.message), "\(result.stderr)")
  }

  /// Two fingers pan to the right; the device goes while both are down.
  static func twoFingerPan() -> TestTrace {
    var trace = TestTrace()
    trace.down(slot: 0, x: 80, y: 60, at: 0)
    trace.down(slot: 1, x: 120, y: 60, at: 10)
    for step in 1...12 {
      let t = 10 + Double(step) * 16
      trace.move(slot: 0, x: 80 + Double(step) * 2, y: 60, at: t)
      trace.move(slot: 1, x: 120 + Double(step) * 2, y: 60, at: t + 1)
    }
    return trace
  }

  @Test("Two fingers panning: both touches and the pan are cancelled, output kept, exit 1")
  func pan() throws {
    // The last frame: the second finger reaches 144 mm.
    let result = try UmockdevVanish.run(
      Self.twoFingerPan(), unplugAt: #""touch": 2, "phase": "moved", "x": 144.00"#)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(!result.timedOut)
    let lines = LiveOutput.lines(result.stdout)
    let phases = lines.compactMap { $0["phase"] as? String }
    #expect(phases.filter { $0 == "moved" }.count == 24, "every move before the unplug is kept")
    #expect(Array(phases.suffix(2)) == ["cancelled", "cancelled"])
    let pan = lines.filter { ($0["gesture"] as? String) == "pan" }.compactMap {
      $0["state"] as? String
    }
    #expect(pan.first == "began")
    #expect(pan.last == "cancelled")
    #expect(LiveOutput.timesIncrease(lines))
    #expect(LiveOutput.touchViolations(lines) == [])
    #expect(LiveOutput.gestureViolations(lines) == [])
    #expect(result.stderr.hasSuffix(UmockdevVanish.message), "\(result.stderr)")
  }
}

/// Running `gesturectl live` under `Tools/umockdev-vanish.py`.
enum UmockdevVanish {
  /// Debian's interpreter, which has python3-gi (a `python3` earlier on `PATH` may not).
  static let python = "/usr/bin/python3"

  /// The helper script.
  static var helper: String {
    packageDirectory.appendingPathComponent("Tools/umockdev-vanish.py").path
  }

  /// What `gesturectl live` prints last on stderr when the device vanished.
  static let message =
    "error: \(Umockdev.node): the device vanished; gestures in flight were cancelled\n"

  /// Whether umockdev's typelib loads in Debian's Python.
  static let hasBindings: Bool = {
    guard FileManager.default.isExecutableFile(atPath: python) else { return false }
    let check =
      "import gi; gi.require_version('UMockdev', '1.0'); from gi.repository import UMockdev"
    let result = try? runProcess(python, ["-c", check], timeout: 30)
    return result?.status == 0
  }()

  /// Emulates `trace` in real time, runs `gesturectl live --json --touches` on it, and unplugs
  /// the device at the first output line containing `trigger`.
  static func run(_ trace: TestTrace, unplugAt trigger: String) throws -> ProcessResult {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try trace.write(to: directory.appendingPathComponent("trace.evemu"))
    let prefix = try Umockdev.fixture(path, in: directory, options: ["--real-time"])
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    return try runProcess(
      python,
      [helper, prefix, Umockdev.node, trigger, gesturectl, "live", Umockdev.node, "--json",
        "--touches"],
      timeout: 14)
  }
}
