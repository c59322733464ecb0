import Foundation
import GestureTestSupport
import Testing

/// The built `gesturectl` binary: help, usage errors, bad input and exit statuses.
@Suite("gesturectl command line")
struct CommandLineTests {
  @Test("--help lists the subcommands and exits 0")
  func toolHelp() throws {
    let result = try runProduct("gesturectl", ["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("replay"))
    #expect(result.stdout.contains("info"))
    #expect(result.stderr.isEmpty)
  }

  @Test("Each subcommand has --help", arguments: ["replay", "info"])
  func subcommandHelp(name: String) throws {
    let result = try runProduct("gesturectl", [name, "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("USAGE: gesturectl \(name)"))
  }

  @Test("No arguments prints the help and exits 2")
  func noArguments() throws {
    let result = try runProduct("gesturectl", [])
    #expect(result.status == 2)
    #expect(result.stdout.contains("SUBCOMMANDS"))
  }

  @Test("A mistyped option gets a suggestion and exit status 2")
  func optionTypo() throws {
    let result = try runProduct("gesturectl", ["replay", "--jsno", "x.evemu"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: unknown option '--jsno'; did you mean '--json'? (see 'gesturectl replay --help')\n"
    )
    #expect(result.stdout.isEmpty)
  }

  @Test("A mistyped subcommand gets a suggestion and exit status 2")
  func subcommandTypo() throws {
    let result = try runProduct("gesturectl", ["replya", "x.evemu"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: unknown subcommand 'replya'; did you mean 'replay'? (see 'gesturectl --help')\n")
  }

  @Test(
    "Bad option values are usage errors",
    arguments: [
      ["--rotate", "45"], ["--size", "big"], ["--calibration", "1 2"], ["--axes", "ABS_Q,ABS_X"],
    ])
  func badValues(option: [String]) throws {
    let result = try runProduct("gesturectl", ["replay"] + option + ["x.evemu"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: --\(option[0].dropFirst(2))"))
  }

  @Test("A missing file is bad input: exit 1 and the file named")
  func missingFile() throws {
    let result = try runProduct("gesturectl", ["replay", "/nonexistent/trace.evemu"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: /nonexistent/trace.evemu"))
  }

  @Test("A malformed line stops with file:line: reason and keeps what was already printed")
  func malformedKeepsOutput() throws {
    let source = packageDirectory.appendingPathComponent(
      "Recordings/public/isdv4-e6-double-tap-center.evemu")
    var text = try String(contentsOf: source, encoding: .utf8)
    text += "E: 1330495877.999999 0003 zz 12\n"
    let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
      "broken-\(getpid()).evemu")
    try text.write(to: broken, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: broken) }
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let result = try runProduct(
      "gesturectl", ["replay", "--touches", "--no-gestures", broken.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: \(broken.path):\(lineCount): "))
    #expect(result.stdout.contains("ended"))
  }
}

/// `gesturectl info` describes every bundled recording.
@Suite("gesturectl info")
struct InfoCommandTests {
  @Test("the recordings' catalog is found: every recording of Recordings/ is a case")
  func catalogFound() { Recording.expectCatalogFound() }

  @Test("info reports protocol, slots and size in mm for every recording", arguments: Recording.all)
  func describesRecording(recording: Recording) throws {
    let result = try runProduct("gesturectl", ["info"] + recording.arguments + [recording.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    let fields = Dictionary(
      result.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (
          String(line[..<colon]),
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        )
      }, uniquingKeysWith: { first, _ in first })
    #expect(["MT-B", "MT-A", "single-touch", "semi-MT"].contains(fields["protocol"] ?? ""))
    #expect(Int(fields["slots"] ?? "") != nil)
    #expect(
      fields["size"]?.hasSuffix("(resolution reported)") == true
        || fields["size"]?.hasSuffix("(resolution guessed)") == true)
    #expect((Int(fields["events"] ?? "") ?? 0) > 0)
  }

  @Test("Known devices: Dell Canvas reports its resolution, the N-Trig XT2 is MT-A and guessed")
  func knownDevices() throws {
    let dell = try runProduct(
      "gesturectl",
      [
        "info",
        packageDirectory.appendingPathComponent("Recordings/public/dell-canvas-27.evemu").path,
      ])
    #expect(
      dell.stdout.contains(
        "protocol:   MT-B\nslots:      5\nsize:       595.8 x 334.4 mm (resolution reported)"))
    let ntrig = try runProduct(
      "gesturectl",
      [
        "info",
        packageDirectory.appendingPathComponent("Recordings/public/ntrig-xt2-4-finger-tap.evemu")
          .path,
      ])
    #expect(ntrig.stdout.contains("protocol:   MT-A\nslots:      0\n"))
    #expect(ntrig.stdout.contains("(resolution guessed)"))
  }
}

/// `--device DESC` pairs a header-less events file with its description.
@Suite("gesturectl replay --device")
struct DeviceOptionTests {
  @Test("A header-less events file with --device replays like the joined recording")
  func pairsDescription() throws {
    let shared = packageDirectory.appendingPathComponent("Recordings/originals/evemu-utouch")
    let events = shared.appendingPathComponent("ntrig-xt2-4-tap.event").path
    let description = shared.appendingPathComponent("ntrig-xt2.device").path
    let paired = try runProduct(
      "gesturectl", ["replay", "--touches", "--device", description, events])
    let joined = try runProduct(
      "gesturectl",
      [
        "replay", "--touches",
        packageDirectory.appendingPathComponent("Recordings/public/ntrig-xt2-4-finger-tap.evemu")
          .path,
      ])
    #expect(paired.status == 0, "\(paired.stderr)")
    #expect(paired.stdout == joined.stdout)
    #expect(paired.stdout.contains("tap         recognized  4 touches"))
    let alone = try runProduct("gesturectl", ["replay", events])
    #expect(alone.status == 1)
    #expect(alone.stderr.contains("no device description; pass --device DESC"))
  }
}
