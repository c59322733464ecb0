import Foundation
import Testing

@testable import TouchInput

/// A libinput recording of one small touchscreen, as `libinput record` lays it out, with
/// `events` (already indented frame lines) after its `events:` key.
func libinputRecording(
  name: String = "Test Panel", node: String = "/dev/input/event5", ndevices: Int = 1,
  events: String
) -> String {
  """
  # libinput record
  version: 1
  ndevices: \(ndevices)
  libinput:
    version: "1.22.1"
    git: "unknown"
  system:
    os: "debian:12"
    kernel: "6.1.0"
    dmi: "unknown"
  devices:
  \(libinputDevice(name: name, node: node, events: events))
  """
}

/// One `- node:` entry of a libinput recording: a 2-slot touchscreen of 1000 × 500 units at
/// 10 units/mm, or a keyboard with `keyboard`.
func libinputDevice(
  name: String = "Test Panel", node: String = "/dev/input/event5", keyboard: Bool = false,
  events: String
) -> String {
  let description =
    keyboard
    ? """
        codes:
          0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
          1: [1, 2, 3, 30] # EV_KEY
          4: [4] # EV_MSC
        properties: []
    """
    : """
        codes:
          0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 999, 0, 0, 10]
          1: [0, 499, 0, 0, 10]
          47: [0, 1, 0, 0, 0]
          53: [0, 999, 2, 0, 10]
          54: [0, 499, 2, 0, 10]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
    """
  return """
    - node: \(node)
      evdev:
        # Name: \(name)
        name: "\(name)"
        id: [3, 3823, 29345, 528]
    \(description)
      udev:
        properties:
        - ID_INPUT=1
      quirks:
      events:
    \(events)
    """
}

/// Two frames: a finger lands at (100, 200) and lifts 50 ms later.
let tapFrames = """
    # Current time is 10:33:46
    - evdev:
      - [  0,      0,   3,  57,     431] # EV_ABS / ABS_MT_TRACKING_ID      431
      - [  0,      0,   3,  53,     100] # EV_ABS / ABS_MT_POSITION_X       100 (+100)
      - [  0,      0,   3,  54,     200] # EV_ABS / ABS_MT_POSITION_Y       200 (+200)
      - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                 1
      - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
    - evdev:
      - [  0,  50000,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
      - [  0,  50000,   1, 330,       0] # EV_KEY / BTN_TOUCH                 0
      - [  0,  50000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +50ms
                                         # Touch device in neutral state
  """

/// The events of `tapFrames`.
let tapEvents = [
  InputEvent(time: 0, type: EventType.abs, code: AbsCode.mtTrackingID, value: 431),
  InputEvent(time: 0, type: EventType.abs, code: AbsCode.mtPositionX, value: 100),
  InputEvent(time: 0, type: EventType.abs, code: AbsCode.mtPositionY, value: 200),
  InputEvent(time: 0, type: EventType.key, code: KeyCode.btnTouch, value: 1),
  InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0),
  InputEvent(time: 50_000, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1),
  InputEvent(time: 50_000, type: EventType.key, code: KeyCode.btnTouch, value: 0),
  InputEvent(time: 50_000, type: EventType.syn, code: SynCode.report, value: 0),
]

/// A reader of `text`, read in chunks of `chunk` bytes.
func libinputReader(
  _ text: String, deviceIndex: Int? = nil, lenient: Bool = false, chunk: Int? = nil
) throws(TraceError) -> LibinputRecordReader {
  try LibinputRecordReader(
    bytes: Array(text.utf8), name: "test.yml", deviceIndex: deviceIndex, lenient: lenient,
    chunk: chunk)
}

/// Every remaining event of `reader`, read in batches of `batchSize`.
func readAll(_ reader: inout LibinputRecordReader, batchSize: Int = 4096) throws(TraceError)
  -> ReadResult
{
  var batch = EventBatch(capacity: batchSize)
  var result = ReadResult()
  while try reader.read(into: &batch) {
    #expect(batch.events.count == batch.lines.count)
    result.events += batch.events
    result.lines += batch.lines
  }
  return result
}
