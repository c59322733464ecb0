import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// The default set as it was before the swipe took a finger range: three exact-count swipes.
func exactCountSwipeEngine() -> GestureEngine {
  let engine = GestureEngine()
  let swipes = (1...3).map { engine.add(SwipeGestureRecognizer(.init(touches: $0))) }
  let taps = (1...3).map { engine.add(TapGestureRecognizer(.init(taps: $0, touches: 1...5))) }
  engine.add(LongPressGestureRecognizer())
  let pan = engine.add(PanGestureRecognizer(.init(maximumTouches: 5)))
  let pinch = engine.add(PinchGestureRecognizer())
  let rotation = engine.add(RotationGestureRecognizer())
  engine.require(taps[0], toFail: taps[1])
  engine.require(taps[1], toFail: taps[2])
  for swipe in swipes { engine.recognizeSimultaneously(swipe, pan) }
  engine.recognizeSimultaneously(pinch, rotation)
  engine.recognizeSimultaneously(pinch, pan)
  engine.recognizeSimultaneously(rotation, pan)
  return engine
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / 0x1p53
  }
  /// A random direction (half of them exactly along an axis).
  mutating func unit() -> PlaneVector {
    if int(0...1) == 0 {
      return [
        PlaneVector(dx: 1, dy: 0), PlaneVector(dx: -1, dy: 0), PlaneVector(dx: 0, dy: 1),
        PlaneVector(dx: 0, dy: -1),
      ][int(0...3)]
    }
    let v = PlaneVector(dx: uniform(-1...1), dy: uniform(-1...1))
    let length = max(v.length, 1e-3)
    return PlaneVector(dx: v.dx / length, dy: v.dy / length)
  }
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}

/// Strokes of 1-4 fingers landing and lifting up to 80 ms apart, straight or hooked, slow or
/// fast, on or off the axes; a frame every 8 ms.
func randomStrokes(seed: UInt64, count: Int) -> TouchScript {
  var random = SplitMix(state: seed)
  var s = TouchScript()
  var t = 0.0
  var finger = 0
  for _ in 0..<count {
    let fingers = random.int(1...4)
    let first = random.unit()
    let then = random.int(0...2) == 0 ? random.unit() : first
    let length = random.uniform(2...60)
    let duration = random.uniform(40...700)
    for f in 0..<fingers {
      finger += 1
      let land = t + Double(random.int(0...3) == 0 ? random.int(1...10) : 0) * 8
      let lift = land + duration + Double(random.int(0...3) == 0 ? random.int(1...10) : 0) * 8
      let x = 80 + Double(f) * 12 + random.uniform(-2...2)
      let y = 60 + random.uniform(-2...2)
      s.down(finger, at: land, x: x, y: y)
      let bend = random.uniform(0.2...0.8)
      s.path(finger, from: land, to: lift) { p in
        let r = length * p
        if p < bend { return (x + r * first.dx, y + r * first.dy) }
        let b = length * bend
        return (x + b * first.dx + (r - b) * then.dx, y + b * first.dy + (r - b) * then.dy)
      }
      s.up(finger, at: lift)
    }
    t += duration + 200 + Double(random.int(0...8)) * 100
  }
  return s
}

@Suite struct SwipeRangeTests {
  @Test("a 1-3-finger swipe reports the count it saw", arguments: [1, 2, 3])
  func reportsCount(fingers: Int) {
    let swipe = SwipeGestureRecognizer(.init(touches: 1...3))
    let result = run(swipe, swipeScript(.left, fingers: fingers))
    #expect(result.log == ["swipe recognized"])
    #expect(result.events.first?.touches == fingers)
  }

  @Test("a fourth finger fails a 1-3-finger swipe")
  func tooMany() {
    let result = run(SwipeGestureRecognizer(.init(touches: 1...3)), swipeScript(.up, fingers: 4))
    #expect(result.log.isEmpty)
    // Positive control: three fingers are in the range.
    let three = run(SwipeGestureRecognizer(.init(touches: 1...3)), swipeScript(.up, fingers: 3))
    #expect(three.events.first?.state == .recognized)
    #expect(result.explained.first == "swipe failed: 4 touches > 3")
  }

  @Test("a second finger landing late makes it a 2-finger swipe")
  func lateFinger() {
    var s = TouchScript()
    s.down(1, at: 0, x: 50, y: 50)
    s.down(2, at: 24, x: 50, y: 60)
    s.drag(1, to: 20, 50, from: 24, to: 124)
    s.drag(2, to: 20, 60, from: 24, to: 124)
    upAll(&s, 2, at: 124)
    let result = run(SwipeGestureRecognizer(.init(touches: 1...3)), s)
    #expect(result.events.map(\.touches) == [2])
    #expect(result.events.first?.direction == .left)
  }

  @Test("a hook off the axes with one finger leaves the 2-finger count to judge")
  func offAxisThenSecondFinger() {
    var s = TouchScript()
    // 8.5 mm at 45° in 24 ms: the 1-finger count fails off axis; with the second finger the
    // stroke from the landing points 25° off down at its first move, and both fingers agree.
    s.down(1, at: 0, x: 50, y: 50)
    s.drag(1, to: 56, 56, from: 0, to: 24)
    s.down(2, at: 32, x: 66, y: 56)
    s.drag(1, to: 56, 96, from: 32, to: 80)
    s.drag(2, to: 66, 96, from: 32, to: 80)
    upAll(&s, 2, at: 80)
    let range = run(SwipeGestureRecognizer(.init(touches: 1...3)), s)
    let exact = run(exactCountSwipeEngine(), s)
    #expect(exact.events.filter { $0.kind == .swipe }.map(\.touches) == [2])
    #expect(range.events.map(\.touches) == [2])
    #expect(range.events.first?.direction == .down)
    #expect(exact.explained.contains("swipe failed: 45.0° off axis > 30.0°"))
    #expect(range.explained.first == "swipe recognized: down 14.0 mm at 350 mm/s")
  }

  @Test(
    "the default set decides as three exact-count swipes would",
    arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func sameAsExactCounts(seed: UInt64) {
    let script = randomStrokes(seed: seed, count: 40)
    let range = run(DefaultGestureSet().engine, script)
    let exact = run(exactCountSwipeEngine(), script)
    #expect(range.events == exact.events)
    #expect(range.events.contains { $0.kind == .swipe && $0.touches > 1 })
    #expect(range.violations.isEmpty)
  }
}

@Suite struct EventSinkTests {
  @Test("onEvent replaced from an action: the running closure finishes, the new one gets the rest")
  func replacedFromAction() {
    let set = DefaultGestureSet()
    final class Log { var first: [GestureKind] = [], second: [GestureKind] = [] }
    let log = Log()
    let engine = set.engine
    engine.onEvent = { event, _ in
      log.first.append(event.kind)
      // Dropping the only reference to this closure while it runs.
      engine.onEvent = { event, _ in log.second.append(event.kind) }
      log.first.append(event.kind)
    }
    let script = swipeScript(.right)
    for frame in script.frames { engine.process(frame) }
    engine.flush(after: script.endTime)
    let reference = DefaultGestureSet()
    var all: [GestureKind] = []
    reference.engine.onEvent = { event, _ in all.append(event.kind) }
    for frame in script.frames { reference.engine.process(frame) }
    reference.engine.flush(after: script.endTime)
    #expect(log.first == [.pan, .pan])
    #expect(log.second == Array(all.dropFirst()))
    #expect(log.second.contains(.swipe))
  }
}
