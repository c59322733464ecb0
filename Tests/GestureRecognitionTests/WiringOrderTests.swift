import Testing
import TouchInput

@testable import GestureRecognition

/// Touches at x = 50 + 20·i mm (y = 50), `ms` after time zero, all with `phase` and `tool`.
func touches(
  _ count: Int, at ms: Int64, _ phase: TouchPhase, dx: Double = 0, tool: TouchTool = .finger
) -> TouchFrame {
  TouchFrame(
    time: ms * 1000,
    touches: (0..<count).map { index in
      Touch(
        id: TouchID(index + 1), phase: phase,
        location: MillimeterPoint(x: 50 + 20 * Double(index) + dx, y: 50), tool: tool)
    })
}

/// A tap of `count` fingers landing at `ms`.
func tapFrames(_ count: Int = 1, at ms: Int64 = 0, tool: TouchTool = .finger) -> [TouchFrame] {
  [touches(count, at: ms, .began, tool: tool), touches(count, at: ms + 80, .ended, tool: tool)]
}

/// "name state" of every action of `engine`.
final class ActionLog {
  var lines: [String] = []
  init(_ engine: GestureEngine) {
    engine.onEvent = { [unowned self] event, recognizer in
      lines.append(recognizer.name + " " + event.state.description)
    }
  }
}

@Suite struct WiringOrderTests {
  @Test("require(toFail:) before either recognizer is added works as after (it trapped)")
  func requireBeforeAdding() {
    let engine = GestureEngine()
    let double = TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 2))
    let single = TapGestureRecognizer()
    single.require(toFail: double)
    engine.add(single)
    engine.add(double)
    let log = ActionLog(engine)
    for frame in tapFrames(at: 0) + tapFrames(at: 200) { engine.process(frame) }
    engine.flush(after: 280_000)
    #expect(log.lines == ["double tap recognized"])
    for frame in tapFrames(at: 2000) { engine.process(frame) }
    engine.flush(after: 2_080_000)
    #expect(log.lines == ["double tap recognized", "tap recognized"])
  }

  @Test("recognizeSimultaneously before adding lets both through")
  func simultaneousBeforeAdding() {
    let engine = GestureEngine()
    let pan = PanGestureRecognizer()
    let swipe = SwipeGestureRecognizer()
    engine.recognizeSimultaneously(pan, swipe)
    engine.add(swipe)
    engine.add(pan)
    let log = ActionLog(engine)
    for (index, dx) in [0.0, 10, 20, 30].enumerated() {
      engine.process(touches(1, at: Int64(index) * 20, index == 0 ? .began : .moved, dx: dx))
    }
    engine.process(touches(1, at: 80, .ended, dx: 30))
    #expect(log.lines.contains("swipe recognized"))
    #expect(log.lines.contains("pan ended"))
  }

  @Test("A recognizer added to a second engine moves there (it trapped)")
  func secondEngine() {
    let first = GestureEngine()
    let second = GestureEngine()
    let tap = first.add(TapGestureRecognizer())
    second.add(tap)
    #expect(first.recognizers.isEmpty && second.recognizers.count == 1 && tap.engine === second)
    let log = ActionLog(second)
    for frame in tapFrames() { first.process(frame) }
    #expect(log.lines.isEmpty)
    for frame in tapFrames(at: 1000) { second.process(frame) }
    #expect(log.lines == ["tap recognized"])
  }

  @Test("process and advance from inside an action are queued and run afterwards (it trapped)")
  func reentrantProcess() {
    let engine = GestureEngine()
    engine.add(TapGestureRecognizer())
    var lines: [String] = []
    var replayed = false
    // Weak: the engine keeps its `onEvent`, which must not keep the engine.
    engine.onEvent = { [weak engine] event, _ in
      lines.append("tap at \(event.time)")
      guard !replayed, let engine else { return }
      replayed = true
      for frame in tapFrames(at: 1000) { engine.process(frame) }
      engine.advance(to: 2_000_000)
      lines.append("queued")
    }
    for frame in tapFrames() { engine.process(frame) }
    #expect(lines == ["tap at 80000", "queued", "tap at 1080000"])
    #expect(engine.time == 2_000_000)
  }

  @Test("A 65th recognizer is not added and is reported (it trapped)")
  func capacity() {
    let engine = GestureEngine()
    for _ in 0..<GestureEngine.capacity { engine.add(TapGestureRecognizer()) }
    let extra = engine.add(TapGestureRecognizer(name: "extra"))
    #expect(engine.recognizers.count == 64 && extra.engine == nil)
    #expect(engine.diagnostics == [.capacityExceeded(recognizer: "extra", capacity: 64)])
    engine.remove(engine.recognizers[0])
    engine.add(extra)
    #expect(engine.recognizers.last === extra)
  }

  @Test("A recognizer outlives its engine: engine reads nil and another engine can take it")
  func outlivesEngine() {
    let tap = TapGestureRecognizer()
    var engine: GestureEngine? = GestureEngine()
    engine?.add(tap)
    #expect(tap.engine === engine)
    weak var freed = engine
    engine = nil
    #expect(freed == nil)
    #expect(tap.engine == nil)
    tap.isEnabled = false  // tells its engine, if any: none now
    tap.isEnabled = true
    let next = GestureEngine()
    next.add(tap)
    #expect(tap.engine === next)
    let log = ActionLog(next)
    for frame in tapFrames() { next.process(frame) }
    next.flush(after: 80_000)
    #expect(log.lines == ["tap recognized"])
  }

  @Test("Removing a recognizer keeps the relations of those after it")
  func removeRenumbers() {
    let engine = GestureEngine()
    let first = engine.add(PanGestureRecognizer())
    let double = engine.add(TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 2)))
    let single = engine.add(TapGestureRecognizer())
    single.require(toFail: double)
    engine.remove(first)
    #expect(double.slot == 0 && single.slot == 1 && first.engine == nil)
    let log = ActionLog(engine)
    for frame in tapFrames(at: 0) + tapFrames(at: 200) { engine.process(frame) }
    engine.flush(after: 280_000)
    #expect(log.lines == ["double tap recognized"])
  }

  @Test("Relating a recognizer to itself is reported and ignored")
  func itself() {
    let engine = GestureEngine()
    let tap = engine.add(TapGestureRecognizer())
    tap.require(toFail: tap)
    engine.recognizeSimultaneously(tap, tap)
    #expect(engine.diagnostics == Array(repeating: .relatedToItself(recognizer: "tap"), count: 2))
    let log = ActionLog(engine)
    for frame in tapFrames() { engine.process(frame) }
    #expect(log.lines == ["tap recognized"])
  }
}

