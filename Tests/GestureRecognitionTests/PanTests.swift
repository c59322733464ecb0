import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

@Suite struct PanTests {
  @Test("slop: 2.9 mm fails at lift, 3.0 mm begins", arguments: [1, 2, 3])
  func slop(fingers: Int) {
    func script(_ dx: Double) -> TouchScript {
      var s = TouchScript()
      downAll(&s, fingers, at: 0, x: 10, y: 10)
      for f in 1...fingers { s.move(f, at: 50, x: 10 + Double(f - 1) * 10 + dx, y: 10) }
      upAll(&s, fingers, at: 100)
      return s
    }
    let inside = run(PanGestureRecognizer(), script(2.9))
    #expect(inside.log.isEmpty)
    #expect(inside.explained.first == "pan failed: moved 2.9 mm < 3.0 mm")
    let outside = run(PanGestureRecognizer(), script(3.0))
    #expect(outside.log == ["pan began", "pan ended"])
    #expect(outside.events.first?.translation == PlaneVector(dx: 3, dy: 0))
    #expect(outside.events.first?.touches == fingers)
    #expect(inside.violations.isEmpty && outside.violations.isEmpty)
  }

  @Test("translation and velocity follow the centroid")
  func translationAndVelocity() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 40, 50, from: 0, to: 80, every: 8)
    s.up(1, at: 80)
    let result = run(PanGestureRecognizer(), s)
    #expect(result.log.first == "pan began")
    #expect(result.log.last == "pan ended")
    #expect(result.log.count == 10)
    let last = result.events.last
    #expect(last?.translation == PlaneVector(dx: 30, dy: 40))
    if case .planar(let v) = last?.velocity {
      #expect(abs(v.dx - 375) < 1e-6 && abs(v.dy - 500) < 1e-6)
    } else {
      Issue.record("no velocity")
    }
    #expect(result.violations.isEmpty)
  }

  @Test("a finger added or lifted during a pan does not make the translation jump")
  func noJump() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 30, 10, from: 0, to: 80, every: 10)
    s.down(2, at: 90, x: 70, y: 40)
    s.drag(1, to: 40, 10, from: 90, to: 140, every: 10)
    s.drag(2, to: 80, 40, from: 90, to: 140, every: 10)
    s.up(1, at: 150)
    s.drag(2, to: 90, 40, from: 150, to: 200, every: 10)
    s.up(2, at: 210)
    let result = run(PanGestureRecognizer(), s)
    let xs = result.events.compactMap { $0.translation?.dx }
    #expect(xs.last == 40)
    for (a, b) in zip(xs, xs.dropFirst()) { #expect(b - a >= 0 && b - a <= 2.6) }
    #expect(result.events.allSatisfy { $0.translation?.dy == 0 })
    #expect(result.log.last == "pan ended")
    #expect(result.events.last?.time == ms(210))
    #expect(result.violations.isEmpty)
  }

  @Test("more fingers than the maximum fail before the pan begins")
  func maximumTouches() {
    var s = TouchScript()
    downAll(&s, 3, at: 0, x: 10, y: 10)
    for f in 1...3 { s.drag(f, to: Double(f) * 10 + 20, 10, from: 0, to: 50) }
    upAll(&s, 3, at: 60)
    let result = run(PanGestureRecognizer(.init(maximumTouches: 2)), s)
    #expect(result.log.isEmpty)
    // Positive control: with room for three fingers, the same drag is a pan.
    #expect(run(PanGestureRecognizer(.init(maximumTouches: 3)), s).events.first?.state == .began)
    #expect(result.explained.first == "pan failed: 3 touches > 2")
  }

  @Test("with a minimum of 2 touches one finger never pans, and lifting to 1 ends it")
  func minimumTouches() {
    var s = TouchScript()
    s.down(1, at: 0, x: 10, y: 10)
    s.drag(1, to: 30, 10, from: 0, to: 50)
    s.down(2, at: 60, x: 30, y: 30)
    s.drag(1, to: 40, 10, from: 60, to: 100)
    s.drag(2, to: 40, 30, from: 60, to: 100)
    s.up(2, at: 110)
    s.drag(1, to: 60, 10, from: 110, to: 150)
    s.up(1, at: 160)
    let result = run(PanGestureRecognizer(.init(minimumTouches: 2)), s)
    #expect(result.log.first == "pan began")
    #expect(result.events.first?.time == ms(76))
    #expect(result.log.last == "pan ended")
    #expect(result.events.last?.time == ms(110))
    #expect(result.violations.isEmpty)
  }
}
