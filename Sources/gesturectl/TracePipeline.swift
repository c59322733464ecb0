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

/// Events in, printed touches and gestures out: the decoder and recognizers of one device.
///
/// A class that owns the (noncopyable) decoder. As a noncopyable struct of this many fields it
/// was miscompiled in release builds by Swift 6.3.1: adding one more optional class field made
/// `replayFile` release a garbage pointer at its end (debug builds were fine), so the owner of
/// the decoder is an ordinary reference.
final class TracePipeline {
  /// Unchecked: as a class property, every event's `feed` paid a dynamic exclusivity check
  /// (swift_beginAccess/endAccess: 14 M of 130 M instructions replaying a 100 k-event trace,
  /// ≈ 11 % of the whole process). Only this class's own methods touch the decoder, and nothing
  /// they call (printers, the engine and its actions) can reach the pipeline.
  @exclusivity(unchecked) private var decoder: TouchDecoder
  private let settings: PipelineSettings
  private let console: Console
  private let path: String
  private let touchPrinter: TouchPrinter
  private let engine: GestureEngine?
  /// Explains why touches are left out of gestures (with `--explain` and gestures).
  private let exclusions: TouchExclusions?
  /// The time printed as zero.
  let origin = OriginBox()
  private var lastTime: Microseconds = 0
  /// The fingers already down when a live device was opened, fed before its first event.
  private var fingersDown: [InputEvent] = []

  /// Creates the pipeline for one recording or device.
  init(
    device: DeviceDescription, options: DecoderOptions, settings: PipelineSettings,
    console: Console, path: String, engine makeEngine: EngineFactory
  ) {
    decoder = TouchDecoder(device: device, options: options)
    self.settings = settings
    self.console = console
    self.path = path
    touchPrinter = TouchPrinter(
      out: console.out, json: settings.json, file: settings.labelFiles ? path : nil)
    engine = makeEngine(origin, decoder.geometry)
    exclusions =
      settings.explain && engine != nil
      ? TouchExclusions(
        out: settings.json ? console.err : console.out, palmTouchMajor: options.palmTouchMajor)
      : nil
  }

  /// Notes the fingers already down when a live device was opened: they are decoded before
  /// the first event, at its time, as touches whose start was not seen.
  func resume(fingersDown events: [InputEvent]) {
    fingersDown = events
  }

  /// The surface's geometry (size in mm) as the decoder sees it.
  var geometry: SurfaceGeometry { decoder.geometry }

  /// Feeds one event; `line` names its place in the file for warnings (0 when live).
  func handle(_ event: InputEvent, line: Int) {
    if origin.time == nil {
      origin.time = event.time
      if !fingersDown.isEmpty && decoder.feedState(fingersDown, at: event.time) {
        deliver(decoder.frame)
      }
    }
    lastTime = max(lastTime, event.time)
    // The decoder lends its frame: no reference-count round trip per frame.
    if decoder.feed(event) { deliver(decoder.frame) }
    if !decoder.warnings.isEmpty { reportWarnings(line: line) }
  }

  /// The engine's next deadline in event time, for the live loop's poll timeout.
  var nextDeadline: Microseconds? { engine?.nextDeadline }

  /// Fires every deadline up to `time` with no new frame (the live loop's poll timeout).
  func advance(to time: Microseconds) {
    engine?.advance(to: time)
    lastTime = max(lastTime, time)
  }

  /// Ends the input: lets pending deadlines pass (so a trailing tap or long press is reported),
  /// then cancels touches still down.
  func finish() {
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
  func stopAtInputError() {
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
  func cancelAll(at time: Microseconds) {
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
    exclusions?.explain(frame, origin: origin.time ?? frame.time)
    engine?.process(frame)
  }

  private func reportWarnings(line: Int) {
    for warning in decoder.takeWarnings() {
      let place = line > 0 ? "\(path):\(line)" : path
      console.warning("\(place): \(warning.message)")
    }
  }
}
