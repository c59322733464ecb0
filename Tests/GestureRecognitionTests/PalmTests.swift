import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// Palms and pens take part in no finger gesture: a touch the decoder marks as one is left out,
/// and a finger that turns into one cancels what it was part of.
@Suite struct PalmTests {
  @Test(
    "a resting palm is no long press; a palm or a pen brushing across is no swipe or pan",
    arguments: [TouchTool.palm, .pen])
  func restingAndBrushing(tool: TouchTool) {
    var s = TouchScript()
    s.tool(1, tool, at: 0)
    s.down(1, at: 0, x: 50, y: 50)
    s.up(1, at: 900)
    s.tool(2, tool, at: 1_500)
    s.down(2, at: 1_500, x: 20, y: 50)
    s.drag(2, to: 100, 55, from: 1_500, to: 1_800)
    s.up(2, at: 1_808)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.log.isEmpty)
    #expect(result.explained.isEmpty)
    #expect(result.violations.isEmpty)
    // Positive control: the same contacts as fingers are a long press, then a swipe or pan.
    var fingers = TouchScript()
    fingers.down(1, at: 0, x: 50, y: 50)
    fingers.up(1, at: 900)
    fingers.down(2, at: 1_500, x: 20, y: 50)
    fingers.drag(2, to: 100, 55, from: 1_500, to: 1_800)
    fingers.up(2, at: 1_808)
    let control = run(DefaultGestureSet().engine, fingers)
    #expect(control.events.first?.kind == .longPress)
    #expect(control.events.contains { $0.kind == .swipe || $0.kind == .pan })
  }

  @Test("a finger tapping or swiping while a palm rests gives the one-finger gesture")
  func fingerBesidePalm() {
    var s = TouchScript()
    s.tool(1, .palm, at: 0)
    s.down(1, at: 0, x: 30, y: 90)
    s.tap(2, at: 200, x: 150, y: 40)
    s.down(3, at: 800, x: 150, y: 60)
    s.drag(3, to: 80, 60, from: 800, to: 950)
    s.up(3, at: 958)
    s.up(1, at: 1_500)
    let result = run(DefaultGestureSet().engine, s)
    #expect(
      compact(result.log) == [
        "tap recognized", "pan began", "pan changed", "swipe recognized", "pan changed…",
        "pan ended",
      ])
    #expect(result.events.allSatisfy { $0.touches == 1 })
    #expect(result.events.first?.location == MillimeterPoint(x: 150, y: 40))
    #expect(result.violations.isEmpty)
  }

  @Test("a finger that turns into a palm cancels its pan, and its long press")
  func turnsIntoPalm() {
    var pan = TouchScript()
    pan.down(1, at: 0, x: 20, y: 50)
    pan.drag(1, to: 60, 50, from: 0, to: 800, every: 16)
    pan.tool(1, .palm, at: 400)
    pan.up(1, at: 900)
    let panned = run(DefaultGestureSet().engine, pan)
    #expect(compact(panned.log) == ["pan began", "pan changed…", "pan cancelled"])
    #expect(panned.events.last?.time == ms(400))
    var hold = TouchScript()
    hold.down(1, at: 0, x: 20, y: 50)
    hold.tool(1, .palm, at: 700)
    hold.up(1, at: 900)
    let held = run(DefaultGestureSet().engine, hold)
    #expect(held.log == ["long press began", "long press cancelled"])
    #expect(held.explained.contains("long press cancelled: a touch was cancelled"))
    #expect(panned.violations.isEmpty && held.violations.isEmpty)
  }

  @Test("a palm that turns back into a finger stays out until it lifts")
  func palmStaysOut() {
    var s = TouchScript()
    s.tool(1, .palm, at: 0)
    s.down(1, at: 0, x: 20, y: 50)
    s.tool(1, .finger, at: 100)
    s.drag(1, to: 80, 50, from: 100, to: 400)
    s.up(1, at: 410)
    s.tap(2, at: 1_000, x: 40, y: 40)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.log == ["tap recognized"])
    #expect(result.violations.isEmpty)
  }

  @Test("a finger turning into a palm as another lands: the cancel first, then the new tap")
  func palmAndLandingInOneFrame() {
    var s = TouchScript()
    s.down(1, at: 0, x: 20, y: 50)
    s.tool(1, .palm, at: 700)
    s.down(2, at: 700, x: 90, y: 20)
    s.up(2, at: 760)
    s.up(1, at: 1_200)
    let result = run(DefaultGestureSet().engine, s)
    #expect(result.log == ["long press began", "long press cancelled", "tap recognized"])
    #expect(result.violations.isEmpty)
  }

  @Test("a region recognizer counts no palm among its touches")
  func region() {
    let tap = TapGestureRecognizer()
    let engine = GestureEngine()
    engine.add(tap, region: MillimeterRect(x: 0, y: 0, width: 100, height: 100))
    var s = TouchScript()
    s.tool(1, .palm, at: 0)
    s.down(1, at: 0, x: 10, y: 10)
    s.tap(2, at: 100, x: 50, y: 50)
    s.up(1, at: 600)
    let result = run(engine, s)
    #expect(result.log == ["tap recognized"])
    #expect(result.violations.isEmpty)
  }

  @Test("a touch whose start was not seen is in no tap, long press or pan; later ones are")
  func startNotSeen() {
    var held = TouchScript()
    held.down(1, at: 0, x: 20, y: 50)
    held.drag(1, to: 60, 50, from: 800, to: 1_000)
    held.up(1, at: 1_100)
    held.tap(2, at: 1_500, x: 80, y: 20)
    let frames = held.frames.map { frame in
      var frame = frame
      for index in frame.touches.indices where frame.touches[index].id == TouchID(1) {
        frame.touches[index].startSeen = false
      }
      return frame
    }
    let engine = DefaultGestureSet().engine
    let checker = ContractChecker(engine)
    let recorder = GestureRecorder(engine)
    for frame in frames { engine.process(frame) }
    engine.flush(after: held.endTime)
    #expect(recorder.log == ["tap recognized"])
    #expect(checker.finish().isEmpty)
  }
}
