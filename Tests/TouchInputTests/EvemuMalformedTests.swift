import Testing

@testable import TouchInput

/// One broken file: its name, its bytes, and the exact error expected.
struct BrokenFile: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var line: Int
  var reason: String

  var testDescription: String { name }

  init(_ name: String, _ text: String, line: Int, _ reason: String) {
    self.init(name, bytes: Array(text.utf8), line: line, reason)
  }

  init(_ name: String, bytes: [UInt8], line: Int, _ reason: String) {
    self.name = name
    self.bytes = bytes
    self.line = line
    self.reason = reason
  }

  /// The first event line of a file that starts with `smallHeader` (14 lines).
  static let firstEventLine = 15
  static let event = "E: 0.000001 0003 0035 10\n"

  static let corpus: [BrokenFile] = [
    .init(
      "truncated", smallHeader + "E: 0.000001 0003 0035\n", line: firstEventLine,
      "truncated event line: expected E: <sec>.<usec> <type> <code> <value>"),
    .init(
      "truncated-comment", smallHeader + "E: 0.000001 0003\t# EV_ABS\n", line: firstEventLine,
      "truncated event line: expected E: <sec>.<usec> <type> <code> <value>"),
    .init(
      "bad-hex-type", smallHeader + event + "E: 0.000002 00g3 0035 10\n", line: 16,
      "bad hex event type '00g3'"),
    .init(
      "bad-hex-code", smallHeader + "E: 0.000001 0003 zz 10\n", line: firstEventLine,
      "bad hex event code 'zz'"),
    .init(
      "unknown-type", smallHeader + "E: 0.000001 0020 0000 1\n", line: firstEventLine,
      "unknown event type 0x20 (EV_MAX is 0x1f)"),
    .init(
      "value-range", smallHeader + "E: 0.000001 0003 0035 2147483648\n",
      line: firstEventLine, "event value 2147483648 out of Int32 range"),
    .init(
      "value-range-negative", smallHeader + "E: 0.000001 0003 0035 -2147483649\n",
      line: firstEventLine, "event value -2147483649 out of Int32 range"),
    .init(
      "bad-value", smallHeader + "E: 0.000001 0003 0035 12a\n", line: firstEventLine,
      "bad event value '12a'"),
    .init(
      "bad-timestamp", smallHeader + "E: 0.0000x1 0003 0035 1\n", line: firstEventLine,
      "bad timestamp '0.0000x1'"),
    .init(
      "trailing", smallHeader + "E: 0.000001 0003 0035 1 2\n", line: firstEventLine,
      "unexpected '2' after the event value"),
    .init(
      "unknown-prefix", smallHeader + event + "X: hello\n", line: 16,
      "unknown line prefix 'X:'"),
    .init(
      "unknown-prefix-header", "N: Screen\nhello world\n", line: 2,
      "unknown line prefix 'hello'"),
    .init(
      "header-after-events", smallHeader + event + "N: Again\n", line: 16,
      "N: line after the first event"),
    .init("missing-header", event, line: 1, "no device description; pass --device DESC"),
    .init(
      "missing-header-comments", "# EVEMU 1.3\n\n" + event, line: 3,
      "no device description; pass --device DESC"),
    .init(
      "comments-only", "# nothing here\n", line: 0,
      "no device description; pass --device DESC"),
    .init(
      "binary-nul", bytes: [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0x0a], line: 1,
      "binary data (NUL byte), not evemu text"),
    .init(
      "binary-not-utf8", bytes: [0xff, 0xfe, 0x41, 0x42, 0x0a], line: 1,
      "binary data (not UTF-8), not evemu text"),
    .init(
      "binary-in-events", bytes: Array((smallHeader + event).utf8) + [0x45, 0x3a, 0x00, 0x0a],
      line: 16, "binary data (NUL byte), not evemu text"),
    .init(
      "name-not-utf8", bytes: Array("N: ".utf8) + [0xc3, 0x28, 0x0a], line: 1,
      "device name is not valid UTF-8"),
    .init("empty", "", line: 0, "empty file"),
    .init(
      "bad-ids", "N: Screen\nI: 0003 1234\n", line: 2,
      "bad I: line: expected 4 hex numbers (bus vendor product version)"),
    .init(
      "bad-axis", "N: Screen\nA: 35 0 100\n", line: 2,
      "bad A: line: expected code min max fuzz flat [resolution]"),
    .init(
      "unknown-axis", "N: Screen\nA: 40 0 100 0 0\n", line: 2,
      "unknown absolute axis 0x40 in A: line"),
    .init(
      "unknown-bitmask-type", "N: Screen\nB: 20 00\n", line: 2,
      "unknown event type 0x20 in B: line"),
    .init("bad-property-byte", "N: Screen\nP: 0g 00\n", line: 2, "bad hex byte '0g' in P: line"),
    .init(
      "long-line-in-events",
      smallHeader + event + "E: " + String(repeating: "1", count: 100_000) + "\n",
      line: 16, "line longer than 65536 bytes"),
  ]
}

