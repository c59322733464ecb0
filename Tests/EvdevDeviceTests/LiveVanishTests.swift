import Foundation
import GestureTestSupport
import Testing

/// Unplugging the device while `gesturectl live` reads it.
///
/// `umockdev-run` cannot remove a device mid-run; the test kills it at a line of the output
/// (`UmockdevUnplug`), which hangs up the pty behind the node: `poll()` then reports
/// `POLLIN | POLLERR | POLLHUP` and `read()` returns 0 bytes, as with a real unplug.
@Suite(
  "live: the device vanishes",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"),
  .enabled(
    if: UmockdevUnplug.isAvailable,
    "pidfd_getfd is missing or forbidden (glibc < 2.36, Linux < 5.6 or a seccomp filter)"))
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

/// Running `gesturectl live` under `umockdev-run` and unplugging the device mid-run.
enum UmockdevVanish {
  /// What `gesturectl live` prints last on stderr when the device vanished.
  static let message =
    "error: \(Umockdev.node): the device vanished; gestures in flight were cancelled\n"

  /// The status reported when `gesturectl` never exited (it was killed with its group).
  static let stillRunning: Int32 = 124

  /// Emulates `trace` in real time, runs `gesturectl live --json --touches` on it, and unplugs
  /// the device (`UmockdevUnplug`) at the first output line containing `trigger`.
  ///
  /// `gesturectl` outlives `umockdev-run`, so it runs under `sh`, which writes its exit status
  /// to a file; the output pipe ends when `gesturectl` and `sh` are gone. `gesturectl` gets 5 s
  /// from the unplug to exit (`stillRunning` after that).
  static func run(_ trace: TestTrace, unplugAt trigger: String) throws -> ProcessResult {
    let runner = try #require(Umockdev.runner, "umockdev-run is not installed")
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try trace.write(to: directory.appendingPathComponent("trace.evemu"))
    let prefix = try Umockdev.fixture(path, in: directory, options: ["--real-time"])
    let statusPath = directory.appendingPathComponent("status").path
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    let node = Umockdev.node
    var unplugged = false
    let result = try runProcess(
      runner,
      [
        "-d", prefix + ".umockdev", "-i", "\(node)=\(prefix).ioctl",
        "-s", "\(node)=\(prefix).script", "--",
        "/bin/sh", "-c", #"status="$1"; shift; "$@"; echo $? > "$status""#, "sh", statusPath,
        gesturectl, "live", node, "--json", "--touches",
      ], timeout: 8
    ) { line, pid in
      guard !unplugged, line.contains(trigger) else { return nil }
      unplugged = true
      try UmockdevUnplug.unplug(umockdevRun: pid, node: node)
      return 5
    }
    try #require(unplugged, "the output never contained \(trigger): \(result.stderr)")
    // `umockdev-run`'s own status is the kill's; `gesturectl`'s is in the file.
    var gesturectlResult = result
    gesturectlResult.status =
      (try? String(contentsOfFile: statusPath, encoding: .utf8)).flatMap {
        Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
      } ?? stillRunning
    return gesturectlResult
  }
}
