import TouchInput

/// `gesturectl info FILE…`: what a recording's device is and how long the recording runs.
let infoCommand = Command(
  name: "info",
  summary: "Describe the device and contents of recordings.",
  usage: "info [OPTIONS] FILE…",
  discussion: """
    Prints the device name, ids, multi-touch protocol, slot count, surface size in mm (and
    whether the resolution was reported or guessed), the number of events and the duration.
    """,
  options: traceOptions,
  run: { arguments, console in
    guard !arguments.positionals.isEmpty else { throw UsageError(message: "no FILE given") }
    let options = try decoderOptions(from: arguments)
    for path in arguments.positionals {
      var reader = try openTrace(path, arguments: arguments, console: console)
      var batch = EventBatch()
      var count = 0
      var first: Microseconds?
      var last: Microseconds = 0
      while try reader.read(into: &batch) {
        if first == nil { first = batch.events.first?.time }
        count += batch.events.count
        last = batch.events.last?.time ?? last
      }
      for warning in reader.warnings { console.warning(warning.description) }
      console.out.line(describe(reader.device, options: options, path: path))
      console.out.line("events:     \(count)")
      console.out.line("duration:   \(fixed(Double(last - (first ?? last)) / 1e6, places: 6)) s")
    }
    return ExitStatus.ok
  }
)

/// The device summary lines shared by `info` and `devices`.
func describe(_ device: DeviceDescription, options: DecoderOptions, path: String) -> String {
  let geometry = SurfaceGeometry(device: device, options: options)
  let hex = { (value: UInt16) -> String in
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
  var lines = [
    "file:       \(path)",
    "name:       \(device.name)",
    "id:         bus \(hex(device.bus)) vendor \(hex(device.vendor)) product \(hex(device.product))"
      + " version \(hex(device.version))",
    "touch:      \(device.isTouchDevice ? (device.isDirect ? "touchscreen" : "touchpad") : "no")",
    "protocol:   \(device.touchProtocol.rawValue)",
    "slots:      \(device.slotCount)",
    "size:       \(fixed(geometry.width, places: 1)) x \(fixed(geometry.height, places: 1)) mm"
      + (geometry.resolutionIsGuessed ? " (resolution guessed)" : " (resolution reported)"),
  ]
  let properties = device.properties.sorted().map { KernelNames.propertyName($0) }
  lines.append("properties: " + (properties.isEmpty ? "none" : properties.joined(separator: " ")))
  return lines.joined(separator: "\n")
}
