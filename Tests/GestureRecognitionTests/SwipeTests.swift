import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// `fingers` fingers 10 mm apart (across the stroke) moving `distance` mm towards `direction`
/// in `duration` ms at an even speed, lifting together.
func swipeScript(
  _ direction: SwipeDirection, fingers: Int = 1, distance: Double = 30, duration: Double = 100,
  skew: Double = 0
) -> TouchScript {
  var s = TouchScript()
  let u = direction.unitVector
  let across = PlaneVector(dx: -u.dy, dy: u.dx)
  for f in 1...fingers {
    let x = 50 + across.dx * Double(f - 1) * 10
    let y = 50 + across.dy * Double(f - 1) * 10
    s.down(f, at: 0, x: x, y: y)
    s.drag(
      f, to: x + u.dx * distance + across.dx * skew, y + u.dy * distance + across.dy * skew,
      from: 0, to: duration)
  }
  upAll(&s, fingers, at: duration)
  return s
}

@Suite struct SwipeTests {
  @Test(
    "each direction with 1-3 fingers is recognized with its direction",
    arguments: SwipeDirection.cardinals, [1, 2, 3])
  func directions(direction: SwipeDirection, fingers: Int) {
    let swipe = SwipeGestureRecognizer(.init(touches: fingers))
    let result = run(swipe, swipeScript(direction, fingers: fingers))
    #expect(result.log == [swipe.name + " recognized"])
    #expect(result.events.first?.direction == direction)
    #expect(result.events.first?.touches == fingers)
    // Recognized during the stroke (no lift needed), where the centroid had moved at least the
    // minimum distance along the direction, still on the fingers' common path.
    let u = direction.unitVector
    let across = PlaneVector(dx: -u.dy, dy: u.dx)
    let offset = Double(fingers - 1) * 5
    let at = result.events.first?.location ?? MillimeterPoint(x: 0, y: 0)
    let along = (at.x - 50 - across.dx * offset) * u.dx + (at.y - 50 - across.dy * offset) * u.dy
    let aside =
      (at.x - 50 - across.dx * offset) * across.dx + (at.y - 50 - across.dy * offset) * across.dy
    #expect(along >= 7.8 && along < 30)
    #expect(abs(aside) < 1e-9)
    #expect((result.events.first?.time ?? .max) < ms(100))
    #expect(result.violations.isEmpty)
  }

  @Test(
    "diagonals are recognized when enabled",
    arguments: [
      SwipeDirection.upLeft, .upRight, .downLeft, .downRight,
    ])
  func diagonals(direction: SwipeDirection) {
    var c = SwipeGestureRecognizer.Configuration(directions: .all)
    c.maximumAngle = 20
    let result = run(SwipeGestureRecognizer(c), swipeScript(direction))
    #expect(result.events.first?.direction == direction)
    let cardinalOnly = run(SwipeGestureRecognizer(), swipeScript(direction))
    #expect(cardinalOnly.log.isEmpty)
    #expect(cardinalOnly.explained.first == "swipe failed: 45.0° off axis > 30.0°")
  }

  @Test("a direction not in the set fails", arguments: SwipeDirection.cardinals)
  func disallowed(direction: SwipeDirection) {
    let swipe = SwipeGestureRecognizer(.init(directions: SwipeDirections(direction)))
    let opposite: SwipeDirection =
      [.left: .right, .right: .left, .up: .down, .down: .up][direction] ?? .left
    #expect(run(swipe, swipeScript(direction)).log == ["swipe recognized"])
    let result = run(
      SwipeGestureRecognizer(.init(directions: SwipeDirections(direction))), swipeScript(opposite))
    #expect(result.log.isEmpty)
  }

  @Test("distance: 8 mm is a swipe, 7.6 mm is not")
  func distance() {
    let inside = run(SwipeGestureRecognizer(), swipeScript(.left, distance: 8, duration: 40))
    #expect(inside.log == ["swipe recognized"])
    let outside = run(SwipeGestureRecognizer(), swipeScript(.left, distance: 7.6, duration: 40))
    #expect(outside.log.isEmpty)
    #expect(outside.explained.first == "swipe failed: moved 7.6 mm < 7.8 mm")
  }

