// umockdev-script: turns a recording (evemu, or libinput record YAML) into the .umockdev +
// .ioctl + .script triple that `umockdev-run -d P.umockdev -i NODE=P.ioctl -s NODE=P.script`
// needs to emulate the device.

import Foundation
import TouchInput

let usage = """
  usage: umockdev-script RECORDING [--device DESC] -o PREFIX [--node /dev/input/event5]
                         [--speed FACTOR] [--min-delay-ms MS] [--start-delay-ms START]
                         [--real-time] [--initial-slot SLOT:ID:X:Y]... [--first-frame-as-state]
         umockdev-script --keyboard -o PREFIX [--node /dev/input/event5]

  Writes PREFIX.umockdev (udev view), PREFIX.ioctl (EVIOCG* replies) and PREFIX.script (the
  events, one block per frame, paced by the recording's gaps / FACTOR, at least MS apart,
  the first block START ms after the node is opened; default: FACTOR 1, MS 1, START 250).
  --real-time is FACTOR 1. --keyboard writes a keyboard instead. --initial-slot puts a finger
  (tracking id ID at raw X, Y) in SLOT when the node is opened; --first-frame-as-state makes
  the recording's first frame the state at open instead of events (its fingers are down
  before the program starts). After each SYN_DROPPED, the
  sync replies give the state of the frame that follows the drop's SYN_REPORT.
  """

struct Options {
  var recording: String?
  var description: String?
  var prefix: String?
  var node = "/dev/input/event5"
  var pacing = Pacing()
  var keyboard = false
  /// Fingers down when the node is opened: slot, tracking id, raw X and Y.
  var initialSlots: [(slot: Int, id: Int32, x: Int32, y: Int32)] = []
  /// The first frame is the state at open, not events.
  var firstFrameAsState = false
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data(("umockdev-script: " + message + "\n").utf8))
  exit(2)
}

func parse(_ arguments: [String]) -> Options {
  var options = Options()
  var index = 0
  func value(_ name: String) -> String {
    index += 1
    guard index < arguments.count else { fail("\(name) needs a value\n\(usage)") }
    return arguments[index]
  }
  while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "-o", "--output": options.prefix = value(argument)
    case "--device": options.description = value(argument)
    case "--node": options.node = value(argument)
    case "--speed":
      guard let speed = Double(value(argument)), speed > 0 else { fail("bad --speed") }
      options.pacing.speed = speed
    case "--start-delay-ms":
      guard let delay = Int(value(argument)), delay >= 1 else {
        fail("--start-delay-ms must be ≥ 1")
      }
      options.pacing.startDelay = delay
    case "--min-delay-ms":
      guard let delay = Int(value(argument)), delay >= 1 else { fail("--min-delay-ms must be ≥ 1") }
      options.pacing.minimumDelay = delay
    case "--real-time": options.pacing.speed = 1
    case "--keyboard": options.keyboard = true
    case "--first-frame-as-state": options.firstFrameAsState = true
    case "--initial-slot":
      let parts = value(argument).split(separator: ":").compactMap { Int32($0) }
      guard parts.count == 4, parts[0] >= 0, parts[1] >= 0 else {
        fail("--initial-slot wants SLOT:ID:X:Y")
      }
      options.initialSlots.append((Int(parts[0]), parts[1], parts[2], parts[3]))
    case "-h", "--help":
      print(usage)
      exit(0)
    default:
      guard !argument.hasPrefix("-"), options.recording == nil else {
        fail("unexpected argument \(argument)\n\(usage)")
      }
      options.recording = argument
    }
    index += 1
  }
  return options
}

func write(_ bytes: [UInt8], to path: String) {
  guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
    fail("cannot write \(path)")
  }
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
guard let prefix = options.prefix else { fail("missing -o PREFIX\n\(usage)") }
var device = Keyboard.device
var events: [InputEvent] = []
if !options.keyboard {
  guard let recording = options.recording else { fail("missing RECORDING\n\(usage)") }
  do {
    let reader = try openRecording(path: recording, descriptionPath: options.description)
    device = reader.device
    var batch = EventBatch()
    while try reader.read(into: &batch) { events += batch.events }
  } catch {
    fail("\(error)")
  }
}
var initial = SlotState(device: device)
if options.firstFrameAsState, let end = events.firstIndex(where: { $0.type == EventType.syn }) {
  for event in events[...end] where event.type == EventType.abs {
    if event.code == AbsCode.mtSlot {
      initial.slot = event.value
    } else {
      initial.set(event.code, slot: Int(initial.slot), to: event.value)
    }
  }
  events.removeFirst(end + 1)
}
let script = UmockdevScript(events: events, pacing: options.pacing)
write(Array(UmockdevDevice.text(for: device, node: options.node).utf8), to: prefix + ".umockdev")
for finger in options.initialSlots {
  initial.set(AbsCode.mtTrackingID, slot: finger.slot, to: finger.id)
  initial.set(AbsCode.mtPositionX, slot: finger.slot, to: finger.x)
  initial.set(AbsCode.mtPositionY, slot: finger.slot, to: finger.y)
}
let ioctl = UmockdevIoctl.text(
  for: device, node: options.node, initial: initial,
  drops: SlotState.afterDrops(in: events, device: device))
write(Array(ioctl.utf8), to: prefix + ".ioctl")
write(script.bytes, to: prefix + ".script")
var summary =
  "\(prefix).{umockdev,ioctl,script}: \(events.count) events in \(script.blockCount) blocks"
if script.shift != 0 {
  summary +=
    "; times shifted by +\(script.shift / 1_000_000) s (no block may begin in a second ≡ 32"
    + " mod 256)"
}
if script.mergedFrames > 0 {
  summary += "; \(script.mergedFrames) frames sent with the previous one"
}
FileHandle.standardError.write(Data((summary + "\n").utf8))
