import Testing

@testable import GestureRecognition

@Suite struct MathTests {
  @Test(
    "arcTangent2 matches known values to 1e-12",
    arguments: [
      (0.0, 1.0, 0.0), (1.0, 1.0, Double.pi / 4), (1.0, 0.0, Double.pi / 2),
      (-1.0, 0.0, -Double.pi / 2), (0.0, -1.0, Double.pi), (-1.0, -1.0, -3 * Double.pi / 4),
      (1.0, -1.0, 3 * Double.pi / 4), (1.0, 3.0.squareRoot(), Double.pi / 6),
      (3.0.squareRoot(), 1.0, Double.pi / 3), (0.5, 1.0, 0.463_647_609_000_806_1),
      (2.0, 1.0, 1.107_148_717_794_090_4), (10.0, 1.0, 1.471_127_674_303_734_7),
      (1e-8, 1.0, 1e-8), (-0.2, 0.9, -0.218_668_945_873_942_8),
      (1.0, 1e-300, Double.pi / 2), (-5.0, -12.0, -2.746_801_533_890_031_6),
    ])
  func knownValues(y: Double, x: Double, expected: Double) {
    #expect(abs(arcTangent2(y, x) - expected) < 1e-12)
  }

  @Test("arcTangent(x) + arcTangent(1/x) = π/2 across magnitudes")
  func identity() {
    var x = 1e-6
    while x < 1e6 {
      #expect(abs(arcTangent(x) + arcTangent(1 / x) - Double.pi / 2) < 1e-12)
      #expect(arcTangent(-x) == -arcTangent(x))
      x *= 1.7
    }
    #expect(arcTangent(.infinity) == Double.pi / 2)
  }

  @Test("velocity of steady motion is exact; a quadratic path gives its final slope")
  func velocitySteady() {
    var tracker = VelocityTracker()
    for i in 0...30 {
      let t = Double(i) * 0.008
      tracker.add(x: 100 * t, y: -50 * t, at: Int64(i) * 8000)
    }
    let v = tracker.velocity(at: 240_000)
    #expect(abs(v.dx - 100) < 1e-6 && abs(v.dy + 50) < 1e-6)
    var curve = VelocityTracker()
    for i in 0...10 {
      let t = Double(i) * 0.01
      curve.add(x: 500 * t * t, y: 0, at: Int64(i) * 10_000)
    }
    #expect(abs(curve.velocity(at: 100_000).dx - 100) < 1e-6)
  }

  @Test("the tracker stops after 40 ms and ignores samples before a 40 ms gap")
  func velocityStops() {
    var tracker = VelocityTracker()
    tracker.add(x: 0, y: 0, at: 0)
    tracker.add(x: 1, y: 0, at: 10_000)
    #expect(abs(tracker.velocity(at: 50_000).dx - 100) < 1e-9)
    #expect(tracker.velocity(at: 50_001) == .zero)
    tracker.add(x: 100, y: 0, at: 60_000)
    tracker.add(x: 102, y: 0, at: 70_000)
    #expect(abs(tracker.velocity(at: 70_000).dx - 200) < 1e-9)
    var single = VelocityTracker()
    single.add(x: 5, y: 5, at: 0)
    #expect(single.velocity(at: 0) == .zero)
  }

  @Test("only the last 100 ms and 20 samples count")
  func velocityWindow() {
    var tracker = VelocityTracker()
    for i in 0..<40 { tracker.add(x: Double(i < 30 ? 0 : (i - 29) * 3), y: 0, at: Int64(i) * 5000) }
    let v = tracker.velocity(at: 195_000)
    #expect(v.dx > 0)
    var steady = VelocityTracker()
    for i in 0..<40 { steady.add(x: Double(i) * 2, y: 0, at: Int64(i) * 1000) }
    #expect(abs(steady.velocity(at: 39_000).dx - 2000) < 1e-6)
  }
}
