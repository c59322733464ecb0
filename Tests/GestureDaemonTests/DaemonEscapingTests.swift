import Foundation
import GestureTestSupport
import Testing

/// Text from outside (a device's name, a bindings file's words) reaches the daemon's log and
/// `--dry-run` lines escaped, so it can neither forge a line nor send a terminal escape.
@Suite(
  "gesturectl run: outside text escaped",
  .enabled(if: DaemonUmockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct DaemonEscapingTests {
  /// A name that would set the window title and erase the line on a terminal.
  static let hostileName = "Evil\u{1B}]0;owned\u{7}\u{1B}[2KGESTURE_KIND=forged"
  static let escapedName = "Evil\\u{1B}]0;owned\\u{7}\\u{1B}[2KGESTURE_KIND=forged"

  /// Whether `text` holds a character a terminal acts on (a newline aside).
  static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }
  }

  @Test("a device name with escapes is escaped in the log and in --dry-run lines")
  func deviceNameEscaped() throws {
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try String(
      contentsOfFile: DaemonUmockdev.recording("tap"), encoding: .utf8)
    let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasPrefix("N: ") ? "N: " + Self.hostileName : String($0)
    }
    let recording = directory.appendingPathComponent("evil.evemu").path
    try lines.joined(separator: "\n").write(toFile: recording, atomically: true, encoding: .utf8)
    let outcome = try DaemonUmockdev.run(
      recording, bindings: "tap run true\n", expected: 0, arguments: ["--dry-run"])
    let log = outcome.result.stderr
    let stdout = outcome.result.stdout
    #expect(log.contains("/dev/input/event5 (\"\(Self.escapedName)\"): added, "), "\(log)")
    #expect(stdout.hasPrefix("dry-run: line 1: true "), "\(stdout)")
    #expect(stdout.contains("GESTURE_DEVICE=\"\(Self.escapedName)\" "), "\(stdout)")
    #expect(!Self.hasControl(log))
    #expect(!Self.hasControl(stdout))
  }
}

/// A failed reload logs the bindings file's words escaped, as check-config prints them.
@Suite(
  "gesturectl run: a failed reload's reason escaped",
  .enabled(
    if: DaemonUmockdev.isAvailable && DaemonUmockdev.executable("umockdev-wrapper") != nil,
    "umockdev is not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"))
struct ReloadEscapingTests {
  @Test("a bad value with an escape character is logged escaped when a reload fails")
  func reloadFailureEscaped() throws {
    let session = try HotplugTests.Session()
    defer { try? FileManager.default.removeItem(at: session.directory) }
    try "tap run true\n".write(toFile: session.config, atomically: true, encoding: .utf8)
    let run = try session.run([
      session.start, ["wait-log", "watching", 1],
      ["write", session.config, "tap fingers=\u{1B}]0;owned\u{7} run x\n"], ["signal", "HUP"],
      ["wait-log", "reload failed", 1], ["signal", "TERM"], ["wait-exit"],
    ])
    #expect(run.output == "exit 0\n", "\(run.log)")
    #expect(
      run.log.contains(
        "reload failed, keeping the previous bindings: \(session.config):1: expected fingers= "
          + "a whole number from 1 to 5, not '\\u{1B}]0;owned\\u{7}'\n"), "\(run.log)")
    #expect(!DaemonEscapingTests.hasControl(run.log))
  }
}
