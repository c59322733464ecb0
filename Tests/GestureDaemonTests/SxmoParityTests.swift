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
    "phone-multi-finger", "phone-nothing-bound",
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

  @Test("every stroke fires what lisgd fires", arguments: recordings)
  func parity(name: String) throws {
    guard DaemonUmockdev.isAvailable else {
      Issue.record("umockdev-run is not installed")
      return
    }
    let expected = try String(contentsOf: Self.file(name + ".lisgd"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let scripts = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scripts) }
    let hook = scripts.appendingPathComponent("sxmo_hook_inputhandler.sh")
    try "#!/bin/sh\necho \"$1\" >> \"$SXMO_OUT\"\n".write(
      to: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let outcome = try DaemonUmockdev.run(
      "Recordings/sxmo/\(name)",
      // The panel has no resolution: its size, as a device rule says it.
      bindings: "device name=\"Goodix*\" size=68x136\n", expected: expected.count,
      arguments: try Self.specs().flatMap { ["-g", $0] },
      environment: ["PATH": scripts.path + ":" + path, "SXMO_OUT": "OUT"])
    #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    #expect(outcome.lines == expected, "\(outcome.result.stderr)")
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
