import Foundation
import GesturePipeline
import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// `cancelAll(at:)`, the one way every live input ends (unplug, reload, stop): a gesture held
/// behind one still possible is not released by the cancellation (issue 15).
@Suite("TouchPipeline: cancelling")
struct TouchPipelineCancelTests {
  /// A double and a triple tap, the double tap waiting for the triple tap to fail (the
  /// daemon's plan for `tap taps=2` and `tap taps=3` bindings).
  static func taps() -> (GestureEngine, recognized: () -> [String]) {
    let engine = GestureEngine()
    let double = engine.add(TapGestureRecognizer(.init(taps: 2), name: "double tap"))
    let triple = engine.add(TapGestureRecognizer(.init(taps: 3), name: "triple tap"))
    engine.require(double, toFail: triple)
    final class Log { var lines: [String] = [] }
    let log = Log()
    engine.onEvent = { event, recognizer in
      if event.state == .recognized { log.lines.append("\(recognizer.name)@\(event.time / 1000)") }
    }
    return (engine, { log.lines })
  }

  /// A pipeline fed with every event of the held-tap recording.
  static func fed(thirdFingerDown: Bool, engine: GestureEngine) throws -> TouchPipeline {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      // One file per call: the suite's tests run in parallel in one process.
      "held-taps-\(getpid())-\(UUID().uuidString)-\(thirdFingerDown).evemu"
    ).path
    try HeldTapRecording.write(to: path, thirdFingerDown: thirdFingerDown)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try openRecording(path: path)
    let pipeline = TouchPipeline(device: reader.device, engine: engine)
    var batch = EventBatch()
    while try reader.read(into: &batch) {
      for event in batch.events { pipeline.feed(event) }
    }
    return pipeline
  }

  @Test(
    "two taps, a third finger down, a cancel at 350 ms: no double tap (the two taps alone are one)"
  )
  func heldDoubleTapIsNotReleased() throws {
    let (engine, recognized) = Self.taps()
    let pipeline = try Self.fed(thirdFingerDown: true, engine: engine)
    #expect(pipeline.lastTime == 300_001)
    pipeline.cancelAll(at: 350_001)
    pipeline.advance(to: 5_000_000)
    #expect(recognized() == [])
    #expect(pipeline.nextDeadline == nil)
    #expect(engine.recognizers.allSatisfy { $0.state == .possible && !$0.isAwaitingFailure })

    // Positive control: the same taps with no third finger are a double tap, recognized when
    // the triple tap's 300 ms interval after the second lift (at 200 ms) has passed.
    let (control, controlRecognized) = Self.taps()
    let controlPipeline = try Self.fed(thirdFingerDown: false, engine: control)
    controlPipeline.advance(to: 350_001)
    #expect(controlRecognized() == [])
    controlPipeline.cancelAll(at: 600_000)
    #expect(controlRecognized() == ["double tap@200"])
  }

  @Test("the cancellation frame reaches onFrame, with every touch still down cancelled")
  func cancellationFrameIsShown() throws {
    let (engine, recognized) = Self.taps()
    let pipeline = try Self.fed(thirdFingerDown: true, engine: engine)
    var frames: [TouchFrame] = []
    pipeline.onFrame = { frames.append($0) }
    pipeline.cancelAll(at: 350_001)
    #expect(frames.count == 1)
    #expect(frames.first?.time == 350_001)
    #expect(frames.first?.touches.map(\.phase) == [.cancelled])
    #expect(recognized() == [])
  }

  @Test("fireDueDeadlines waits in local time from the last arrival, then fires in event time")
  func localClockDeadlines() throws {
    let (engine, recognized) = Self.taps()
    let pipeline = try Self.fed(thirdFingerDown: false, engine: engine)
    #expect(pipeline.lastEventTime == 200_001)
    // The last event arrived at local 7 000 000 µs; the triple tap's interval ends 300 ms
    // after it in event time.
    #expect(pipeline.fireDueDeadlines(now: 7_100_000, lastArrival: 7_000_000) == 200_000)
    #expect(recognized() == [])
    #expect(pipeline.fireDueDeadlines(now: 7_300_000, lastArrival: 7_000_000) == nil)
    #expect(recognized() == ["double tap@200"])
    #expect(pipeline.lastTime == 500_001)
  }

  @Test("a frame older than a deadline already fired is reported to onLateFrame")
  func lateFrameIsReported() throws {
    let (engine, _) = Self.taps()
    let pipeline = try Self.fed(thirdFingerDown: false, engine: engine)
    var late: [(Microseconds, Microseconds)] = []
    pipeline.onLateFrame = { late.append(($0, $1)) }
    pipeline.advance(to: 900_000)
    pipeline.feed(
      InputEvent(time: 600_000, type: EventType.abs, code: AbsCode.mtTrackingID, value: 5))
    pipeline.feed(
      InputEvent(time: 600_000, type: EventType.abs, code: AbsCode.mtPositionX, value: 5))
    #expect(late.isEmpty)
    pipeline.feed(InputEvent(time: 600_000, type: EventType.syn, code: SynCode.report, value: 0))
    #expect(late.map(\.0) == [600_000])
    #expect(late.map(\.1) == [900_000])
  }
}