/// Broken recordings fail at the exact line with the exact reason.
@Suite struct EvemuMalformedTests {
  /// Reads the whole file at `path`, returning the first error.
  func firstError(path: String, descriptionPath: String? = nil) -> TraceError? {
    traceError { () throws(TraceError) in
      var reader = try EvemuReader(path: path, descriptionPath: descriptionPath)
      _ = try readAll(&reader)
    }
  }

  @Test("A broken file fails with file:line: reason", arguments: BrokenFile.corpus)
  func brokenFile(_ file: BrokenFile) throws {
    let directory = try makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let path = directory + "/" + file.name + ".evemu"
    try write(bytes: file.bytes, to: path)
    #expect(firstError(path: path) == TraceError(file: path, line: file.line, reason: file.reason))
    let inMemory = traceError { () throws(TraceError) in
      var reader = try EvemuReader(bytes: file.bytes, name: file.name)
      _ = try readAll(&reader)
    }
    #expect(inMemory == TraceError(file: file.name, line: file.line, reason: file.reason))
  }

  @Test("A 10 MB single line fails at line 1 without reading it all")
  func tenMegabyteLine() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let path = directory + "/huge.evemu"
    try write(bytes: Array(repeating: UInt8(ascii: "x"), count: 10_000_000), to: path)
    #expect(
      firstError(path: path)
        == TraceError(file: path, line: 1, reason: "line longer than 65536 bytes"))
    var source = ByteLines(input: try ByteInput(path: path, chunkSize: ByteInput.defaultChunkSize))
    #expect(throws: TraceError.self) { try source.nextLine() }
    #expect(source.bytesRead <= ByteInput.defaultChunkSize)
  }

  @Test("A missing file, a directory and a missing description fail at line 0 with errno text")
  func unreadable() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let missing = directory + "/missing.evemu"
    #expect(
      firstError(path: missing)
        == TraceError(file: missing, line: 0, reason: "cannot open: No such file or directory"))
    #expect(
      firstError(path: directory)
        == TraceError(file: directory, line: 0, reason: "cannot read: Is a directory"))
    let events = recording("evemu-utouch/ntrig-xt2-1-tap.event")
    #expect(
      firstError(path: events, descriptionPath: missing)
        == TraceError(file: missing, line: 0, reason: "cannot open: No such file or directory"))
  }

  @Test("A description file that describes nothing is refused")
  func emptyDescription() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let description = directory + "/nothing.desc"
    try write("# EVEMU 1.3\n", to: description)
    let error = traceError { () throws(TraceError) in
      _ = try EvemuReader.parseDescription(path: description)
    }
    #expect(
      error
        == TraceError(
          file: description, line: 0,
          reason: "no device description (no N:, I:, P:, B: or A: lines)"))
  }

  @Test("The events before a bad line are returned, then the error, then nothing")
  func eventsBeforeError() throws {
    let text = smallHeader + BrokenFile.event + BrokenFile.event + "E: 1 2\n" + BrokenFile.event
    let reader = try EvemuReader(bytes: Array(text.utf8), name: "t")
    var batch = EventBatch()
    #expect(try reader.read(into: &batch))
    #expect(batch.lines == [15, 16])
    let expected = TraceError(
      file: "t", line: 17,
      reason: "truncated event line: expected E: <sec>.<usec> <type> <code> <value>")
    #expect(traceError { () throws(TraceError) in _ = try reader.read(into: &batch) } == expected)
    #expect(try reader.read(into: &batch) == false)
  }

  @Test("Lenient mode skips bad event lines and records them as warnings")
  func lenient() throws {
    let text =
      smallHeader + BrokenFile.event + "E: 0.000002 0020 0000 1\n" + "Q: what\n"
      + "E: 0.000003 0000 0000 0\n"
    var reader = try EvemuReader(bytes: Array(text.utf8), name: "t", lenient: true)
    let result = try readAll(&reader)
    #expect(
      result.events == [
        InputEvent(time: 1, type: 3, code: 0x35, value: 10),
        InputEvent(time: 3, type: 0, code: 0, value: 0),
      ])
    #expect(result.lines == [15, 18])
    #expect(
      reader.warnings == [
        TraceError(file: "t", line: 16, reason: "unknown event type 0x20 (EV_MAX is 0x1f)"),
        TraceError(file: "t", line: 17, reason: "unknown line prefix 'Q:'"),
      ])
    #expect(reader.skippedLineCount == 2)
  }

  @Test("Lenient mode keeps the first 100 warnings and counts the rest")
  func lenientLimit() throws {
    let text = smallHeader + String(repeating: "E: 0.1 0003\n", count: 150) + BrokenFile.event
    var reader = try EvemuReader(bytes: Array(text.utf8), name: "t", lenient: true)
    #expect(try readAll(&reader).lines == [165])
    #expect(reader.warnings.count == EvemuReader.warningLimit)
    #expect(reader.warnings.last?.line == 114)
    #expect(reader.skippedLineCount == 150)
  }
}
