import Foundation
import GestureTestSupport
import Testing

/// An idle daemon (no finger down) blocks in poll with no timeout: it makes no wake-ups.
@Suite(
  "gesturectl run makes no wake-ups when idle",
  .enabled(if: DaemonUmockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct IdleTests {
  /// The context switches (voluntary + involuntary) of process `pid`, from /proc.
  static func switches(_ pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    var total = 0
    for line in text.split(separator: "\n") where line.contains("ctxt_switches:") {
      total += Int(line.split(separator: "\t").last ?? "") ?? 0
    }
    return total
  }

  /// The child of `parent` named `name`, from /proc.
  static func child(of parent: pid_t, named name: String) -> pid_t? {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
      return nil
    }
    for entry in entries {
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.range(of: ") ", options: .backwards)
      else { continue }
      let fields = stat[close.upperBound...].split(separator: " ")
      let comm = stat[
        stat.index(after: stat.firstIndex(of: "(") ?? stat.startIndex)..<close.lowerBound]
      if fields.count > 1, pid_t(fields[1]) == parent, comm == name { return pid }
    }
    return nil
  }

  @Test("after a tap, with tap, double-tap and long-press bindings, 1 s passes with no wake-up")
  func idle() throws {
    let runner = try #require(DaemonUmockdev.executable("umockdev-run"))
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("bindings").path
    try "tap run a\ntap taps=2 run b\nlong-press run c\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let prefix = try DaemonUmockdev.fixture("tap", in: directory, speed: 4)
    var measured: (before: Int, after: Int)?
    let result = try runProcess(
      runner,
      [
        "-d", prefix + ".umockdev", "-i", "\(DaemonUmockdev.node)=\(prefix).ioctl",
        "-s", "\(DaemonUmockdev.node)=\(prefix).script", "--",
        productsDirectory.appendingPathComponent("gesturectl").path, "run", "--dry-run",
        "--config", config,
      ], timeout: 60
    ) { line, pid in
      // The single tap fired after the double-tap interval: nothing is pending any more.
      guard line.hasPrefix("dry-run: line 1:"),
        let daemon = Self.child(of: pid, named: "gesturectl")
      else { return nil }
      usleep(200_000)
      let before = Self.switches(daemon) ?? -1
      usleep(1_000_000)
      measured = (before, Self.switches(daemon) ?? -2)
      kill(daemon, SIGTERM)
      return nil
    }
    #expect(result.status == 0, "\(result.stderr)")
    let counts = try #require(measured, "the tap never fired: \(result.stderr)")
    #expect(counts.before > 0)
    #expect(counts.before == counts.after)
  }
}
