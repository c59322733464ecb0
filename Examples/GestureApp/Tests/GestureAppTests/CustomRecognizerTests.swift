import GestureAppKit
import GestureRecognition
import Testing
import TouchInput

/// Two fingers 20 mm apart, their centre `dx` mm right of (50, 50), `ms` after time zero.
func twoFingers(at ms: Int64, _ phase: TouchPhase, dx: Double = 0) -> TouchFrame {
  let touches = [40.0, 60.0].enumerated().map { index, x in
    Touch(
      id: TouchID(index + 1), phase: phase, location: MillimeterPoint(x: x + dx, y: 50))
  }
  return TouchFrame(time: ms * 1000, touches: touches)
}

/// Two fingers held 600 ms, then dragged 10 mm right in 5 mm steps, then lifted.
let holdThenDrag: [TouchFrame] = [
  twoFingers(at: 0, .began), twoFingers(at: 300, .stationary), twoFingers(at: 600, .moved, dx: 1),
  twoFingers(at: 650, .moved, dx: 5), twoFingers(at: 700, .moved, dx: 10),
  twoFingers(at: 750, .ended, dx: 10),
]

/// Two fingers dragged at once, with no hold.
let quickDrag: [TouchFrame] = [
  twoFingers(at: 0, .began), twoFingers(at: 50, .moved, dx: 5), twoFingers(at: 100, .moved, dx: 10),
  twoFingers(at: 150, .ended, dx: 10),
]

/// Every event of `engine` as "name state", and the explanations.
final class Recorder {
  var events: [String] = []
  var json: [String] = []
  var explained: [String] = []
  init(_ engine: GestureEngine) {
    engine.onEvent = { [unowned self] event, recognizer in
      events.append(recognizer.name + " " + event.state.description)
      json.append(event.json(origin: 0))
    }
    engine.explain = { [unowned self] entry in explained.append(entry.description) }
  }
}

