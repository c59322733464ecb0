import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

// Issue 16, items 3 and 4, through the public API only (no `@testable`): each test fails on the
// code before it, which either did not compile (the summary, the copyable tracker and
// `ownsTouches` were internal or noncopyable) or behaved otherwise (the flush stopped at the
// longest timeout; a configuration changed mid-gesture applied at once).

/// Multiplies the frame summaries' scale factors and adds their centroid shifts.
private final class SummaryReader: GestureRecognizer {
  var scale = 1.0
  var shift = PlaneVector.zero
  var landings: [MillimeterPoint] = []
  var largestSpan = 0.0

  init() { super.init(kind: GestureKind(name: "summaryReader"), name: "summary reader") }

  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    let summary = touches.summary
    scale *= summary.scaleFactor
    shift = PlaneVector(dx: shift.dx + summary.shift.dx, dy: shift.dy + summary.shift.dy)
    if let landing = summary.landingCentroid { landings.append(landing) }
    largestSpan = max(largestSpan, summary.span)
    return .none
  }
}

/// Two taps, the second within 10 mm of the first; a second tap further away ends the sequence
/// and starts a new one on the same touches (`ownsTouches = false`).
private final class TwoStep: GestureRecognizer {
  private var first: MillimeterPoint?
  private var lifted = false

  init() { super.init(kind: GestureKind(name: "twoStep"), name: "two step") }

  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    if let landing = touches.summary.landingCentroid {
      if let first, lifted {
        if first.distance(to: landing) > 10 {
          ownsTouches = false
          return .fail(.custom("too far"))
        }
      } else if first == nil {
        first = landing
      }
    }
    guard touches.numberOfTouches == 0, touches.touchLifted else { return .none }
    if lifted { return .recognize(.custom("two steps")) }
    lifted = true
    return .none
  }

  override func reset() {
    first = nil
    lifted = false
  }

  override var isEngaged: Bool { first != nil }
}

/// Recognized two seconds after its touch lands; it does not override `longestTimeout`.
private final class LateTimer: GestureRecognizer {
  init() { super.init(kind: GestureKind(name: "lateTimer"), name: "late timer") }

  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    if touches.summary.landedCount > 0 && deadline == nil { deadline = frame.time + 2_000_000 }
    return .none
  }

  override func handleDeadline(_ time: Microseconds) -> GestureStep {
    deadline = nil
    return .recognize(.custom("timer"))
  }
}

/// A struct of a user's own holding a tracker (it did not compile while the tracker was
/// noncopyable).
private struct Smoother {
  var tracker = VelocityTracker()
}

@Suite("Custom recognizers as full citizens")
struct CustomCitizenTests {
  @Test("A custom recognizer reads the frame summary: scale, shift, span and landing")
  func summaryPublished() {
    var script = TouchScript()
    script.down(1, at: 0, x: 90, y: 50)
    script.down(2, at: 0, x: 110, y: 50)
    for step in 1...10 {
      let d = 10 * Double(step) / 10  // each finger 10 mm outwards, then both 5 mm down
      script.move(1, at: 10 * Double(step), x: 90 - d, y: 50 + d / 2)
      script.move(2, at: 10 * Double(step), x: 110 + d, y: 50 + d / 2)
    }
    script.up(1, at: 120)
    script.up(2, at: 120)
    let reader = SummaryReader()
    let engine = GestureEngine()
    engine.add(reader)
    for frame in script.frames { engine.process(frame) }
    #expect(abs(reader.scale - 2) < 1e-9)
    #expect(abs(reader.shift.dy - 5) < 1e-9)
    #expect(abs(reader.shift.dx) < 1e-9)
    #expect(reader.landings == [MillimeterPoint(x: 100, y: 50)])
    #expect(abs(reader.largestSpan - 20) < 1e-9)
  }

  @Test("VelocityTracker is an ordinary value: a copy keeps its own samples")
  func trackerCopies() {
    var a = Smoother()
    a.tracker.add(x: 0, y: 0, at: 0)
    a.tracker.add(x: 10, y: 0, at: 10_000)
    var b = a
    b.tracker.add(x: 40, y: 0, at: 20_000)
    // 10 mm in 10 ms is 1000 mm/s; the copy also saw 30 mm in the next 10 ms.
    #expect(abs(a.tracker.velocity(at: 10_000).dx - 1000) < 1e-6)
    #expect(b.tracker.velocity(at: 20_000).dx > 2000)
  }

