import Testing
import TouchInput

/// The EP0430M09 touchscreen from the public recordings: the writer must reproduce its header
/// lines and its event lines byte for byte.
private let panel = DeviceDescription(
  name: "EP0430M09", bus: 0x18, properties: [InputProperty.direct],
  supportedCodes: [EventType.key: [KeyCode.btnTouch]],
  absoluteAxes: [
    AbsCode.x: AbsInfo(value: 608, minimum: 0, maximum: 1279),
    AbsCode.y: AbsInfo(value: 126, minimum: 0, maximum: 767),
    AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 4),
    AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1279),
    AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 767),
    AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
  ])

private let panelDeviceLines = """
  N: EP0430M09
  I: 0018 0000 0000 0000
  P: 02 00 00 00 00 00 00 00
  B: 00 0b 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 04 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 01 00 00 00 00 00 00 00 00
  B: 02 00 00 00 00 00 00 00 00
  B: 03 03 00 00 00 00 80 60 02
  B: 04 00 00 00 00 00 00 00 00
  B: 05 00 00 00 00 00 00 00 00
  B: 11 00 00 00 00 00 00 00 00
  B: 12 00 00 00 00 00 00 00 00
  B: 14 00 00 00 00 00 00 00 00
  B: 15 00 00 00 00 00 00 00 00
  B: 15 00 00 00 00 00 00 00 00
  A: 00 0 1279 0 0 0
  A: 01 0 767 0 0 0
  A: 2f 0 4 0 0 0
  A: 35 0 1279 0 0 0
  A: 36 0 767 0 0 0
  A: 39 0 65535 0 0 0

  """

private func event(_ time: Microseconds, _ type: UInt16, _ code: UInt16, _ value: Int32)
  -> InputEvent
{
  InputEvent(time: time, type: type, code: code, value: value)
}

@Suite struct EvemuWriterTests {
  @Test("The device lines match evemu-record's for a real touchscreen")
  func deviceLines() {
    let header = EvemuWriter(device: panel).header()
    let deviceLines = header.split(separator: "\n").filter { line in
      ["N: ", "I: ", "P: ", "B: ", "A: "].contains { line.hasPrefix($0) }
    }
    let lines = deviceLines.joined(separator: "\n") + "\n"
    #expect(lines == panelDeviceLines)
  }

