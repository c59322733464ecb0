import Foundation
import GestureTestSupport
import Synchronization
import Testing
import TouchInput

@testable import GestureRecognition

/// Finger 1 in `phase` at `at`.
private func touch(_ phase: TouchPhase, _ at: MillimeterPoint) -> Touch {
  Touch(id: TouchID(1), phase: phase, location: at)
}

/// An engine whose diagnostics are collected as sentences.
private final class Diagnosed {
  let engine = GestureEngine()
  var said: [String] = []
  init() { engine.onDiagnostic = { [unowned self] in said.append($0.description) } }
}

@Suite struct MisuseTests {
  @Test("zero fingers set through the property: corrected to 1, reported, and the tap fires")
  func zeroTouchesThroughSetter() {
    let d = Diagnosed()
    let tap = TapGestureRecognizer()
    tap.configuration.touchesRequired = 0
    #expect(tap.configuration.touchesRequired == 1)
    #expect(d.said.isEmpty)
    d.engine.add(tap)
    #expect(d.said == ["tap: touchesRequired 0 corrected to 1 (counts start at 1)"])
    #expect(run(d.engine, tapScript(1)).log == ["tap recognized"])
  }

  @Test(
    "an inverted range set while in the engine: the most raised to the fewest, reported at once")
  func invertedRange() {
    let d = Diagnosed()
    let press = d.engine.add(LongPressGestureRecognizer())
    press.configuration.touchesRequired = 3
    press.configuration.maximumTouches = 1
    #expect(press.configuration.touchesRequired == 3)
    #expect(press.configuration.maximumTouches == 3)
    // Each assignment is checked: both leave the most below the fewest.
    let raised = "long press: maximumTouches 1 corrected to 3 (not below touchesRequired)"
    #expect(d.said == [raised, raised])
  }

  @Test("zero taps and fingers given to the initializers: corrected and reported when added")
  func initializers() {
    let d = Diagnosed()
    var tapConfig = TapGestureRecognizer.Configuration()
    tapConfig.tapsRequired = 0
    let tap = d.engine.add(TapGestureRecognizer(tapConfig))
    var panConfig = PanGestureRecognizer.Configuration()
    panConfig.minimumTouches = 0
    let pan = d.engine.add(PanGestureRecognizer(panConfig))
    var swipeConfig = SwipeGestureRecognizer.Configuration()
    swipeConfig.touchesRequired = 2
    swipeConfig.maximumTouches = 1
    let swipe = d.engine.add(SwipeGestureRecognizer(swipeConfig))
    #expect(tap.configuration.tapsRequired == 1 && tap.name == "tap")
    #expect(pan.configuration.minimumTouches == 1)
    #expect(swipe.configuration.maximumTouches == 2)
    #expect(
      d.said == [
        "tap: tapsRequired 0 corrected to 1 (counts start at 1)",
        "pan: minimumTouches 0 corrected to 1 (counts start at 1)",
        "2-finger swipe: maximumTouches 1 corrected to 2 (not below touchesRequired)",
      ])
  }

  @Test("Configuration(taps: 1, touches: 0) and its kin do not trap (run in a child process)")
  func noTrap() async {
    await #expect(processExitsWith: .success) {
      let tap = TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 1, touches: 0))
      let press = LongPressGestureRecognizer(LongPressGestureRecognizer.Configuration(touches: 0))
      let pan = PanGestureRecognizer(PanGestureRecognizer.Configuration(minimumTouches: 0))
      let swipe = SwipeGestureRecognizer(SwipeGestureRecognizer.Configuration(touches: 0))
      let counts = [
        tap.configuration.touchesRequired, press.configuration.touchesRequired,
        pan.configuration.minimumTouches, swipe.configuration.touchesRequired,
      ]
      if counts != [1, 1, 1, 1] { fatalError("not corrected: \(counts)") }
    }
  }

  @Test("a cyclic requirement (single ↔ double): the closing one is ignored and reported")
  func cyclicRequirement() {
    let d = Diagnosed()
    let double = d.engine.add(
      TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 2)))
    let single = d.engine.add(TapGestureRecognizer())
    d.engine.require(single, toFail: double)
    d.engine.require(double, toFail: single)
    #expect(d.said == ["double tap: requiring tap to fail would make a cycle, ignored"])
    #expect(run(d.engine, tapScript(2)).log == ["double tap recognized"])
  }

  @Test("a frame stamped earlier than the previous one: reported, processed at the previous time")
  func frameOutOfOrder() {
    let d = Diagnosed()
    let tap = d.engine.add(TapGestureRecognizer())
    var times: [Microseconds] = []
    d.engine.onEvent = { event, _ in times.append(event.time) }
    let at = MillimeterPoint(x: 20, y: 20)
    d.engine.process(
      TouchFrame(time: 100_000, touches: [touch(.began, at)]))
    d.engine.process(TouchFrame(time: 40_000, touches: [touch(.ended, at)]))
    #expect(
      d.said == [
        "frame at 40000 µs is earlier than the previous one at 100000 µs, processed at the previous time"
      ])
    #expect(times == [100_000])
    #expect(tap.state == .possible)
  }
}

