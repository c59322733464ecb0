import Foundation
import GestureTestSupport
import Testing

/// One kind of bad line and the reason the reader gives for it.
struct BadLine: CustomTestStringConvertible, Sendable {
  /// The bytes of the line, without its newline.
  var bytes: [UInt8]
  /// What the error message says (a part of it).
  var reason: String

  var testDescription: String { reason }

  /// Every error kind the evemu reader has after the header.
  static let all: [BadLine] = [
    BadLine(text: "E: garbage here", reason: "bad timestamp 'garbage'"),
    BadLine(text: "E: 1.000000", reason: "truncated event line"),
    BadLine(text: "E: 1.000000 00zz 0000 0", reason: "bad hex event type '00zz'"),
    BadLine(text: "E: 1.000000 0020 0000 0", reason: "unknown event type 0x20"),
    BadLine(text: "E: 1.000000 0003 zz 0", reason: "bad hex event code 'zz'"),
    BadLine(text: "E: 1.000000 0003 0000 x", reason: "bad event value 'x'"),
    BadLine(text: "E: 1.000000 0003 0000 99999999999", reason: "out of Int32 range"),
    BadLine(text: "E: 1.000000 0003 0000 5 junk", reason: "unexpected 'junk' after the event"),
    BadLine(text: "N: late name", reason: "N: line after the first event"),
    BadLine(text: "X: what", reason: "unknown line prefix 'X:'"),
    BadLine(bytes: Array("E: 1.000000 0003 0000 5".utf8) + [0], reason: "binary data (NUL byte)"),
    BadLine(bytes: Array("E: 1.000000 0003 ".utf8) + [0xff, 0xfe], reason: "not UTF-8"),
    BadLine(text: "# " + String(repeating: "x", count: 70_000), reason: "line longer than"),
  ]

  init(text: String, reason: String) {
    self.init(bytes: Array(text.utf8), reason: reason)
  }

  init(bytes: [UInt8], reason: String) {
    self.bytes = bytes
    self.reason = reason
  }
}

/// One gesture event of `replay --json`: its time in µs since the first event and its text.
private struct JSONEvent: Equatable {
  var micros: Int
  var line: String

  var state: String { field("state") }
  var gesture: String { field("gesture") }

  init?(_ line: Substring) {
    guard let start = line.range(of: "{\"t\": "), let end = line.firstIndex(of: ","),
      let seconds = Double(line[start.upperBound..<end])
    else { return nil }
    micros = Int((seconds * 1e6).rounded())
    self.line = String(line)
  }

  private func field(_ name: String) -> String {
    guard let start = line.range(of: "\"\(name)\": \"") else { return "" }
    return String(line[start.upperBound...].prefix { $0 != "\"" })
  }
}

/// Bad input stops the replay at the bad line and never invents a gesture: what was recognized
/// before stays printed, gestures in flight are cancelled at the last good event's time and no
/// deadline fires after it.
@Suite("gesturectl replay: input errors")
struct InputErrorTests {
  /// A recording, the line at which the bad line goes, and what is in flight there.
  static let places: [(recording: String, line: Int)] = [
    ("Recordings/public/wetab-taps.evemu", 200),  // a finger down, no gesture yet
    ("Recordings/public/ep0430m09-2-finger-scroll.evemu", 400),  // a pan in flight
  ]

  @Test("The issue's example: garbage at line 200 of wetab-taps invents no long press")
  func wetabExample() throws {
    let result = try replay(
      "Recordings/public/wetab-taps.evemu", inserting: BadLine.all[0].bytes, at: 200, json: false)
    let clean = try runProduct(
      "gesturectl",
      [
        "replay",
        packageDirectory.appendingPathComponent("Recordings/public/wetab-taps.evemu").path,
      ])
    #expect(result.status == 1)
    #expect(!result.stdout.contains("longPress"))
    // The three taps before the error; the fourth (a triple tap) was still in progress.
    let tapsBefore = clean.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(3)
    #expect(result.stdout == tapsBefore.joined(separator: "\n") + "\n")
    #expect(result.stderr.hasSuffix(":200: bad timestamp 'garbage'\n"))
  }

  @Test(
    "Every error kind: earlier output kept, in-flight gestures cancelled at the last good event",
    arguments: BadLine.all, [0, 1])
  func errorKind(bad: BadLine, placeIndex: Int) throws {
    let place = Self.places[placeIndex]
    let clean = try runProduct(
      "gesturectl",
      ["replay", "--json", packageDirectory.appendingPathComponent(place.recording).path])
    #expect(clean.status == 0)
    let result = try replay(place.recording, inserting: bad.bytes, at: place.line, json: true)
    #expect(result.status == 1)
    let lastLine = result.stderr.split(separator: "\n").last ?? ""
    #expect(lastLine.hasPrefix("error: ") && lastLine.contains(":\(place.line): "))
    #expect(lastLine.contains(bad.reason), "\(lastLine)")

    let lastGood = try lastEventTime(place.recording, before: place.line)
    let events = result.stdout.split(separator: "\n").compactMap(JSONEvent.init)
    let expected = clean.stdout.split(separator: "\n").compactMap(JSONEvent.init)
    #expect(events.allSatisfy { $0.micros <= lastGood }, "a deadline fired after the error")
    #expect(events.filter { $0.micros < lastGood } == expected.filter { $0.micros < lastGood })
    for event in events where event.micros == lastGood && !expected.contains(event) {
      #expect(event.state == "cancelled", "\(event.line)")
    }
    for gesture in Set(events.map(\.gesture)) {
      let states = events.filter { $0.gesture == gesture }.map(\.state)
      let began = states.filter { $0 == "began" }.count
      let over = states.filter { $0 == "ended" || $0 == "cancelled" }.count
      #expect(began == over, "\(gesture) began \(began) times, ended or cancelled \(over)")
    }
    if placeIndex == 1 { #expect(events.last?.state == "cancelled") }
  }

  /// Replays `recording` with `bytes` inserted as line `line` (1-based).
  private func replay(_ recording: String, inserting bytes: [UInt8], at line: Int, json: Bool)
    throws -> ProcessResult
  {
    let source = try Data(contentsOf: packageDirectory.appendingPathComponent(recording))
    var lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    lines.insert(Data(bytes)[...], at: line - 1)
    let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
      "input-error-\(getpid())-\(UUID().uuidString).evemu")
    try Data(lines.joined(separator: [UInt8(ascii: "\n")])).write(to: broken)
    defer { try? FileManager.default.removeItem(at: broken) }
    return try runProduct("gesturectl", ["replay"] + (json ? ["--json"] : []) + [broken.path])
  }

  /// The time in µs after the first event of the last `E:` line before line `line`.
  private func lastEventTime(_ recording: String, before line: Int) throws -> Int {
    let text = try String(
      contentsOf: packageDirectory.appendingPathComponent(recording), encoding: .utf8)
    let times = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(line - 1)
      .filter { $0.hasPrefix("E: ") }
      .compactMap { line -> Int? in
        let field = line.dropFirst(3).prefix { $0 != " " }.split(separator: ".")
        guard field.count == 2, let seconds = Int(field[0]), let micros = Int(field[1]) else {
          return nil
        }
        return seconds * 1_000_000 + micros
      }
    return (times.last ?? 0) - (times.first ?? 0)
  }
}
