import Foundation
import GestureDaemon
import GestureTestSupport
import Testing

/// `check-config`'s output is itself a bindings file that reads back to the same bindings,
/// whatever odd text the words hold: carriage returns, tabs, quotes, backslashes, escape
/// characters, combining marks after a quote.
@Suite struct BindingsRoundTripTests {
  /// SplitMix64: the same files on every run.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let starts = [
    "tap", "tap taps=2", "swipe direction=left fingers=3", "pan direction=up distance=5mm",
    "edge-pan edge=left", "pinch direction=in", "long-press fingers=2", "tap device=*Touch*",
    "swipe region=0,0,0.5,1", "pan every=4mm", "device name=*Pen*", "lisgd",
  ]
  static let fragments = [
    "run", "shell", "echo", "a", "b", "x=1", "\"", "'", "\\", "\r", "\t", " ", "  ", "#",
    "\u{1B}", "\u{7}", "\u{301}", "é", ",", "*", "1", "LR", "\"1,DU,*,*,R,cmd\"", "\r\n", "\u{7F}",
    "\"a\rb\"", "'c d'", "\"\\\"\"", "\\\\",
  ]

  /// A random bindings file of one to three lines.
  static func file(_ random: inout Generator) -> String {
    var lines: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      var line = starts[Int.random(in: 0..<starts.count, using: &random)]
      if Int.random(in: 0..<8, using: &random) > 0 { line += " run" }
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        if Bool.random(using: &random) { line += " " }
        line += fragments[Int.random(in: 0..<fragments.count, using: &random)]
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("3,000 fuzzed files: the normalized text reads back to the same bindings and text")
  func fuzzedRoundTrip() throws {
    var random = Generator(state: 19)
    var parsed = 0
    var withCarriageReturn = 0
    for index in 0..<3000 {
      let text = Self.file(&random)
      guard let first = try? BindingsParser.parse(text, file: "f\(index)") else { continue }
      parsed += 1
      let normalized = first.normalizedText
      if normalized.unicodeScalars.contains("\r") { withCarriageReturn += 1 }
      let second: BindingsConfiguration
      do {
        second = try BindingsParser.parse(normalized, file: "normalized")
      } catch {
        Issue.record(
          "\(error) reading back \(normalized.debugDescription) of \(text.debugDescription)")
        continue
      }
      #expect(
        Array(second.normalizedText.utf8) == Array(normalized.utf8),
        "from \(text.debugDescription)")
      #expect(second.bindings.map(\.action) == first.bindings.map(\.action))
      #expect(second.bindings.map(\.gesture) == first.bindings.map(\.gesture))
      #expect(second.bindings.map(\.device) == first.bindings.map(\.device))
      #expect(second.devices.count == first.devices.count)
    }
    // Enough files parsed, and carriage returns inside words among them, to mean something.
    #expect(parsed > 300, "only \(parsed) of 3000 fuzzed files parsed")
    #expect(withCarriageReturn > 20, "only \(withCarriageReturn) with a carriage return")
  }

  @Test("a carriage return inside a word comes out quoted and reads back as one word")
  func carriageReturnQuoted() throws {
    let first = try BindingsParser.parse("tap run echo \"a\rb\"\n", file: "f")
    #expect(first.normalizedText == "tap taps=1 fingers=1 on=recognize run echo \"a\rb\"\n")
    let second = try BindingsParser.parse(first.normalizedText, file: "f")
    #expect(second.bindings.map(\.action) == [.argv(["echo", "a\rb"])])
  }

  @Test("CRLF line ends: each line is a line, the CR a blank")
  func crlfLines() throws {
    let configuration = try BindingsParser.parse("tap run a\r\ntap taps=2 run b\r\n", file: "f")
    #expect(configuration.bindings.map(\.action) == [.argv(["a"]), .argv(["b"])])
    #expect(configuration.bindings.map(\.line) == [1, 2])
  }

  @Test("check-config run twice (on a fuzzed file, then on its own output) prints the same")
  func checkConfigTwice() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bindings-round-trip-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("input").path
    let output = directory.appendingPathComponent("output").path
    var random = Generator(state: 2026)
    var compared = 0
    var withCarriageReturn = 0
    while compared < 25 {
      let text = Self.file(&random)
      guard (try? BindingsParser.parse(text, file: "f")) != nil else { continue }
      try text.write(toFile: input, atomically: true, encoding: .utf8)
      let first = try runProduct("gesturectl", ["check-config", input])
      try #require(first.status == 0, "\(first.stderr)")
      try first.stdout.write(toFile: output, atomically: true, encoding: .utf8)
      let second = try runProduct("gesturectl", ["check-config", output])
      #expect(second.status == 0, "\(second.stderr)")
      #expect(Array(second.stdout.utf8) == Array(first.stdout.utf8), "\(text.debugDescription)")
      if first.stdout.unicodeScalars.contains("\r") { withCarriageReturn += 1 }
      compared += 1
    }
    #expect(withCarriageReturn > 0)
  }
}
