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
    """,
  options: [.value("output", short: "o", "OUT.svg", "Where to write the SVG (required).")]
    + traceOptions,
  run: { arguments, console in
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(message: "give exactly one FILE")
    }
    guard let output = arguments.value("output") else {
      throw UsageError(message: "no output file given; use -o OUT.svg")
    }
    let options = try decoderOptions(from: arguments)
    var reader = try openTrace(path, arguments: arguments, console: console)
    if let error = touchCapabilityError(reader.device, options: options, path: path) {
      throw error
    }
    let recording = TraceRecording(device: reader.device, options: options)
    var batch = EventBatch()
    var eventCount = 0
    while try reader.read(into: &batch) {
      eventCount += batch.events.count
      for event in batch.events { recording.handle(event) }
    }
    guard eventCount > 0 else { throw noEventsError(reader.device, path: path) }
    recording.finish()
    for warning in reader.warnings.map(\.description) + recording.warnings(path: path) {
      console.warning(warning)
    }
    let svg = SVGPlot(recording: recording, title: path).render()
    try writeFileAtomically(svg, to: output)
    return ExitStatus.ok
  }
)

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
