import Foundation
import GestureTestSupport
import Testing

@testable import TouchInput

/// The libinput-record reader: every key of the schema, comments, unknown keys, streaming.
@Suite("libinput record reader")
struct LibinputRecordReaderTests {
  @Test("Every key of evdev: makes the device description")
  func description() throws {
    let reader = try libinputReader(libinputRecording(events: tapFrames))
    let expected = DeviceDescription(
      name: "Test Panel", bus: 3, vendor: 3823, product: 29345, version: 528,
      properties: [InputProperty.direct],
      supportedCodes: [
        EventType.syn: [EventType.syn, EventType.key, EventType.abs],
        EventType.key: [KeyCode.btnTouch],
        EventType.abs: [0, 1, 47, 53, 54, 57],
      ],
      absoluteAxes: [
        AbsCode.x: AbsInfo(minimum: 0, maximum: 999, resolution: 10),
        AbsCode.y: AbsInfo(minimum: 0, maximum: 499, resolution: 10),
        AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
        AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 999, fuzz: 2, resolution: 10),
        AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 499, fuzz: 2, resolution: 10),
        AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
      ])
    #expect(reader.device == expected)
    #expect(reader.devices.map(\.node) == ["/dev/input/event5"])
    #expect(reader.deviceIndex == 0)
    #expect(reader.choice == nil)
  }

  @Test("Frames become one event stream with line numbers; comments are skipped")
  func events() throws {
    let text = libinputRecording(events: tapFrames)
    var reader = try libinputReader(text)
    let result = try readAll(&reader)
    #expect(result.events == tapEvents)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (event, line) in zip(result.events, result.lines) {
      let fields = lines[Int(line) - 1].split(separator: "#")[0]
      #expect(fields.contains("\(event.value)]"), "line \(line): \(fields)")
    }
  }

  @Test("Any batch and chunk size gives the same events", arguments: [1, 3, 7, 64])
  func streaming(size: Int) throws {
    var whole = try libinputReader(libinputRecording(events: tapFrames))
    var pieces = try libinputReader(libinputRecording(events: tapFrames), chunk: size)
    #expect(try readAll(&pieces, batchSize: size) == readAll(&whole))
  }

  @Test("Unknown keys, libinput and hid entries and comments anywhere are skipped")
  func unknownKeys() throws {
    let frames = """
        # a comment at the list's indentation
        - libinput:
          - {time: 0.000000, type: DEVICE_ADDED, seat: seat0, logical_seat: default}
        - evdev:
          - [  0,      0,   3,  57,     431] # EV_ABS / ABS_MT_TRACKING_ID      431
          - [  0,      0,   3,  53,     100]
          - [  0,      0,   3,  54,     200]
        # a comment between events
          - [  0,      0,   1, 330,       1]
          - [  0,      0,   0,   0,       0]
          libinput:
          - {time: 0.000000, type: TOUCH_DOWN, slot: 0, seat_slot: 0}
          - {time: 0.000000, type: TOUCH_FRAME}
        - hid:
            time: [  0,  40000]
            hidraw0: [1, 2, 3]
        - evdev:
          - [  0,  50000,   3,  57,      -1]
          - [  0,  50000,   1, 330,       0]
          - [  0,  50000,   0,   0,       0]
        - future_kind: {a: 1}
      """
    let text = libinputRecording(events: frames)
      .replacingOccurrences(
        of: "  quirks:\n",
        with: """
            hid: [
              0x05, 0x0d,
              0x09, 0x04
            ]
            quirks:
            - ModelFoo=1
            future: {nested: [1, 2]}

          """
      )
      .replacingOccurrences(
        of: "    properties: [1]\n", with: "    properties: [1]\n    extra: 7\n")
    var reader = try libinputReader(text)
    #expect(try readAll(&reader).events == tapEvents)
    #expect(reader.device.has(property: InputProperty.direct))
  }

  @Test("CRLF line ends and YAML document markers read the same")
  func lineEndsAndMarkers() throws {
    let text = "---\n" + libinputRecording(events: tapFrames) + "...\n"
    var crlf = try libinputReader(text.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(crlf.device.name == "Test Panel")
    #expect(try readAll(&crlf).events == tapEvents)
    #expect(RecordingFormat.detect(prefix: Array(text.utf8)[...]) == .libinput)
  }

  @Test("Indentation is learnt from the file: twice as deep, wider list markers")
  func otherIndentation() throws {
    let lines = libinputRecording(events: tapFrames).split(
      separator: "\n", omittingEmptySubsequences: false)
    let deeper = lines.map { line -> String in
      let spaces = line.prefix(while: { $0 == " " }).count
      return String(repeating: " ", count: spaces * 2) + line.dropFirst(spaces)
    }
    let text = deeper.joined(separator: "\n")
      .replacingOccurrences(of: "- node:", with: "-   node:")
      .replacingOccurrences(of: "- evdev:", with: "-   evdev:")
      .replacingOccurrences(
        of: "      - [  0,      0,   0,   0,       0]",
        with: "      - [  0,      0,   0,   0,       0]\n        libinput:\n        - {a: 1}")
    var reader = try libinputReader(text)
    #expect(reader.device.absoluteAxes.count == 6)
    #expect(try readAll(&reader).events == tapEvents)
  }

  @Test("A top-level key after the devices ends the event list")
  func trailingTopLevelKey() throws {
    var reader = try libinputReader(libinputRecording(events: tapFrames) + "\ntrailer: 1\n")
    #expect(try readAll(&reader).events == tapEvents)
  }

  @Test("Quoted names: libinput's unescaped quotes, escapes, single quotes and plain names")
  func names() throws {
    let cases = [
      ("\"Panel \"2\" # not a comment\"", "Panel \"2\" # not a comment"),
      ("\"back\\\\slash \\\"q\\\" \\x1b\"", "back\\slash \"q\" \u{1b}"),
      ("'it''s'", "it's"), ("Plain Name # comment", "Plain Name"),
    ]
    for (written, name) in cases {
      let text = libinputRecording(events: tapFrames)
        .replacingOccurrences(of: "name: \"Test Panel\"", with: "name: \(written)")
      #expect(try libinputReader(text).device.name == name)
    }
  }

  @Test("Times: seconds and microseconds, and libinput's unsigned wrap-around before the start")
  func times() throws {
    let frames = """
        - evdev:
          - [18446744073153, 610215,   0,   0,       0]
          - [  3,      7,   0,   0,       0]
          - [12345, 999999,   3,  53, -2147483648]
      """
    var reader = try libinputReader(libinputRecording(events: frames))
    let events = try readAll(&reader).events
    #expect(events.map(\.time) == [-555_941_401, 3_000_007, 12_345_999_999])
    #expect(events.last?.value == Int32.min)
  }

  @Test("A device with no events: key, or an empty list, has no events")
  func noEvents() throws {
    var empty = try libinputReader(libinputRecording(events: "  # nothing\n"))
    #expect(try readAll(&empty).events.isEmpty)
    let text = libinputRecording(events: "").replacingOccurrences(of: "  events:\n", with: "")
    var none = try libinputReader(text)
    #expect(try readAll(&none).events.isEmpty)
  }

  @Test(
    "Format detection reads the content, not the name",
    arguments: [
      ("# libinput record\nversion: 1\n", RecordingFormat.libinput),
      ("\n# any comment\nversion: 1\n", .libinput), ("devices:\n", .libinput),
      ("# EVEMU 1.3\nN: Panel\n", .evemu), ("E: 0.000001 0000 0000 0000\n", .evemu),
      ("N: x\n", .evemu), ("", .evemu),
    ])
  func detection(text: String, format: RecordingFormat) {
    #expect(RecordingFormat.detect(prefix: Array(text.utf8)[...]) == format)
  }

  @Test("The writer's output reads back to the same device and events")
  func writerRoundTrip() throws {
    var device = try libinputReader(libinputRecording(events: tapFrames)).device
    device.name = "Odd \"name\" \\ with\ttab"
    let text = LibinputRecordWriter.write(device: device, events: tapEvents)
    var reader = try libinputReader(text)
    #expect(reader.device == device)
    #expect(try readAll(&reader).events == tapEvents)
    #expect(text.contains("  - evdev:\n    - [  0,      0,   3,  57,     431] # EV_ABS / "))
  }
}

/// The twins `libinput record` wrote of the evemu recordings read as their originals.
@Suite("libinput record twins read as their evemu originals")
struct LibinputTwinReadingTests {
  /// Every twin, as `folder/name`.
  static let twins: [String] = ["public", "synthetic"].flatMap { folder in
    let directory = packageDirectory.appendingPathComponent("Recordings/libinput/\(folder)").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".yml") }.sorted().map {
      folder + "/" + $0.dropLast(4)
    }
  }

  @Test("Same device description, same events a constant time apart", arguments: twins)
  func sameContent(name: String) throws {
    let root = packageDirectory.appendingPathComponent("Recordings").path
    var evemu = try EvemuReader(path: "\(root)/\(name).evemu")
    var yaml = try LibinputRecordReader(path: "\(root)/libinput/\(name).yml")
    #expect(yaml.device == evemu.device)
    let original = try readAll(&evemu).events
    let twin = try readAll(&yaml).events
    let offset = (twin.first?.time ?? 0) - (original.first?.time ?? 0)
    #expect(
      twin.map { InputEvent(time: $0.time - offset, type: $0.type, code: $0.code, value: $0.value) }
        == original)
  }
}
