import Foundation
import GestureTestSupport
import Testing

/// The service files of Packaging/: systemd (checked by `systemd-analyze verify` where it is
/// installed), superd and OpenRC.
@Suite struct PackagingTests {
  /// A file of Packaging/.
  func packaging(_ name: String) throws -> String {
    try String(
      contentsOf: packageDirectory.appendingPathComponent("Packaging/\(name)"), encoding: .utf8)
  }

  @Test("the systemd unit keeps launched apps on restart and imports SWAYSOCK")
  func unitSettings() throws {
    let text = try packaging("gesturectl.service")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains("KillMode=process"))
    #expect(text.contains("import-environment WAYLAND_DISPLAY DISPLAY SWAYSOCK"))
    #expect(text.contains("Packaging/sway-session.target"))
    let target = try packaging("sway-session.target")
    #expect(target.contains("BindsTo=graphical-session.target"))
  }

  @Test(
    "systemd-analyze verify accepts the unit and the sway target with no warning",
    .enabled(if: DaemonUmockdev.executable("systemd-analyze") != nil))
  func systemdAnalyze() throws {
    let analyze = try #require(DaemonUmockdev.executable("systemd-analyze"))
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The unit runs ~/.local/bin/gesturectl; verify checks that it is executable, so the copy
    // runs the binary just built.
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    let unit = try packaging("gesturectl.service").replacingOccurrences(
      of: "%h/.local/bin/gesturectl", with: gesturectl)
    let unitPath = directory.appendingPathComponent("gesturectl.service").path
    try unit.write(toFile: unitPath, atomically: true, encoding: .utf8)
    let targetPath = directory.appendingPathComponent("sway-session.target").path
    try packaging("sway-session.target").write(
      toFile: targetPath, atomically: true, encoding: .utf8)
    // A user manager's view (graphical-session.target is a user target); it needs a runtime
    // directory of its own.
    let runtime = directory.appendingPathComponent("runtime")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let result = try runProcess(
      analyze, ["--user", "verify", unitPath, targetPath],
      environment: ["XDG_RUNTIME_DIR": runtime.path], timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
  }

  @Test("the superd service and the OpenRC user service run gesturectl run")
  func otherSupervisors() throws {
    let superd = try packaging("superd/gesturectl.service")
    #expect(superd.split(separator: "\n").contains("ExecStart=/usr/bin/gesturectl run"))
    let openrc = try packaging("openrc/gesturectl")
    #expect(openrc.hasPrefix("#!/sbin/openrc-run\n"))
    #expect(openrc.contains("command_args=\"run\""))
    #expect(openrc.contains("supervise-daemon \"${RC_SVCNAME}\" --signal HUP"))
    let check = try runProcess(
      "/bin/sh", ["-n", packageDirectory.path + "/Packaging/openrc/gesturectl"])
    #expect(check.status == 0, "\(check.stderr)")
    let mode =
      try FileManager.default.attributesOfItem(
        atPath: packageDirectory.path + "/Packaging/openrc/gesturectl")[.posixPermissions] as? Int
    #expect((mode ?? 0) & 0o111 != 0)
  }
}
