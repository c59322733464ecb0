import Testing
import TouchInput

@testable import GestureRecognition

/// Counts the frames it sees and never changes state.
private final class FrameCounter: GestureRecognizer {
  var frames = 0
  init() { super.init(kind: .tap, name: "counter") }
  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    frames += 1
    return .none
  }
}

/// Recognized as soon as a touch lands.
private final class Eager: GestureRecognizer {
  init() { super.init(kind: .tap, name: "eager") }
  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    frame.touches.contains { $0.phase == .began } ? .recognize(.tapped(taps: 1, touches: 1)) : .none
  }
}

/// On its first frame, rewires the engine from inside `handle` (inside the engine's core
/// call): reads its time and deadline, disables `victim`, relates it, feeds a frame.
private final class Meddler: GestureRecognizer {
  weak var victim: GestureRecognizer?
  var done = false
  var sawTime: Microseconds?
  init() { super.init(kind: .tap, name: "meddler") }
  override func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    guard !done, let engine, let victim else { return .none }
    done = true
    sawTime = engine.time
    _ = engine.nextDeadline
    _ = engine.diagnostics
    victim.isEnabled = false
    engine.recognizeSimultaneously(self, victim)
    engine.require(self, toFail: self)
    engine.process(touches(1, at: 500, .moved))
    return .none
  }
}

@Suite struct EngineCoreTests {
  @Test("explanations are performed after the core returns: every recognizer saw the frame first")
  func explanationsAfterTheCore() {
    let engine = GestureEngine()
    let eager = engine.add(Eager())
    let counter = engine.add(FrameCounter())
    engine.recognizeSimultaneously(eager, counter)
    var seen: [String] = []
    engine.explain = { entry in
      seen.append("\(entry.recognizer) \(entry.to) after \(counter.frames) frame(s)")
    }
    engine.process(touches(1, at: 0, .began))
    // Inline explanations (the old engine) ran before the counter, later in the list, saw it.
    #expect(seen == ["eager recognized after 1 frame(s)"])
  }

  @Test("a target sees the recognizers as they were at delivery, before the resets after it")
  func targetSeesStateAtDelivery() {
    let engine = GestureEngine()
    let tap = engine.add(TapGestureRecognizer())
    let pan = engine.add(PanGestureRecognizer())
    engine.recognizeSimultaneously(tap, pan)
    var seen: [String] = []
    engine.onEvent = { [weak engine] event, recognizer in
      seen.append("\(recognizer.name) \(event.state): tap \(tap.state)")
      if recognizer === pan && event.state == .ended {
        seen.append("pan translation \(pan.translation.dx)")
        // A frame fed from the action runs after this input's deliveries.
        engine?.process(touches(1, at: 900, .began))
        seen.append("fed")
      }
    }
    engine.process(touches(1, at: 0, .began))
    engine.process(touches(1, at: 20, .moved, dx: 10))
    engine.process(touches(1, at: 40, .ended, dx: 10))
    #expect(
      seen == [
        "pan began: tap failed", "pan ended: tap failed", "pan translation 10.0", "fed",
      ])
    #expect(engine.time == 900_000 && tap.state == .possible && pan.state == .possible)
  }

  @Test("a recognizer's own code that rewires the engine inside a frame is deferred, not a trap")
  func rewiringFromInsideTheCore() {
    let engine = GestureEngine()
    let meddler = engine.add(Meddler())
    let tap = engine.add(TapGestureRecognizer())
    meddler.victim = tap
    var lines: [String] = []
    engine.onEvent = { event, recognizer in lines.append("\(recognizer.name) \(event.state)") }
    engine.explain = { entry in
      if entry.recognizer == "tap" { lines.append("tap \(entry.from) → \(entry.to)") }
    }
    // Positive control: the tap recognizes a tap when nothing meddles.
    meddler.done = true
    for frame in tapFrames() { engine.process(frame) }
    #expect(lines == ["tap possible → recognized", "tap recognized", "tap recognized → possible"])
    lines = []
    meddler.done = false
    engine.process(touches(1, at: 300, .began))
    // Disabled from inside the frame: applied as soon as the core call returned (the tap was
    // following the touch, so it fails); the self-requirement is reported; the frame fed is
    // queued, processed after this one.
    #expect(meddler.sawTime == 80_000)
    #expect(!tap.isEnabled && tap.state == .failed)
    #expect(lines == ["tap possible → failed"])
    #expect(engine.diagnostics.last == .relatedToItself(recognizer: "meddler"))
    #expect(engine.time == 500_000)
    #expect((engine.core?.simultaneous[0] ?? 0) & 0b10 != 0)
  }
}
