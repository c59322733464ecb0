import GestureDaemon
import GestureRecognition
import GestureTestSupport
import Testing

/// lisgd lines matched as lisgd 0.3.7 matches them, and the native bindings' firing rules of
/// issue 20 (one finger count per gesture, corners, first-match, pinch fingers, variables).
@Suite struct LisgdMatchingTests {
  /// The lines of the firings (the harness's first word), in order.
  static func lines(_ harness: MatcherHarness) -> [String] {
    harness.log.map { String($0.split(separator: " ")[0]) }
  }

  @Test("lisgd's distance is 'at least': S matches every length, so the order of lines decides")
  func lisgdDistances() throws {
    let shortFirst = try MatcherHarness(
      "lisgd 1,LR,*,S,R,s\nlisgd 1,LR,*,M,R,m\nlisgd 1,LR,*,L,R,l", width: 100)
    shortFirst.play(stroke(x: 11, y: 80, dx: 80, dy: 2, duration: 300))
    #expect(Self.lines(shortFirst) == ["1"])
    for (length, line) in [(20.0, "3"), (50.0, "2"), (80.0, "1")] {
      let longFirst = try MatcherHarness(
        "lisgd 1,LR,*,L,R,l\nlisgd 1,LR,*,M,R,m\nlisgd 1,LR,*,S,R,s", width: 100)
      longFirst.play(stroke(x: 11, y: 80, dx: length, dy: 2, duration: 300))
      #expect(Self.lines(longFirst) == [line], "\(length) mm")
    }
  }

  @Test("a lisgd edge is where the stroke starts or, failing that, ends (issue 20.3)")
  func lisgdEdgeStartsOrEnds() throws {
    let text = """
      lisgd 1,DU,T,*,closemenu
      lisgd 1,UD,B,*,hidekeyboard
      lisgd 1,DU,*,*,oneup
      lisgd 1,UD,*,*,onedown
      """
    let up = try MatcherHarness(text)
    up.play(stroke(x: 50, y: 60, dx: 0, dy: -58, duration: 300))
    #expect(up.log == ["1 lisgd recognized up"])
    let down = try MatcherHarness(text)
    down.play(stroke(x: 50, y: 100, dx: 0, dy: 59, duration: 300))
    #expect(down.log == ["2 lisgd recognized down"])
    let middle = try MatcherHarness(text)
    middle.play(stroke(x: 50, y: 100, dx: 0, dy: -40, duration: 300))
    #expect(middle.log == ["3 lisgd recognized up"])
  }

  @Test("only the first matching lisgd line fires (issue 20.4)")
  func lisgdFirstMatch() throws {
    let harness = try MatcherHarness(
      "lisgd 1,DU,*,M,mediumoneup\nlisgd 1,DU,*,*,oneup\nlisgd 1,DU,*,*,again")
    harness.play(stroke(x: 50, y: 120, dx: 0, dy: -70, duration: 300))
    #expect(harness.log == ["1 lisgd recognized up"])
  }

  @Test("lisgd's time limit: 800 ms from the first finger down, -m changes it (issue 20.5)")
  func lisgdTimeout() throws {
    let text = "lisgd 1,DU,*,*,oneup"
    let slow = try MatcherHarness(text)
    slow.play(stroke(x: 50, y: 140, dx: 0, dy: -100, duration: 2000))
    #expect(slow.log == [])
    var configuration = try BindingsParser.parse(text, file: "b")
    LisgdBinding.apply(timeout: 3000, to: &configuration)
    let longer = MatcherHarness(configuration)
    longer.play(stroke(x: 50, y: 140, dx: 0, dy: -100, duration: 2000))
    #expect(longer.log == ["1 lisgd recognized up"])
    let quick = try MatcherHarness(text)
    quick.play(stroke(x: 50, y: 140, dx: 0, dy: -100, duration: 700))
    #expect(quick.log == ["1 lisgd recognized up"])
  }

