import Testing
import TouchInput

@testable import GestureRecognition

/// A delegate whose answers the test sets.
final class Referee: GestureRecognizerDelegate {
  var begin = true
  var leftmost: Millimeters = 0
  var together = false
  var asked: [String] = []

  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { begin }
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    touch.location.x >= leftmost
  }
  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    asked.append(recognizer.name + " with " + other.name)
    return together
  }
}

@Suite struct DelegateTests {
  @Test("shouldBegin false fails the recognizer, with the reason")
  func shouldBegin() {
    let engine = GestureEngine()
    let referee = Referee()
    referee.begin = false
    let tap = engine.add(TapGestureRecognizer())
    tap.delegate = referee
    var reasons: [String] = []
    engine.explain = { reasons.append($0.description) }
    for frame in tapFrames() { engine.process(frame) }
    #expect(reasons.first == "tap failed: the delegate refused")
  }

  @Test("shouldReceive keeps refused touches out of the recognizer")
  func shouldReceive() {
    let engine = GestureEngine()
    let referee = Referee()
    referee.leftmost = 60
    let tap = engine.add(TapGestureRecognizer())
    tap.delegate = referee
    let log = ActionLog(engine)
    for frame in tapFrames(at: 0) { engine.process(frame) }
    #expect(log.lines.isEmpty)
    referee.leftmost = 40
    for frame in tapFrames(at: 1000) { engine.process(frame) }
    #expect(log.lines == ["tap recognized"])
  }

  @Test("shouldRecognizeSimultaneously is asked per pair, at the moment, and obeyed")
  func simultaneously() {
    for together in [false, true] {
      let engine = GestureEngine()
      let referee = Referee()
      referee.together = together
      let pan = engine.add(PanGestureRecognizer())
      let swipe = engine.add(SwipeGestureRecognizer())
      swipe.delegate = referee
      let log = ActionLog(engine)
      for (index, dx) in [0.0, 10, 20, 30].enumerated() {
        engine.process(touches(1, at: Int64(index) * 20, index == 0 ? .began : .moved, dx: dx))
      }
      engine.process(touches(1, at: 80, .ended, dx: 30))
      #expect(!referee.asked.isEmpty)
      #expect(log.lines.contains("swipe recognized") == together)
      _ = pan
    }
  }

  @Test("allowedTools: a pen-only tap sees pens and no fingers")
  func tools() {
    let engine = GestureEngine()
    let pen = engine.add(TapGestureRecognizer(name: "pen tap"))
    pen.allowedTools = [.pen]
    let log = ActionLog(engine)
    for frame in tapFrames(at: 0) { engine.process(frame) }
    for frame in tapFrames(at: 1000, tool: .pen) { engine.process(frame) }
    #expect(log.lines == ["pen tap recognized"])
  }

  @Test("numberOfTouches and location(ofTouch:) give the recognizer's own touches")
  func perTouch() {
    let engine = GestureEngine()
    let press = engine.add(LongPressGestureRecognizer(.init(touches: 2)))
    var seen: [String] = []
    engine.onEvent = { _, recognizer in
      seen.append(
        "\(recognizer.numberOfTouches) \(recognizer.location(ofTouch: 1).map { $0.x } ?? -1)")
    }
    engine.process(touches(2, at: 0, .began))
    engine.advance(to: 600_000)
    #expect(seen == ["2 70.0"])
    #expect(press.location(ofTouch: 2) == nil)
  }
}
