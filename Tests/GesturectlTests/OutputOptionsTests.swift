import Foundation
import GestureTestSupport
import Testing

/// `--version`, `info --json`, the `file` key of multi-file JSON runs, hidden measurement
/// options, and the one style of every message on standard error.
@Suite("gesturectl output options and messages")
struct OutputOptionsTests {
  static let tap = packageDirectory.appendingPathComponent("Recordings/synthetic/tap.evemu").path
  static let nexus = packageDirectory.appendingPathComponent(
    "Recordings/public/nexus4-drag-pinch.evemu"
  ).path
  static let demo = packageDirectory.appendingPathComponent(
    "Recordings/synthetic/carousel-demo.evemu"
  ).path

  /// Command lines that fail, with their exit status.
  static let messageCases: [([String], Int32)] = [
    (["replay"], 2), (["replay", "--jsno", "x"], 2), (["info", "--size", "x", "y"], 2),
    (["plot", "a", "b"], 2), (["plot", "a"], 2), (["carousel"], 2), (["replya"], 2),
    (["replay", "--json=yes", "x"], 2), (["replay", "--rotate"], 2), (["devices", "x"], 2),
    (["replay", "/nonexistent/a.evemu"], 1), (["info", "/nonexistent/a.evemu"], 1),
    (["carousel", "--images", "/nonexistent", "x"], 1), (["live", "/nonexistent/event9"], 1),
  ]

  @Test("--version prints the version and exits 0")
  func version() throws {
    let result = try runProduct("gesturectl", ["--version"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.hasPrefix("gesturectl "))
    #expect(result.stdout.split(separator: " ").last?.split(separator: ".").count == 3)
  }

  @Test("info --json: one object per file with the same facts as the text view")
  func infoJSON() throws {
    let result = try runProduct("gesturectl", ["info", "--json", Self.nexus, Self.tap])
    #expect(result.status == 0)
    let objects = try jsonLines(result.stdout)
    #expect(objects.count == 2)
    #expect(objects.map { $0["file"] as? String } == [Self.nexus, Self.tap])
    let nexus = objects[0]
    #expect(
      Set(nexus.keys) == [
        "file", "name", "bus", "vendor", "product", "version", "touch", "protocol", "slots",
        "width", "height", "resolution", "properties", "events", "duration",
      ])
    #expect(nexus["protocol"] as? String == "MT-B")
    #expect(nexus["resolution"] as? String == "guessed")
    #expect(nexus["touch"] as? String == "touchscreen")
    #expect(abs((nexus["width"] as? Double ?? 0) - 132) < 0.1)
    let text = try runProduct("gesturectl", ["info", Self.nexus]).stdout
    #expect(text.contains("events:     \(nexus["events"] as? Int ?? -1)\n"))
  }

  @Test(
    "Several files in one JSON run: every object names its file; one file: no file key",
    arguments: [["replay", "--json", "--touches"], ["carousel", "--json"]])
  func fileKey(command: [String]) throws {
    let many = try runProduct("gesturectl", command + [Self.demo, Self.tap])
    #expect(many.status == 0)
    let objects = try jsonLines(many.stdout)
    #expect(objects.allSatisfy { $0["file"] is String })
    #expect(Set(objects.compactMap { $0["file"] as? String }) == [Self.demo, Self.tap])
    #expect(many.stdout.hasPrefix("{\"file\": \"\(Self.demo)\", \"t\": "))
    let one = try runProduct("gesturectl", command + [Self.tap])
    #expect(try jsonLines(one.stdout).allSatisfy { $0["file"] == nil })
  }

  @Test("Measurement options are accepted but left out of the help")
  func hiddenOptions() throws {
    let help = try runProduct("gesturectl", ["live", "--help"]).stdout
    #expect(!help.contains("--timer-probe"))
    #expect(!help.contains("--latency"))
    let probe = try runProduct(
      "gesturectl", ["live", "--latency", "--timer-probe", "5", "/nonexistent/event99"])
    #expect(probe.status == 1)
    #expect(!probe.stderr.contains("unknown option"))
  }

  @Test("--size: the help says it overrides, and the guessed-size warning names it")
  func sizeHint() throws {
    let help = try runProduct("gesturectl", ["replay", "--help"]).stdout
    #expect(help.contains("--size WxH                  Surface size in mm as seen after --rotate"))
    let result = try runProduct("gesturectl", ["replay", Self.nexus])
    #expect(result.stderr.contains("mm surface (override with --size WxH)"))
    let sized = try runProduct("gesturectl", ["replay", "--size", "60x100", Self.nexus])
    #expect(!sized.stderr.contains("--size"))
  }

  @Test(
    "Every message: 'error: ' or 'warning: ', lower case, no final period, usage errors exit 2",
    arguments: messageCases)
  func messageStyle(arguments: [String], status: Int32) throws {
    let result = try runProduct("gesturectl", arguments)
    #expect(result.status == status, "\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(!lines.isEmpty)
    for line in lines {
      let message = line.drop { $0 != " " }.dropFirst()
      #expect(line.hasPrefix("error: ") || line.hasPrefix("warning: "), "\(line)")
      #expect(message.first?.isUppercase == false, "\(line)")
      #expect(!line.hasSuffix("."), "\(line)")
      if status == 2 { #expect(line.hasSuffix("--help')"), "\(line)") }
    }
  }

  private func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      return object as? [String: Any] ?? [:]
    }
  }
}
