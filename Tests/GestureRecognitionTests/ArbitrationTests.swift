import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// `count` taps of `fingers` fingers, 50 ms each, 150 ms apart.
func tapScript(_ count: Int, fingers: Int = 1, hold: Double = 50) -> TouchScript {
  var s = TouchScript()
  for i in 0..<count {
    let t = Double(i) * 150
    for f in 1...fingers { s.down(i * 10 + f, at: t, x: 20 + Double(f) * 10, y: 40) }
    for f in 1...fingers { s.up(i * 10 + f, at: t + hold) }
  }
  return s
}

@Suite struct ArbitrationTests {
  @Test(
    "tap, double tap, triple tap of 1-5 fingers: only the one that happened, with the count",
    arguments: 1...5)
  func multiTap(fingers: Int) {
    for (count, name) in [(1, "tap"), (2, "double tap"), (3, "triple tap")] {
      let result = run(DefaultGestureSet().engine, tapScript(count, fingers: fingers))
      #expect(result.log == [name + " recognized"])
      #expect(result.events.first?.time == ms(Double(count - 1) * 150 + 50))
      #expect(result.events.first?.touches == fingers)
      #expect(result.events.first?.taps == count)
      #expect(result.violations.isEmpty)
    }
  }

  @Test("a tap landing too far away ends the sequence and starts a new one")
  func farTapStartsOver() {
    var s = tapScript(2)
    s.down(99, at: 300, x: 80, y: 40)  // 50 mm from the first two
    s.up(99, at: 350)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.events.map { $0.taps ?? 0 } == [2, 1])
    #expect(result.events.map(\.time) == [ms(200), ms(350)])
    #expect(result.explained.contains("triple tap failed: next tap 50.0 mm away > 15.9 mm"))
    #expect(result.explained.contains("tap reset: new touches landed, starting over"))
    #expect(result.violations.isEmpty)
  }

  @Test("a 2-finger tap after a 1-finger tap starts a new sequence")
  func moreFingersStartOver() {
    var s = tapScript(1)
    s.down(11, at: 150, x: 30, y: 40)
    s.down(12, at: 150, x: 40, y: 40)
    s.up(11, at: 200)
    s.up(12, at: 200)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.events.map { "\($0.touches)×\($0.taps ?? 0)" } == ["1×1", "2×1"])
    #expect(result.violations.isEmpty)
  }

  @Test("every tap is reported once: 7 taps in a row, the 3rd lands far away")
  func tapsAccountedFor() {
    var s = TouchScript()
    let xs: [Double] = [20, 20, 70, 70, 70, 70, 70]
    for (i, x) in xs.enumerated() {
      s.down(i + 1, at: Double(i) * 150, x: x, y: 40)
      s.up(i + 1, at: Double(i) * 150 + 50)
    }
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.events.map { $0.taps ?? 0 } == [2, 3, 2])
    #expect(result.events.reduce(0) { $0 + ($1.taps ?? 0) } == xs.count)
    #expect(result.violations.isEmpty)
  }

  @Test("a single tap is held until the double tap fails, then delivered with its own time")
  func heldSingleTap() {
    let set = DefaultGestureSet()
    let recorder = GestureRecorder(set.engine)
    let scheduler = ManualScheduler(engine: set.engine)
    scheduler.play(tapScript(1))
    #expect(recorder.log.isEmpty)
    #expect(set.taps[0].isAwaitingFailure)
    #expect(set.engine.nextDeadline == ms(350))
    scheduler.advance(toMilliseconds: 350)
    #expect(recorder.log == ["tap recognized"])
    #expect(recorder.events.first?.time == ms(50))
    #expect(recorder.explainLog.contains("tap held: held until double tap fails"))
    #expect(recorder.explainLog.contains("tap recognized: double tap failed, releasing"))
  }

  @Test("tap vs long press: a short press taps, a long one long-presses")
  func tapVersusLongPress() {
    let short = run(DefaultGestureSet().engine, tapScript(1, hold: 100))
    #expect(short.log == ["tap recognized"])
    let long = run(DefaultGestureSet().engine, tapScript(1, hold: 600))
    #expect(long.log == ["long press began", "long press ended"])
    #expect(long.explained.contains("tap failed: prevented by long press"))
    #expect(short.violations.isEmpty && long.violations.isEmpty)
  }

  @Test(
    "swipe vs pan: a fast stroke reports the pan and, during it, the swipe", arguments: [1, 2, 3])
  func swipeAndPan(fingers: Int) {
    let result = run(DefaultGestureSet().engine, swipeScript(.left, fingers: fingers))
    let kinds = result.events.map { "\($0.kind) \($0.state)" }
    #expect(kinds.first == "pan began")
    #expect(kinds.last == "pan ended")
    #expect(kinds.filter { $0 == "swipe recognized" }.count == 1)
    #expect(result.events.first { $0.kind == .swipe }?.touches == fingers)
    #expect(result.violations.isEmpty)
  }

  @Test("swipe vs pan: a slow drag is only a pan")
  func slowDrag() {
    let result = run(DefaultGestureSet().engine, swipeScript(.down, distance: 30, duration: 600))
    #expect(!result.events.contains { $0.kind == .swipe })
    #expect(result.log.last == "pan ended")
    #expect(result.explained.contains { $0.hasPrefix("swipe failed: lasted ") })
  }

  @Test("pinch, rotation and pan run together")
  func pinchRotationPan() {
    let result = run(
      DefaultGestureSet().engine, twoFingerScript(degrees: 60, scale: 1.5, shift: 20))
    let began = result.events.filter { $0.state == .began }.map(\.kind)
    #expect(Set(began) == [.pinch, .rotation, .pan])
    let ended = result.events.filter { $0.state == .ended }.map(\.kind)
    #expect(Set(ended) == [.pinch, .rotation, .pan])
    #expect(abs((result.events.last { $0.kind == .pinch }?.scale ?? 0) - 1.5) < 1e-9)
    #expect(
      abs((result.events.last { $0.kind == .rotation }?.rotation ?? 0) - Double.pi / 3) < 1e-9)
    #expect(abs((result.events.last { $0.kind == .pan }?.translation?.dx ?? 0) - 20) < 1e-9)
    #expect(result.violations.isEmpty)
  }

  @Test("require(toFail:): b fails, so a is delivered later with its original data")
  func requireFailureFails() {
    let engine = GestureEngine()
    let pan = engine.add(PanGestureRecognizer())
    let swipe = engine.add(SwipeGestureRecognizer())
    engine.require(pan, toFail: swipe)
    engine.recognizeSimultaneously(pan, swipe)
    let result = run(engine, swipeScript(.right, distance: 30, duration: 400))
    #expect(result.log.first == "pan began")
    #expect(result.log.last == "pan ended")
    #expect(result.events.first?.time == ms(40))
    #expect(result.explained.contains("pan held: held until swipe fails"))
    let released = result.recorder.explanations.filter { $0.reason == .requirementsFailed("swipe") }
    #expect(released.count == result.events.count)
    #expect(released.allSatisfy { $0.time == ms(400) })
    #expect(result.violations.isEmpty)
  }

  @Test("a.require(toFail: b) is the engine's requirement, spelled as in UIKit")
  func requireOnTheRecognizer() {
    let engine = GestureEngine()
    let pan = engine.add(PanGestureRecognizer())
    let swipe = engine.add(SwipeGestureRecognizer())
    pan.require(toFail: swipe)
    engine.recognizeSimultaneously(pan, swipe)
    let result = run(engine, swipeScript(.right))
    #expect(result.log == ["swipe recognized"])
    #expect(result.explained.contains("pan failed: swipe (required to fail) succeeded"))
    #expect(result.violations.isEmpty)
  }

  @Test("require(toFail:): b succeeds, so a fails")
  func requireFailureSucceeds() {
    let engine = GestureEngine()
    let pan = engine.add(PanGestureRecognizer())
    let swipe = engine.add(SwipeGestureRecognizer())
    engine.require(pan, toFail: swipe)
    engine.recognizeSimultaneously(pan, swipe)
    let result = run(engine, swipeScript(.right))
    #expect(result.log == ["swipe recognized"])
    #expect(result.explained.contains("pan failed: swipe (required to fail) succeeded"))
    #expect(result.violations.isEmpty)
  }

  @Test("without simultaneity the first to begin wins; with it both run")
  func simultaneity() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 40, 10, from: 600, to: 700)
    s.up(1, at: 710)
    let exclusive = GestureEngine()
    exclusive.add(LongPressGestureRecognizer())
    exclusive.add(PanGestureRecognizer())
    let alone = run(exclusive, s)
    #expect(alone.events.allSatisfy { $0.kind == .longPress })
    #expect(alone.explained.contains("pan failed: prevented by long press"))
    let together = GestureEngine()
    let press = together.add(LongPressGestureRecognizer())
    let pan = together.add(PanGestureRecognizer())
    together.recognizeSimultaneously(press, pan)
    let both = run(together, s)
    #expect(both.log.first == "long press began")
    #expect(both.log.contains("pan began"))
    #expect(both.log.suffix(2) == ["long press ended", "pan ended"])
    #expect(alone.violations.isEmpty && both.violations.isEmpty)
  }

  @Test("regions: a recognizer only sees touches that began inside its rectangle")
  func regions() {
    let engine = GestureEngine()
    let left = engine.add(
      TapGestureRecognizer(name: "left tap"),
      region: MillimeterRect(x: 0, y: 0, width: 50, height: 100))
    engine.add(
      TapGestureRecognizer(name: "right tap"),
      region: MillimeterRect(x: 50, y: 0, width: 50, height: 100))
    var s = TouchScript()
    s.tap(1, at: 0, x: 20, y: 20)
    s.tap(2, at: 200, x: 70, y: 20)
    s.down(3, at: 400, x: 20, y: 20)
    s.drag(3, to: 70, 20, from: 400, to: 500)
    s.up(3, at: 500)
    s.down(4, at: 600, x: 10, y: 10)
    s.down(5, at: 600, x: 90, y: 10)
    s.up(4, at: 650)
    s.up(5, at: 650)
    let result = run(engine, s)
    #expect(
      result.log == [
        "left tap recognized", "right tap recognized",
        "left tap recognized", "right tap recognized",
      ])
    #expect(left.region != nil)
    #expect(result.violations.isEmpty)
  }

  @Test("the same script twice gives the identical log")
  func determinism() {
    var s = twoFingerScript(degrees: 120, scale: 0.6)
    s.tap(9, at: 600, x: 10, y: 10)
    let first = run(DefaultGestureSet().engine, s)
    let second = run(DefaultGestureSet().engine, s)
    #expect(first.recorder.lines == second.recorder.lines)
    #expect(first.explained == second.explained)
    #expect(first.events.count > 10)
  }
}
