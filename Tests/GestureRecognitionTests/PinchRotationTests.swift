import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// Two fingers on a circle of `radius` mm around (50, 50), opposite each other, turning
/// `degrees` clockwise and scaling the radius by `scale` over `duration` ms, while the centre
/// moves `shift` mm to the right.
func twoFingerScript(
  degrees: Double, scale: Double = 1, radius: Double = 10, duration: Double = 400,
  steps: Int = 100, shift: Double = 0
) -> TouchScript {
  var s = TouchScript()
  let every = duration / Double(steps)
  for f in 1...2 {
    let phase = f == 1 ? 0.0 : Double.pi
    s.down(f, at: 0, x: 50 + radius * cosine(phase), y: 50 + radius * sine(phase))
    s.path(f, from: 0, to: duration, every: every) { t in
      let a = phase + degrees * Double.pi / 180 * t
      let r = radius * (1 + (scale - 1) * t)
      return (50 + shift * t + r * cosine(a), 50 + r * sine(a))
    }
  }
  upAll(&s, 2, at: duration + 10)
  return s
}

/// Cosine by its Taylor series after reduction to −π…π (tests only; no Glibc).
func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }

/// Sine by its Taylor series after reduction to −π…π (tests only; no Glibc).
func sine(_ x: Double) -> Double {
  var v = x.truncatingRemainder(dividingBy: 2 * Double.pi)
  if v > Double.pi { v -= 2 * Double.pi }
  if v < -Double.pi { v += 2 * Double.pi }
  var term = v
  var sum = v
  for n in 1..<30 {
    term *= -v * v / Double((2 * n) * (2 * n + 1))
    sum += term
  }
  return sum
}

@Suite struct PinchRotationTests {
  @Test("fingers twice as far apart pinch to scale 2")
  func pinchScale() {
    let result = run(PinchGestureRecognizer(), twoFingerScript(degrees: 0, scale: 2))
    #expect(result.log.first == "pinch began")
    #expect(result.log.last == "pinch ended")
    #expect(abs((result.events.last?.scale ?? 0) - 2) < 1e-9)
    #expect(result.events.first?.location == MillimeterPoint(x: 50, y: 50))
    #expect(result.violations.isEmpty)
  }

  @Test("pinch slop: span change 2.8 mm fails, 3.0 mm begins")
  func pinchSlop() {
    let inside = run(PinchGestureRecognizer(), twoFingerScript(degrees: 0, scale: 1.28))
    #expect(inside.log.isEmpty)
    #expect(inside.explained.first == "pinch failed: span changed 2.8 mm < 2.9 mm")
    let outside = run(PinchGestureRecognizer(), twoFingerScript(degrees: 0, scale: 1.3))
    #expect(outside.log.first == "pinch began")
    #expect(inside.violations.isEmpty && outside.violations.isEmpty)
  }

  @Test("pinch velocity is the scale's rate of change")
  func pinchVelocity() {
    let result = run(PinchGestureRecognizer(), twoFingerScript(degrees: 0, scale: 2, duration: 500))
    let changed = result.events.dropLast().last
    if case .scalar(let v) = changed?.velocity {
      #expect(abs(v - 2) < 1e-6)
    } else {
      Issue.record("no velocity")
    }
  }

  @Test("a 400° clockwise turn reports +400° in radians", arguments: [400.0, -400.0])
  func unwrap(degrees: Double) {
    let result = run(RotationGestureRecognizer(), twoFingerScript(degrees: degrees))
    #expect(result.log.first == "rotation began")
    let expected = degrees * Double.pi / 180
    #expect(abs((result.events.last?.rotation ?? 0) - expected) < 1e-9)
    #expect(result.violations.isEmpty)
  }

  @Test("rotation slop: 7.0° fails, 7.4° begins")
  func rotationSlop() {
    let inside = run(RotationGestureRecognizer(), twoFingerScript(degrees: 7.0))
    #expect(inside.log.isEmpty)
    let outside = run(RotationGestureRecognizer(), twoFingerScript(degrees: 7.4))
    #expect(outside.log.first == "rotation began")
    #expect(inside.explained.first == "rotation failed: turned 7.0° < 7.2°")
    #expect(outside.explained.first?.hasPrefix("rotation began: turned 7.") == true)
  }

  @Test("a third finger landing and lifting mid-pinch does not make scale or angle jump")
  func noJump() {
    // The third finger lands at 100 ms and lifts at 300 ms, moving with the same similarity
    // (turning 90° and doubling about (50, 50) over 400 ms), so the fit stays exact.
    var s = twoFingerScript(degrees: 90, scale: 2, duration: 400, steps: 40)
    func transformed(_ t: Double) -> (Double, Double) {
      let (t1, q) = (0.25, (70.0, 60.0))
      let k = (1 + t) / (1 + t1)
      let a = (t - t1) * Double.pi / 2
      let (dx, dy) = (q.0 - 50, q.1 - 50)
      return (50 + k * (dx * cosine(a) - dy * sine(a)), 50 + k * (dx * sine(a) + dy * cosine(a)))
    }
    s.down(3, at: 100, x: 70, y: 60)
    s.path(3, from: 100, to: 300, every: 10) { f in transformed((100 + f * 200) / 400) }
    s.up(3, at: 300)
    let pinch = run(PinchGestureRecognizer(), s)
    let scales = pinch.events.compactMap(\.scale)
    for (a, b) in zip(scales, scales.dropFirst()) { #expect(b >= a - 1e-9 && b - a < 0.06) }
    #expect(abs((scales.last ?? 0) - 2) < 1e-9)
    let rotation = run(RotationGestureRecognizer(), s)
    let angles = rotation.events.compactMap(\.rotation)
    for (a, b) in zip(angles, angles.dropFirst()) { #expect(b >= a - 1e-9 && b - a < 0.06) }
    #expect(abs((angles.last ?? 0) - Double.pi / 2) < 1e-9)
    #expect(pinch.violations.isEmpty && rotation.violations.isEmpty)
  }

  @Test("three fingers spreading fit scale 1.5 from all touches")
  func threeFingers() {
    var s = TouchScript()
    let points = [(40.0, 40.0), (60.0, 40.0), (50.0, 60.0)]
    for (f, p) in points.enumerated() {
      s.down(f + 1, at: 0, x: p.0, y: p.1)
      s.drag(f + 1, to: 50 + (p.0 - 50) * 1.5, 50 + (p.1 - 50) * 1.5, from: 0, to: 200)
    }
    upAll(&s, 3, at: 210)
    let result = run(PinchGestureRecognizer(), s)
    #expect(abs((result.events.last?.scale ?? 0) - 1.5) < 1e-9)
    #expect(result.events.last?.touches == 3)
  }

  @Test("one finger never pinches or rotates")
  func oneFinger() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 50, 50, from: 0, to: 100)
    s.up(1, at: 110)
    #expect(run(PinchGestureRecognizer(), s).log.isEmpty)
    #expect(run(RotationGestureRecognizer(), s).log.isEmpty)
    // Positive control: two fingers spreading and turning do pinch and rotate.
    let two = twoFingerScript(degrees: 30, scale: 1.5)
    #expect(run(PinchGestureRecognizer(), two).events.first?.state == .began)
    #expect(run(RotationGestureRecognizer(), two).events.first?.state == .began)
  }
}
