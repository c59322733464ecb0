import TouchInput

/// What the user asked the pipeline to print.
struct PipelineSettings {
  /// JSON Lines instead of text.
  var json = false
  /// Print touch changes.
  var touches = false
  /// Run the recognizers and print gestures.
  var gestures = true
  /// Print recognizer state changes.
  var explain = false

  /// Settings from the replay/live flags.
  init(arguments: ParsedArguments) {
    json = arguments.has("json")
    touches = arguments.has("touches")
    gestures = !arguments.has("no-gestures")
    explain = arguments.has("explain")
  }
}

/// Events in, printed touches and gestures out: the decoder and recognizers of one device.
struct TracePipeline {
  private var decoder: TouchDecoder
  private let settings: PipelineSettings
  private let console: Console
  private let path: String
  private let touchPrinter: TouchPrinter
  private var origin: Microseconds?
  private var lastTime: Microseconds = 0

  /// Creates the pipeline for one recording or device.
  init(
    device: DeviceDescription, options: DecoderOptions, settings: PipelineSettings,
    console: Console, path: String
  ) {
    decoder = TouchDecoder(device: device, options: options)
    self.settings = settings
    self.console = console
    self.path = path
    touchPrinter = TouchPrinter(out: console.out, json: settings.json)
  }

  /// Feeds one event; `line` names its place in the file for warnings (0 when live).
  mutating func handle(_ event: InputEvent, line: Int) {
    if origin == nil { origin = event.time }
    lastTime = max(lastTime, event.time)
    if let frame = decoder.decode(event) {
      deliver(frame)
    }
    if !decoder.warnings.isEmpty { reportWarnings(line: line) }
  }

  /// Ends the input: flushes pending deadlines and cancels touches still down.
  mutating func finish() {
    if let frame = decoder.finish() { deliver(frame) }
    reportWarnings(line: 0)
  }

  private mutating func deliver(_ frame: TouchFrame) {
    if settings.touches { touchPrinter.print(frame, origin: origin ?? frame.time) }
  }

  private mutating func reportWarnings(line: Int) {
    for warning in decoder.takeWarnings() {
      let place = line > 0 ? "\(path):\(line)" : path
      console.warning("\(place): \(warning.message)")
    }
  }
}
