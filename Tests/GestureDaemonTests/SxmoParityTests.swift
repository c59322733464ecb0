import Foundation
import GestureTestSupport
import Testing

/// sxmo's stock gesture set, its 46 lisgd specs verbatim as `gesturectl run -g` options, on
/// the PinePhone-like panel of Recordings/sxmo: every recording fires exactly what Debian's
/// lisgd 0.3.7 fired on the same emulated device (`NAME.lisgd`, written by
/// Tools/lisgd-oracle/run.sh; see Recordings/sxmo/README.md).
@Suite(.serialized) struct SxmoParityTests {
  /// The recordings, each with the strokes of one part of sxmo's set.
  static let recordings = [
    "phone-corners", "phone-edges", "phone-two-finger-edges", "phone-pressed", "phone-swipes",
    "phone-multi-finger", "phone-near-misses", "phone-nothing-bound",
  ]

  /// A file of Recordings/sxmo.
  static func file(_ name: String) -> URL {
    packageDirectory.appendingPathComponent("Recordings/sxmo/\(name)")
  }

  /// sxmo's specs, one a line, comments left out.
  static func specs() throws -> [String] {
    let text = try String(contentsOf: file("sxmo-lisgd-gestures.txt"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
  }

  @Test("the 46 stock specs are all accepted, 40 of them without an actmode")
  func specsParse() throws {
    let specs = try Self.specs()
    #expect(specs.count == 46)
    let result = try runProduct(
      "gesturectl", ["check-config"] + specs.flatMap { ["-g", $0] } + ["/dev/null"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 46)
    let fiveFields = specs.filter { $0.split(separator: ",").count == 5 }
    #expect(fiveFields.count == 40)
  }

  /// The argument of each `sxmo_hook_inputhandler.sh` call in `--dry-run` output, in order.
  static func dryRunHooks(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("dry-run: "),
        let range = line.range(of: "sxmo_hook_inputhandler.sh ")
      else { return nil }
      return String(line[range.upperBound...].prefix { !"'\" ".contains($0) })
    }
  }

  /// A directory holding a `sxmo_hook_inputhandler.sh` that appends its argument to
  /// `$SXMO_OUT`.
  static func hookDirectory() throws -> URL {
    let scripts = try DaemonUmockdev.scratchDirectory()
    let hook = scripts.appendingPathComponent("sxmo_hook_inputhandler.sh")
    try "#!/bin/sh\necho \"$1\" >> \"$SXMO_OUT\"\n".write(
      to: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
    return scripts
  }

  /// The panel has no resolution: its size, as a device rule says it.
  static let sizeRule = "device name=\"Goodix*\" size=68x136\n"

  /// What fires is compared through `--dry-run`, which decides exactly as a real run but
  /// starts nothing: a real run skips a firing while the binding's previous command still runs
  /// (the busy rule), which a loaded machine makes happen between the pressed-mode steps.
  @Test("every stroke fires what lisgd fires", arguments: recordings)
  func parity(name: String) throws {
    guard DaemonUmockdev.isAvailable else {
      Issue.record("umockdev-run is not installed")
      return
    }
    let expected = try String(contentsOf: Self.file(name + ".lisgd"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let outcome = try DaemonUmockdev.run(
      "Recordings/sxmo/\(name)", bindings: Self.sizeRule, expected: 0,
      arguments: ["--dry-run"] + (try Self.specs().flatMap { ["-g", $0] }))
    #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    #expect(Self.dryRunHooks(outcome.result.stdout) == expected, "\(outcome.result.stderr)")
  }

  @Test("the stock hook's invocation (-d NODE -t 125 -T 60 -g …) really runs its commands")
  func commandsRun() throws {
    guard DaemonUmockdev.isAvailable else {
      Issue.record("umockdev-run is not installed")
      return
    }
    let scripts = try Self.hookDirectory()
    defer { try? FileManager.default.removeItem(at: scripts) }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let outcome = try DaemonUmockdev.run(
      "Recordings/sxmo/phone-corners", bindings: Self.sizeRule, expected: 4,
      arguments: ["-d", DaemonUmockdev.node, "-t", "125", "-T", "60"]
        + (try Self.specs().flatMap { ["-g", $0] }), speed: 1,
      environment: ["PATH": scripts.path + ":" + path, "SXMO_OUT": "OUT"])
    #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    #expect(
      outcome.lines == [
        "bottomrightcorner", "bottomleftcorner", "topleftcorner", "toprightcorner",
      ],
      "\(outcome.result.stderr)")
  }

  @Test("the expected answers exist and cover every stroke kind of the set")
  func answers() throws {
    var fired = Set<String>()
    for name in Self.recordings {
      let text = try String(contentsOf: Self.file(name + ".lisgd"), encoding: .utf8)
      fired.formUnion(text.split(separator: "\n").map(String.init))
    }
    let nothing = try String(contentsOf: Self.file("phone-nothing-bound.lisgd"), encoding: .utf8)
    #expect(nothing.isEmpty)
    for required in [
      "bottomrightcorner", "topleftcorner", "downtopedge", "uptopedge", "upbottomedge",
      "downbottomedge", "twodownbottomedge", "uprightedge", "downrightedge", "upleftedge",
      "longoneup", "mediumoneup", "oneup", "twoleft", "threeup",
    ] {
      #expect(fired.contains(required), "\(required)")
    }
  }
}
