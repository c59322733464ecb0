import TouchInput

/// Options shared by every subcommand that reads a recording.
let traceOptions: [OptionSpec] = [
  .value("device", "DESC", "Read the device description from DESC (for header-less files)."),
  .value("size", "WxH", "Surface size in mm when the device reports no resolution."),
  .value("rotate", "DEG", "Rotate the surface clockwise by 0, 90, 180 or 270 degrees."),
  .value("calibration", "MATRIX", "libinput calibration matrix: 6 numbers 'a b c d e f'."),
  .value("axes", "X,Y", "Position axes of a single-touch device, e.g. ABS_Z,ABS_RX."),
  .flag("lenient", "Skip malformed event lines with a warning instead of stopping."),
  .value(
    "device-index", "N", "Which device of a libinput recording with several devices (from 0)."),
]

/// Decoder options from the shared trace options.
func decoderOptions(from arguments: ParsedArguments) throws(UsageError) -> DecoderOptions {
  var options = DecoderOptions()
  if let size = arguments.value("size") {
    let parts = size.lowercased().split(separator: "x")
    guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
      width > 0, height > 0, width.isFinite, height.isFinite
    else {
      throw UsageError(message: "--size expects WIDTHxHEIGHT in mm, like 220x124, not '\(size)'")
    }
    options.surfaceSize = (width, height)
  }
  if let rotate = arguments.value("rotate") {
    guard let degrees = Int(rotate), let rotation = ScreenRotation(rawValue: degrees) else {
      throw UsageError(message: "--rotate expects 0, 90, 180 or 270, not '\(rotate)'")
    }
    options.rotation = rotation
  }
  if let matrix = arguments.value("calibration") {
    let numbers = matrix.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap {
      Double($0)
    }
    guard numbers.count == 6 || (numbers.count == 9 && numbers[6...] == [0, 0, 1]) else {
      throw UsageError(
        message: "--calibration expects 6 numbers 'a b c d e f' (or 9 ending in 0 0 1)")
    }
    options.calibration = Array(numbers.prefix(6))
  }
  if let axes = arguments.value("axes") {
    let names = axes.split(separator: ",").map(String.init)
    guard names.count == 2,
      let x = KernelNames.code(named: names[0], type: EventType.abs),
      let y = KernelNames.code(named: names[1], type: EventType.abs)
    else {
      throw UsageError(message: "--axes expects two ABS_* names like ABS_Z,ABS_RX, not '\(axes)'")
    }
    options.axisMapping = (x, y)
  }
  return options
}

/// Opens a recording, evemu or libinput YAML (told apart by content), with the shared options;
/// says on `console` which device of a libinput recording with several devices is read.
func openTrace(_ path: String, arguments: ParsedArguments, console: Console) throws
  -> any TraceReader
{
  var index: Int?
  if let text = arguments.value("device-index") {
    guard let number = Int(text), number >= 0 else {
      throw UsageError(message: "--device-index expects a device number from 0, not '\(text)'")
    }
    index = number
  }
  let reader = try openRecording(
    path: path, descriptionPath: arguments.value("device"), deviceIndex: index,
    lenient: arguments.has("lenient"))
  if let choice = (reader as? LibinputRecordReader)?.choice {
    console.warning("\(path): \(choice)")
  }
  return reader
}
