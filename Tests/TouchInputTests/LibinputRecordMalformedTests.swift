import Foundation
import Testing

@testable import TouchInput

/// Bad libinput recordings: each error names the file, the line and the reason; several
/// devices are chosen between or listed.
@Suite("libinput record reader: bad input and several devices")
struct LibinputRecordMalformedTests {
  /// A recording whose line `line` (1-based) is replaced by `text`.
  static func replacing(line: Int, with text: String) -> String {
    var lines = libinputRecording(events: tapFrames)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[line - 1] = text
    return lines.joined(separator: "\n")
  }

  /// The line of `tapFrames`' first event in `libinputRecording`.
  static let firstEventLine = 36

  @Test(
    "A bad event line: file:line: reason, after the events before it",
    arguments: [
      (
        "    - [  0,      0,   3,  53]",
        "an event has 5 numbers [sec, usec, type, code, value], not 4"
      ),
      ("    - [  x,      0,   3,  53,   1]", "bad seconds 'x'"),
      ("    - [  0, 1000000,   3,  53,   1]", "microseconds 1000000 out of range (0…999999)"),
      ("    - [  0,      0,  32,  53,   1]", "unknown event type 0x20 (EV_MAX is 0x1f)"),
      ("    - [  0,      0,   3, 65536,   1]", "event code 65536 out of range (0…65535)"),
      ("    - [  0,      0,   3,  53, 2147483648]", "event value 2147483648 out of Int32 range"),
      ("    - [  0,      0,   3,  53,   1] junk", "unexpected 'junk' after the event"),
      (
        "    - 0, 0, 3, 53, 1",
        "expected an event [sec, usec, type, code, value], not '0, 0, 3, 53, 1'"
      ),
      (
        "    garbage here",
        "expected an event '- [sec, usec, type, code, value]', not 'garbage here'"
      ),
      ("  \t- evdev:", "tab in indentation (YAML allows only spaces)"),
    ])
  func badEvent(text: String, reason: String) throws {
    let line = Self.firstEventLine + 1
    var reader = try libinputReader(Self.replacing(line: line, with: text))
    var batch = EventBatch()
    #expect(try reader.read(into: &batch))
    #expect(batch.events == [tapEvents[0]])
    let error = traceError { () throws(TraceError) in _ = try reader.read(into: &batch) }
    #expect(error == TraceError(file: "test.yml", line: line, reason: reason))
    #expect(try reader.read(into: &batch) == false)
  }

  @Test(
    "A bad frame or list: file:line: reason",
    arguments: [
      (
        firstEventLine - 1, "  - evdev: [[0, 0, 0, 0, 0]]",
        "evdev: expected the frame's events on the following lines"
      ),
      (
        firstEventLine - 1, "    junk",
        "expected event frames ('- evdev:') under events:, not 'junk'"
      ),
      (
        firstEventLine - 1, "  - [0, 0, 0, 0, 0]",
        "expected a frame ('- evdev:'), not '[0, 0, 0, 0, 0]'"
      ),
      (
        firstEventLine, "    - [  0,      0,   3,  57, \(String(repeating: "7", count: 70_000))]",
        "line longer than 65536 bytes"
      ),
    ])
  func badFrame(line: Int, text: String, reason: String) throws {
    var reader = try libinputReader(Self.replacing(line: line, with: text))
    let error = traceError { () throws(TraceError) in _ = try readAll(&reader) }
    #expect(error == TraceError(file: "test.yml", line: line, reason: reason))
  }

