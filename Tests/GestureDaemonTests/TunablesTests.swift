import Foundation
import GestureDaemon
import GestureTestSupport
import Testing

/// Thresholds per binding or device rule: edge band, long-press time, double-tap interval,
/// swipe speed and time.
@Suite struct TunablesTests {
  @Test("tunables parse on the bindings they apply to and on device rules, and print back")
  func parse() throws {
    let text = """
      device name=Goodix* edge-band=8mm long-press-time=800ms double-tap-interval=400ms swipe-speed=150mm/s swipe-time=300ms
      long-press fingers=2 long-press-time=1200ms run a
      tap taps=2 double-tap-interval=450ms run b
      swipe direction=up swipe-speed=80 swipe-time=700ms run c
      edge-pan edge=left edge-band=3mm run d

      """
    let configuration = try BindingsParser.parse(text, file: "b")
    #expect(
      configuration.normalizedText == """
        device name=Goodix* edge-band=8mm long-press-time=800ms double-tap-interval=400ms swipe-speed=150mm/s swipe-time=300ms
        long-press fingers=2 on=recognize long-press-time=1200ms run a
        tap taps=2 fingers=1 on=recognize double-tap-interval=450ms run b
        swipe direction=up fingers=1 on=recognize swipe-speed=80mm/s swipe-time=700ms run c
        edge-pan edge=left direction=right fingers=1 distance=10mm on=recognize edge-band=3mm run d

        """)
    #expect(try BindingsParser.parse(configuration.normalizedText, file: "n") == configuration)
  }

  @Test(
    "a tunable on a binding it does not apply to, or a bad value, is an error",
    arguments: [
      ("tap long-press-time=800ms run a", "unknown parameter 'long-press-time' for tap"),
      ("long-press long-press-time=800 run a", "expected long-press-time= a time in ms"),
      ("swipe swipe-speed=-3 run a", "expected swipe-speed= a speed in mm/s above 0"),
      ("device name=x edge-band=0mm", "expected edge-band= a distance in mm above 0"),
    ])
  func refused(line: String, reason: String) {
    #expect {
      try BindingsParser.parse(line + "\n", file: "b")
    } throws: { error in
      (error as? BindingsError)?.reason.hasPrefix(reason) == true
    }
  }

  @Test("long-press-time= changes when a hold fires", arguments: [(400, 1), (800, 0)])
  func longPressTime(milliseconds: Int, firings: Int) throws {
    let harness = try MatcherHarness(
      "long-press long-press-time=\(milliseconds)ms run a\nlong-press fingers=2 run b")
    var script = TouchScript()
    script.down(1, at: 0, x: 50, y: 80)
    script.up(1, at: 600)
    harness.play(script)
    #expect(harness.firings.count == firings)
  }

  @Test("double-tap-interval= lets two taps 400 ms apart be a double tap")
  func doubleTapInterval() throws {
    var script = TouchScript()
    script.down(1, at: 0, x: 50, y: 80)
    script.up(1, at: 60)
    script.down(1, at: 460, x: 50, y: 80)
    script.up(1, at: 520)
    let loose = try MatcherHarness("tap taps=2 double-tap-interval=500ms run a")
    loose.play(script)
    #expect(loose.log == ["1 tap recognized"])
    let strict = try MatcherHarness("tap taps=2 run a")
    strict.play(script)
    #expect(strict.log == [])
  }

  @Test("edge-band= widens the band an edge pan may start in")
  func edgeBand() throws {
    let wide = try MatcherHarness("edge-pan edge=right edge-band=10mm run a")
    wide.play(stroke(x: 92, y: 80, dx: -40, dy: 0, duration: 400))
    #expect(wide.log == ["1 edge-pan changed left"])
    let plain = try MatcherHarness("edge-pan edge=right run a")
    plain.play(stroke(x: 92, y: 80, dx: -40, dy: 0, duration: 400))
    #expect(plain.log == [])
  }

  @Test("swipe-speed= and swipe-time= decide what is quick enough to be a swipe")
  func swipeSpeed() throws {
    // 40 mm in 700 ms: 57 mm/s, slower and longer than the defaults allow.
    let slow = stroke(x: 50, y: 120, dx: 0, dy: -40, duration: 700)
    let plain = try MatcherHarness("swipe direction=up run a")
    plain.play(slow)
    #expect(plain.log == [])
    let loose = try MatcherHarness("swipe direction=up swipe-speed=40 swipe-time=900ms run a")
    loose.play(slow)
    #expect(loose.log == ["1 swipe recognized up"])
  }

  @Test(
    "a device rule's long-press-time= applies to the device's bindings under run",
    .enabled(if: DaemonUmockdev.isAvailable))
  func deviceRule() throws {
    let held = try DaemonUmockdev.run(
      "long-press", bindings: "long-press run sh -c \"echo hold >> OUT\"\n", expected: 1)
    #expect(held.lines == ["hold"])
    let tuned = try DaemonUmockdev.run(
      "long-press",
      bindings:
        "device name=* long-press-time=60000ms\nlong-press run sh -c \"echo hold >> OUT\"\n",
      expected: 0)
    #expect(tuned.lines == [])
    #expect(tuned.result.status == 0)
  }
}