  @Test("A custom multi-step recognizer fails and starts over on the same touches")
  func restartOnSameTouches() {
    var script = TouchScript()
    script.tap(1, at: 0, x: 10, y: 10)
    script.tap(1, at: 200, x: 60, y: 60)  // too far: fails, and starts over on this tap
    script.tap(1, at: 400, x: 62, y: 60)
    let twoStep = TwoStep()
    let outcome = run(twoStep, script)
    #expect(outcome.log == ["two step recognized"])
    #expect(outcome.events.first?.time == ms(460))
    // Positive control: without the far tap in between, the first two taps are recognized.
    var near = TouchScript()
    near.tap(1, at: 0, x: 10, y: 10)
    near.tap(1, at: 200, x: 12, y: 10)
    #expect(run(TwoStep(), near).events.map(\.time) == [ms(260)])
  }

  @Test("The end-of-input flush fires a deadline later than the longest timeout")
  func flushRunsUntilNoDeadline() {
    var script = TouchScript()
    script.tap(1, at: 0, x: 10, y: 10)
    let timer = LateTimer()
    #expect(timer.longestTimeout == 0)
    let engine = GestureEngine()
    engine.add(timer)
    var times: [Microseconds] = []
    engine.onEvent = { event, _ in times.append(event.time) }
    for frame in script.frames { engine.process(frame) }
    #expect(times.isEmpty)
    engine.flush(after: script.endTime)
    #expect(times == [2_000_000])
    #expect(engine.nextDeadline == nil)
    #expect(engine.time == 2_000_000)
  }

  @Test("A configuration changed mid-gesture applies from the next gesture")
  func configurationDeferred() {
    var script = TouchScript()
    script.tap(1, at: 0, x: 10, y: 10)
    script.tap(1, at: 150, x: 10, y: 10)
    script.tap(1, at: 1_000, x: 10, y: 10)
    let tap = TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 2))
    let engine = GestureEngine()
    engine.add(tap)
    var events: [GestureEvent] = []
    engine.onEvent = { event, _ in events.append(event) }
    for frame in script.frames {
      engine.process(frame)
      // The first finger is down: the double tap is in progress.
      if frame.time == 0 { tap.configuration.tapsRequired = 1 }
    }
    engine.flush(after: script.endTime)
    #expect(tap.configuration.tapsRequired == 1)
    // The double tap in flight finished as a double tap; the next tap is a single tap.
    #expect(events.map(\.time) == [ms(210), ms(1_060)])
    #expect(events.map(\.taps) == [2, 1])
  }
}

/// A machine of a user's own: one finger held still for `hold` µs is recognized.
private struct HoldMachine: GestureMachine {
  var touches = 0
  var location = MillimeterPoint(x: 0, y: 0)
  private var since: Microseconds?
  private var done = false

  var isEngaged: Bool { since != nil }

  mutating func input(_ frame: TouchFrame, _ touches: TouchSurface, _ hold: Microseconds)
    -> MachineOutput
  {
    guard !done else { return MachineOutput(.none) }
    self.touches = touches.numberOfTouches
    location = touches.centroid
    if since == nil, touches.summary.landedCount > 0 { since = frame.time }
    guard let since else { return MachineOutput(.none) }
    if touches.touchLifted || touches.largestMovement > 3 {
      done = true
      return MachineOutput(.fail(.custom("let go")))
    }
    return MachineOutput(.none, deadline: since + hold)
  }

  mutating func wake(at time: Microseconds, _ hold: Microseconds) -> MachineOutput {
    done = true
    return MachineOutput(.recognize(.custom("held")))
  }

  mutating func finish() { done = true }
  mutating func reset() { self = HoldMachine() }
}

private final class Counter {
  var hits: [Microseconds] = []
  func held(_ r: MachineGestureRecognizer<HoldMachine>) { hits.append(r.event?.time ?? -1) }
}

@Suite("A machine of your own")
struct MachineLaneTests {
  @Test("A GestureMachine value of your own drives a recognizer with targets and deadlines")
  func ownMachine() {
    let hold = MachineGestureRecognizer(
      HoldMachine(), configuration: 300_000, kind: GestureKind(name: "hold"), name: "hold")
    let counter = Counter()
    hold.addTarget(counter, action: Counter.held)
    var script = TouchScript()
    script.tap(1, at: 0, x: 10, y: 10, duration: 100)  // too short: fails
    script.tap(1, at: 500, x: 10, y: 10, duration: 400)  // held 300 ms: recognized at 800
    script.down(1, at: 1_200, x: 10, y: 10)  // recognized at 1 500, while still down
    script.up(1, at: 1_600)
    let outcome = run(hold, script)
    #expect(counter.hits == [ms(800), ms(1_500)])
    #expect(outcome.log == ["hold recognized", "hold recognized"])
    // Every touch lifted: the machine is back to its initial value; a setting applies at once.
    hold.configuration = 50_000
    #expect(hold.configuration == 50_000)
    #expect(hold.machine.isEngaged == false)
  }
}
