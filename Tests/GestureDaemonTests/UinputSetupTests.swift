import Foundation
import GestureTestSupport
import Testing

/// Without /dev/uinput: key bindings refused with the fix, the rest working; `--dry-run` needs
/// none; `gesturectl check-setup` says what is there and what is missing.
@Suite(.serialized) struct UinputSetupTests {
  /// The message of a uinput node that does not exist.
  static func missing(_ path: String) -> String {
    "\(path): no such device (load the uinput module: modprobe uinput)"
  }

  /// The message of a uinput node that cannot be opened for writing.
  static func denied(_ path: String) -> String {
    "\(path): permission denied (install Packaging/70-gesturectl-uinput.rules, or run with "
      + "access to \(path))"
  }

  /// `gesturectl ARGUMENTS` as user nobody when the tests run as root (root may open any file),
  /// as the caller otherwise.
  static func unprivileged(_ arguments: [String]) throws -> ProcessResult {
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    guard getuid() == 0 else { return try runProcess(gesturectl, arguments, timeout: 60) }
    let setpriv = try #require(DaemonUmockdev.executable("setpriv"), "setpriv is not installed")
    return try runProcess(
      setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", gesturectl] + arguments,
      timeout: 60)
  }

  /// A scratch directory others may read (for runs as nobody), removed by the caller.
  static func directory() throws -> URL {
    let url = try DaemonUmockdev.scratchDirectory()
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url
  }

