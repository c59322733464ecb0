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
    var recording = TraceRecording(device: reader.device, options: options)
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

/// A whole recording kept in memory for drawing: touch paths and gesture events.
struct TraceRecording: ~Copyable {
  /// One finger's life.
  struct Path {
    var id: TouchID
    var points: [(time: Microseconds, location: MillimeterPoint)] = []
    var cancelled = false
  }

  private(set) var decoder: TouchDecoder
  private(set) var paths: [TouchID: Path] = [:]
  private(set) var order: [TouchID] = []
  private(set) var gestures: [GestureEvent] = []
  private(set) var origin: Microseconds?
  private var decoderWarnings: [DecoderWarning] = []
  private let engine: GestureEngine
  private let sink: GestureSink

  /// Collects gesture events from the engine's callback.
  final class GestureSink {
    var events: [GestureEvent] = []
  }

  init(device: DeviceDescription, options: DecoderOptions) {
    decoder = TouchDecoder(device: device, options: options)
    let sink = GestureSink()
    self.sink = sink
    engine = GestureEngine.makeDefault(
      surface: decoder.geometry.bounds, onEvent: { event, _ in sink.events.append(event) })
  }

  /// The surface size in mm.
  var size: (width: Millimeters, height: Millimeters) {
    (decoder.geometry.width, decoder.geometry.height)
  }

  mutating func handle(_ event: InputEvent) {
    if origin == nil { origin = event.time }
    if let frame = decoder.decode(event) { take(frame) }
    decoderWarnings += decoder.takeWarnings()
  }

  mutating func finish() {
    if let frame = decoder.finish() { take(frame) }
    if let last = paths.values.compactMap({ $0.points.last?.time }).max() {
      engine.flush(after: last)
    }
    decoderWarnings += decoder.takeWarnings()
    gestures = sink.events
  }

  func warnings(path: String) -> [String] {
    decoderWarnings.map { "\(path): \($0.message)" }
  }

  private mutating func take(_ frame: TouchFrame) {
    engine.process(frame)
    for touch in frame.touches where touch.phase != .stationary {
      if paths[touch.id] == nil {
        paths[touch.id] = Path(id: touch.id)
        order.append(touch.id)
      }
      paths[touch.id]?.points.append((frame.time, touch.location))
      if touch.phase == .cancelled { paths[touch.id]?.cancelled = true }
    }
  }
}