  @Test("velocity: 110 mm/s is a swipe, 90 mm/s is not")
  func velocity() {
    let inside = run(SwipeGestureRecognizer(), swipeScript(.right, distance: 22, duration: 200))
    #expect(inside.log == ["swipe recognized"])
    if case .planar(let v) = inside.events.first?.velocity {
      #expect(abs(v.dx - 110) < 1e-6 && abs(v.dy) < 1e-9)
    } else {
      Issue.record("no planar velocity")
    }
    let outside = run(SwipeGestureRecognizer(), swipeScript(.right, distance: 18, duration: 200))
    #expect(outside.log.isEmpty)
    #expect(outside.explained.first == "swipe failed: 90 mm/s < 100 mm/s")
  }

  @Test("a stroke that qualifies is recognized before it stops and lifts (UIKit)")
  func stopped() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 50, 10, from: 0, to: 100)
    s.up(1, at: 160)
    let result = run(SwipeGestureRecognizer(), s)
    #expect(result.log == ["swipe recognized"])
    #expect((result.events.first?.time ?? .max) < ms(100))
  }

  @Test("a fast stroke that decelerates to a crawl is still a swipe")
  func decelerating() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 110, 10, from: 0, to: 300)
    s.drag(1, to: 120, 10, from: 300, to: 1200)
    s.up(1, at: 1200)
    let result = run(SwipeGestureRecognizer(), s)
    #expect(result.log == ["swipe recognized"])
    #expect(result.events.first?.direction == .right)
  }

  @Test("maximum duration: a flick after a 600 ms rest is not a swipe")
  func tooLong() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 70, 10, from: 600, to: 700)
    s.up(1, at: 700)
    let result = run(SwipeGestureRecognizer(), s)
    #expect(result.log.isEmpty)
    #expect(result.explained.first?.hasPrefix("swipe failed: lasted ") == true)
    // Positive control: the same flick with no rest before it is a swipe.
    var flick = TouchScript()
    flick.down(1, at: 0, x: 10, y: 10)
    flick.drag(1, to: 70, 10, from: 0, to: 100)
    flick.up(1, at: 100)
    #expect(run(SwipeGestureRecognizer(), flick).events.first?.state == .recognized)
    #expect(result.explained.first?.hasSuffix(" > 500 ms") == true)
  }

  @Test("angle: 29° off the axis is a swipe, 31° is not")
  func angle() {
    func script(_ degrees: Double) -> TouchScript {
      // tan(29°) ≈ 0.5543, tan(31°) ≈ 0.6009
      swipeScript(.right, distance: 30, skew: 30 * (degrees == 29 ? 0.5543 : 0.6009))
    }
    #expect(run(SwipeGestureRecognizer(), script(29)).log == ["swipe recognized"])
    let outside = run(SwipeGestureRecognizer(), script(31))
    #expect(outside.explained.first == "swipe failed: 31.0° off axis > 30.0°")
  }

  @Test("fingers moving different ways fail a 2-finger swipe")
  func disagree() {
    var s = TouchScript()
    s.down(1, at: 0, x: 50, y: 50)
    s.down(2, at: 0, x: 50, y: 70)
    s.drag(1, to: 80, 50, from: 0, to: 100)
    s.drag(2, to: 50, 75, from: 0, to: 100)
    upAll(&s, 2, at: 100)
    let result = run(SwipeGestureRecognizer(.init(touches: 2)), s)
    #expect(result.log.isEmpty)
    #expect(result.explained.first == "2-finger swipe failed: fingers moved different ways")
    // Positive control: both fingers moving right are a 2-finger swipe.
    var together = TouchScript()
    together.down(1, at: 0, x: 50, y: 50)
    together.down(2, at: 0, x: 50, y: 70)
    together.drag(1, to: 80, 50, from: 0, to: 100)
    together.drag(2, to: 80, 70, from: 0, to: 100)
    upAll(&together, 2, at: 100)
    let control = run(SwipeGestureRecognizer(.init(touches: 2)), together)
    #expect(control.events.first?.state == .recognized)
  }

  @Test("a third finger fails a 2-finger swipe at once")
  func tooManyFingers() {
    let result = run(SwipeGestureRecognizer(.init(touches: 2)), swipeScript(.up, fingers: 3))
    #expect(result.log.isEmpty)
    // Positive control: two fingers are a 2-finger swipe.
    let two = run(SwipeGestureRecognizer(.init(touches: 2)), swipeScript(.up, fingers: 2))
    #expect(two.events.first?.state == .recognized)
    #expect(result.explained.first == "2-finger swipe failed: 3 touches > 2")
    #expect(result.violations.isEmpty)
  }
}
