import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// Applies each step of a continuous gesture and resets it, as UIKit code does.
private final class Accumulator {
  var offset = PlaneVector(dx: 0, dy: 0)
  var scale = 1.0
  var rotation = 0.0
  var states: [GestureState] = []

  func handlePan(_ pan: PanGestureRecognizer) {
    offset.dx += pan.translation.dx
    offset.dy += pan.translation.dy
    pan.setTranslation(PlaneVector(dx: 0, dy: 0))
    // Reset, the translation reads as set until the fingers move again.
    if pan.translation != PlaneVector(dx: 0, dy: 0) { states.append(.failed) }
  }

  func handlePinch(_ pinch: PinchGestureRecognizer) {
    scale *= pinch.scale
    pinch.scale = 1
    states.append(pinch.state)
  }

  func handleRotation(_ rotation: RotationGestureRecognizer) {
    self.rotation += rotation.rotation
    rotation.rotation = 0
  }
}

@Suite struct UIKitVocabularyTests {
  @Test("minimumPressDuration = .milliseconds(500) waits 500 ms, not 0.5 ms")
  func pressDurationIsADuration() {
    let press = LongPressGestureRecognizer()
    press.minimumPressDuration = .milliseconds(500)
    #expect(press.configuration.minimumPressDurationMicroseconds == 500_000)
    #expect(press.minimumPressDuration == .milliseconds(500))
    press.minimumPressDuration = .seconds(0.8)
    #expect(press.configuration.minimumPressDurationMicroseconds == 800_000)
    press.minimumPressDuration = .milliseconds(500)
    var early = TouchScript()
    early.down(1, at: 0, x: 10, y: 10)
    early.up(1, at: 499)
    #expect(run(press, early).log.isEmpty)
    var held = TouchScript()
    held.down(1, at: 0, x: 10, y: 10)
    held.up(1, at: 600)
    let fresh = LongPressGestureRecognizer()
    fresh.minimumPressDuration = .milliseconds(500)
    let log = run(fresh, held)
    #expect(log.log == ["long press began", "long press ended"])
    #expect(log.events.first?.time == ms(500))
  }

  @Test("the taps' and the swipe's times read and write as Durations")
  func otherDurations() {
    let tap = TapGestureRecognizer()
    tap.maximumTapInterval = .milliseconds(250)
    tap.maximumPressDuration = .seconds(1)
    #expect(tap.configuration.maximumTapIntervalMicroseconds == 250_000)
    #expect(tap.configuration.maximumPressDurationMicroseconds == 1_000_000)
    let swipe = SwipeGestureRecognizer()
    swipe.maximumDuration = .milliseconds(400)
    #expect(swipe.configuration.maximumDurationMicroseconds == 400_000)
    #expect(swipe.maximumDuration == .milliseconds(400))
  }

  @Test("UIKit's counts set the configuration, validated: numberOfTouchesRequired sets both ends")
  func counts() {
    let tap = TapGestureRecognizer()
    tap.numberOfTapsRequired = 2
    tap.numberOfTouchesRequired = 2
    #expect(tap.configuration.tapsRequired == 2)
    #expect(tap.configuration.touchesRequired == 2 && tap.configuration.maximumTouches == 2)
    let pan = PanGestureRecognizer()
    pan.minimumNumberOfTouches = 2
    pan.maximumNumberOfTouches = 3
    #expect(pan.configuration.minimumTouches == 2 && pan.configuration.maximumTouches == 3)
    pan.maximumNumberOfTouches = 0
    #expect(pan.maximumNumberOfTouches == 2, "corrected to the fewest, as the configuration is")
    let swipe = SwipeGestureRecognizer()
    swipe.directions = .left
    swipe.numberOfTouchesRequired = 3
    #expect(swipe.configuration.directions == .left)
    #expect(swipe.configuration.touchesRequired == 3 && swipe.configuration.maximumTouches == 3)
    let press = LongPressGestureRecognizer(LongPressGestureRecognizer.Configuration(touches: 1...4))
    press.numberOfTouchesRequired = 2
    #expect(press.configuration.touchesRequired == 2 && press.configuration.maximumTouches == 2)
  }

