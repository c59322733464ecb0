import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// The default set's long press of 1-5 fingers: fingers landing up to ~60 ms apart, the count
/// reported, and a several-finger hold never also a one-finger long press.
@Suite struct MultiFingerLongPressTests {
  /// `fingers` fingers landing `stagger` ms apart from 0, 15 mm apart, all lifting at `lift`.
  private func hold(_ fingers: Int, stagger: Double = 20, lift: Double) -> TouchScript {
    var s = TouchScript()
    for f in 1...fingers {
      s.down(f, at: Double(f - 1) * stagger, x: 20 + Double(f - 1) * 15, y: 40)
    }
    upAll(&s, fingers, at: lift)
    return s
  }

  @Test("a hold of 1-5 fingers is one long press reporting the count", arguments: 1...5)
  func counts(fingers: Int) {
    let result = run(DefaultGestureSet().engine, hold(fingers, lift: 900))
    #expect(result.log == ["long press began", "long press ended"])
    #expect(result.events.map(\.touches) == [fingers, fingers])
    // 500 ms from the last finger's landing.
    #expect(result.events.first?.time == ms(Double(fingers - 1) * 20 + 500))
    #expect(result.violations.isEmpty)
  }

  @Test("two fingers landing 60 ms apart: one two-finger press at 560 ms, no one-finger press")
  func staggered() {
    let result = run(DefaultGestureSet().engine, hold(2, stagger: 60, lift: 900))
    #expect(result.log == ["long press began", "long press ended"])
    #expect(result.events.first?.time == ms(560))
    #expect(result.events.first?.touches == 2)
    #expect(!result.explained.contains { $0.hasPrefix("long press began") && $0.contains("1 ") })
    #expect(result.violations.isEmpty)
  }

  @Test("the wait counts from the last landing: lifting 559 ms after it fails, 560 ms begins")
  func threshold() {
    let early = run(DefaultGestureSet().engine, hold(2, stagger: 60, lift: 559))
    #expect(!early.log.contains("long press began"))
    #expect(early.explained.contains("long press failed: lifted after 499 ms < 500 ms"))
    let late = run(DefaultGestureSet().engine, hold(2, stagger: 60, lift: 560))
    #expect(late.log == ["long press began", "long press ended"])
    #expect(early.violations.isEmpty && late.violations.isEmpty)
  }

  @Test("six fingers are more than the range: no long press")
  func tooMany() {
    let result = run(DefaultGestureSet().engine, hold(6, stagger: 10, lift: 900))
    #expect(!result.log.contains("long press began"))
    #expect(result.explained.contains("long press failed: 6 touches > 5"))
    #expect(result.violations.isEmpty)
  }

  @Test("each finger may drift 1.6 mm: 1.5 mm keeps a two-finger press, 1.7 mm fails it")
  func drift() {
    func script(_ dx: Double) -> TouchScript {
      var s = hold(2, stagger: 40, lift: 800)
      s.move(2, at: 200, x: 35 + dx, y: 40)
      return s
    }
    let kept = run(DefaultGestureSet().engine, script(1.5))
    #expect(kept.log == ["long press began", "long press ended"])
    #expect(kept.events.first?.touches == 2)
    let failed = run(DefaultGestureSet().engine, script(1.7))
    #expect(!failed.log.contains("long press began"))
    #expect(failed.explained.contains("long press failed: moved 1.7 mm > 1.6 mm"))
    #expect(kept.violations.isEmpty && failed.violations.isEmpty)
  }

  @Test("an exact two-finger press still fails with one finger or three")
  func exact() {
    let press = { LongPressGestureRecognizer(.init(touches: 2)) }
    #expect(press().name == "2-finger long press")
    #expect(LongPressGestureRecognizer(.init(touches: 2...3)).name == "2-3-finger long press")
    #expect(LongPressGestureRecognizer(.init(touches: 1...5)).name == "long press")
    let one = run(press(), hold(1, lift: 900))
    #expect(one.log.isEmpty)
    #expect(one.explained.first == "2-finger long press failed: 1 touches < 2")
    let three = run(press(), hold(3, lift: 900))
    #expect(three.log.isEmpty)
    #expect(three.explained.first == "2-finger long press failed: 3 touches > 2")
    let two = run(press(), hold(2, lift: 900))
    #expect(two.log == ["2-finger long press began", "2-finger long press ended"])
    #expect(one.violations.isEmpty && three.violations.isEmpty && two.violations.isEmpty)
  }

  @Test("a finger joining after the press began does not restart it")
  func joinAfterBegan() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 40)
    s.down(2, at: 600, x: 40, y: 40)
    s.up(1, at: 700)
    s.up(2, at: 700)
    let result = run(LongPressGestureRecognizer(.init(touches: 1...5)), s)
    #expect(result.log == ["long press began", "long press ended"])
    #expect(result.events.first?.touches == 1)
    #expect(result.violations.isEmpty)
  }
}
