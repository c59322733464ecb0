import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// The default set with a surface: an edge pan wins over pan and swipe for strokes that start in
/// a band and move inwards; taps, holds and drags along the edge keep their gestures.
@Suite struct EdgePanDefaultSetTests {
  /// The default set on the 100 × 60 mm surface.
  private func defaultSet() -> GestureEngine { DefaultGestureSet(surface: edgeBounds).engine }

  @Test("a slow drag inwards from the left band is an edge pan, not also a pan")
  func slowDrag() {
    var s = TouchScript()
    s.down(1, at: 0, x: 2, y: 30)
    s.drag(1, to: 50, 32, from: 0, to: 800, every: 16)
    s.up(1, at: 900)
    let result = run(defaultSet(), s)
    #expect(compact(result.log) == ["edge pan began", "edge pan changed…", "edge pan ended"])
    #expect(result.violations.isEmpty)
  }

  @Test("a fast flick inwards from the right band is an edge pan, not a swipe")
  func flick() {
    var s = TouchScript()
    s.down(1, at: 0, x: 98, y: 30)
    s.drag(1, to: 40, 30, from: 0, to: 120)
    s.up(1, at: 128)
    let result = run(defaultSet(), s)
    #expect(compact(result.log) == ["edge pan began", "edge pan changed…", "edge pan ended"])
    #expect(result.explained.contains("swipe failed: edge pan (required to fail) succeeded"))
    #expect(result.violations.isEmpty)
  }

  @Test("a tap in the band stays a tap; a hold stays a long press")
  func tapAndHold() {
    var tap = TouchScript()
    tap.tap(1, at: 0, x: 1, y: 30)
    let tapped = run(defaultSet(), tap)
    #expect(tapped.log == ["tap recognized"])
    var hold = TouchScript()
    hold.down(1, at: 0, x: 50, y: 1)
    hold.up(1, at: 800)
    let held = run(defaultSet(), hold)
    #expect(held.log == ["long press began", "long press ended"])
    #expect(held.explained.contains("edge pan failed: prevented by long press"))
    #expect(tapped.violations.isEmpty && held.violations.isEmpty)
  }

  @Test("a drag along the edge stays a pan, began at the same time as without the edge pan")
  func alongEdge() {
    var s = TouchScript()
    s.down(1, at: 0, x: 2, y: 10)
    s.drag(1, to: 2.5, 50, from: 0, to: 900, every: 16)
    s.up(1, at: 1_000)
    let result = run(defaultSet(), s)
    let plain = run(DefaultGestureSet().engine, s)
    #expect(compact(result.log) == ["pan began", "pan changed…", "pan ended"])
    #expect(result.events == plain.events)
    #expect(result.violations.isEmpty)
  }

  @Test("strokes that land outside the bands give what they gave without an edge pan")
  func unchanged() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 30)
    s.drag(1, to: 80, 30, from: 0, to: 150)
    s.up(1, at: 160)
    s.down(2, at: 1_000, x: 30, y: 30)
    s.down(3, at: 1_000, x: 60, y: 30)
    s.drag(2, to: 20, 30, from: 1_000, to: 1_400)
    s.drag(3, to: 70, 30, from: 1_000, to: 1_400)
    upAll(&s, 3, at: 1_500)
    let result = run(defaultSet(), s)
    let plain = run(DefaultGestureSet().engine, s)
    #expect(result.log == plain.log)
    #expect(result.events == plain.events)
    #expect(result.log.contains("swipe recognized") && result.log.contains("pinch began"))
    #expect(result.violations.isEmpty)
  }
}
