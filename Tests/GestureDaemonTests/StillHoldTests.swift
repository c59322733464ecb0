import Foundation
import GestureTestSupport
import Testing

/// A finger resting perfectly still sends no events: the long press must begin from the poll
/// timeout, at its deadline, not when the finger lifts.
@Suite(
  "gesturectl run fires timers while no event arrives",
  .enabled(if: DaemonUmockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct StillHoldTests {
  /// The synthetic screen's header with one finger down at 0 s and up at 1.2 s, nothing
  /// between.
  static func stillHold() throws -> String {
    let source = try String(
      contentsOfFile: DaemonUmockdev.recording("long-press"), encoding: .utf8)
    let header = source.split(separator: "\n").filter { !$0.hasPrefix("E:") }
    let events = [
      "E: 0.000001 0003 0039 0000", "E: 0.000001 0003 0035 0953", "E: 0.000001 0003 0036 0538",
      "E: 0.000001 0001 014a 0001", "E: 0.000001 0003 0000 0953", "E: 0.000001 0003 0001 0538",
      "E: 0.000001 0000 0000 0000", "E: 1.200000 0003 0039 -001", "E: 1.200000 0001 014a 0000",
      "E: 1.200000 0000 0000 0000",
    ]
    return (header.map(String.init) + events).joined(separator: "\n") + "\n"
  }

  @Test("a still finger's long press begins about 700 ms before it lifts")
  func stillHold() throws {
    let runner = try #require(DaemonUmockdev.executable("umockdev-run"))
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("still.evemu").path
    try Self.stillHold().write(toFile: recording, atomically: true, encoding: .utf8)
    let config = directory.appendingPathComponent("bindings").path
    try "long-press on=begin run begin\nlong-press on=end run end\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let prefix = directory.appendingPathComponent("still").path
    let script = try runProduct(
      "umockdev-script", [recording, "-o", prefix, "--node", DaemonUmockdev.node, "--real-time"])
    try #require(script.status == 0, "\(script.stderr)")
    var arrivals: [Date] = []
    let result = try runProcess(
      runner,
      [
        "-d", prefix + ".umockdev", "-i", "\(DaemonUmockdev.node)=\(prefix).ioctl",
        "-s", "\(DaemonUmockdev.node)=\(prefix).script", "--",
        productsDirectory.appendingPathComponent("gesturectl").path, "run", "--dry-run",
        "--config", config, DaemonUmockdev.node,
      ], timeout: 60
    ) { line, pid in
      guard line.hasPrefix("dry-run:") else { return nil }
      arrivals.append(Date())
      if arrivals.count == 2, let daemon = IdleTests.child(of: pid, named: "gesturectl") {
        kill(daemon, SIGTERM)
      }
      return nil
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix("dry-run: line 1: begin (GESTURE_KIND=long-press GESTURE_STATE=began")
    )
    try #require(arrivals.count == 2, "\(result.stdout)")
    // 700 ms in event time; at least 300 ms of it on a busy machine.
    #expect(arrivals[1].timeIntervalSince(arrivals[0]) > 0.3)
  }
}
