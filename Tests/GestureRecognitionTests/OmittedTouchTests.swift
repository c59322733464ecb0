import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// A hand-built frame that leaves out a finger still down: the engine carries the finger as
/// stationary where it was (as the decoder would have listed it) and reports it once; a finger
/// ends only with an explicit `ended` or `cancelled` touch.
@Suite struct OmittedTouchTests {
  /// Finger 1 held still at (40, 50) while finger 2 moves from (60, 50) to (100, 50): a pinch
  /// out, every frame listing both fingers (finger 1 as `stationary`), as the decoder does.
  private func pinchWithOneStillFinger() -> TouchScript {
    var s = TouchScript()
    s.down(1, at: 0, x: 40, y: 50)
    s.down(2, at: 0, x: 60, y: 50)
    s.drag(2, to: 100, 50, from: 0, to: 320, every: 16)
    s.up(1, at: 336)
    s.up(2, at: 336)
    return s
  }

  /// `frames` with every `stationary` touch left out, as a hand-built script might.
  private func leavingOutStillFingers(_ frames: [TouchFrame]) -> [TouchFrame] {
    frames.map { frame in
      var frame = frame
      frame.touches.removeAll { $0.phase == .stationary }
      return frame
    }
  }

  /// The frames fed to the default set's engine: the actions as "name state", and the
  /// diagnostics as sentences.
  private func feed(_ frames: [TouchFrame]) -> (
    log: [String], said: [String], engine: GestureEngine
  ) {
    let engine = DefaultGestureSet().engine
    var said: [String] = []
    engine.onDiagnostic = { said.append($0.description) }
    let recorder = GestureRecorder(engine)
    for frame in frames { engine.process(frame) }
    engine.flush(after: frames.last?.time ?? 0)
    return (recorder.log, said, engine)
  }

  @Test("a pinch whose still finger a hand-built frame leaves out stays a pinch, reported once")
  func pinchStaysPinch() {
    let frames = pinchWithOneStillFinger().frames
    let omitted = leavingOutStillFingers(frames)
    #expect(omitted[1].touches.map(\.id) == [TouchID(2)])
    let full = feed(frames)
    let hand = feed(omitted)
    #expect(full.log.contains("pinch began") && full.log.contains("pinch ended"))
    #expect(full.said.isEmpty)
    #expect(hand.log == full.log)
    #expect(
      hand.said == [
        "frame at 16000 µs leaves out touch 1, which is down: carried as stationary where it"
          + " was (a touch ends only with an ended or cancelled phase)"
      ])
  }

  @Test("a left-out finger stays down until a frame ends it explicitly")
  func endsOnlyExplicitly() {
    let at = MillimeterPoint(x: 40, y: 50)
    let engine = GestureEngine()
    var said: [GestureEngineDiagnostic] = []
    engine.onDiagnostic = { said.append($0) }
    engine.process(
      TouchFrame(time: 0, touches: [Touch(id: TouchID(1), phase: .began, location: at)]))
    engine.process(TouchFrame(time: 10_000, touches: []))
    engine.process(TouchFrame(time: 20_000, touches: []))
    #expect(engine.surface.numberOfTouches == 1)
    #expect(engine.surface.location(ofTouch: 0) == at)
    #expect(said == [.touchOmitted(touch: TouchID(1), time: 10_000)])
    engine.process(
      TouchFrame(time: 30_000, touches: [Touch(id: TouchID(1), phase: .ended, location: at)]))
    #expect(engine.surface.numberOfTouches == 0)
    engine.process(TouchFrame(time: 40_000, touches: []))
    #expect(said.count == 1)
  }

  @Test("a finger left out again after landing anew under the same id is reported again")
  func reportedOncePerTouch() {
    let at = MillimeterPoint(x: 40, y: 50)
    let engine = GestureEngine()
    var said: [GestureEngineDiagnostic] = []
    engine.onDiagnostic = { said.append($0) }
    for start in [0, 100_000] as [Microseconds] {
      engine.process(
        TouchFrame(time: start, touches: [Touch(id: TouchID(1), phase: .began, location: at)]))
      engine.process(TouchFrame(time: start + 10_000, touches: []))
      engine.process(TouchFrame(time: start + 20_000, touches: []))
      engine.process(
        TouchFrame(
          time: start + 30_000, touches: [Touch(id: TouchID(1), phase: .ended, location: at)]))
    }
    #expect(
      said == [
        .touchOmitted(touch: TouchID(1), time: 10_000),
        .touchOmitted(touch: TouchID(1), time: 110_000),
      ])
  }

  @Test("a frame that leaves a finger out and lands another: the finger carried among them")
  func carriedAmongLanding() {
    let engine = GestureEngine()
    let seen = engine.add(FrameWatcher())
    engine.onDiagnostic = { _ in }
    let one = Touch(id: TouchID(1), phase: .began, location: MillimeterPoint(x: 40, y: 50))
    let two = Touch(id: TouchID(2), phase: .began, location: MillimeterPoint(x: 60, y: 50))
    let three = Touch(id: TouchID(3), phase: .began, location: MillimeterPoint(x: 80, y: 50))
    engine.process(TouchFrame(time: 0, touches: [one, two]))
    var moved = two
    moved.phase = .moved
    moved.location.x = 62
    engine.process(TouchFrame(time: 16_000, touches: [three, moved]))
    #expect(engine.surface.numberOfTouches == 3)
    let last = seen.frames.last?.touches ?? []
    #expect(last.map(\.id) == [TouchID(1), TouchID(3), TouchID(2)])
    #expect(
      last.first { $0.id == TouchID(1) }
        == Touch(id: TouchID(1), phase: .stationary, location: one.location))
  }

  @Test("after cancelAll, a frame without the cancelled fingers carries none and says nothing")
  func cancelAllForgets() {
    let engine = GestureEngine()
    var said: [GestureEngineDiagnostic] = []
    engine.onDiagnostic = { said.append($0) }
    let at = MillimeterPoint(x: 40, y: 50)
    engine.process(
      TouchFrame(time: 0, touches: [Touch(id: TouchID(1), phase: .began, location: at)]))
    engine.cancelAll(at: 10_000)
    engine.process(TouchFrame(time: 20_000, touches: []))
    #expect(said.isEmpty)
    #expect(engine.surface.numberOfTouches == 0)
  }
}

/// Records every frame it sees and never recognizes anything.
private final class FrameWatcher: GestureRecognizer {
  var frames: [TouchFrame] = []
  init() { super.init(kind: .pan, name: "watcher") }
  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    frames.append(frame)
    return .none
  }
}
