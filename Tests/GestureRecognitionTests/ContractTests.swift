import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// A deterministic pseudo-random number generator (64-bit LCG), so scripts are reproducible.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 29)
  }
}

/// A messy script: 1-4 fingers landing and lifting at random, wandering, sometimes cancelled.
func randomScript(seed: UInt64) -> TouchScript {
  var g = SeededGenerator(state: seed)
  var s = TouchScript()
  var down: [Int: (Double, Double)] = [:]
  var next = 1
  var t = 0.0
  for _ in 0..<Int.random(in: 20...120, using: &g) {
    t += Double.random(in: 1...60, using: &g)
    let roll = Int.random(in: 0..<10, using: &g)
    if roll < 2 && down.count < 4 {
      let p = (Double.random(in: 0...100, using: &g), Double.random(in: 0...100, using: &g))
      s.down(next, at: t, x: p.0, y: p.1)
      down[next] = p
      next += 1
    } else if roll < 3, let finger = down.keys.sorted().first {
      if Int.random(in: 0..<8, using: &g) == 0 {
        s.cancel(finger, at: t)
      } else {
        s.up(finger, at: t)
      }
      down[finger] = nil
    } else {
      for finger in down.keys.sorted() {
        guard let p = down[finger] else { continue }
        let q = (
          p.0 + Double.random(in: -4...4, using: &g), p.1 + Double.random(in: -4...4, using: &g)
        )
        s.move(finger, at: t, x: q.0, y: q.1)
        down[finger] = q
      }
    }
  }
  t += 10
  for finger in down.keys.sorted() { s.up(finger, at: t) }
  return s
}

/// Every kind of recognizer, freshly made, with a few configurations.
func everyRecognizer() -> [GestureRecognizer] {
  [
    TapGestureRecognizer(), TapGestureRecognizer(.init(taps: 2)),
    TapGestureRecognizer(.init(taps: 2, touches: 2)), LongPressGestureRecognizer(),
    LongPressGestureRecognizer(.init(touches: 2)), SwipeGestureRecognizer(),
    SwipeGestureRecognizer(.init(directions: .all, touches: 2)), PanGestureRecognizer(),
    PanGestureRecognizer(.init(minimumTouches: 2, maximumTouches: 3)), PinchGestureRecognizer(),
    RotationGestureRecognizer(), EdgePanGestureRecognizer(.init(bounds: contractSurface)),
    EdgePanGestureRecognizer(.init(bounds: contractSurface, edges: [.left, .top], touches: 1...2)),
  ]
}

/// The surface of the contract corpus: the random scripts land anywhere in 0…100 mm, so some
/// land in the edge band of every side.
let contractSurface = MillimeterRect(x: 0, y: 0, width: 100, height: 100)

/// Strokes in from each side of `contractSurface` and along its edges, one and two fingers.
func edgeScripts() -> [TouchScript] {
  var list: [TouchScript] = []
  let strokes: [((Double, Double), (Double, Double))] = [
    ((1, 50), (40, 50)), ((99, 50), (60, 50)), ((50, 1), (50, 40)), ((50, 99), (50, 60)),
    ((2, 10), (2, 80)), ((1, 1), (30, 30)),
  ]
  for (start, end) in strokes {
    for fingers in 1...2 {
      var s = TouchScript()
      for f in 1...fingers { s.down(f, at: 0, x: start.0, y: start.1 + Double(f - 1) * 3) }
      for f in 1...fingers {
        s.drag(f, to: end.0, end.1 + Double(f - 1) * 3, from: 0, to: 200)
      }
      upAll(&s, fingers, at: 220)
      list.append(s)
    }
  }
  return list
}

/// The hand-written scripts of the other suites, as a corpus.
func namedScripts() -> [TouchScript] {
  var list = [tapScript(1), tapScript(2), tapScript(3, fingers: 2), tapScript(1, hold: 700)]
  list += edgeScripts()
  list += SwipeDirection.cardinals.map { swipeScript($0, fingers: 2) }
  list += [twoFingerScript(degrees: 400, scale: 1.5), twoFingerScript(degrees: -30, shift: 30)]
  return list
}

@Suite struct ContractTests {
  @Test("the corpus holds every kind of recognizer, the edge pan included")
  func corpusIsComplete() {
    let kinds = Set(everyRecognizer().map { "\($0.kind.name)" })
    #expect(everyRecognizer().count == 13)
    #expect(
      kinds == ["tap", "longPress", "swipe", "pan", "pinch", "rotation", "edgePan"], "\(kinds)")
    #expect(DefaultGestureSet(surface: contractSurface).edgePan != nil)
  }

  @Test("every recognizer alone keeps the contract on every script", arguments: 0..<13)
  func alone(index: Int) {
    for (n, script) in (namedScripts() + (1...40).map { randomScript(seed: UInt64($0)) })
      .enumerated()
    {
      let recognizer = everyRecognizer()[index]
      let result = run(recognizer, script)
      #expect(result.violations.isEmpty, "script \(n): \(result.violations)")
    }
  }

  @Test("the default set keeps the contract on messy scripts", arguments: 1...60)
  func defaultSet(seed: Int) {
    let result = run(DefaultGestureSet().engine, randomScript(seed: UInt64(seed) * 7919))
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("the default set with a surface (edge pan first) keeps the contract", arguments: 1...60)
  func defaultSetWithSurface(seed: Int) {
    let result = run(
      DefaultGestureSet(surface: contractSurface).engine, randomScript(seed: UInt64(seed) * 104_729)
    )
    #expect(result.violations.isEmpty, "\(result.violations)")
  }

  @Test("the default set with a surface keeps the contract on the edge scripts")
  func defaultSetWithSurfaceOnEdges() {
    var recognized = 0
    for script in edgeScripts() {
      let set = DefaultGestureSet(surface: contractSurface)
      let result = run(set.engine, script)
      #expect(result.violations.isEmpty, "\(result.violations)")
      recognized += result.events.filter { $0.kind == .edgePan && $0.state == .began }.count
    }
    // Positive control: the corpus does reach the edge pan.
    #expect(recognized > 0)
  }

  @Test("the checker itself notices a broken contract")
  func checkerCatches() {
    let e = engine(with: TapGestureRecognizer())
    let checker = ContractChecker(e)
    e.explain?(
      ExplainEntry(
        time: 0, recognizer: "tap", kind: .tap, from: .possible, to: .ended, reason: .touchesMoved))
    #expect(checker.finish().contains("tap: illegal possible → ended"))
    let waiting = DefaultGestureSet()
    let stuck = ContractChecker(waiting.engine)
    for frame in tapScript(1).frames { waiting.engine.process(frame) }
    #expect(stuck.finish().contains { $0.hasPrefix("deadline still pending") })
  }

  @Test("an illegal transition is ignored and reported, never a trap")
  func illegalTransitionIsReported() {
    let engine = GestureEngine()
    var reported: [GestureEngineDiagnostic] = []
    engine.onDiagnostic = { reported.append($0) }
    let tap = engine.add(TapGestureRecognizer())
    engine.move(tap, to: .changed, .touchesMoved, at: 0)
    #expect(tap.state == .possible)
    #expect(reported == [.illegalTransition(recognizer: "tap", from: .possible, to: .changed)])
    #expect(engine.diagnostics == reported)
  }
}
