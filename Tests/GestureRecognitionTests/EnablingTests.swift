import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// Plays `script` through `engine`, calling `change` once every frame before `at` ms was fed
/// (with time advanced to `at`), then flushes; checks the recognizer contract throughout.
private func run(
  _ engine: GestureEngine, _ script: TouchScript, changingAt at: Double,
  sourceLocation: SourceLocation = #_sourceLocation, _ change: () -> Void
) -> Run {
  let checker = ContractChecker(engine)
  let recorder = GestureRecorder(engine)
  let scheduler = ManualScheduler(engine: engine)
  var changed = false
  for frame in script.frames {
    if !changed && frame.time >= ms(at) {
      scheduler.advance(to: ms(at))
      change()
      changed = true
    }
    scheduler.feed(frame)
  }
  if !changed { change() }
  engine.flush(after: script.endTime)
  return checkedRun(engine, recorder, checker, sourceLocation: sourceLocation)
}

/// One finger dragged right from x = 10 mm, 2 mm every 10 ms from 10 to `until` ms, lifted
/// 10 ms later.
private func drag(from start: Double = 0, until end: Double = 200) -> TouchScript {
  var s = TouchScript()
  s.down(1, at: start, x: 10, y: 40)
  var t = start + 10
  var x = 10.0
  while t <= end {
    x += 2
    s.move(1, at: t, x: x, y: 40)
    t += 10
  }
  s.up(1, at: end + 10)
  return s
}

@Suite struct EnablingTests {
  @Test("a disabled recognizer sees no frames: no action, no explanation")
  func disabledSeesNothing() {
    let pan = PanGestureRecognizer()
    pan.isEnabled = false
    let result = run(pan, drag())
    #expect(result.log.isEmpty)
    #expect(result.explained.isEmpty)
    // Positive control: enabled, the same drag is a pan.
    #expect(run(PanGestureRecognizer(), drag()).events.first?.state == .began)
    #expect(result.violations.isEmpty)
  }

  @Test("disabling an active pan cancels it: began, changed…, cancelled, then nothing")
  func disablingActiveCancels() {
    let pan = PanGestureRecognizer()
    let e = engine(with: pan)
    let result = run(e, drag(until: 200), changingAt: 100) { pan.isEnabled = false }
    // 2 mm per frame: 4 mm at 20 ms crosses the 3 mm slop; frames at 30…90 ms change it.
    let expected = ["pan began"] + Array(repeating: "pan changed", count: 7) + ["pan cancelled"]
    #expect(result.log == expected)
    #expect(result.events.last?.time == ms(100))
    #expect(result.explained.contains("pan cancelled: disabled"))
    #expect(result.violations.isEmpty)
  }

  @Test("disabling a deciding long press fails it: no action, no deadline left")
  func disablingPossibleFails() {
    let press = LongPressGestureRecognizer()
    let e = engine(with: press)
    var s = TouchScript()
    s.down(1, at: 0, x: 50, y: 50)
    s.move(1, at: 700, x: 50.5, y: 50)
    s.up(1, at: 900)
    let result = run(e, s, changingAt: 200) { press.isEnabled = false }
    #expect(result.log.isEmpty)
    // Positive control: left enabled, the same press begins.
    #expect(run(LongPressGestureRecognizer(), s).events.first?.state == .began)
    #expect(result.explained.first == "long press failed: disabled")
    #expect(result.explained.last == "long press reset: all touches gone")
    #expect(e.nextDeadline == nil)
    #expect(result.violations.isEmpty)
  }

  @Test("disabling an idle or finished recognizer changes no state")
  func disablingIdleIsSilent() {
    let pan = PanGestureRecognizer()
    let e = engine(with: pan)
    let result = run(e, drag(from: 300, until: 400), changingAt: 100) {
      pan.isEnabled = false
      pan.isEnabled = true
    }
    #expect(result.log.first == "pan began")
    #expect(result.log.last == "pan ended")
    #expect(!result.explained.contains { $0.contains("disabled") })
    #expect(result.violations.isEmpty)
  }

  @Test("enabling takes effect for touches that begin afterwards, not for those down")
  func enablingWaitsForNewTouches() {
    let tap = TapGestureRecognizer()
    tap.isEnabled = false
    let e = engine(with: tap)
    var s = TouchScript()
    s.tap(1, at: 0, x: 50, y: 50, duration: 100)
    s.tap(1, at: 500, x: 50, y: 50, duration: 100)
    let result = run(e, s, changingAt: 50) { tap.isEnabled = true }
    // The first tap was down when the recognizer was enabled: only the second one counts.
    #expect(result.log == ["tap recognized"])
    #expect(result.events.first?.time == ms(600))
    #expect(result.violations.isEmpty)
  }

  @Test("a second finger landing while the first is down does not wake an enabled recognizer")
  func enablingWaitsForAllToLift() {
    let pan = PanGestureRecognizer()
    pan.isEnabled = false
    let e = engine(with: pan)
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 40)
    s.down(2, at: 100, x: 30, y: 40)
    s.drag(2, to: 60, 40, from: 100, to: 200, every: 10)
    s.up(2, at: 210)
    s.up(1, at: 220)
    let result = run(e, s, changingAt: 50) { pan.isEnabled = true }
    #expect(result.log.isEmpty)
    // Positive control: enabled from the start, the same fingers pan.
    #expect(run(PanGestureRecognizer(), s).events.first?.state == .began)
    #expect(result.violations.isEmpty)
  }

  @Test("disabling the double tap a held single tap waits for releases the single tap at once")
  func disablingRequiredReleasesHeld() {
    let single = TapGestureRecognizer(name: "tap")
    let double = TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 2))
    let e = GestureEngine()
    e.add(single)
    e.add(double)
    e.require(single, toFail: double)
    var s = TouchScript()
    s.tap(1, at: 0, x: 50, y: 50, duration: 80)
    s.down(2, at: 1000, x: 90, y: 50)
    s.up(2, at: 1050)
    let result = run(e, s, changingAt: 150) { double.isEnabled = false }
    // Held since the lift at 80 ms, delivered when the double tap fails at 150 ms, with its
    // original time; the later tap is a single tap of its own (nothing left to wait for).
    #expect(result.log == ["tap recognized", "tap recognized"])
    #expect(result.events.map(\.time) == [ms(80), ms(1050)])
    #expect(result.explained.contains("double tap failed: disabled"))
    #expect(result.violations.isEmpty)
  }

  @Test("a recognizer disabled outside any frame delivers its cancel at once, at engine time")
  func disablingBetweenFramesDelivers() {
    let pan = PanGestureRecognizer()
    let e = engine(with: pan)
    let recorder = GestureRecorder(e)
    let scheduler = ManualScheduler(engine: e)
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 40)
    s.move(1, at: 20, x: 20, y: 40)
    for frame in s.frames { scheduler.feed(frame) }
    #expect(recorder.log == ["pan began"])
    pan.isEnabled = false
    #expect(recorder.log == ["pan began", "pan cancelled"])
    #expect(recorder.events.last?.time == ms(20))
    #expect(pan.state == .cancelled)
  }
}