/// A recognizer that asks for a change before it began, then for a recognition.
final class Careless: GestureRecognizer {
  init() { super.init(kind: GestureKind(name: "careless"), name: "careless") }
  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    touches.touchLifted ? .recognize(.custom("lifted at last")) : .change
  }
}

@Suite struct CustomStepTests {
  @Test("A custom recognizer's illegal step is reported and ignored; its legal one goes through")
  func illegalThenLegal() {
    let engine = GestureEngine()
    engine.add(Careless())
    var explained: [String] = []
    engine.explain = { explained.append($0.description) }
    var json: [String] = []
    engine.onEvent = { event, _ in json.append(event.json(origin: 0)) }
    for frame in tapFrames() { engine.process(frame) }
    #expect(
      engine.diagnostics == [
        .illegalTransition(recognizer: "careless", from: .possible, to: .changed)
      ])
    #expect(explained.first == "careless recognized: lifted at last")
    #expect(json.first?.hasPrefix("{\"t\": 0.080000, \"gesture\": \"careless\"") == true)
  }
}

@Suite struct OutsideDeadlineTests {
  @Test("A deadline set from outside on an idle built-in recognizer changes nothing (it trapped)")
  func outsideDeadline() {
    let engine = GestureEngine()
    let press = engine.add(LongPressGestureRecognizer())
    let tap = engine.add(TapGestureRecognizer())
    let log = ActionLog(engine)
    press.deadline = 1000
    tap.deadline = 2000
    engine.advance(to: 5000)
    #expect(log.lines.isEmpty && press.deadline == nil && tap.deadline == nil)
    for frame in tapFrames(at: 10) { engine.process(frame) }
    #expect(log.lines == ["tap recognized"])
  }
}