@Suite struct CustomRecognizerTests {
  @Test("Held still 500 ms, then dragged: began past the slop, changed, ended on lift")
  func holdThenDragAlone() {
    let engine = GestureEngine()
    let hold = engine.add(TwoFingerHoldDragGestureRecognizer())
    let log = Recorder(engine)
    for frame in holdThenDrag { engine.process(frame) }

    #expect(
      log.events == [
        "two-finger hold began", "two-finger hold changed", "two-finger hold ended",
      ])
    #expect(log.json.first?.contains("\"gesture\": \"twoFingerHoldDrag\"") == true)
    #expect(log.json.last?.contains("\"translation\": [10.00, 0.00]") == true)
    #expect(log.explained.first == "two-finger hold began: held still, then dragged 5.0 mm")
    // Text lines keep their columns: the 20-character name shows as its first 10 and "…".
    #expect(hold.event?.text(origin: 0).contains("two-finger… ended") == true)
    #expect(hold.state == .possible)
  }

  @Test("Wired with addTarget like a built-in: the follower sees began, changed and ended")
  func targetAction() {
    let engine = GestureEngine()
    let hold = engine.add(TwoFingerHoldDragGestureRecognizer())
    let follower = HoldDragFollower(hold)
    for frame in holdThenDrag { engine.process(frame) }
    #expect(follower.moves == ["began 5,0", "changed 10,0", "ended 10,0"])
    #expect(hold.targetCount == 1)
  }

  @Test("Dragged at once: fails with the movement and its limit, and sends nothing")
  func quickDragFails() {
    let engine = GestureEngine()
    engine.add(TwoFingerHoldDragGestureRecognizer())
    let log = Recorder(engine)
    for frame in quickDrag { engine.process(frame) }

    #expect(log.events.isEmpty)
    #expect(log.explained.first == "two-finger hold failed: moved 5.0 mm > 1.6 mm")
  }

  @Test(
    "A pan that requires the hold to fail, wired before either is added, in either order",
    arguments: [false, true])
  func panRequiresHold(holdFirst: Bool) {
    let engine = GestureEngine()
    let hold = TwoFingerHoldDragGestureRecognizer()
    let pan = PanGestureRecognizer(PanGestureRecognizer.Configuration(minimumTouches: 2))
    pan.require(toFail: hold)
    if holdFirst { engine.add(hold) }
    engine.add(pan)
    if !holdFirst { engine.add(hold) }
    let log = Recorder(engine)

    for frame in holdThenDrag { engine.process(frame) }
    #expect(log.events.allSatisfy { $0.hasPrefix("two-finger hold") })
    #expect(log.events.count == 3)
    #expect(log.explained.contains("pan failed: two-finger hold (required to fail) succeeded"))

    log.events = []
    for frame in quickDrag { engine.process(frame) }
    #expect(log.events.first == "pan began")
    #expect(log.events.last == "pan ended")
  }

  @Test("The hold requires a two-finger tap to fail: a tap wins, a hold waits for it")
  func holdRequiresTap() {
    let engine = GestureEngine()
    let hold = engine.add(TwoFingerHoldDragGestureRecognizer())
    let tap = TapGestureRecognizer(TapGestureRecognizer.Configuration(touches: 2))
    hold.require(toFail: tap)
    engine.add(tap)
    let log = Recorder(engine)

    engine.process(twoFingers(at: 0, .began))
    engine.process(twoFingers(at: 100, .ended))
    engine.flush(after: 100_000)
    #expect(log.events == ["2-finger tap recognized"])

    log.events = []
    for frame in holdThenDrag { engine.process(frame.shifted(by: 2_000_000)) }
    #expect(log.events.first == "two-finger hold began")
    #expect(log.explained.contains { $0.hasPrefix("2-finger tap failed") })
  }

  @Test("Removed from the engine mid-drag: cancelled, and added back it works again")
  func removeAndAddBack() {
    let engine = GestureEngine()
    let hold = engine.add(TwoFingerHoldDragGestureRecognizer())
    let log = Recorder(engine)
    for frame in holdThenDrag.prefix(4) { engine.process(frame) }
    engine.remove(hold)
    #expect(log.events == ["two-finger hold began", "two-finger hold cancelled"])
    #expect(engine.recognizers.isEmpty && hold.engine == nil)

    engine.process(holdThenDrag[5])
    engine.add(hold)
    log.events = []
    for frame in holdThenDrag { engine.process(frame.shifted(by: 2_000_000)) }
    #expect(log.events.count == 3)
  }
}

extension TouchFrame {
  /// The frame, `offset` microseconds later.
  func shifted(by offset: Microseconds) -> TouchFrame {
    TouchFrame(time: time + offset, touches: touches)
  }
}

/// Lets the hold begin only when the test says so.
final class HoldReferee: GestureRecognizerDelegate {
  var allowHold = true
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    recognizer.kind != .twoFingerHoldDrag || allowHold
  }
}

@Suite struct CustomRecognizerWiringTests {
  @Test("Simultaneous with a two-finger pan, declared before adding: both report the drag")
  func simultaneousWithPan() {
    let engine = GestureEngine()
    let hold = TwoFingerHoldDragGestureRecognizer()
    let pan = PanGestureRecognizer(PanGestureRecognizer.Configuration(minimumTouches: 2))
    hold.recognizeSimultaneously(with: pan)
    engine.add(pan)
    engine.add(hold)
    let log = Recorder(engine)
    for frame in holdThenDrag { engine.process(frame) }
    #expect(log.events.contains("two-finger hold began"))
    #expect(log.events.contains("pan began"))
  }

  @Test("A delegate that refuses the hold: it fails, and the pan waiting for it goes on")
  func delegateRefuses() {
    let engine = GestureEngine()
    let referee = HoldReferee()
    referee.allowHold = false
    let hold = engine.add(TwoFingerHoldDragGestureRecognizer())
    let pan = engine.add(
      PanGestureRecognizer(PanGestureRecognizer.Configuration(minimumTouches: 2)))
    pan.require(toFail: hold)
    hold.delegate = referee
    let log = Recorder(engine)
    for frame in holdThenDrag { engine.process(frame) }
    #expect(log.explained.contains("two-finger hold failed: the delegate refused"))
    #expect(log.events.first == "pan began")
  }
}
