import Foundation
import Testing

@testable import TouchInput

/// Reading in small chunks and small batches gives exactly what reading in one go gives, and
/// the number formats of `E:` lines are read exactly.
@Suite struct EvemuBatchTests {
  /// Reads `bytes` whole, in chunks of `chunkSize` bytes and batches of `batchSize` events.
  func read(_ bytes: [UInt8], chunkSize: Int?, batchSize: Int = 4096) throws -> ReadResult {
    var reader = try EvemuReader(
      bytes: bytes, name: "t", description: nil, lenient: false, chunkSize: chunkSize)
    return try readAll(&reader, batchSize: batchSize)
  }

  @Test(
    "Lines straddling chunk boundaries parse as in one go",
    arguments: [
      "evemu-devices/tablets/dell_canvas_touch.evemu", "evemu-utouch/wetab.event",
      "evemu-devices/touchpads/AlpsPS2_ALPS_GlidePoint.2-finger-tap.events",
    ])
  func chunkBoundaries(_ name: String) throws {
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: recording(name))))
    let whole = try read(bytes, chunkSize: bytes.count + 1)
    #expect(whole.events.count == (try eventLineCount(recording(name))))
    for chunkSize in [1, 2, 37, 1000, 65_537] {
      #expect(try read(bytes, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
    }
    for batchSize in [1, 7, 1000] {
      #expect(try read(bytes, chunkSize: 61, batchSize: batchSize) == whole)
    }
  }

  @Test("A file read through small POSIX reads equals the same file read in one go")
  func fileChunks() throws {
    let path = recording("evemu-devices/touchscreens/EP0430M09.2-fingers-touch-release.events")
    var whole = try EvemuReader(path: path)
    var chunked = try EvemuReader(path: path, descriptionPath: nil, lenient: false, chunkSize: 13)
    #expect(try readAll(&chunked, batchSize: 5) == (try readAll(&whole)))
    #expect(chunked.device == whole.device)
  }

  @Test("A long line just under the limit crosses a chunk boundary and parses")
  func longLineAcrossChunks() throws {
    let comment = "# " + String(repeating: "c", count: ByteInput.maxLineLength - 2) + "\n"
    let text = smallHeader + "E: 0.000001 0003 0035 10\n" + comment + "E: 0.000002 0000 0000 0\n"
    let result = try read(Array(text.utf8), chunkSize: 1000)
    #expect(result.lines == [15, 17])
    #expect(result.events.last == InputEvent(time: 2, type: 0, code: 0, value: 0))
  }

  @Test("Timestamps become microseconds, whatever the number of decimals")
  func timestamps() throws {
    let text =
      smallHeader + """
        E: 0.000001 0000 0000 0
        E: 12.5 0000 0000 0
        E: 1.1234567 0000 0000 0
        E: 3 0000 0000 0
        E: 1284881103.690532 0000 0000 0
        E: -1.5 0000 0000 0
        """
    let times = try read(Array(text.utf8), chunkSize: nil).events.map(\.time)
    #expect(times == [1, 12_500_000, 1_123_456, 3_000_000, 1_284_881_103_690_532, -1_500_000])
  }

  @Test("Values may be zero-padded, signed, and followed by a decoded comment")
  func values() throws {
    let text =
      smallHeader + """
        E: 0.1 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
        E: 0.1 0003 0035 0000
        E: 0.1 0003 0036 +7
        E: 0.1 3 2f 2147483647
        E: 0.1 0001 014A -2147483648
        E: 0.2 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +100ms
        """
    let events = try read(Array(text.utf8), chunkSize: nil).events
    #expect(
      events == [
        InputEvent(time: 100_000, type: 3, code: 0x39, value: -1),
        InputEvent(time: 100_000, type: 3, code: 0x35, value: 0),
        InputEvent(time: 100_000, type: 3, code: 0x36, value: 7),
        InputEvent(time: 100_000, type: 3, code: 0x2f, value: Int32.max),
        InputEvent(time: 100_000, type: 1, code: 0x14a, value: Int32.min),
        InputEvent(time: 200_000, type: 0, code: 0, value: 0),
      ])
  }

  @Test("Comments, blank lines, L: and S: lines and CRLF endings are accepted anywhere")
  func acceptedLines() throws {
    let text =
      "# EVEMU 1.3\r\nN: Screen\r\nL: 00 0\r\nS: 00 1\r\n\r\nE: 0.000001 0003 0035 10\r\n"
      + "   # indented comment\r\n\t\r\nL: 01 1\r\nE: 0.000002 0000 0000 0"
    let result = try read(Array(text.utf8), chunkSize: 4)
    #expect(result.lines == [6, 10])
    #expect(result.events.last == InputEvent(time: 2, type: 0, code: 0, value: 0))
    let reader = try EvemuReader(bytes: Array(text.utf8), name: "t")
    #expect(reader.device == DeviceDescription(name: "Screen"))
    #expect(reader.header.version == "1.3")
  }

  @Test("A header-less file in memory uses the description it is given")
  func givenDescription() throws {
    let device = DeviceDescription(
      name: "Given", absoluteAxes: [0: AbsInfo(minimum: 0, maximum: 9)])
    let text = "E: 0.000001 0003 0000 5\nE: 0.000002 0000 0000 0\n"
    var reader = try EvemuReader(bytes: Array(text.utf8), name: "t", description: device)
    #expect(reader.device == device)
    #expect(try readAll(&reader, batchSize: 1).lines == [1, 2])
    #expect(reader.path == "t")
  }

  @Test("The description file's header wins over a header in the events file")
  func descriptionFileWins() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    try write("# EVEMU 1.2\nN: From Desc\nA: 00 0 10 0 0 3\n", to: directory + "/d.desc")
    try write(smallHeader + "E: 0.1 0000 0000 0\n", to: directory + "/e.evemu")
    var reader = try EvemuReader(
      path: directory + "/e.evemu", descriptionPath: directory + "/d.desc")
    #expect(reader.device.name == "From Desc")
    #expect(reader.device.absoluteAxes == [0: AbsInfo(minimum: 0, maximum: 10, resolution: 3)])
    #expect(reader.header.version == "1.2")
    #expect(try readAll(&reader).lines == [15])
  }

  @Test("The small header builds its description exactly")
  func exactDescription() throws {
    let reader = try EvemuReader(bytes: Array(smallHeader.utf8), name: "t")
    let expected = DeviceDescription(
      name: "Test Screen", bus: 3, vendor: 0x1234, product: 0x5678, version: 1,
      properties: [InputProperty.direct],
      supportedCodes: [
        EventType.syn: [0, 1, 3], EventType.key: [KeyCode.btnTouch],
        EventType.abs: [0, 1, 0x2f, 0x35, 0x36, 0x39],
      ],
      absoluteAxes: [
        0x00: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        0x01: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
        0x2f: AbsInfo(minimum: 0, maximum: 1),
        0x35: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        0x36: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
        0x39: AbsInfo(minimum: 0, maximum: 65535),
      ])
    #expect(reader.device == expected)
  }
}
