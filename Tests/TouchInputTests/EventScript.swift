import GestureTestSupport
import Testing
import TextOutput
import TouchInput

/// Builds an event list the way a device sends it: `s.slot(0); s.x(100); s.syn(at: 1000)`.
///
/// Events inside a frame carry the previous report's time unless `time` is set; `syn(at:)`
/// stamps the report and moves the clock.
struct EventScript {
  /// The events so far.
  private(set) var events: [InputEvent] = []
  /// The time stamped on the next non-report event, in microseconds.
  var time: Microseconds = 0

  mutating func event(_ type: UInt16, _ code: UInt16, _ value: Int32) {
    events.append(InputEvent(time: time, type: type, code: code, value: value))
  }
  mutating func abs(_ code: UInt16, _ value: Int32) { event(EventType.abs, code, value) }
  mutating func key(_ code: UInt16, _ value: Int32) { event(EventType.key, code, value) }
  mutating func slot(_ value: Int32) { abs(AbsCode.mtSlot, value) }
  mutating func trackingID(_ value: Int32) { abs(AbsCode.mtTrackingID, value) }
  mutating func x(_ value: Int32) { abs(AbsCode.mtPositionX, value) }
  mutating func y(_ value: Int32) { abs(AbsCode.mtPositionY, value) }
  mutating func pressure(_ value: Int32) { abs(AbsCode.mtPressure, value) }
  mutating func btnTouch(_ value: Int32) { key(KeyCode.btnTouch, value) }
  mutating func mscTimestamp(_ value: Int32) { event(EventType.msc, MscCode.timestamp, value) }
  mutating func mtReport() { event(EventType.syn, SynCode.mtReport, 0) }
  mutating func dropped() { event(EventType.syn, SynCode.dropped, 0) }
  mutating func syn(at reportTime: Microseconds) {
    events.append(InputEvent(time: reportTime, type: EventType.syn, code: SynCode.report, value: 0))
    time = reportTime
  }
  /// One protocol-A contact: X, Y, `SYN_MT_REPORT`.
  mutating func contact(_ xValue: Int32, _ yValue: Int32) {
    x(xValue)
    y(yValue)
    mtReport()
  }
}

/// The events built by `build`.
func script(_ build: (inout EventScript) -> Void) -> [InputEvent] {
  var builder = EventScript()
  build(&builder)
  return builder.events
}

/// What decoding a script produced.
struct Decoded {
  /// Every frame, including the one `finish()` returned.
  var frames: [TouchFrame]
  /// Every warning, in order.
  var warnings: [DecoderWarning]
  /// The frames as compact lines (see `line(_:)`).
  var lines: [String] { frames.map(line) }
  /// The warning messages.
  var messages: [String] { warnings.map(\.message) }
}

/// Decodes `events` (then `finish()` unless told not to) and checks the touch invariants.
func decode(
  _ events: [InputEvent], device: DeviceDescription, options: DecoderOptions = DecoderOptions(),
  finish: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) -> Decoded {
  let decoder = TouchDecoder(device: device, options: options)
  var frames: [TouchFrame] = []
  for event in events {
    if let frame = decoder.decode(event) { frames.append(frame) }
  }
  if finish, let frame = decoder.finish() { frames.append(frame) }
  let violations = touchInvariantViolations(in: frames, requireAllEnded: finish)
  #expect(violations == [], sourceLocation: sourceLocation)
  return Decoded(frames: frames, warnings: decoder.takeWarnings())
}

/// A frame as `1000: 1 began 10.0,20.0; 2 moved 30.0,40.0` (time in µs, positions in mm).
func line(_ frame: TouchFrame) -> String {
  let touches = frame.touches.map { touch in
    "\(touch.id) \(touch.phase) " + fixed(touch.location.x, places: 1) + ","
      + fixed(touch.location.y, places: 1)
  }
  return "\(frame.time): " + touches.joined(separator: "; ")
}

/// Device descriptions for tests: 0…1000 units at 10 units/mm, a 100 × 100 mm surface.
enum TestDevice {
  static let axis = AbsInfo(minimum: 0, maximum: 1000, resolution: 10)

  /// A protocol-B touchscreen with `slots` slots.
  static func protocolB(
    slots: Int32 = 10, keys: Set<UInt16>? = [KeyCode.btnTouch],
    properties: Set<UInt16> = [InputProperty.direct], extraAxes: [UInt16: AbsInfo] = [:]
  ) -> DeviceDescription {
    var axes: [UInt16: AbsInfo] = [
      AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: slots - 1),
      AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
      AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis,
    ]
    axes.merge(extraAxes) { _, new in new }
    var codes: [UInt16: Set<UInt16>] = [EventType.abs: Set(axes.keys)]
    if let keys { codes[EventType.key] = keys }
    return DeviceDescription(
      name: "test MT-B", properties: properties, supportedCodes: codes, absoluteAxes: axes)
  }

  /// A protocol-A touchscreen (no slots) with BTN_TOUCH.
  static func protocolA(
    xAxis: AbsInfo = axis, yAxis: AbsInfo = axis, extraAxes: [UInt16: AbsInfo] = [:],
    keys: Set<UInt16> = [KeyCode.btnTouch]
  ) -> DeviceDescription {
    var axes: [UInt16: AbsInfo] = [AbsCode.mtPositionX: xAxis, AbsCode.mtPositionY: yAxis]
    axes.merge(extraAxes) { _, new in new }
    return DeviceDescription(
      name: "test MT-A", supportedCodes: [EventType.abs: Set(axes.keys), EventType.key: keys],
      absoluteAxes: axes)
  }

  /// A single-touch screen with ABS_X/ABS_Y, the given keys and extra axes.
  static func singleTouch(
    keys: Set<UInt16> = [KeyCode.btnTouch], xAxis: AbsInfo = axis, yAxis: AbsInfo = axis,
    extraAxes: [UInt16: AbsInfo] = [:]
  ) -> DeviceDescription {
    var axes: [UInt16: AbsInfo] = [AbsCode.x: xAxis, AbsCode.y: yAxis]
    axes.merge(extraAxes) { _, new in new }
    return DeviceDescription(
      name: "test single-touch",
      supportedCodes: [EventType.abs: Set(axes.keys), EventType.key: keys], absoluteAxes: axes)
  }
}
