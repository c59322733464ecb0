import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

@Suite struct EngineTests {
  @Test("JSON Lines carry exactly the keys that apply, in order")
  func json() {
    let tap = GestureEvent(
      time: 1_234_567 + 500, kind: .tap, state: .recognized, touches: 2,
      location: MillimeterPoint(x: 12.3, y: 45.6), taps: 2)
    #expect(
      tap.json(origin: 500)
        == #"{"t": 1.234567, "gesture": "tap", "state": "recognized", "touches": 2, "#
        + #""x": 12.30, "y": 45.60, "taps": 2}"#
    )
    let swipe = GestureEvent(
      time: 2_000_000, kind: .swipe, state: .recognized, touches: 1,
      location: MillimeterPoint(x: 1, y: 2), direction: .upLeft,
      velocity: .planar(PlaneVector(dx: -310.24, dy: 4.06)))
    #expect(
      swipe.json(origin: 0)
        == #"{"t": 2.000000, "gesture": "swipe", "state": "recognized", "touches": 1, "#
        + #""x": 1.00, "y": 2.00, "direction": "upLeft", "velocity": [-310.2, 4.1]}"#
    )
    let pan = GestureEvent(
      time: 10, kind: .pan, state: .changed, touches: 3, location: MillimeterPoint(x: 0, y: 0),
      translation: PlaneVector(dx: 1.5, dy: -2.25), velocity: .planar(.zero))
    #expect(
      pan.json(origin: 0)
        == #"{"t": 0.000010, "gesture": "pan", "state": "changed", "touches": 3, "x": 0.00, "#
        + #""y": 0.00, "translation": [1.50, -2.25], "velocity": [0.0, 0.0]}"#
    )
    let pinch = GestureEvent(
      time: 0, kind: .pinch, state: .began, touches: 2, location: MillimeterPoint(x: 0, y: 0),
      velocity: .scalar(0.25), scale: 1.42)
    #expect(pinch.json(origin: 0).hasSuffix(#""velocity": 0.250, "scale": 1.420}"#))
    let rotation = GestureEvent(
      time: 0, kind: .rotation, state: .ended, touches: 2, location: MillimeterPoint(x: 0, y: 0),
      velocity: .scalar(-1), rotation: 0.52)
    #expect(rotation.json(origin: 0).hasSuffix(#""velocity": -1.000, "rotation": 0.520}"#))
  }

  @Test("text lines align the kind and state columns")
  func text() {
    let swipe = GestureEvent(
      time: 1_234_567, kind: .swipe, state: .recognized, touches: 1,
      location: MillimeterPoint(x: 12.3, y: 45.6), direction: .left,
      velocity: .planar(PlaneVector(dx: -310.2, dy: 4.1)))
    #expect(
      swipe.text(origin: 0)
        == "   1.234567  swipe       recognized  1 touch at (12.30, 45.60) direction=left "
        + "velocity=(-310.2, 4.1)"
    )
    let press = GestureEvent(
      time: 500_000, kind: .longPress, state: .began, touches: 1,
      location: MillimeterPoint(x: 1, y: 2))
    #expect(press.text(origin: 0) == "   0.500000  long press  began       1 touch at (1.00, 2.00)")
  }

  @Test("explain entries read as sentences with numbers")
  func explainText() {
    let entry = ExplainEntry(
      time: 1_000_000, recognizer: "tap", kind: .tap, from: .possible, to: .failed,
      reason: .moved(4.2, limit: 3))
    #expect(entry.description == "tap failed: moved 4.2 mm > 3.0 mm")
    #expect(entry.text(origin: 0) == "   1.000000  explain  tap failed: moved 4.2 mm > 3.0 mm")
    #expect(GestureReason.tooSlow(38, required: 100).description == "38 mm/s < 100 mm/s")
    let changed = ExplainEntry(
      time: 0, recognizer: "pan", kind: .pan, from: .changed, to: .changed, reason: .touchesMoved)
    #expect(changed.description == "pan changed: touches moved")
    let held = ExplainEntry(
      time: 0, recognizer: "tap", kind: .tap, from: .possible, to: .possible,
      reason: .waitingFor("double tap"))
    #expect(held.description == "tap held: held until double tap fails")
  }

  @Test("nextDeadline, advance and flush report a trailing tap and long press")
  func flush() {
    let set = DefaultGestureSet()
    let recorder = GestureRecorder(set.engine)
    var s = TouchScript()
    s.tap(1, at: 0, x: 10, y: 10)
    for frame in s.frames { set.engine.process(frame) }
    #expect(set.engine.nextDeadline == ms(360))
    #expect(set.engine.longestTimeout == ms(750))
    set.engine.flush(after: s.endTime)
    #expect(recorder.log == ["tap recognized"])
    #expect(set.engine.nextDeadline == nil)
    var press = TouchScript()
    press.down(2, at: 1000, x: 10, y: 10)
    for frame in press.frames { set.engine.process(frame) }
    set.engine.flush(after: press.endTime)
    #expect(recorder.log == ["tap recognized", "long press began"])
    #expect(set.engine.recognizers.contains { $0.state == .began })
  }

  @Test("process fires overdue deadlines before the frame, in deadline order")
  func deadlinesFirst() {
    let set = DefaultGestureSet()
    let recorder = GestureRecorder(set.engine)
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.up(1, at: 2000)
    ManualScheduler(engine: set.engine).play(s)
    #expect(recorder.log == ["long press began", "long press ended"])
    #expect(recorder.events.map(\.time) == [ms(500), ms(2000)])
  }

  @Test("cancelAll cancels gestures in flight and resets everything")
  func cancelAll() {
    let set = DefaultGestureSet()
    let recorder = GestureRecorder(set.engine)
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 40, 10, from: 0, to: 100)
    for frame in s.frames { set.engine.process(frame) }
    set.engine.cancelAll(at: ms(120))
    #expect(recorder.log.last == "pan cancelled")
    #expect(set.engine.recognizers.allSatisfy { $0.state == .possible })
    #expect(set.engine.nextDeadline == nil)
  }

  @Test("with no explain sink nothing is explained, and the log is the same")
  func explainOptional() {
    let quiet = DefaultGestureSet()
    var quietLog: [String] = []
    quiet.engine.onEvent = { e, _ in quietLog.append(e.text(origin: 0)) }
    let s = swipeScript(.up, fingers: 2)
    ManualScheduler(engine: quiet.engine).play(s)
    quiet.engine.flush(after: s.endTime)
    let loud = run(DefaultGestureSet().engine, s)
    #expect(quietLog == loud.recorder.lines)
    #expect(quiet.engine.explain == nil)
  }
}
