import Foundation
import GestureTestSupport
import Testing

/// Recordings that mutation fuzzing found accepted silently or reported wrongly: each is now
/// refused or warned about, with the numbers, and nothing from the file reaches the terminal
/// raw.
@Suite("gesturectl: odd recordings found by fuzzing")
struct BadRecordingTests {
  /// The lines of a small multi-touch recording (Atmel, four taps).
  static let atmel: [String] = {
    let url = packageDirectory.appendingPathComponent("Recordings/public/atmel-fast-taps.evemu")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }()

  /// The Atmel header (everything before the first event).
  static var header: [String] { atmel.filter { !$0.hasPrefix("E:") } }

  /// Writes `text` to a temporary file, runs `gesturectl arguments… FILE` and removes the
  /// file; the file's path reads `F` in the output.
  func run(_ arguments: [String], _ text: String) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bad-recording-\(getpid())-\(UUID().uuidString).evemu")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runProduct("gesturectl", arguments + [file.path])
    return (
      result.status, result.stdout.replacingOccurrences(of: file.path, with: "F"),
      result.stderr.replacingOccurrences(of: file.path, with: "F")
    )
  }

  @Test(
    "A keyboard recording is refused with exit 1, naming the device", arguments: ["replay", "plot"])
  func keyboard(command: String) throws {
    let text = """
      # EVEMU 1.3
      N: AT Translated Set 2 keyboard
      I: 0011 0001 0001 ab41
      B: 00 13 00 00 00 00 00 00 00
      B: 01 fe ff ff ff ff ff ff ff
      E: 0.000000 0001 001e 0001
      E: 0.000000 0000 0000 0000

      """
    let result = try run([command] + (command == "plot" ? ["-o", "/dev/null"] : []), text)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: F: \"AT Translated Set 2 keyboard\" is not a touch device: no "
        + "ABS_MT_POSITION_X/Y, nor ABS_X/ABS_Y with BTN_TOUCH or BTN_LEFT ('gesturectl info' "
        + "describes it)\n")
  }

  @Test("A header with no events is refused with exit 1", arguments: ["replay", "plot"])
  func headerOnly(command: String) throws {
    let text = Self.header.joined(separator: "\n") + "\n"
    let result = try run([command] + (command == "plot" ? ["-o", "/dev/null"] : []), text)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasSuffix(
        "error: F: no events: only the description of \"Atmel maXTouch Touchscreen\" (a header "
          + "without a recording)\n"))
  }

  @Test("CR-only line endings are an error at line 1, not one long comment")
  func carriageReturnsOnly() throws {
    let result = try run(["replay"], Self.atmel.joined(separator: "\r") + "\r")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: F:1: carriage return inside a line: CR-only (classic Mac OS) line endings "
        + "are not read; convert them to LF\n")
  }

  @Test(
    "A position axis with minimum ≥ maximum is refused at its line, with the numbers",
    arguments: [
      ("A: 35 799 0 0 0 0", "ABS_MT_POSITION_X: minimum 799 > maximum 0"),
      ("A: 35 5 5 0 0 0", "ABS_MT_POSITION_X: minimum 5 == maximum 5"),
      ("A: 01 0 479 0 0 -3", "ABS_Y: negative resolution -3 units per mm"),
    ])
  func degenerateAxis(line: String, reason: String) throws {
    let code = line.dropFirst(3).prefix(2)
    guard let index = Self.atmel.firstIndex(where: { $0.hasPrefix("A: \(code) ") }) else {
      Issue.record("no A: \(code) line")
      return
    }
    var lines = Self.atmel
    lines[index] = line
    let result = try run(["replay"], lines.joined(separator: "\n") + "\n")
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: F:\(index + 1): \(reason)"), "\(result.stderr)")
  }

  @Test("An absurd resolution is ignored with a warning giving the numbers")
  func absurdResolution() throws {
    let url = packageDirectory.appendingPathComponent("Recordings/public/dell-canvas-27.evemu")
    let text = try String(contentsOf: url, encoding: .utf8)
      .replacingOccurrences(of: "A: 35 0 32767 0 0 55", with: "A: 35 0 32767 0 0 100000")
    let result = try run(["replay"], text)
    #expect(result.status == 0)
    #expect(
      result.stderr.contains(
        "the X axis' resolution of 100000 units per mm over 32767 units makes it 0.33 mm long, "
          + "outside 10…10000 mm; ignored"))
    let info = try run(["info"], text)
    #expect(info.stdout.contains("(resolution guessed)"))
  }

  @Test("Control characters from the file are escaped in errors and in info")
  func controlCharacters() throws {
    var lines = Self.atmel
    lines[lines.firstIndex { $0.hasPrefix("N:") } ?? 0] = "N: evil\u{1B}]0;title\u{07}name"
    let named = lines.joined(separator: "\n") + "\n"
    lines.insert("E: 0.600000 0003 0035 \u{1B}[2J", at: lines.count - 2)
    let replay = try run(["replay"], lines.joined(separator: "\n") + "\n")
    #expect(replay.status == 1)
    #expect(!replay.stderr.contains("\u{1B}"))
    #expect(replay.stderr.contains("bad event value '\\u{1B}[2J'"), "\(replay.stderr)")
    let info = try run(["info"], named)
    #expect(info.status == 0)
    #expect(!info.stdout.contains("\u{1B}") && !info.stdout.contains("\u{07}"))
    #expect(info.stdout.contains("name:       evil\\u{1B}]0;title\\u{7}name"))
  }

  @Test("A SYN_REPORT before the first event: no negative time in replay or info")
  func reportBeforeFirstEvent() throws {
    var lines = Self.atmel
    let first = lines.firstIndex { $0.hasPrefix("E:") } ?? 0
    lines.insert("E: 4.000000 0000 0000 0000", at: first)
    let text = lines.joined(separator: "\n") + "\n"
    let replay = try run(["replay", "--json"], text)
    #expect(replay.status == 0)
    #expect(!replay.stdout.contains("\"t\": -"))
    #expect(replay.stderr.contains("timestamps go backwards"))
    let info = try run(["info"], text)
    #expect(info.stdout.contains("duration:   0.000000 s"), "\(info.stdout)")
    #expect(
      info.stderr.contains(
        "warning: F:\(first + 2): timestamps go backwards (0.000001 after 4.000000); the "
          + "duration runs from the first event to the latest"))
  }

  @Test("Slots beyond the 256-slot cap: info and replay give the same two numbers")
  func slotCap() throws {
    var lines = Self.atmel
    lines[lines.firstIndex { $0.hasPrefix("A: 2f ") } ?? 0] = "A: 2f 0 9999 0 0 0"
    let text = lines.joined(separator: "\n") + "\n"
    let info = try run(["info"], text)
    #expect(info.stdout.contains("slots:      10000 (only the first 256 are decoded)"))
    let replay = try run(["replay"], text)
    #expect(replay.stderr.contains("the device declares 10000 slots; only the first 256"))
  }

  @Test("Positions on unusual axes: the hint names them in the syntax --axes takes")
  func axesHint() throws {
    let url = packageDirectory.appendingPathComponent(
      "Recordings/public/egalax-single-touch-hold-drag.evemu")
    let result = try run(["replay"], try String(contentsOf: url, encoding: .utf8))
    #expect(result.stderr.contains("e.g. --axes ABS_Z,ABS_RX)"), "\(result.stderr)")
    #expect(!result.stderr.contains("x="))
  }
}
