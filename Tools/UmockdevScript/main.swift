// umockdev-script: turns a recording (evemu, or libinput record YAML) into the .umockdev +
// .ioctl + .script triple that `umockdev-run -d P.umockdev -i NODE=P.ioctl -s NODE=P.script`
// needs to emulate the device.

import Foundation
import TouchInput

let usage = """
  usage: umockdev-script RECORDING [--device DESC] -o PREFIX [--node /dev/input/event5]
                         [--speed FACTOR] [--min-delay-ms MS] [--start-delay-ms START]
                         [--real-time]
         umockdev-script --keyboard -o PREFIX [--node /dev/input/event5]

  Writes PREFIX.umockdev (udev view), PREFIX.ioctl (EVIOCG* replies) and PREFIX.script (the
  events, one block per frame, paced by the recording's gaps / FACTOR, at least MS apart,
  the first block START ms after the node is opened; default: FACTOR 1, MS 1, START 250).
  --real-time is FACTOR 1. --keyboard writes a keyboard instead.
  """

struct Options {
  var recording: String?
  var description: String?
  var prefix: String?
  var node = "/dev/input/event5"
  var pacing = Pacing()
  var keyboard = false
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
    var reader = try openRecording(path: recording, descriptionPath: options.description)
    device = reader.device
    var batch = EventBatch()
    while try reader.read(into: &batch) { events += batch.events }
  } catch {
    fail("\(error)")
  }
}
let script = UmockdevScript(events: events, pacing: options.pacing)
write(Array(UmockdevDevice.text(for: device, node: options.node).utf8), to: prefix + ".umockdev")
write(Array(UmockdevIoctl.text(for: device, node: options.node).utf8), to: prefix + ".ioctl")
write(script.bytes, to: prefix + ".script")
var summary =
  "\(prefix).{umockdev,ioctl,script}: \(events.count) events in \(script.blockCount) blocks"
if script.shift != 0 {
  summary += "; times shifted by +1 s (the first frame began at a second ≡ 32 mod 256)"
}
if script.mergedFrames > 0 {
  summary += "; \(script.mergedFrames) frames sent with the previous one"
}
FileHandle.standardError.write(Data((summary + "\n").utf8))