  @Test("The commented header names the device, its ids, axes and properties")
  func commentedHeader() {
    let header = EvemuWriter(device: panel).header()
    #expect(header.hasPrefix("# EVEMU 1.3\n# Input device name: \"EP0430M09\"\n"))
    #expect(header.contains("# Input device ID: bus 0x18 vendor 0000 product 0000 version 0000\n"))
    #expect(header.contains("#     Event code 0 (ABS_X)\n#       Value      608\n"))
    #expect(header.contains("#       Max       1279\n#       Fuzz         0\n"))
    #expect(header.contains("#       Resolution   0\n"))
    #expect(header.contains("# Properties:\n#   Property  type 1 (INPUT_PROP_DIRECT)\nN: "))
    #expect(
      header.hasSuffix("#      Waiting for events      #\n################################\n"))
    #expect(!header.contains("# Size in mm"))
  }

  @Test("A line break in the device name becomes a space: it cannot forge header lines")
  func nameWithLineBreaks() throws {
    var device = panel
    device.name = "evil\nA: 35 0 1 0 0 0\r\nB: 00\u{1B}]0;x\u{7}"
    let header = EvemuWriter(device: device).header()
    #expect(header.contains("\nN: evil A: 35 0 1 0 0 0  B: 00\u{1B}]0;x\u{7}\n"))
    #expect(
      header.contains("# Input device name: \"evil A: 35 0 1 0 0 0  B: 00\u{1B}]0;x\u{7}\"\n"))
    #expect(!header.unicodeScalars.contains("\r"))
    #expect(!header.contains("\nA: 35 0 1 "))
    let text = EvemuWriter.write(device: device, events: [event(0, 0, 0, 0)])
    let reader = try EvemuReader(bytes: Array(text.utf8), name: "named")
    #expect(reader.device.name == "evil A: 35 0 1 0 0 0  B: 00\u{1B}]0;x\u{7}")
    #expect(reader.device.absoluteAxes[AbsCode.mtPositionX]?.maximum == 1279)
  }

  @Test("The size line and USB ids look like evemu's")
  func sizeAndIDs() {
    var device = panel
    device.bus = 0x03
    device.vendor = 0x2575
    device.product = 0x204
    device.version = 0x111
    device.absoluteAxes[AbsCode.x]?.resolution = 5
    device.absoluteAxes[AbsCode.y]?.resolution = 5
    let header = EvemuWriter(device: device).header()
    #expect(
      header.contains("# Input device ID: bus 0x03 vendor 0x2575 product 0x204 version 0x111\n"))
    #expect(header.contains("\nI: 0003 2575 0204 0111\n"))
    #expect(header.contains("# Size in mm: 255x153\n"))
    #expect(header.contains("\nA: 00 0 1279 0 0 5\n"))
  }

  @Test("Events are written as evemu-record writes them, with SYN_REPORT deltas in ms")
  func events() {
    let events = [
      event(506_283, 3, 0x36, 416), event(506_283, 0, 0, 0),
      event(513_464, 3, 0x35, 934), event(513_464, 3, 0x2f, 0), event(513_464, 3, 0x39, -1),
      event(513_464, 3, 0x00, 934), event(513_464, 3, 0x01, 416), event(513_464, 0, 0, 0),
      event(527_810, 3, 0x2f, 1), event(527_810, 3, 0x39, -1), event(527_810, 1, 0x14a, 0),
      event(527_810, 0, 0, 0),
    ]
    var writer = EvemuWriter(device: panel)
    var out = ""
    for event in events { writer.append(event, to: &out) }
    let expected = """
      E: 0.506283 0003 0036 0416\t# EV_ABS / ABS_MT_POSITION_Y    416
      E: 0.506283 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
      E: 0.513464 0003 0035 0934\t# EV_ABS / ABS_MT_POSITION_X    934
      E: 0.513464 0003 002f 0000\t# EV_ABS / ABS_MT_SLOT          0
      E: 0.513464 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
      E: 0.513464 0003 0000 0934\t# EV_ABS / ABS_X                934
      E: 0.513464 0003 0001 0416\t# EV_ABS / ABS_Y                416
      E: 0.513464 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +7ms
      E: 0.527810 0003 002f 0001\t# EV_ABS / ABS_MT_SLOT          1
      E: 0.527810 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
      E: 0.527810 0001 014a 0000\t# EV_KEY / BTN_TOUCH            0
      E: 0.527810 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +14ms

      """
    #expect(out == expected)
  }

  @Test("Large values, long times, unknown codes and SYN_MT_REPORT")
  func unusualEvents() {
    let events = [
      event(12_000_001, 3, 0x35, 21515), event(12_000_001, 0, 2, 0),
      event(12_000_001, 4, 0x05, 6200), event(12_000_001, 0x05, 0x1d, 1),
      event(12_000_001, 0, 0, 0),
    ]
    let text = EvemuWriter.write(device: panel, events: events)
    let expected = """
      E: 12.000001 0003 0035 21515\t# EV_ABS / ABS_MT_POSITION_X    21515
      E: 12.000001 0000 0002 0000\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++
      E: 12.000001 0004 0005 6200\t# EV_MSC / MSC_TIMESTAMP        6200
      E: 12.000001 0005 001d 0001\t# EV_SW / 0x1d                 1
      E: 12.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms

      """
    #expect(text.hasSuffix("################################\n" + expected))
  }
}

/// What the writer writes, the reader reads back unchanged.
@Suite("Evemu writer and reader round trip")
struct EvemuRoundTripTests {
  @Test(
    "A public recording written as evemu 1.3 reads back to the same device and events",
    arguments: PublicRecording.all.filter { !$0.events.contains("3m.event") })
  func roundTrip(_ file: PublicRecording) throws {
    var reader = try EvemuReader(
      path: recording(file.events), descriptionPath: file.description.map(recording))
    let original = try readAll(&reader)
    let text = EvemuWriter.write(device: reader.device, events: original.events)
    var again = try EvemuReader(bytes: Array(text.utf8), name: "round-trip")
    let copy = try readAll(&again)
    #expect(again.device == reader.device)
    #expect(copy.events == original.events)
    #expect(again.header.version == "1.3")
  }
}