  @Test("lisgd's -t and -T are lisgd pixels: 0.0944 mm each")
  func lisgdThresholds() throws {
    let text = "lisgd 1,LR,*,*,oneright\nlisgd 1,DU,R,*,P,step"
    let plain = try MatcherHarness(text)
    plain.play(stroke(x: 50, y: 100, dx: 15, dy: 0, duration: 200))
    #expect(plain.log == ["1 lisgd recognized right"])
    var configuration = try BindingsParser.parse(text, file: "b")
    LisgdBinding.apply(threshold: 250, pressedThreshold: 120, to: &configuration)
    let coarse = MatcherHarness(configuration)
    coarse.play(stroke(x: 50, y: 100, dx: 15, dy: 0, duration: 200))
    #expect(coarse.log == [])
    // 120 px is 11.3 mm: a 30 mm drag up the right edge makes two steps, not five.
    coarse.play(stroke(x: 98, y: 120, dx: 0, dy: -30, duration: 400, at: 2000))
    #expect(coarse.log == ["2 lisgd began up", "2 lisgd changed up"])
  }

  @Test("lisgd counts the fingers whose strokes point the same way, when the last one lifts")
  func lisgdFingers() throws {
    let text = "lisgd 1,DU,*,*,one\nlisgd 2,DU,*,*,two\nlisgd 3,DU,*,*,three"
    let three = try MatcherHarness(text)
    var script = TouchScript()
    for f in 1...3 { script.down(f, at: Double(f) * 10, x: 30 + Double(f) * 12, y: 120) }
    for f in 1...3 {
      script.drag(f, to: 30 + Double(f) * 12, 60, from: 40, to: 300, every: 10)
    }
    for f in 1...3 { script.up(f, at: 300 + Double(f) * 25) }
    three.play(script)
    #expect(three.log == ["3 lisgd recognized up"])
  }

  @Test("pressed-mode lisgd lines fire every 60 px while the finger moves along the edge")
  func lisgdPressed() throws {
    let harness = try MatcherHarness("lisgd 1,DU,R,*,P,volup\nlisgd 1,DU,*,*,oneup")
    harness.play(stroke(x: 98, y: 120, dx: 0, dy: -30, duration: 600))
    // 30 mm is 5 steps of 5.67 mm; the release after the last step is below 125 px.
    #expect(harness.log.count == 5)
    #expect(Self.lines(harness) == ["1", "1", "1", "1", "1"])
  }

  @Test("a gesture fires only bindings of the finger count it had: lifting one by one (20.1)")
  func fingersLiftOneByOne() throws {
    let harness = try MatcherHarness(
      """
      pan distance=20mm run one
      pan fingers=2 distance=20mm run two
      pan fingers=3 distance=20mm run three
      """)
    var script = TouchScript()
    for f in 1...3 { script.down(f, at: 0, x: 30 + Double(f) * 12, y: 120) }
    for f in 1...3 { script.drag(f, to: 30 + Double(f) * 12, 80, from: 0, to: 200, every: 10) }
    script.up(3, at: 210)
    for f in 1...2 { script.drag(f, to: 30 + Double(f) * 12, 70, from: 210, to: 250, every: 10) }
    script.up(2, at: 260)
    script.drag(1, to: 42, 60, from: 260, to: 300, every: 10)
    script.up(1, at: 310)
    harness.play(script)
    #expect(harness.log == ["3 pan changed any"])
  }

  @Test("a bound corner wins its corner against the side's edge pan (issue 20.6)")
  func cornerWins() throws {
    let text = """
      edge-pan edge=bottom-right direction=up-left run corner
      edge-pan edge=bottom run bottom
      """
    let corner = try MatcherHarness(text)
    corner.play(stroke(x: 98, y: 158, dx: -30, dy: -30, duration: 300))
    #expect(Self.lines(corner) == ["1"])
    let side = try MatcherHarness(text)
    side.play(stroke(x: 50, y: 158, dx: 0, dy: -30, duration: 300))
    #expect(Self.lines(side) == ["2"])
  }

  @Test("sxmo's corner lines fire from their corners beside its edge lines")
  func lisgdCorners() throws {
    let harness = try MatcherHarness(
      "lisgd 1,DRUL,BR,*,corner\nlisgd 1,DU,B,*,upbottomedge\nlisgd 1,DRUL,*,*,upleft")
    harness.play(stroke(x: 98, y: 158, dx: -30, dy: -30, duration: 300))
    #expect(Self.lines(harness) == ["1"])
  }

