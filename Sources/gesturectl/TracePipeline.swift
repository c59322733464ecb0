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

  /// Settings from the replay/live flags.
  init(arguments: ParsedArguments) {
    json = arguments.has("json")
    touches = arguments.has("touches")
    gestures = !arguments.has("no-gestures")
    explain = arguments.has("explain")
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

/// The default recognizer set, printing each gesture event as text or JSON Lines.
func gesturePrintingEngine(settings: PipelineSettings, console: Console) -> EngineFactory {
  { origin, _ in
    guard settings.gestures else { return nil }
    let out = console.out
    let json = settings.json
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      let zero = origin.time ?? event.time
      if json {
        event.writeJSON(origin: zero, to: out)
      } else {
        event.writeText(origin: zero, to: out)
      }
      out.endLine()
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
  engine.explain = { entry in target.line("# " + entry.text(origin: origin.time ?? 0)) }
}

/// Events in, printed touches and gestures out: the decoder and recognizers of one device (not
/// copyable, as the decoder it owns is not).
struct TracePipeline: ~Copyable {
  private var decoder: TouchDecoder
  private let settings: PipelineSettings
  private let console: Console
  private let path: String
  private let touchPrinter: TouchPrinter
  private let engine: GestureEngine?
  /// The time printed as zero.
  let origin = OriginBox()
  private var lastTime: Microseconds = 0

  /// Creates the pipeline for one recording or device.
  init(
    device: DeviceDescription, options: DecoderOptions, settings: PipelineSettings,
    console: Console, path: String, engine makeEngine: EngineFactory
  ) {
    decoder = TouchDecoder(device: device, options: options)
    self.settings = settings
    self.console = console
    self.path = path
    touchPrinter = TouchPrinter(out: console.out, json: settings.json)
    engine = makeEngine(origin, decoder.geometry)
  }

  /// The surface's geometry (size in mm) as the decoder sees it.
  var geometry: SurfaceGeometry { decoder.geometry }

  /// Feeds one event; `line` names its place in the file for warnings (0 when live).
  mutating func handle(_ event: InputEvent, line: Int) {
    if origin.time == nil { origin.time = event.time }
    lastTime = max(lastTime, event.time)
    // The decoder lends its frame: no reference-count round trip per frame.
    if decoder.feed(event) { deliver(decoder.frame) }
    if !decoder.warnings.isEmpty { reportWarnings(line: line) }
  }

  /// The engine's next deadline in event time, for the live loop's poll timeout.
  var nextDeadline: Microseconds? { engine?.nextDeadline }

  /// Fires every deadline up to `time` with no new frame (the live loop's poll timeout).
  mutating func advance(to time: Microseconds) {
    engine?.advance(to: time)
    lastTime = max(lastTime, time)
  }

  /// Ends the input: lets pending deadlines pass (so a trailing tap or long press is reported),
  /// then cancels touches still down.
  mutating func finish() {
    if let engine {
      let flushTime = lastTime + engine.longestTimeout
      engine.flush(after: lastTime)
      if var frame = decoder.finish() {
        frame.time = max(frame.time, flushTime)
        deliver(frame)
      }
    } else if let frame = decoder.finish() {
      deliver(frame)
    }
    reportWarnings(line: 0)
  }

  /// Stops at an input error (a bad line, a failed read): fires only the deadlines due by the
  /// last good event, then cancels every touch and gesture still in flight at that event's
  /// time. No end-of-input flush runs, so no timer fires after the input that was read: a
  /// finger still down at the error is not reported as a long press, and a tap still waiting
  /// for its double-tap interval is dropped, as the input cannot tell whether a second tap
  /// followed. What was recognized before the error has already been printed.
  mutating func stopAtInputError() {
    cancelAll(at: lastTime)
  }

  /// Writes the buffered standard output now (the live loop calls it before it waits).
  func flushOutput() { console.out.flush() }

  /// Cancels every touch and gesture in flight at `time` (device gone, interrupted, input
  /// error), after the deadlines due by then.
  ///
  /// The engine cancels and fails everything at once and never sees the touches' cancellation
  /// as a frame: a cancelled touch would fail a recognizer that others wait for (a triple tap)
  /// and so release the one held behind it (a double tap), inventing a gesture.
  mutating func cancelAll(at time: Microseconds) {
    let time = max(time, lastTime)
    engine?.advance(to: time)
    if let frame = decoder.cancelAll(at: time), settings.touches {
      touchPrinter.print(frame, origin: origin.time ?? frame.time)
    }
    engine?.cancelAll(at: time)
    reportWarnings(line: 0)
  }

  private func deliver(_ frame: TouchFrame) {
    // Deadlines that passed before this frame fire first, so output stays in time order.
    engine?.advance(to: frame.time)
    if settings.touches { touchPrinter.print(frame, origin: origin.time ?? frame.time) }
    engine?.process(frame)
  }

  private mutating func reportWarnings(line: Int) {
    for warning in decoder.takeWarnings() {
      let place = line > 0 ? "\(path):\(line)" : path
      console.warning("\(place): \(warning.message)")
    }
  }
}
