import GesturePipeline
import GestureRecognition
import TouchInput

/// `gesturectl plot FILE -o OUT.svg`: a picture of a recording.
let plotCommand = Command(
  name: "plot",
  summary: "Draw a recording's finger paths as SVG, coloured by gesture.",
  usage: "plot [OPTIONS] FILE -o OUT.svg",
  discussion: """
    Draws the surface to scale in millimetres, each finger's path as a polyline coloured by
    the first gesture it took part in (grey when none), start (circle) and end (square)
    markers, a tick every 100 ms along each path with the time written at every second, and a
    legend listing the recognized gestures in order. A touch takes part in a gesture that
    begins or is recognized while it is down or within 0.5 s after it lifted (a tap is
    recognized after its double-tap interval).

    The whole picture is kept in memory until it is written, so plot reads at most the first
    \(plotDefaultMaxEvents) events (--max-events N) and says where it stopped: memory stays
    bounded (about 140 MB at the default) whatever the recording's length. Cut a long recording
    to plot a later part of it. FILE may be - for standard input.
    """,
  options: [
    .value("output", short: "o", "OUT.svg", "Where to write the SVG (required)."),
    .value(
      "max-events", "N",
      "Draw at most the first N events (default \(plotDefaultMaxEvents)); memory grows with N."),
  ]
    + traceOptions,
  run: { arguments, console in
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(message: "give exactly one FILE")
    }
    guard let output = arguments.value("output") else {
      throw UsageError(message: "no output file given; use -o OUT.svg")
    }
    let maxEvents = try plotMaxEvents(arguments)
    let options = try decoderOptions(from: arguments)
    var reader = try openTrace(path, arguments: arguments, console: console)
    if let error = touchCapabilityError(reader.device, options: options, path: path) {
      throw error
    }
    let recording = TraceRecording(device: reader.device, options: options)
    var batch = EventBatch()
    var eventCount = 0
    var stoppedAt: Int32?
    reading: while try reader.read(into: &batch) {
      for (event, line) in zip(batch.events, batch.lines) {
        guard eventCount < maxEvents else {
          stoppedAt = line
          break reading
        }
        eventCount += 1
        recording.handle(event)
      }
    }
    guard eventCount > 0 else { throw noEventsError(reader.device, path: path) }
    recording.finish()
    for warning in reader.warnings.map(\.description) + recording.warnings(path: path) {
      console.warning(warning)
    }
    if let stoppedAt {
      console.warning(
        "\(path):\(stoppedAt): drew the first \(maxEvents) events and stopped here, to bound "
          + "memory; the rest is not drawn (raise --max-events, or cut the recording)")
    }
    let svg = SVGPlot(recording: recording, title: path).render()
    try writeFileAtomically(svg, to: output)
    return ExitStatus.ok
  }
)

/// The most events `plot` reads unless `--max-events` says otherwise: about 140 MB of memory
/// (measured: 69 MB peak for the 1 M-event `synth-trace stress` recording, release build), so
/// that trace is drawn whole.
let plotDefaultMaxEvents = 2_000_000

/// The `--max-events` value, a positive number.
func plotMaxEvents(_ arguments: ParsedArguments) throws -> Int {
  guard let text = arguments.value("max-events") else { return plotDefaultMaxEvents }
  guard let number = Int(text), number > 0 else {
    throw UsageError(message: "--max-events expects a positive number of events, not '\(text)'")
  }
  return number
}

/// A whole recording kept in memory for drawing: touch paths and gesture events, from the
/// one `TouchPipeline` every command uses (its `onFrame` gives the touches).
final class TraceRecording {
  /// One finger's life.
  struct Path {
    var id: TouchID
    var points: [(time: Microseconds, location: MillimeterPoint)] = []
    var cancelled = false
  }

  private let pipeline: TouchPipeline
  private(set) var paths: [TouchID: Path] = [:]
  private(set) var order: [TouchID] = []
  private(set) var gestures: [GestureEvent] = []
  private var decoderWarnings: [DecoderWarning] = []

  /// The first event's time.
  var origin: Microseconds? { pipeline.firstEventTime }

  init(device: DeviceDescription, options: DecoderOptions) {
    let gestures = GestureSink()
    pipeline = TouchPipeline(device: device, options: options) { geometry in
      GestureEngine.makeDefault(
        surface: geometry.bounds, onEvent: { event, _ in gestures.events.append(event) })
    }
    sink = gestures
    pipeline.onFrame = { [unowned self] frame in take(frame) }
  }

  /// Collects gesture events from the engine's callback.
  private final class GestureSink {
    var events: [GestureEvent] = []
  }
  private let sink: GestureSink

  /// The surface size in mm.
  var size: (width: Millimeters, height: Millimeters) {
    (pipeline.geometry.width, pipeline.geometry.height)
  }

  func handle(_ event: InputEvent) {
    pipeline.feed(event)
    decoderWarnings += pipeline.takeWarnings()
  }

  func finish() {
    pipeline.finish()
    decoderWarnings += pipeline.takeWarnings()
    gestures = sink.events
  }

  func warnings(path: String) -> [String] {
    decoderWarnings.map { "\(path): \($0.message)" }
  }

  private func take(_ frame: TouchFrame) {
    // The end of the input's cancellation is drawn where the last event left the touches
    // (the pipeline hands it to the engine after the trailing timers).
    let time = min(frame.time, pipeline.lastTime)
    for touch in frame.touches where touch.phase != .stationary {
      if paths[touch.id] == nil {
        paths[touch.id] = Path(id: touch.id)
        order.append(touch.id)
      }
      paths[touch.id]?.points.append((time, touch.location))
      if touch.phase == .cancelled { paths[touch.id]?.cancelled = true }
    }
  }
}
