import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// How a panel reports one touch lifting and another landing inside one evdev frame.
enum Retouch: String, CaseIterable, Sendable {
  /// The slot gets `ABS_MT_TRACKING_ID -1`, then a new id.
  case releaseThenNewID
  /// The slot gets a new id with no -1 in between (the kernel's replacement).
  case replacement
  /// A new slot begins while the old one is released.
  case otherSlot
}

/// A protocol-B panel of 0…1000 units at 10 units/mm (100 × 100 mm), for kernel-level tests.
let retouchDevice: DeviceDescription = {
  let axis = AbsInfo(minimum: 0, maximum: 1000, resolution: 10)
  let axes: [UInt16: AbsInfo] = [
    AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
    AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
    AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis,
  ]
  return DeviceDescription(
    name: "retouch panel", properties: [InputProperty.direct],
    supportedCodes: [EventType.abs: Set(axes.keys)], absoluteAxes: axes)
}()

/// Kernel events for: fingers in slots 0… following `paths` (one position per frame, every
/// 16 ms from 0), then, in the frame after the last position, every finger lifts and a new
/// finger lands at `next` as `pattern` says; the new finger lifts 64 ms later.
func retouchEvents(
  paths: [[MillimeterPoint]], next: MillimeterPoint, pattern: Retouch
) -> [InputEvent] {
  var events: [InputEvent] = []
  var time: Microseconds = 0
  func emit(_ code: UInt16, _ value: Int32) {
    events.append(InputEvent(time: time, type: EventType.abs, code: code, value: value))
  }
  func report() {
    events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
    time += 16_000
  }
  func position(_ p: MillimeterPoint) {
    emit(AbsCode.mtPositionX, Int32((p.x * 10).rounded()))
    emit(AbsCode.mtPositionY, Int32((p.y * 10).rounded()))
  }
  let frames = paths.map(\.count).max() ?? 0
  for frame in 0..<frames {
    for (slot, path) in paths.enumerated() {
      emit(AbsCode.mtSlot, Int32(slot))
      if frame == 0 { emit(AbsCode.mtTrackingID, Int32(slot + 1)) }
      position(path[min(frame, path.count - 1)])
    }
    report()
  }
  for slot in paths.indices.reversed() {
    emit(AbsCode.mtSlot, Int32(slot))
    if slot == 0 && pattern != .otherSlot {
      if pattern == .releaseThenNewID { emit(AbsCode.mtTrackingID, -1) }
      emit(AbsCode.mtTrackingID, 100)
      position(next)
    } else {
      emit(AbsCode.mtTrackingID, -1)
    }
  }
  if pattern == .otherSlot {
    emit(AbsCode.mtSlot, Int32(paths.count))
    emit(AbsCode.mtTrackingID, 100)
    position(next)
  }
  report()
  time += 48_000
  emit(AbsCode.mtSlot, pattern == .otherSlot ? Int32(paths.count) : 0)
  emit(AbsCode.mtTrackingID, -1)
  report()
  return events
}

/// A straight path from `a` to `b` in `frames` frames.
func line(_ a: MillimeterPoint, _ b: MillimeterPoint, frames: Int) -> [MillimeterPoint] {
  (0..<frames).map { i in
    let f = Double(i) / Double(max(frames - 1, 1))
    return MillimeterPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
  }
}

@Suite struct KernelRetouchTests {
  /// The gestures before the re-touch: the fingers' paths, the whole log with the new finger's
  /// tap (runs of one entry compacted), and the kind whose last action is where they lifted.
  static let gestures: [(String, [[MillimeterPoint]], [String], GestureKind)] = [
    ("tap", [line(p(20, 20), p(20, 20), frames: 4)], ["tap recognized…"], .tap),
    (
      "long press", [line(p(20, 20), p(20, 20), frames: 50)],
      ["long press began", "long press ended", "tap recognized"], .longPress
    ),
    (
      "pan", [line(p(20, 20), p(60, 20), frames: 50)],
      ["pan began", "pan changed…", "pan ended", "tap recognized"], .pan
    ),
    (
      "swipe", [line(p(20, 50), p(80, 50), frames: 10)],
      ["pan began", "swipe recognized", "pan changed…", "pan ended", "tap recognized"], .pan
    ),
    (
      "pinch", [line(p(40, 50), p(20, 50), frames: 25), line(p(60, 50), p(80, 50), frames: 25)],
      ["pinch began", "pinch changed…", "pinch ended", "tap recognized"], .pinch
    ),
  ]

  @Test(
    "each kernel pattern ends the gesture where its fingers lifted; the new finger taps",
    arguments: Retouch.allCases, gestures.indices)
  func retouch(pattern: Retouch, gesture: Int) {
    let (name, paths, expected, kind) = Self.gestures[gesture]
    let next = MillimeterPoint(x: 70, y: 90)
    let decoder = TouchDecoder(device: retouchDevice)
    var frames: [TouchFrame] = []
    for event in retouchEvents(paths: paths, next: next, pattern: pattern) {
      if let frame = decoder.decode(event) { frames.append(frame) }
    }
    let engine = DefaultGestureSet().engine
    let checker = ContractChecker(engine)
    let recorder = GestureRecorder(engine)
    for frame in frames { engine.process(frame) }
    engine.flush(after: frames.last?.time ?? 0)
    #expect(compact(recorder.log) == expected, "\(name)")
    #expect(recorder.log.last == "tap recognized", "\(name)")
    #expect(recorder.events.last?.location == next, "\(name)")
    let lifted = paths.map { $0.last ?? next }
    let centroid = MillimeterPoint(
      x: lifted.map(\.x).reduce(0, +) / Double(lifted.count),
      y: lifted.map(\.y).reduce(0, +) / Double(lifted.count))
    let first = recorder.events.first {
      $0.kind == kind && ($0.state == .ended || $0.state == .recognized)
    }
    #expect(first.map { $0.location.distance(to: centroid) < 0.01 } == true, "\(name)")
    #expect(checker.finish().isEmpty, "\(name)")
  }
}

private func p(_ x: Double, _ y: Double) -> MillimeterPoint { MillimeterPoint(x: x, y: y) }