  @Test("first-match: of the bindings after it, one gesture fires only the first that matches")
  func nativeFirstMatch() throws {
    let harness = try MatcherHarness(
      """
      tap run always
      first-match
      tap run first
      tap run second
      pan direction=up run up
      pan run any
      """)
    var script = TouchScript()
    script.down(1, at: 0, x: 50, y: 80)
    script.up(1, at: 60)
    harness.play(script)
    #expect(Self.lines(harness) == ["1", "3"])
    let pan = try MatcherHarness(harness.configuration.normalizedText)
    pan.play(stroke(x: 50, y: 120, dx: 0, dy: -40, duration: 300))
    #expect(pan.log == ["5 pan began up"])
  }

  @Test("pinch and rotation bindings fire only for their finger count (issue 20.11)")
  func pinchFingers() throws {
    let harness = try MatcherHarness(
      "pinch direction=in fingers=4 run desktop\npinch direction=in fingers=2 run zoom")
    var script = TouchScript()
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
    for (f, c) in corners.enumerated() {
      script.down(f + 1, at: 0, x: 50 + c.0 * 30, y: 80 + c.1 * 30)
    }
    for (f, c) in corners.enumerated() {
      script.drag(f + 1, to: 50 + c.0 * 10, 80 + c.1 * 10, from: 0, to: 400, every: 10)
    }
    for f in 1...4 { script.up(f, at: 410) }
    harness.play(script)
    #expect(Self.lines(harness) == ["1"])
  }

  @Test("commands are told the surface size, the normalized position and the velocity (20.13)")
  func environment() throws {
    let harness = try MatcherHarness("tap run a\nswipe direction=left run b")
    var script = TouchScript()
    script.down(1, at: 0, x: 25, y: 40)
    script.up(1, at: 60)
    harness.play(script)
    let tap = try #require(harness.firings.first)
    #expect(harness.value("SURFACE_WIDTH", in: tap) == "100.00")
    #expect(harness.value("SURFACE_HEIGHT", in: tap) == "160.00")
    #expect(harness.value("NORMALIZED_X", in: tap) == "0.2500")
    #expect(harness.value("NORMALIZED_Y", in: tap) == "0.2500")
    harness.play(stroke(x: 80, y: 80, dx: -50, dy: 0, duration: 100, at: 1000))
    let swipe = try #require(harness.firings.last)
    #expect(harness.value("KIND", in: swipe) == "swipe")
    let speed = try #require(harness.value("SPEED", in: swipe).flatMap(Double.init))
    #expect(speed > 200)
    let vx = try #require(harness.value("VELOCITY_X", in: swipe).flatMap(Double.init))
    #expect(vx < -200)
  }
}

/// Issue 20.1 on a recording, through the real daemon.
@Suite struct FingerCountLiveTests {
  @Test("a three-finger swipe whose fingers lift one by one fires only the three-finger pan")
  func threeFingerSwipe() throws {
    guard DaemonUmockdev.isAvailable else {
      Issue.record("umockdev-run is not installed")
      return
    }
    let outcome = try DaemonUmockdev.run(
      "three-finger-swipe-up",
      bindings: """
        pan distance=20mm shell "echo one >> OUT"
        pan fingers=2 distance=20mm shell "echo two >> OUT"
        pan fingers=3 distance=20mm shell "echo three >> OUT"
        """, expected: 1)
    #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    #expect(outcome.lines == ["three"], "\(outcome.result.stderr)")
  }

  @Test("a real Wacom two-finger scroll fires the two-finger pan only, not the one-finger one")
  func wacomScroll() throws {
    guard DaemonUmockdev.isAvailable else {
      Issue.record("umockdev-run is not installed")
      return
    }
    let outcome = try DaemonUmockdev.run(
      "Recordings/public/isdv4-e6-double-center-scroll",
      bindings: """
        pan distance=20mm shell "echo one >> OUT"
        pan fingers=2 distance=20mm shell "echo two >> OUT"
        """, expected: 1)
    #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    #expect(outcome.lines.contains("two"), "\(outcome.result.stderr)")
    #expect(!outcome.lines.contains("one"), "\(outcome.result.stderr)")
  }
}
