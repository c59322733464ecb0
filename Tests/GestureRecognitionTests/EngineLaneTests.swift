import Testing
import TouchInput

@testable import GestureRecognition

/// The built-in recognizers' machines live in their engine's lanes while they are in one
/// (`MachineLanes`): these tests check that a recognizer's public values are the live machine's
/// wherever it lives, and that moving it in and out keeps every lane consistent.
@Suite struct EngineLaneTests {
  /// A one-finger drag of `steps` frames of 2 mm each, 10 ms apart, from `ms`.
  private func drag(_ steps: Int, at ms: Int64 = 0) -> [TouchFrame] {
    var frames = [touches(1, at: ms, .began)]
    for step in 1...steps {
      frames.append(touches(1, at: ms + Int64(step) * 10, .moved, dx: 2 * Double(step)))
    }
    frames.append(touches(1, at: ms + Int64(steps + 1) * 10, .ended, dx: 2 * Double(steps)))
    return frames
  }

  @Test("a pan's translation read in an action is its machine's, in the engine's lane")
  func translationInAction() {
    let engine = GestureEngine()
    let pan = engine.add(PanGestureRecognizer())
    var seen: [Double] = []
    engine.onEvent = { event, _ in
      seen.append(pan.translation.dx)
      #expect(pan.translation == event.translation)
    }
    for frame in drag(5) { engine.process(frame) }
    #expect(seen.count >= 3)
    #expect(seen.last == 10)
    #expect(pan.laneIndex == 0)
  }

  @Test("setTranslation from an action changes the machine in the lane")
  func setTranslationInAction() {
    let engine = GestureEngine()
    let pan = engine.add(PanGestureRecognizer())
    var seen: [Double] = []
    engine.onEvent = { event, _ in
      seen.append(event.translation?.dx ?? -1)
      pan.setTranslation(.zero)
    }
    for frame in drag(5) { engine.process(frame) }
    // The began action carries the slop crossed (at least 3 mm); after it, each change reports
    // the step since the last reset (2 mm), and the end none.
    #expect((seen.first ?? 0) >= 3)
    #expect(seen.count >= 3)
    #expect(seen.dropFirst().allSatisfy { $0 == 2 || $0 == 0 })
  }

  @Test("a recognizer removed from its engine takes its machine back, reset")
  func machineLeavesWithRecognizer() {
    let engine = GestureEngine()
    let pan = engine.add(PanGestureRecognizer())
    let frames = drag(4)
    for frame in frames.dropLast() { engine.process(frame) }
    let before = pan.location
    #expect(before.x == 58)
    engine.remove(pan)
    #expect(pan.laneIndex == -1)
    // Removing cancels and resets the gesture: the machine, now in the recognizer, is idle.
    #expect(!pan.isEngaged)
    #expect(pan.state == .possible)
  }

  @Test("removing one recognizer renumbers the others of its lane, and they still work")
  func removalRenumbersLane() {
    let engine = GestureEngine()
    let first = engine.add(TapGestureRecognizer(name: "first"))
    let second = engine.add(TapGestureRecognizer(name: "second"))
    let third = engine.add(TapGestureRecognizer(name: "third"))
    #expect([first.laneIndex, second.laneIndex, third.laneIndex] == [0, 1, 2])
    engine.remove(first)
    #expect([second.laneIndex, third.laneIndex] == [0, 1])
    engine.recognizeSimultaneously(second, third)
    let log = ActionLog(engine)
    for frame in tapFrames() { engine.process(frame) }
    #expect(log.lines == ["second recognized", "third recognized"])
    // Added back, it takes the lane's last index and recognizes again.
    engine.add(first)
    #expect(first.laneIndex == 2)
    engine.recognizeSimultaneously(first, second)
    engine.recognizeSimultaneously(first, third)
    log.lines = []
    for frame in tapFrames(at: 1_000) { engine.process(frame) }
    #expect(log.lines == ["second recognized", "third recognized", "first recognized"])
  }

  @Test("a recognizer moved to another engine takes its machine along")
  func moveBetweenEngines() {
    let a = GestureEngine()
    let b = GestureEngine()
    let pinch = a.add(PinchGestureRecognizer())
    let pan = a.add(PanGestureRecognizer())
    b.add(pan)
    #expect(a.recognizers.count == 1 && pinch.laneIndex == 0)
    #expect(pan.engine === b && pan.laneIndex == 0)
    let log = ActionLog(b)
    for frame in drag(5) { b.process(frame) }
    #expect(log.lines.first == "pan began")
    #expect(log.lines.last == "pan ended")
  }

  @Test("a configuration set while idle is the one the machine in the lane uses")
  func configurationReachesLane() {
    let engine = GestureEngine()
    let pan = engine.add(PanGestureRecognizer())
    pan.configuration.slop = 9
    let log = ActionLog(engine)
    // 8 mm in all: under the new slop, so no pan.
    for frame in drag(4) { engine.process(frame) }
    #expect(log.lines.isEmpty)
  }
}
