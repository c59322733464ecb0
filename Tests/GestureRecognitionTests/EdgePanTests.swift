import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// A 100 × 60 mm surface.
let edgeBounds = MillimeterRect(x: 0, y: 0, width: 100, height: 60)

/// An edge pan on `edgeBounds` with the defaults (5 mm band, 3 mm to begin).
func edgePan(
  edges: Set<ScreenEdge> = Set(ScreenEdge.allCases), touches: ClosedRange<Int> = 1...1
) -> EdgePanGestureRecognizer {
  EdgePanGestureRecognizer(.init(bounds: edgeBounds, edges: edges, touches: touches))
}

/// One finger landing at (x, y), moving by (dx, dy) over 100 ms in 4 steps, lifting at 200 ms.
func stroke(x: Double, y: Double, dx: Double, dy: Double) -> TouchScript {
  var s = TouchScript()
  s.down(1, at: 0, x: x, y: y)
  s.drag(1, to: x + dx, y + dy, from: 0, to: 100, every: 25)
  s.up(1, at: 200)
  return s
}

@Suite struct EdgePanTests {
  @Test("the band: landing 5.0 mm from the left edge begins, 5.1 mm fails")
  func band() {
    let inside = run(edgePan(), stroke(x: 5.0, y: 30, dx: 20, dy: 0))
    #expect(compact(inside.log) == ["edge pan began", "edge pan changed…", "edge pan ended"])
    #expect(inside.events.first?.edge == .left)
    let outside = run(edgePan(), stroke(x: 5.1, y: 30, dx: 20, dy: 0))
    #expect(outside.log.isEmpty)
    #expect(
      outside.explained.first
        == "edge pan failed: landed 5.1 mm from the nearest edge > 5.0 mm band")
    #expect(inside.violations.isEmpty && outside.violations.isEmpty)
  }

  @Test("the distance: 2.9 mm inwards and a lift fails, 3.0 mm begins with the translation")
  func distance() {
    var short = TouchScript()
    short.down(1, at: 0, x: 1, y: 30)
    short.move(1, at: 50, x: 3.9, y: 30)
    short.up(1, at: 100)
    let failed = run(edgePan(), short)
    #expect(failed.log.isEmpty)
    #expect(failed.explained.first == "edge pan failed: moved 2.9 mm < 3.0 mm")
    var enough = TouchScript()
    enough.down(1, at: 0, x: 1, y: 30)
    enough.move(1, at: 50, x: 4, y: 30)
    enough.up(1, at: 100)
    let began = run(edgePan(), enough)
    #expect(began.log == ["edge pan began", "edge pan ended"])
    #expect(began.events.first?.time == ms(50))
    #expect(began.events.first?.translation == PlaneVector(dx: 3, dy: 0))
    #expect(
      began.explained.first == "edge pan began: moved 3.0 mm away from the left edge ≥ 3.0 mm")
    #expect(failed.violations.isEmpty && began.violations.isEmpty)
  }

  @Test("the direction: 45° from inwards begins, a little more along the edge fails")
  func direction() {
    func step(_ dx: Double, _ dy: Double) -> TouchScript {
      var s = TouchScript()
      s.down(1, at: 0, x: 1, y: 30)
      s.move(1, at: 50, x: 1 + dx, y: 30 + dy)
      s.up(1, at: 100)
      return s
    }
    let diagonal = run(edgePan(), step(3, 3))
    #expect(diagonal.log == ["edge pan began", "edge pan ended"])
    let along = run(edgePan(), step(2.9, 3.1))
    #expect(along.log.isEmpty)
    #expect(
      along.explained.first == "edge pan failed: moved 2.9 mm inwards < 3.1 mm along the edge")
    let outwards = run(edgePan(), stroke(x: 4, y: 30, dx: -3.5, dy: 0))
    #expect(outwards.log.isEmpty)
    #expect(diagonal.violations.isEmpty && along.violations.isEmpty)
  }

  @Test(
    "each edge, moving inwards, reports that edge",
    arguments: [
      (ScreenEdge.left, 2.0, 30.0, 20.0, 0.0), (.right, 98, 30, -20, 0), (.top, 50, 2, 0, 20),
      (.bottom, 50, 58, 0, -20),
    ])
  func edges(edge: ScreenEdge, x: Double, y: Double, dx: Double, dy: Double) {
    let result = run(edgePan(), stroke(x: x, y: y, dx: dx, dy: dy))
    #expect(compact(result.log) == ["edge pan began", "edge pan changed…", "edge pan ended"])
    #expect(result.events.allSatisfy { $0.edge == edge && $0.kind == .edgePan })
    #expect(result.events.last?.translation == PlaneVector(dx: dx, dy: dy))
    #expect(result.violations.isEmpty)
  }

  @Test("in a corner, the edge the stroke moves away from")
  func corner() {
    let down = run(edgePan(), stroke(x: 2, y: 2, dx: 1, dy: 20))
    #expect(down.events.first?.edge == .top)
    let right = run(edgePan(), stroke(x: 2, y: 2, dx: 20, dy: 1))
    #expect(right.events.first?.edge == .left)
    #expect(down.violations.isEmpty && right.violations.isEmpty)
  }

  @Test("only the configured edges: the right band fails a left-only edge pan")
  func configuredEdges() {
    let result = run(edgePan(edges: [.left]), stroke(x: 98, y: 30, dx: -20, dy: 0))
    #expect(result.log.isEmpty)
    // Positive control: the same stroke in from the left band begins.
    let control = run(edgePan(edges: [.left]), stroke(x: 2, y: 30, dx: 20, dy: 0))
    #expect(control.events.first?.state == .began)
    #expect(
      result.explained.first
        == "edge pan failed: landed 98.0 mm from the nearest edge > 5.0 mm band")
  }

  @Test("touches: a second finger fails the 1-finger default; two in the band make a 2-finger one")
  func touches() {
    var s = TouchScript()
    s.down(1, at: 0, x: 2, y: 20)
    s.down(2, at: 20, x: 3, y: 40)
    s.drag(1, to: 30, 20, from: 20, to: 120, every: 25)
    s.drag(2, to: 31, 40, from: 20, to: 120, every: 25)
    upAll(&s, 2, at: 200)
    let one = run(edgePan(), s)
    #expect(one.log.isEmpty)
    #expect(one.explained.first == "edge pan failed: 2 touches > 1")
    let two = run(edgePan(touches: 2...2), s)
    #expect(compact(two.log) == ["edge pan began", "edge pan changed…", "edge pan ended"])
    #expect(two.events.first?.touches == 2)
    var outside = TouchScript()
    outside.down(1, at: 0, x: 2, y: 20)
    outside.down(2, at: 20, x: 30, y: 40)
    outside.drag(1, to: 30, 20, from: 20, to: 120, every: 25)
    upAll(&outside, 2, at: 200)
    let far = run(edgePan(touches: 2...2), outside)
    #expect(far.log.isEmpty)
    #expect(
      far.explained.first == "edge pan failed: landed 20.0 mm from the nearest edge > 5.0 mm band")
    #expect(one.violations.isEmpty && two.violations.isEmpty)
  }

  @Test("a cancelled touch cancels an edge pan in progress")
  func cancelled() {
    var s = TouchScript()
    s.down(1, at: 0, x: 1, y: 30)
    s.drag(1, to: 20, 30, from: 0, to: 100, every: 25)
    s.cancel(1, at: 125)
    let result = run(edgePan(), s)
    #expect(compact(result.log) == ["edge pan began", "edge pan changed…", "edge pan cancelled"])
    #expect(result.violations.isEmpty)
  }

  @Test("JSON and text carry the edge after the direction's place, with the pan's keys")
  func format() {
    let event = GestureEvent(
      time: 1_000_000, kind: .edgePan, state: .began, touches: 1,
      location: MillimeterPoint(x: 4, y: 30), translation: PlaneVector(dx: 3, dy: 0),
      velocity: .planar(PlaneVector(dx: 90, dy: 0)), edge: .left)
    #expect(
      event.json(origin: 0)
        == "{\"t\": 1.000000, \"gesture\": \"edgePan\", \"state\": \"began\", \"touches\": 1, "
        + "\"x\": 4.00, \"y\": 30.00, \"edge\": \"left\", \"translation\": [3.00, 0.00], "
        + "\"velocity\": [90.0, 0.0]}")
    #expect(event.text(origin: 0).contains("edge=left translation=(3.00, 0.00)"))
  }
}
