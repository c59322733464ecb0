import GesturePipeline
import GestureRecognition
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
  /// Text: print every `changed` event (and every carousel step), not only the readable trace.
  var everyFrame = false
  /// JSON: name the file in every object (`"file": …` first), as several files are replayed.
  var labelFiles = false

  /// Settings from the replay/live flags.
  init(arguments: ParsedArguments) {
    json = arguments.has("json")
    touches = arguments.has("touches")
    gestures = !arguments.has("no-gestures")
    explain = arguments.has("explain")
    everyFrame = arguments.has("every-frame")
  }
}

/// The time printed as zero: the first event's, shared with printing callbacks.
final class OriginBox {
  /// The first event's time, once it has arrived.
  var time: Microseconds?
}

/// What runs on the touch frames: the recognizers (an engine, possibly owned by the carousel
/// controller) and their printing, built once the pipeline knows its origin and surface.
typealias EngineFactory = (OriginBox, SurfaceGeometry) -> GestureEngine?

/// The default recognizer set, printing its gesture events with a `GesturePrinter` (`file`
/// names the recording in JSON objects when several are replayed).
func gesturePrintingEngine(settings: PipelineSettings, console: Console, file: String? = nil)
  -> EngineFactory
{
  { origin, geometry in
    guard settings.gestures else { return nil }
    let printer = GesturePrinter(out: console.out, settings: settings, file: file)
    let engine = GestureEngine.makeDefault(
      surface: geometry.bounds,
      onEvent: { event, recognizer in
        printer.print(event, of: recognizer, origin: origin.time ?? event.time)
      })
    attachExplain(to: engine, settings: settings, console: console, origin: origin)
    return engine
  }
}

/// Prints every recognizer state change when `--explain` was given: on standard output as
/// `# …` lines, or on standard error with `--json` so standard output stays JSON.
func attachExplain(
  to engine: GestureEngine, settings: PipelineSettings, console: Console, origin: OriginBox
) {
  guard settings.explain else { return }
  let target = settings.json ? console.err : console.out
  // `#` takes the place of the time's first padding space, so the times stay in one column.
  engine.explain = { entry in
    let text = entry.text(origin: origin.time ?? 0)
    target.line(text.hasPrefix(" ") ? "#" + text.dropFirst() : "# " + text)
  }
}

/// Events in, printed touches and gestures out: the library's `TouchPipeline` for one device,
/// with the command's printing (touches, `--explain`'s exclusions, decoder warnings).
final class TracePipeline {
  /// The decoder and recognizers, fed in order.
  let pipeline: TouchPipeline
  private let console: Console
  private let path: String
  /// The time printed as zero.
  let origin = OriginBox()

  /// Creates the pipeline for one recording or device.
  init(
    device: DeviceDescription, options: DecoderOptions, settings: PipelineSettings,
    console: Console, path: String, engine makeEngine: EngineFactory
  ) {
    self.console = console
    self.path = path
    let origin = origin
    pipeline = TouchPipeline(device: device, options: options) { makeEngine(origin, $0) }
    let touchPrinter =
      settings.touches
      ? TouchPrinter(
        out: console.out, json: settings.json, file: settings.labelFiles ? path : nil) : nil
    // Explains why touches are left out of gestures (with `--explain` and gestures).
    let exclusions =
      settings.explain && pipeline.engine != nil
      ? TouchExclusions(
        out: settings.json ? console.err : console.out, palmTouchMajor: options.palmTouchMajor)
      : nil
    let pipeline = pipeline
    // The engine reports nothing before the first frame, so the origin is set in time.
    pipeline.onFrame = { [weak pipeline] frame in
      if origin.time == nil { origin.time = pipeline?.firstEventTime }
      touchPrinter?.print(frame, origin: origin.time ?? frame.time)
      exclusions?.explain(frame, origin: origin.time ?? frame.time)
    }
  }

  /// Notes the fingers already down when a live device was opened.
  func resume(fingersDown events: [InputEvent]) {
    pipeline.resume(fingersDown: events)
  }

  /// The surface's geometry (size in mm) as the decoder sees it.
  var geometry: SurfaceGeometry { pipeline.geometry }

  /// Feeds one event; `line` names its place in the file for warnings (0 when live).
  func handle(_ event: InputEvent, line: Int) {
    pipeline.feed(event)
    if pipeline.hasWarnings { reportWarnings(pipeline.takeWarnings(), line: line) }
  }

  /// Replays a whole recording, then ends the input; on a bad line, cancels what is in flight
  /// at the last good event (`TouchPipeline.replay(_:warnings:)`) and throws.
  func replay(_ reader: any TraceReader) throws(TraceError) {
    defer { reportWarnings(pipeline.takeWarnings(), line: 0) }
    try pipeline.replay(reader) { warnings, line in self.reportWarnings(warnings, line: line) }
  }

  /// The engine's next deadline in event time, for the live loop's poll timeout.
  var nextDeadline: Microseconds? { pipeline.nextDeadline }

  /// Fires every deadline up to `time` with no new frame (the live loop's poll timeout).
  func advance(to time: Microseconds) { pipeline.advance(to: time) }

  /// Ends the input: lets pending deadlines pass, then cancels touches still down.
  func finish() {
    pipeline.finish()
    reportWarnings(pipeline.takeWarnings(), line: 0)
  }

  /// Writes the buffered standard output now (the live loop calls it before it waits).
  func flushOutput() { console.out.flush() }

  /// Cancels every touch and gesture in flight at `time` (device gone, interrupted), after the
  /// deadlines due by then; the touches' cancellation is printed but not processed
  /// (`TouchPipeline.cancelAll(at:)`).
  func cancelAll(at time: Microseconds) {
    pipeline.cancelAll(at: time)
    reportWarnings(pipeline.takeWarnings(), line: 0)
  }

  private func reportWarnings(_ warnings: [DecoderWarning], line: Int) {
    for warning in warnings {
      let place = line > 0 ? "\(path):\(line)" : path
      console.warning("\(place): \(warning.message)")
    }
  }
}
