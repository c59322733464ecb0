import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

@Suite struct LongPressTests {
  @Test("began fires at the deadline with no event, ended at lift", arguments: [1, 2, 3])
  func beganAtDeadline(fingers: Int) {
    var s = TouchScript()
    downAll(&s, fingers, at: 0, x: 10, y: 10)
    upAll(&s, fingers, at: 900)
    let press = LongPressGestureRecognizer(.init(touches: fingers))
    let e = engine(with: press)
    let checker = ContractChecker(e)
    let recorder = GestureRecorder(e)
    let scheduler = ManualScheduler(engine: e)
    let frames = s.frames
    scheduler.feed(frames[0])
    #expect(e.nextDeadline == ms(500))
    scheduler.advance(toMilliseconds: 499)
    #expect(recorder.log.isEmpty)
    scheduler.advance(toMilliseconds: 500)
    #expect(recorder.log == [press.name + " began"])
    #expect(recorder.events.first?.time == ms(500))
    #expect(recorder.events.first?.touches == fingers)
    scheduler.feed(frames[1])
    #expect(recorder.log == [press.name + " began", press.name + " ended"])
    #expect(checker.finish().isEmpty)
  }

  @Test("lifting at 499 ms fails; 500 ms begins")
  func duration() {
    var early = TouchScript()
    early.down(1, at: 0, x: 10, y: 10)
    early.up(1, at: 499)
    let failed = run(LongPressGestureRecognizer(), early)
    #expect(failed.log.isEmpty)
    #expect(failed.explained.first == "long press failed: lifted after 499 ms < 500 ms")
    var late = TouchScript()
    late.down(1, at: 0, x: 10, y: 10)
    late.up(1, at: 500)
    let began = run(LongPressGestureRecognizer(), late)
    #expect(began.log == ["long press began", "long press ended"])
    #expect(failed.violations.isEmpty && began.violations.isEmpty)
  }

  @Test("movement before the deadline: 1.5 mm keeps it, 1.7 mm fails")
  func movement() {
    func script(_ dx: Double) -> TouchScript {
      var s = TouchScript()
      s.down(1, at: 0, x: 10, y: 10)
      s.move(1, at: 200, x: 10 + dx, y: 10)
      s.up(1, at: 700)
      return s
    }
    let kept = run(LongPressGestureRecognizer(), script(1.5))
    #expect(kept.log == ["long press began", "long press ended"])
    let failed = run(LongPressGestureRecognizer(), script(1.7))
    #expect(failed.log.isEmpty)
    #expect(failed.explained.first == "long press failed: moved 1.7 mm > 1.6 mm")
    #expect(kept.violations.isEmpty && failed.violations.isEmpty)
  }

  @Test("after it began, movement reports changed with the new location")
  func changedAfterBegan() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 40, 10, from: 600, to: 700, every: 50)
    s.up(1, at: 800)
    let result = run(LongPressGestureRecognizer(), s)
    #expect(result.log == ["began", "changed", "changed", "ended"].map { "long press " + $0 })
    #expect(result.events[2].location == MillimeterPoint(x: 40, y: 10))
    #expect(result.violations.isEmpty)
  }

  @Test("an extra finger before the deadline fails it")
  func extraFinger() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.down(2, at: 100, x: 30, y: 10)
    upAll(&s, 2, at: 700)
    let result = run(LongPressGestureRecognizer(), s)
    #expect(result.log.isEmpty)
    #expect(result.explained.first == "long press failed: 2 touches > 1")
    // Positive control: the first finger alone is a long press.
    var alone = TouchScript()
    alone.down(1, at: 0, x: 10, y: 10)
    alone.up(1, at: 700)
    #expect(run(LongPressGestureRecognizer(), alone).events.first?.state == .began)
  }

  @Test("a cancelled touch after it began cancels it")
  func cancelled() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.cancel(1, at: 600)
    let result = run(LongPressGestureRecognizer(), s)
    #expect(result.log == ["long press began", "long press cancelled"])
    #expect(result.violations.isEmpty)
  }
}
