import GestureAppKit
import GestureRecognition
import GestureTesting
import Testing

/// The app's own recognizer tested with the library's public test kit: a touch script told
/// from a cursor, a manual clock and the recognizer contract checker.
@Suite struct TestKitTests {
  @Test("Two fingers held still, then moved together: a hold-drag that keeps the contract")
  func holdThenDragWithTheKit() {
    var script = TouchScript()
    script.land(1, x: 40, y: 50)
    script.land(2, x: 60, y: 50)
    script.wait(600)
    script.move([1, 2], by: 10, 0, over: 100)
    script.lift(1)
    script.lift(2)

    let engine = GestureEngine()
    let hold = engine.add(TwoFingerHoldDragGestureRecognizer())
    var states: [GestureState] = []
    engine.onEvent = { event, recognizer in
      if recognizer === hold { states.append(event.state) }
    }
    let checker = ContractChecker(engine)
    let clock = ManualScheduler(engine: engine)
    clock.play(script)
    clock.runUntilIdle()

    #expect(states.first == .began)
    #expect(states.last == .ended)
    #expect(checker.finish().isEmpty)
  }

  @Test("Two fingers spread at once: no hold-drag, and the contract holds")
  func spreadIsNoHoldDrag() {
    var script = TouchScript()
    script.land(1, x: 40, y: 50)
    script.land(2, x: 60, y: 50)
    script.wait(10)
    script.spread([1, 2], by: 2, over: 200)
    script.lift(1)
    script.lift(2)

    let engine = GestureEngine()
    let hold = engine.add(TwoFingerHoldDragGestureRecognizer())
    var calls = 0
    engine.onEvent = { _, recognizer in
      if recognizer === hold { calls += 1 }
    }
    let checker = ContractChecker(engine)
    ManualScheduler(engine: engine).play(script)
    #expect(calls == 0)
    #expect(checker.finish().isEmpty)
  }
}