  @Test(
    "without /dev/uinput the key binding is refused with the fix and the command binding fires",
    .enabled(if: DaemonUmockdev.isAvailable))
  func refusedKeyBinding() throws {
    let outcome = try DaemonUmockdev.run(
      "tap", bindings: "tap key super+Right\ntap shell \"echo fired >> OUT\"\n", expected: 1,
      arguments: ["--uinput", "/nonexistent/uinput"])
    #expect(outcome.lines == ["fired"], "\(outcome.result.stderr)")
    let refusal = outcome.result.stderr.split(separator: "\n").filter { $0.contains("refused") }
    #expect(refusal.count == 1, "\(outcome.result.stderr)")
    #expect(refusal.first?.hasPrefix("error: ") == true)
    #expect(
      refusal.first?.hasSuffix(
        "/bindings:1: key super+Right refused: " + Self.missing("/nonexistent/uinput")) == true,
      "\(outcome.result.stderr)")
    #expect(outcome.result.stderr.contains("added, 239.9 x 134.9 mm, 1 binding\n"))
  }

  @Test(
    "a uinput node that cannot be opened: the refusal names the udev rule to install",
    .enabled(if: getuid() != 0 || DaemonUmockdev.executable("setpriv") != nil))
  func permissionDenied() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("bindings").path
    try "tap fingers=2 button right\n".write(toFile: config, atomically: true, encoding: .utf8)
    let node = directory.appendingPathComponent("uinput").path
    try "".write(toFile: node, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: node)
    let result = try Self.unprivileged([
      "run", "--config", config, "--uinput", node, "--exit-after-idle", "200",
      directory.appendingPathComponent("no-such-node").path,
    ])
    #expect(
      result.stderr.contains(
        "error: \(config):1: button right refused: " + Self.denied(node)), "\(result.stderr)")
    let setup = try Self.unprivileged(["check-setup", "--config", config, "--uinput", node, node])
    #expect(setup.status == 1)
    #expect(setup.stderr.contains("error: " + Self.denied(node)), "\(setup.stderr)")
    // The touchscreen named cannot be read either: the error says how to get access.
    #expect(
      setup.stderr.contains("error: \(node): open: Permission denied (errno 13); add your user"),
      "\(setup.stderr)")
    #expect(setup.stdout.contains("bindings \(config): 1 binding, 1 needs \(node) (line 1)"))
  }

  @Test(
    "--dry-run prints the key events a binding would send, with no /dev/uinput",
    .enabled(if: DaemonUmockdev.isAvailable))
  func dryRun() throws {
    let outcome = try DaemonUmockdev.run(
      "swipe-right", bindings: "swipe direction=right key super+Right\n", expected: 0,
      arguments: ["--dry-run", "--uinput", "/nonexistent/uinput"])
    let lines = outcome.result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "dry-run: line 1: press KEY_LEFTMETA", "dry-run: line 1: press KEY_RIGHT",
        "dry-run: line 1: release KEY_RIGHT", "dry-run: line 1: release KEY_LEFTMETA",
      ], "\(outcome.result.stderr)")
    #expect(!outcome.result.stderr.contains("refused"))
  }

  /// `gesturectl check-setup ARGUMENTS` with the touchscreen of `recording` emulated.
  func checkSetup(_ arguments: [String], bindings: String, recording: String = "tap") throws
    -> ProcessResult
  {
    let umockdev = try #require(DaemonUmockdev.executable("umockdev-run"))
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("bindings").path
    try bindings.write(toFile: config, atomically: true, encoding: .utf8)
    let prefix = try DaemonUmockdev.fixture(recording, in: directory, speed: 4)
    let node = DaemonUmockdev.node
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    return try runProcess(
      umockdev,
      [
        "-d", prefix + ".umockdev", "-i", "\(node)=\(prefix).ioctl", "-s",
        "\(node)=\(prefix).script", "--", gesturectl, "check-setup", "--config", config,
      ] + arguments.map { $0.replacingOccurrences(of: "CONFIG", with: config) }, timeout: 60)
  }

  @Test(
    "check-setup: a readable touchscreen, a writable uinput and good bindings give status 0",
    .enabled(if: DaemonUmockdev.isAvailable))
  func setupComplete() throws {
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A file anyone may open read-write stands for /dev/uinput.
    let uinput = directory.appendingPathComponent("uinput").path
    try "".write(toFile: uinput, atomically: true, encoding: .utf8)
    let result = try checkSetup(
      ["--uinput", uinput], bindings: "tap run true\nswipe key super+Left\npan key-hold alt\n")
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(result.stdout)")
    #expect(lines.first?.hasPrefix("touchscreen /dev/input/event5 \"") == true)
    #expect(lines.first?.hasSuffix("\": readable") == true)
    #expect(
      lines.dropFirst().first?.hasSuffix(": 3 bindings, 2 need \(uinput) (lines 2, 3)") == true)
    #expect(lines.contains("uinput \(uinput): writable"))
    #expect(lines.last == "ok: everything 'gesturectl run' needs is there")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test(
    "check-setup: uinput missing is a problem only when a binding needs it",
    .enabled(if: DaemonUmockdev.isAvailable))
  func setupWithoutUinput() throws {
    let needed = try checkSetup(
      ["--uinput", "/nonexistent/uinput"], bindings: "swipe key super+Left\n")
    #expect(needed.status == 1)
    #expect(
      needed.stderr.split(separator: "\n").map(String.init) == [
        "error: " + Self.missing("/nonexistent/uinput")
          + "; the lines that need it are refused without it",
        "error: check-setup: 1 problem ('gesturectl run' needs them fixed)",
      ])
    let unneeded = try checkSetup(["--uinput", "/nonexistent/uinput"], bindings: "tap run true\n")
    #expect(unneeded.status == 0, "\(unneeded.stderr)")
    #expect(
      unneeded.stdout.contains(
        "uinput not needed (no key, key-hold or button binding, no device rule with own): "
          + Self.missing("/nonexistent/uinput")))
  }

  @Test(
    "check-setup: a bad bindings file is reported as FILE:LINE and fails",
    .enabled(if: DaemonUmockdev.isAvailable))
  func setupBadBindings() throws {
    let result = try checkSetup(
      ["--uinput", "/nonexistent/uinput"], bindings: "tap run true\nswipe key super+Nope\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains(":2: unknown key \"Nope\" ("), "\(result.stderr)")
    #expect(result.stderr.contains("error: check-setup: 1 problem"))
  }

  @Test(
    "check-setup: a device rule with own needs uinput too; a device name is escaped",
    .enabled(if: DaemonUmockdev.isAvailable))
  func setupOwnAndEscaping() throws {
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try String(contentsOfFile: DaemonUmockdev.recording("tap"), encoding: .utf8)
    let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasPrefix("N: ") ? "N: " + DaemonEscapingTests.hostileName : String($0)
    }
    let recording = directory.appendingPathComponent("evil.evemu").path
    try lines.joined(separator: "\n").write(toFile: recording, atomically: true, encoding: .utf8)
    let result = try checkSetup(
      ["--uinput", "/nonexistent/uinput"], bindings: "tap run true\ndevice name=* own\n",
      recording: recording)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "touchscreen /dev/input/event5 \"\(DaemonEscapingTests.escapedName)\": readable"),
      "\(result.stdout)")
    #expect(
      result.stdout.contains(": 1 binding, 1 device rule, 1 needs /nonexistent/uinput (line 2)"))
    #expect(result.stderr.contains("error: " + Self.missing("/nonexistent/uinput")))
    #expect(!DaemonEscapingTests.hasControl(result.stdout + result.stderr))
  }

  @Test("the udev rule gives the input group and the seat user /dev/uinput, as a static node")
  func udevRule() throws {
    let text = try String(
      contentsOf: packageDirectory.appendingPathComponent(
        "Packaging/70-gesturectl-uinput.rules"), encoding: .utf8)
    let rules = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(rules.count == 1)
    let rule = try #require(rules.first)
    for part in [
      "KERNEL==\"uinput\"", "GROUP=\"input\"", "MODE=\"0660\"", "OPTIONS+=\"static_node=uinput\"",
      "TAG+=\"uaccess\"",
    ] {
      #expect(rule.contains(part), "\(part)")
    }
    // Sorted before 73-seat-late.rules, which turns the uaccess tag into the seat user's ACL.
    #expect("70-gesturectl-uinput.rules" < "73-seat-late.rules")
    #expect(text.contains("/etc/udev/rules.d/"))
  }
}
