import TextOutput
import TouchInput

/// `gesturectl info FILE…`: what a recording's device is and how long the recording runs.
let infoCommand = Command(
  name: "info",
  summary: "Describe the device and contents of recordings.",
  usage: "info [OPTIONS] FILE…",
  discussion: """
    Prints the device name, ids, multi-touch protocol, slot count, surface size in mm (and
    whether the resolution was reported or guessed), the number of events and the duration.
    With --json, one JSON object per file instead (keys in the README).
    """,
  options: [.flag("json", "Write one JSON object per file instead of text.")] + traceOptions,
  run: { arguments, console in
    guard !arguments.positionals.isEmpty else { throw UsageError(message: "no FILE given") }
    let options = try decoderOptions(from: arguments)
    for path in arguments.positionals {
      var reader = try openTrace(path, arguments: arguments, console: console)
      var batch = EventBatch()
      var span = EventSpan()
      while try reader.read(into: &batch) {
        for index in batch.events.indices {
          span.add(batch.events[index].time, line: Int(batch.lines[index]))
        }
      }
      for warning in reader.warnings { console.warning(warning.description) }
      if let back = span.firstStepBack {
        console.warning(
          "\(path):\(back.line): timestamps go backwards (\(seconds(back.time)) after "
            + "\(seconds(back.after))); the duration runs from the first event to the latest")
      }
      if arguments.has("json") {
        console.out.line(
          describeJSON(
            reader.device, options: options, path: path, events: span.count,
            duration: span.duration))
        continue
      }
      console.out.line(describe(reader.device, options: options, path: path))
      console.out.line("events:     \(span.count)")
      console.out.line("duration:   \(fixed(Double(span.duration) / 1e6, places: 6)) s")
    }
    return ExitStatus.ok
  }
)

/// How many events a recording holds and the time they span, noting where time first steps
/// back.
struct EventSpan {
  /// The number of events.
  var count = 0
  /// The first event's time.
  var first: Microseconds?
  /// The latest time seen.
  var latest = Microseconds.min
  /// Where a timestamp first came before an earlier event's.
  var firstStepBack: (line: Int, time: Microseconds, after: Microseconds)?

  /// Counts an event at `time` from line `line`.
  mutating func add(_ time: Microseconds, line: Int) {
    count += 1
    if first == nil { first = time }
    if time < latest && firstStepBack == nil { firstStepBack = (line, time, latest) }
    latest = max(latest, time)
  }

  /// From the first event to the latest, never negative (0 without events).
  var duration: Microseconds {
    guard let first else { return 0 }
    return latest - first
  }
}

/// The device summary lines shared by `info` and `devices`.
func describe(_ device: DeviceDescription, options: DecoderOptions, path: String) -> String {
  let geometry = SurfaceGeometry(device: device, options: options)
  let hex = { (value: UInt16) -> String in
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
  var lines = [
    "file:       \(path.escapingControlCharacters)",
    "name:       \(device.name.escapingControlCharacters)",
    "id:         bus \(hex(device.bus)) vendor \(hex(device.vendor)) product \(hex(device.product))"
      + " version \(hex(device.version))",
    "touch:      \(device.isTouchDevice ? (device.isDirect ? "touchscreen" : "touchpad") : "no")",
    "protocol:   \(device.touchProtocol.rawValue)",
    "slots:      \(device.slotCount)"
      + (device.slotCount > TouchDecoder.maximumSlots
        ? " (only the first \(TouchDecoder.maximumSlots) are decoded)" : ""),
    "size:       \(fixed(geometry.width, places: 1)) x \(fixed(geometry.height, places: 1)) mm"
      + (geometry.resolutionIsGuessed ? " (resolution guessed)" : " (resolution reported)"),
  ]
  let properties = device.properties.sorted().map { KernelNames.propertyName($0) }
  lines.append("properties: " + (properties.isEmpty ? "none" : properties.joined(separator: " ")))
  return lines.joined(separator: "\n")
}

/// `info --json`: one JSON object with the keys the README lists, in this order: `file`, `name`,
/// `bus`, `vendor`, `product`, `version` (integers), `touch` (`touchscreen`, `touchpad` or
/// `none`), `protocol`, `slots`, `width` and `height` (mm), `resolution` (`reported` or
/// `guessed`), `properties` (names), `events`, `duration` (s).
func describeJSON(
  _ device: DeviceDescription, options: DecoderOptions, path: String, events: Int,
  duration: Microseconds
) -> String {
  let geometry = SurfaceGeometry(device: device, options: options)
  let touch = device.isTouchDevice ? (device.isDirect ? "touchscreen" : "touchpad") : "none"
  let properties = device.properties.sorted().map { jsonString(KernelNames.propertyName($0)) }
  var out = "{\"file\": " + jsonString(path) + ", \"name\": " + jsonString(device.name)
  out += ", \"bus\": \(device.bus), \"vendor\": \(device.vendor)"
  out += ", \"product\": \(device.product), \"version\": \(device.version)"
  out += ", \"touch\": \"\(touch)\", \"protocol\": " + jsonString(device.touchProtocol.rawValue)
  out += ", \"slots\": \(device.slotCount)"
  out += ", \"width\": " + fixed(geometry.width, places: 2)
  out += ", \"height\": " + fixed(geometry.height, places: 2)
  out += ", \"resolution\": \"" + (geometry.resolutionIsGuessed ? "guessed" : "reported") + "\""
  out += ", \"properties\": [" + properties.joined(separator: ", ") + "]"
  out += ", \"events\": \(events), \"duration\": " + seconds(duration) + "}"
  return out
}