  @Test("A file that cannot be opened is an error of the whole file")
  func missingFile() {
    let error = traceError { () throws(TraceError) in
      _ = try LibinputRecordReader(path: "/nonexistent/recording.yml")
    }
    #expect(
      error
        == TraceError(
          file: "/nonexistent/recording.yml", line: 0,
          reason: "cannot open: No such file or directory"))
  }

  @Test("Lenient mode skips a bad event line and keeps it as a warning")
  func lenient() throws {
    let line = Self.firstEventLine + 1
    let text = Self.replacing(line: line, with: "    - [  0,      0,   3,  53, oops]")
    var reader = try libinputReader(text, lenient: true)
    #expect(
      try readAll(&reader).events == tapEvents.enumerated().filter { $0.offset != 1 }.map(\.element)
    )
    #expect(
      reader.warnings == [
        TraceError(file: "test.yml", line: line, reason: "bad event value 'oops'")
      ])
  }

  @Test(
    "A bad description: file:line: reason",
    arguments: [
      (2, "version: 2", 2, "unsupported libinput record version 2 (this reader reads version 1)"),
      (2, "version: one", 2, "version: expected a number, not 'one'"),
      (2, "# no version", 12, "a device before 'version: 1': not a libinput recording"),
      (
        16, "    id: [3, 3823, 29345]", 16,
        "id: expected [bustype, vendor, product, version], not '[3, 3823, 29345]'"
      ),
      (16, "    id: [3, 3823, 29345, 65536]", 16, "id: 65536 is out of range (0…65535)"),
      (18, "      0: 0, 1", 18, "codes: expected a list of event codes, not '0, 1'"),
      (
        18, "      40: [0]", 18,
        "codes: expected 'type: [code, …]' with a type up to 31, not '40: [0]'"
      ),
      (
        22, "      0: [0, 999, 0, 0]", 22,
        "absinfo: expected [min, max, fuzz, flat, resolution], not '[0, 999, 0, 0]'"
      ),
      (
        22, "      64: [0, 999, 0, 0, 1]", 22,
        "absinfo: expected 'code: [min, max, fuzz, flat, resolution]' with a code up to 63, not '64: [0, 999, 0, 0, 1]'"
      ),
      (28, "    properties: 1", 28, "properties: expected a list of INPUT_PROP_* numbers, not '1'"),
      (15, "    title: \"Test Panel\"", 13, "evdev: has no name: key"),
      (13, "  device: x", 12, "device 0 has no evdev: description"),
      (12, "  node: x", 12, "expected a device entry ('- node: …') under devices:"),
    ])
  func badDescription(line: Int, text: String, errorLine: Int, reason: String) throws {
    let error = traceError { () throws(TraceError) in
      _ = try libinputReader(Self.replacing(line: line, with: text))
    }
    #expect(error == TraceError(file: "test.yml", line: errorLine, reason: reason))
  }

  @Test("An empty file, and a file with no version, are errors of the whole file")
  func notARecording() throws {
    #expect(
      traceError { () throws(TraceError) in _ = try libinputReader("") }
        == TraceError(file: "test.yml", line: 0, reason: "empty file"))
    #expect(
      traceError { () throws(TraceError) in _ = try libinputReader("# libinput record\nfoo: 1\n") }
        == TraceError(
          file: "test.yml", line: 0, reason: "no 'version: 1' key: not a libinput recording"))
  }

  /// A file with a keyboard, then two touchscreens.
  static let threeDevices = """
    version: 1
    ndevices: 3
    devices:
    \(libinputDevice(name: "Keyboard", node: "/dev/input/event3", keyboard: true, events: "  # none"))
    \(libinputDevice(name: "Panel A", events: tapFrames))
    \(libinputDevice(name: "Panel B", node: "/dev/input/event6", events: tapFrames.replacingOccurrences(of: "100]", with: "150]")))
    """

  @Test("Several devices: --device-index picks one; its events are its own")
  func deviceIndex() throws {
    var second = try libinputReader(Self.threeDevices, deviceIndex: 2)
    #expect(second.devices.map(\.description.name) == ["Keyboard", "Panel A", "Panel B"])
    #expect(second.device.name == "Panel B")
    #expect(try readAll(&second).events[1].value == 150)
    var keyboard = try libinputReader(Self.threeDevices, deviceIndex: 0)
    #expect(try readAll(&keyboard).events.isEmpty)
  }

  @Test("Several devices and no index: the only touch device, else an error listing them")
  func choice() throws {
    let oneTouch = Self.threeDevices.components(separatedBy: "- node: /dev/input/event6")[0]
    var reader = try libinputReader(oneTouch, chunk: 5)
    #expect(reader.deviceIndex == 1)
    #expect(
      reader.choice == "2 devices (0 \"Keyboard\" (not a touch device), 1 \"Panel A\" "
        + "(touchscreen)); reading 1, the only touch device (choose another with --device-index N)")
    #expect(try readAll(&reader).events == tapEvents)
    let listing =
      "0 \"Keyboard\" (not a touch device), 1 \"Panel A\" (touchscreen), "
      + "2 \"Panel B\" (touchscreen)"
    #expect(
      traceError { () throws(TraceError) in _ = try libinputReader(Self.threeDevices) }
        == TraceError(
          file: "test.yml", line: 0,
          reason: "3 devices and more than one touch device (\(listing)); choose one with "
            + "--device-index N"))
    #expect(
      traceError { () throws(TraceError) in
        _ = try libinputReader(Self.threeDevices, deviceIndex: 3)
      }
        == TraceError(
          file: "test.yml", line: 0,
          reason: "device index 3 is out of range: the file has 3 devices: \(listing)"))
  }

  @Test("ndevices: 1 with a second device entry is an error at that entry")
  func wrongDeviceCount() throws {
    let text = Self.threeDevices.replacingOccurrences(of: "ndevices: 3", with: "ndevices: 1")
    var reader = try libinputReader(text)
    #expect(reader.device.name == "Keyboard")
    let error = traceError { () throws(TraceError) in _ = try readAll(&reader) }
    #expect(error?.reason == "another device, but ndevices: says 1")
  }
}
