import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// Plays `taps` taps of `fingers` fingers, each pressed `press` ms, `gap` ms apart.
private func taps(
  _ taps: Int, fingers: Int, press: Double = 50, gap: Double = 100, shift: Double = 0,
  move: Double = 0
) -> TouchScript {
  var s = TouchScript()
  var t = 0.0
  for i in 0..<taps {
    let x = 20 + shift * Double(i)
    downAll(&s, fingers, at: t, x: x, y: 30)
    if move > 0 { s.move(1, at: t + press / 2, x: x + move, y: 30) }
    upAll(&s, fingers, at: t + press)
    t += press + gap
  }
  return s
}

@Suite struct TapTests {
  @Test(
    "n taps of m fingers are recognized once, at the last lift", arguments: [1, 2, 3], [1, 2, 3])
  func recognized(tapCount: Int, fingers: Int) {
    let tap = TapGestureRecognizer(.init(taps: tapCount, touches: fingers))
    let result = run(tap, taps(tapCount, fingers: fingers))
    #expect(result.log == [tap.name + " recognized"])
    let event = result.events.first
    #expect(event?.taps == tapCount)
    #expect(event?.touches == fingers)
    #expect(event?.time == ms(Double(tapCount) * 150 - 100))
    #expect(result.violations.isEmpty)
  }

  @Test("too few taps fail when the interval passes", arguments: [2, 3])
  func tooFewTaps(tapCount: Int) {
    let tap = TapGestureRecognizer(.init(taps: tapCount))
    let result = run(tap, taps(tapCount - 1, fingers: 1))
    #expect(result.log.isEmpty)
    #expect(result.explained.contains(tap.name + " failed: no tap \(tapCount) within 300 ms"))
    #expect(result.violations.isEmpty)
  }

  @Test("more fingers than required fail", arguments: [1, 2])
  func tooManyFingers(required: Int) {
    let tap = TapGestureRecognizer(.init(touches: required))
    let result = run(tap, taps(1, fingers: required + 1))
    #expect(result.log.isEmpty)
    // Positive control: the required number of fingers taps.
    let control = run(TapGestureRecognizer(.init(touches: required)), taps(1, fingers: required))
    #expect(control.events.first?.state == .recognized)
    #expect(result.explained.first == tap.name + " failed: \(required + 1) touches > \(required)")
    #expect(result.violations.isEmpty)
  }

  @Test("fewer fingers than required fail at lift")
  func tooFewFingers() {
    let result = run(TapGestureRecognizer(.init(touches: 2)), taps(1, fingers: 1))
    #expect(result.log.isEmpty)
    // Positive control: two fingers tap.
    let two = run(TapGestureRecognizer(.init(touches: 2)), taps(1, fingers: 2))
    #expect(two.events.first?.state == .recognized)
    #expect(result.explained.first == "2-finger tap failed: 1 touch < 2")
  }

  @Test("movement: 2.9 mm is a tap, 3.1 mm is not")
  func movement() {
    let inside = run(TapGestureRecognizer(), taps(1, fingers: 1, move: 2.9))
    #expect(inside.log == ["tap recognized"])
    let outside = run(TapGestureRecognizer(), taps(1, fingers: 1, move: 3.1))
    #expect(outside.log.isEmpty)
    #expect(outside.explained.first == "tap failed: moved 3.1 mm > 3.0 mm")
    #expect(inside.violations.isEmpty && outside.violations.isEmpty)
  }

  @Test("press duration: 749 ms is a tap, 750 ms fails at the deadline with no event")
  func pressDuration() {
    let inside = run(TapGestureRecognizer(), taps(1, fingers: 1, press: 749))
    #expect(inside.log == ["tap recognized"])
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.up(1, at: 900)
    let outside = run(TapGestureRecognizer(), s)
    #expect(outside.log.isEmpty)
    #expect(outside.recorder.explanations.first?.time == ms(750))
    #expect(outside.explained.first == "tap failed: still down after 750 ms (limit 750 ms)")
    #expect(inside.violations.isEmpty && outside.violations.isEmpty)
  }

  @Test("interval: 299 ms between taps is a double tap, 300 ms is not")
  func interval() {
    let inside = run(TapGestureRecognizer(.init(taps: 2)), taps(2, fingers: 1, gap: 299))
    #expect(inside.log == ["double tap recognized"])
    let outside = run(TapGestureRecognizer(.init(taps: 2)), taps(2, fingers: 1, gap: 300))
    #expect(outside.log.isEmpty)
    #expect(outside.explained.first == "double tap failed: no tap 2 within 300 ms")
    #expect(inside.violations.isEmpty && outside.violations.isEmpty)
  }

  @Test("distance between taps: 15.8 mm is a double tap, 16.0 mm is not")
  func distance() {
    let inside = run(TapGestureRecognizer(.init(taps: 2)), taps(2, fingers: 1, shift: 15.8))
    #expect(inside.log == ["double tap recognized"])
    let outside = run(TapGestureRecognizer(.init(taps: 2)), taps(2, fingers: 1, shift: 16))
    #expect(outside.log.isEmpty)
    #expect(outside.explained.first == "double tap failed: next tap 16.0 mm away > 15.9 mm")
    #expect(inside.violations.isEmpty && outside.violations.isEmpty)
  }

  @Test("a cancelled touch fails the tap")
  func cancelled() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.cancel(1, at: 30)
    let result = run(TapGestureRecognizer(), s)
    #expect(result.log.isEmpty)
    // Positive control: lifted instead of cancelled, the same touch is a tap.
    var lifted = TouchScript()
    lifted.down(1, at: 0, x: 10, y: 10)
    lifted.up(1, at: 30)
    #expect(run(TapGestureRecognizer(), lifted).events.first?.state == .recognized)
    #expect(result.explained.first == "tap failed: a touch was cancelled")
    #expect(result.violations.isEmpty)
  }

  @Test("the tap location is the centroid where the fingers landed")
  func location() {
    let result = run(TapGestureRecognizer(.init(touches: 2)), taps(1, fingers: 2))
    #expect(result.events.first?.location == MillimeterPoint(x: 25, y: 30))
  }
}