/// Feeds another frame from every action, `limit` times.
private final class Refeeder {
  var fed = 0
  let limit: Int
  init(_ limit: Int) { self.limit = limit }
  func handle(_ recognizer: UserPan) {
    guard fed < limit, let engine = recognizer.engine else { return }
    fed += 1
    let at = MillimeterPoint(x: 20 + Double(fed % 2), y: 20)
    engine.process(
      TouchFrame(time: Microseconds(fed) * 10, touches: [touch(.moved, at)])
    )
  }
}

/// Begins on the first frame and changes on every later one.
private final class UserPan: GestureRecognizer {
  init() { super.init(kind: .pan, name: "user pan") }
  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    state == .possible ? .begin(.custom("landed")) : .change
  }
}

@Suite struct QueueDrainTests {
  @Test("an action that feeds another frame 50 000 times drains in a loop, not recursion")
  func reentrantFeeds() {
    let engine = GestureEngine()
    let pan = engine.add(UserPan())
    let feeder = Refeeder(50_000)
    pan.addTarget(feeder, action: Refeeder.handle)
    engine.process(
      TouchFrame(
        time: 0, touches: [touch(.began, MillimeterPoint(x: 20, y: 20))]))
    #expect(feeder.fed == 50_000)
    #expect(engine.time == 500_000)
  }
}

/// Lets every recognizer begin (its presence alone gives a recognizer touches of its own).
private final class AllowAll: GestureRecognizerDelegate {}

@Suite struct MidGestureChangeTests {
  @Test("a delegate or a region set while a finger is down applies from the next gesture")
  func delegateMidGesture() {
    for change in ["delegate", "region"] {
      let engine = GestureEngine()
      let pan = engine.add(PanGestureRecognizer())
      let allow = AllowAll()
      var log: [String] = []
      engine.onEvent = { event, _ in log.append(event.state.description) }
      let stroke = (0...6).map { i in
        TouchFrame(
          time: Microseconds(i) * 20_000,
          touches: [touch(i == 0 ? .began : .moved, MillimeterPoint(x: 20 + Double(i) * 3, y: 20))])
      }
      for frame in stroke.prefix(3) { engine.process(frame) }
      if change == "delegate" {
        pan.delegate = allow
      } else {
        pan.region = MillimeterRect(x: 0, y: 0, width: 10, height: 10)
      }
      for frame in stroke.dropFirst(3) { engine.process(frame) }
      #expect(log.first == "began", "\(change)")
      #expect(!log.contains("ended") && !log.contains("cancelled"), "\(change): \(log)")
      engine.process(
        TouchFrame(time: 200_000, touches: [touch(.ended, MillimeterPoint(x: 38, y: 20))]))
      #expect(log.last == "ended", "\(change)")
      #expect(pan.followedTouches !== engine.surface, "\(change): applied after the lift")
    }
  }
}

#if DEBUG
  /// An engine smuggled across threads, as Swift 5 mode or a box allows.
  private final class Smuggled: @unchecked Sendable {
    let engine = GestureEngine()
    let done = Atomic<Int>(0)
  }

  @Suite struct TwoThreadTests {
    @Test("an engine fed from two threads at once stops with a message, not a segfault (debug)")
    func twoThreads() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        let box = Smuggled()
        box.engine.add(PanGestureRecognizer())
        for id in 1...2 {
          Thread {
            for i in 0..<1_000_000 {
              let phase: TouchPhase = i % 50 == 0 ? .began : (i % 50 == 49 ? .ended : .moved)
              let at = MillimeterPoint(x: 20 + Double(i % 7), y: 20)
              box.engine.process(
                TouchFrame(
                  time: Microseconds(i),
                  touches: [Touch(id: TouchID(id), phase: phase, location: at)]))
            }
            box.done.add(1, ordering: .relaxed)
          }.start()
        }
        while box.done.load(ordering: .relaxed) < 2 { usleep(10_000) }
      }
      let said = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(said.contains("GestureEngine used from two threads at once"), "\(said)")
    }
  }
#endif
