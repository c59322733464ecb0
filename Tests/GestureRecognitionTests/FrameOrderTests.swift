import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// The log with each run of one repeated entry written once with "…" ("pan changed…").
func compact(_ log: [String]) -> [String] {
  var out: [String] = []
  var index = 0
  while index < log.count {
    var end = index + 1
    while end < log.count && log[end] == log[index] { end += 1 }
    out.append(log[index] + (end - index > 1 ? "…" : ""))
    index = end
  }
  return out
}

/// One touch lifts and another lands in the same frame: recognizers see the lift first (UIKit
/// delivers touchesEnded before touchesBegan), the finished gesture ends where the lifted touch
/// was, and the new touch starts afresh.
@Suite struct FrameOrderTests {
  /// Finger 1 held 800 ms at (20, 20); at 800 ms it lifts and finger 2 lands at (110, 20), 90 mm
  /// away, in the same frame.
  private func heldThenNew(_ s: inout TouchScript) {
    s.down(1, at: 0, x: 20, y: 20)
    s.up(1, at: 800)
    s.down(2, at: 800, x: 110, y: 20)
  }

  @Test("a long press ends at the lifted finger; the new finger's tap is reported")
  func longPressThenTap() {
    var s = TouchScript()
    heldThenNew(&s)
    s.up(2, at: 860)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.log == ["long press began", "long press ended", "tap recognized"])
    #expect(result.events[1].location == MillimeterPoint(x: 20, y: 20))
    #expect(result.events[1].time == ms(800))
    #expect(result.events[2].location == MillimeterPoint(x: 110, y: 20))
    #expect(result.events[2].touches == 1 && result.events[2].taps == 1)
    #expect(result.violations.isEmpty)
  }

  @Test("a long press, then a new finger in the same frame swipes down")
  func longPressThenSwipe() {
    var s = TouchScript()
    heldThenNew(&s)
    s.drag(2, to: 110, 80, from: 800, to: 960)
    s.up(2, at: 968)
    let result = run(DefaultGestureSet().engine, s)
    #expect(
      compact(result.log) == [
        "long press began", "long press ended", "pan began", "pan changed", "swipe recognized",
        "pan changed…", "pan ended",
      ])
    #expect(result.events.first { $0.kind == .swipe }?.direction == .down)
    #expect(result.violations.isEmpty)
  }

  @Test("a long press, then a new finger in the same frame is held: a second long press")
  func longPressThenLongPress() {
    var s = TouchScript()
    heldThenNew(&s)
    s.up(2, at: 1_400)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.log == ["long press began", "long press ended"] + result.log.suffix(2))
    #expect(result.log.suffix(2) == ["long press began", "long press ended"])
    #expect(result.events[2].time == ms(1_300))
    #expect(result.violations.isEmpty)
  }

  @Test("a pan ends at the lifted finger, with no jump to the new one; its tap is reported")
  func panThenTap() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 20)
    s.drag(1, to: 60, 20, from: 0, to: 800, every: 16)
    s.up(1, at: 816)
    s.down(2, at: 816, x: 60, y: 85)
    s.up(2, at: 876)
    let result = run(DefaultGestureSet().engine, s)
    #expect(compact(result.log) == ["pan began", "pan changed…", "pan ended", "tap recognized"])
    let ended = result.events.first { $0.kind == .pan && $0.state == .ended }
    #expect(ended?.translation == PlaneVector(dx: 40, dy: 0))
    #expect(ended?.location == MillimeterPoint(x: 60, y: 20))
    #expect(result.events.last?.location == MillimeterPoint(x: 60, y: 85))
    #expect(result.violations.isEmpty)
  }

  @Test("a tap lifting as another lands 40 mm away: two single taps")
  func tapThenTap() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 20)
    s.up(1, at: 60)
    s.down(2, at: 60, x: 60, y: 20)
    s.up(2, at: 120)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.log == ["tap recognized", "tap recognized"])
    #expect(result.events.map(\.location.x) == [20, 60])
    #expect(result.violations.isEmpty)
  }

  @Test("a swipe lifting as a new finger lands: the swipe, then the new finger's tap")
  func swipeThenTap() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 50)
    s.drag(1, to: 80, 50, from: 0, to: 160)
    s.up(1, at: 168)
    s.down(2, at: 168, x: 20, y: 90)
    s.up(2, at: 228)
    let result = run(DefaultGestureSet().engine, s)
    #expect(
      compact(result.log) == [
        "pan began", "pan changed", "swipe recognized", "pan changed…", "pan ended",
        "tap recognized",
      ])
    #expect(result.events.last?.location == MillimeterPoint(x: 20, y: 90))
    #expect(result.violations.isEmpty)
  }

  @Test("a pinch whose fingers lift as a new one lands ends; the new finger taps")
  func pinchThenTap() {
    var s = TouchScript()
    s.down(1, at: 0, x: 40, y: 50)
    s.down(2, at: 0, x: 60, y: 50)
    s.drag(1, to: 20, 50, from: 0, to: 400, every: 16)
    s.drag(2, to: 80, 50, from: 0, to: 400, every: 16)
    s.up(1, at: 416)
    s.up(2, at: 416)
    s.down(3, at: 416, x: 50, y: 90)
    s.up(3, at: 476)
    let result = run(DefaultGestureSet().engine, s)
    let pinch = result.log.filter { $0.hasPrefix("pinch") }
    #expect(compact(pinch) == ["pinch began", "pinch changed…", "pinch ended"])
    #expect(result.log.last == "tap recognized")
    #expect(result.events.last?.location == MillimeterPoint(x: 50, y: 90))
    let ended = result.events.first { $0.kind == .pinch && $0.state == .ended }
    #expect(ended?.location == MillimeterPoint(x: 50, y: 50))
    #expect(result.violations.isEmpty)
  }

  @Test("a cancelled touch and a new one in the same frame: cancelled first, then a tap")
  func cancelThenTap() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 20)
    s.cancel(1, at: 700)
    s.down(2, at: 700, x: 80, y: 20)
    s.up(2, at: 760)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.log == ["long press began", "long press cancelled", "tap recognized"])
    #expect(result.violations.isEmpty)
  }

  @Test("a frame with only new or only leaving touches is not split")
  func notSplit() {
    let landing = TouchFrame(
      time: 0,
      touches: [
        Touch(id: TouchID(1), phase: .moved, location: MillimeterPoint(x: 0, y: 0)),
        Touch(id: TouchID(2), phase: .began, location: MillimeterPoint(x: 9, y: 0)),
      ])
    #expect(GestureEngine.split(landing) == nil)
    var mixed = landing
    mixed.touches[0].phase = .ended
    let halves = GestureEngine.split(mixed)
    #expect(halves?.leaving.touches.map(\.id) == [TouchID(1)])
    #expect(halves?.landing.touches.map(\.id) == [TouchID(2)])
  }
}
