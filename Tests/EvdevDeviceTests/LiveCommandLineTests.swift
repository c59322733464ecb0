import Foundation
import GestureTestSupport
import Testing

/// The live subcommands' help and usage errors (no device needed).
@Suite("live, record and devices on the command line")
struct LiveCommandLineTests {
  @Test("each live subcommand has --help", arguments: ["live", "record", "devices"])
  func help(name: String) throws {
    let result = try runProduct("gesturectl", [name, "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("USAGE: gesturectl \(name)"))
  }

  @Test("the tool's help lists them")
  func toolHelp() throws {
    let result = try runProduct("gesturectl", ["--help"])
    for name in ["live", "record", "devices"] { #expect(result.stdout.contains("  \(name) ")) }
  }

  @Test(
    "usage errors exit 2",
    arguments: [
      (["record", "/dev/input/event5"], "error: no output file given; use -o FILE"),
      (["record", "-o", "x.evemu"], "error: give exactly one DEVICE"),
      (["live", "a", "b"], "error: give at most one DEVICE"),
      (["live", "--max-events", "0", "x"], "error: --max-events expects a count > 0, not '0'"),
      (["live", "--exit-after-idle", "soon", "x"], "error: --exit-after-idle expects"),
      (["devices", "extra"], "error: unexpected argument 'extra'; devices takes none"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try runProduct("gesturectl", arguments)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix(message))
  }

  @Test("devices in a directory without event nodes says so and exits 0")
  func noDevices() throws {
    let result = try runProduct("gesturectl", ["devices", "--directory", "/nonexistent"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "warning: /nonexistent: no input devices found\n")
  }

  @Test(
    "a regular file given as DEVICE is refused with the command that reads it as a recording",
    arguments: [
      (["live"], "gesturectl replay"), (["carousel", "--live"], "gesturectl carousel"),
      (["record", "-o", "/dev/null"], "gesturectl replay"),
    ])
  func regularFile(command: [String], suggestion: String) throws {
    let path = packageDirectory.appendingPathComponent("Recordings/synthetic/tap.evemu").path
    let result = try runProduct("gesturectl", command + [path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: \(path): a regular file, not an input device; to read it as a recording, "
        + "use '\(suggestion) \(path)'\n")
  }
}