  @Test("numberOfTouchesRequired = 0 in an engine: both ends corrected in one report each")
  func exactCountValidatedOnce() {
    let engine = GestureEngine()
    var said: [String] = []
    engine.onDiagnostic = { said.append($0.description) }
    let swipe = engine.add(SwipeGestureRecognizer())
    swipe.numberOfTouchesRequired = 0
    #expect(swipe.numberOfTouchesRequired == 1 && swipe.configuration.maximumTouches == 1)
    #expect(said.count == 2, "one assignment, validated once: \(said)")
  }

  @Test("setTranslation(.zero) in each action: the steps add up to the whole drag")
  func resettableTranslation() {
    let pan = PanGestureRecognizer()
    let sum = Accumulator()
    pan.addTarget(sum, action: Accumulator.handlePan)
    var s = TouchScript()
    s.land(1, x: 20, y: 20)
    s.move([1], by: 30, 12, over: 200)
    s.lift(1)
    let result = run(pan, s)
    #expect(result.log.first == "pan began" && result.log.last == "pan ended")
    #expect(abs(sum.offset.dx - 30) < 1e-9 && abs(sum.offset.dy - 12) < 1e-9, "\(sum.offset)")
    #expect(sum.states.isEmpty, "translation reads as set after setTranslation")
    // The last event reports the translation since the reset (one 1.2 mm step), not since the
    // landing (30 mm).
    #expect(abs((result.events.last?.translation?.dx ?? 99) - 1.2) < 1e-9)
  }

  @Test("scale = 1 and rotation = 0 in each action: the steps multiply and add up to the whole")
  func resettableScaleAndRotation() {
    let engine = GestureEngine()
    let pinch = engine.add(PinchGestureRecognizer())
    let rotation = engine.add(RotationGestureRecognizer())
    engine.recognizeSimultaneously(pinch, rotation)
    let sum = Accumulator()
    pinch.addTarget(sum, action: Accumulator.handlePinch)
    rotation.addTarget(sum, action: Accumulator.handleRotation)
    var s = TouchScript()
    s.land(1, x: 40, y: 50)
    s.land(2, x: 60, y: 50)
    s.wait(20)
    s.spread([1, 2], by: 2, over: 300)
    s.rotate([1, 2], by: 40, over: 300)
    s.lift(1)
    s.lift(2)
    _ = run(engine, s)
    #expect(sum.states.first == .began && sum.states.contains(.changed))
    #expect(abs(sum.scale - 2) < 1e-6, "\(sum.scale)")
    #expect(abs(sum.rotation - 40 * Double.pi / 180) < 1e-6, "\(sum.rotation)")
  }

  /// A long press needing one tap first.
  func tapThenHold() -> LongPressGestureRecognizer {
    let press = LongPressGestureRecognizer()
    press.numberOfTapsRequired = 1
    return press
  }

  @Test("numberOfTapsRequired = 1: a tap, then a hold on the next landing, begins 500 ms later")
  func tapThenHoldBegins() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 20)
    s.up(1, at: 100)
    s.down(1, at: 250, x: 21, y: 20)
    s.up(1, at: 1_000)
    let result = run(tapThenHold(), s)
    #expect(result.log == ["long press began", "long press ended"])
    #expect(result.events.first?.time == ms(750))
  }

  @Test("numberOfTapsRequired = 1: a hold with no tap first, or a tap with no landing soon, fails")
  func tapThenHoldFails() {
    var hold = TouchScript()
    hold.down(1, at: 0, x: 20, y: 20)
    hold.up(1, at: 1_200)
    let held = run(tapThenHold(), hold)
    #expect(held.log.isEmpty)
    #expect(held.explained.first?.contains("long press failed") == true, "\(held.explained)")
    var late = TouchScript()
    late.down(1, at: 0, x: 20, y: 20)
    late.up(1, at: 100)
    late.down(1, at: 500, x: 20, y: 20)
    late.up(1, at: 1_300)
    let slow = run(tapThenHold(), late)
    #expect(slow.log.isEmpty, "the second landing came 400 ms after the lift")
    // Without a tap required, the same hold is a long press (the default is 0 taps).
    #expect(
      run(LongPressGestureRecognizer(), hold).log == ["long press began", "long press ended"])
    #expect(LongPressGestureRecognizer().numberOfTapsRequired == 0)
  }
}
