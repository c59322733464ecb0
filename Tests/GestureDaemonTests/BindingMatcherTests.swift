import Foundation
import GestureDaemon
import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// Which bindings fire for scripted gestures, and which recognizers the bindings need.
@Suite struct BindingMatcherTests {
  @Test("without a double-tap binding a single tap fires as soon as the finger lifts")
  func singleTapAtOnce() throws {
    let harness = try MatcherHarness("tap run a")
    var script = TouchScript()
    script.tap(1, at: 0, x: 50, y: 50)
    harness.play(script, flush: false)
    #expect(harness.log == ["1 tap recognized"])
    #expect(harness.engine.recognizers.map(\.name) == ["tap"])
  }

  @Test("a double-tap binding makes a single tap wait, and a double tap fires only it")
  func doubleTapWaits() throws {
    let harness = try MatcherHarness("tap run a\ntap taps=2 run b")
    var script = TouchScript()
    script.tap(1, at: 0, x: 50, y: 50)
    harness.play(script, flush: false)
    #expect(harness.log.isEmpty)
    harness.scheduler.advance(toMilliseconds: 400)
    #expect(harness.log == ["1 tap recognized"])
    var double = TouchScript()
    double.tap(1, at: 1000, x: 50, y: 50)
    double.tap(1, at: 1150, x: 51, y: 50)
    harness.play(double)
    #expect(harness.log == ["1 tap recognized", "2 tap recognized"])
    #expect(harness.value("TAPS", in: harness.firings[1]) == "2")
  }

  @Test("finger counts and regions in mm and % select the binding")
  func fingersAndRegions() throws {
    let harness = try MatcherHarness(
      """
      tap fingers=2 run two
      tap region=0%,0%,50%,100% run left-half
      tap region=60mm,0mm,40mm,20mm run top-right-box
      """)
    var script = TouchScript()
    script.tap(1, at: 0, x: 20, y: 80)
    script.tap(1, at: 1000, x: 80, y: 10)
    script.tap(1, at: 2000, x: 80, y: 80)
    script.down(1, at: 3000, x: 20, y: 80)
    script.down(2, at: 3000, x: 30, y: 80)
    script.up(1, at: 3060)
    script.up(2, at: 3060)
    harness.play(script)
    #expect(harness.log == ["2 tap recognized", "3 tap recognized", "1 tap recognized"])
    #expect(harness.value("FINGERS", in: harness.firings[2]) == "2")
  }

  @Test(
    "a swipe binding fires for its direction and finger count only",
    arguments: [
      (1, 40.0, 0.0, ["1 swipe recognized right"]), (1, 0.0, -40.0, ["2 swipe recognized up"]),
      (2, 0.0, -40.0, ["3 swipe recognized up"]), (1, -40.0, 0.0, []),
    ])
  func swipe(fingers: Int, dx: Double, dy: Double, expected: [String]) throws {
    let harness = try MatcherHarness(
      """
      swipe direction=right run a
      swipe direction=up run b
      swipe direction=any fingers=2 run c
      """)
    harness.play(stroke(fingers: fingers, x: 30, y: 80, dx: dx, dy: dy, duration: 100))
    #expect(harness.log == expected)
  }

  @Test("every=5mm fires each 5 mm of a 23 mm drag, then the opposite binding after turning")
  func repeats() throws {
    let harness = try MatcherHarness(
      "pan direction=up every=5mm run up\npan direction=down every=5mm run down")
    var script = TouchScript()
    script.down(1, at: 0, x: 50, y: 100)
    script.drag(1, to: 50, 77, from: 0, to: 230, every: 10)
    script.drag(1, to: 50, 89, from: 230, to: 350, every: 10)
    script.up(1, at: 360)
    harness.play(script)
    #expect(
      harness.log == [
        "1 pan changed up REPEAT=1", "1 pan changed up REPEAT=2", "1 pan changed up REPEAT=3",
        "1 pan changed up REPEAT=4", "2 pan changed down REPEAT=1", "2 pan changed down REPEAT=2",
      ])
  }

  @Test("an edge pan fires only from its edge, and owns the drag so plain pans stay quiet")
  func edgePan() throws {
    let text = """
      edge-pan edge=right run from-right
      pan direction=left distance=20mm run pan-left
      edge-pan edge=bottom direction=up every=10mm run volume
      """
    let fromEdge = try MatcherHarness(text)
    fromEdge.play(stroke(x: 98, y: 80, dx: -40, dy: 0, duration: 400))
    #expect(fromEdge.log == ["1 edge-pan changed left"])
    #expect(fromEdge.value("EDGE", in: fromEdge.firings[0]) == "right")
    let middle = try MatcherHarness(text)
    middle.play(stroke(x: 70, y: 80, dx: -40, dy: 0, duration: 400))
    #expect(middle.log == ["2 pan changed left"])
    let bottom = try MatcherHarness(text)
    bottom.play(stroke(x: 50, y: 158, dx: 0, dy: -25, duration: 400))
    #expect(bottom.log == ["3 edge-pan changed up REPEAT=1", "3 edge-pan changed up REPEAT=2"])
  }

  @Test("pinch and rotation bindings fire at their thresholds")
  func pinchAndRotation() throws {
    let harness = try MatcherHarness(
      """
      pinch direction=out scale=1.5 run out
      pinch direction=in run in
      rotation direction=cw angle=30 run cw
      """)
    var spread = TouchScript()
    spread.down(1, at: 0, x: 40, y: 80)
    spread.down(2, at: 0, x: 60, y: 80)
    spread.drag(1, to: 25, 80, from: 0, to: 300, every: 10)
    spread.drag(2, to: 75, 80, from: 0, to: 300, every: 10)
    spread.up(1, at: 310)
    spread.up(2, at: 310)
    harness.play(spread)
    #expect(harness.log == ["1 pinch changed out"])
    let scale = try #require(harness.value("SCALE", in: harness.firings[0]).flatMap(Double.init))
    #expect(scale >= 1.5 && scale < 1.6)
    var turn = TouchScript()
    turn.down(1, at: 1000, x: 40, y: 80)
    turn.down(2, at: 1000, x: 60, y: 80)
    turn.path(1, from: 1000, to: 1400, every: 10) { (f: Double) -> (Double, Double) in
      let angle: Double = f * 0.8
      return (50 - 10 * cos(angle), 80 - 10 * sin(angle))
    }
    turn.path(2, from: 1000, to: 1400, every: 10) { (f: Double) -> (Double, Double) in
      let angle: Double = f * 0.8
      return (50 + 10 * cos(angle), 80 + 10 * sin(angle))
    }
    turn.up(1, at: 1410)
    turn.up(2, at: 1410)
    harness.play(turn)
    #expect(harness.log == ["1 pinch changed out", "3 rotation changed cw"])
  }

  @Test("only the recognizers the bindings need are built")
  func plan() throws {
    let harness = try MatcherHarness(
      """
      tap taps=3 fingers=2 run a
      long-press fingers=2 run b
      edge-pan edge=left device=Other* run c
      """)
    #expect(
      harness.engine.recognizers.map(\.name) == ["2-finger triple tap", "2-finger long press"])
    #expect(harness.matcher.deviceBindings.count == 2)
  }
}
