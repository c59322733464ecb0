import Foundation
import GesturePipeline
import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// The public input pipeline: a recording in any format, or events one by one, into an engine.
@Suite("TouchPipeline")
struct TouchPipelineTests {
  /// A public recording with three triple taps.
  static let taps = packageDirectory.appendingPathComponent(
    "Recordings/public/atmel-fast-taps.evemu"
  ).path

  /// The taps recognized by the default set, as `kind taps@seconds` lines.
  static func lines(_ events: [GestureEvent], origin: Microseconds) -> [String] {
    events.filter { $0.state == .recognized }.map {
      "\($0.kind) \($0.taps ?? 0)@\(($0.time - origin) / 1000)"
    }
  }

  @Test("One call replays a recording into an engine, trailing deadlines included")
  func replayRecording() throws {
    var events: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in events.append(event) })
    let pipeline = try TouchPipeline.replay(recording: Self.taps, engine: engine)
    let origin = try #require(pipeline.firstEventTime)
    #expect(Self.lines(events, origin: origin) == ["tap 3@551", "tap 3@1214", "tap 3@1934"])
  }

  @Test("The async sequence yields the same events as the synchronous replay, on any actor")
  func asyncEvents() async throws {
    var expected: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in expected.append(event) })
    try TouchPipeline.replay(recording: Self.taps, engine: engine)
    var received: [GestureEvent] = []
    for try await element in TouchPipeline.gestureEvents(
      recording: Self.taps, engine: { _ in GestureEngine.makeDefault() })
    {
      received.append(element.event)
    }
    #expect(received == expected)
    #expect(!received.isEmpty)
  }

  @Test("The async sequence's events carry the recognizer's name and the recording's origin")
  func asyncEventsNamedWithOrigin() async throws {
    // A single and a double tap differ only in their recognizer: both are `tap` events.
    let path = packageDirectory.appendingPathComponent(
      "Recordings/public/isdv4-e6-double-tap-center.evemu"
    ).path
    var names: [String] = []
    let engine = GestureEngine.makeDefault(onEvent: { _, recognizer in
      names.append(recognizer.name)
    })
    let pipeline = try TouchPipeline.replay(recording: path, engine: engine)
    let origin = try #require(pipeline.firstEventTime)
    var received: [GestureStreamEvent] = []
    for try await element in TouchPipeline.gestureEvents(
      recording: path, engine: { _ in GestureEngine.makeDefault() })
    {
      received.append(element)
    }
    #expect(received.map(\.recognizer) == names)
    #expect(received.map(\.recognizer) == ["double tap"])
    #expect(received.allSatisfy { $0.origin == origin })
    // The kernel's clock of this recording is far from zero: printed from the origin, the
    // double tap is at 0.23 s, as `gesturectl replay` prints it.
    #expect(origin > 1_000_000)
    #expect(
      received.map { $0.text() } == [
        "   0.232004  tap         recognized  1 touch at (104.85, 60.63) taps=2"
      ])
    #expect(received.first?.kind == .tap && received.first?.taps == 2)
  }

  @Test("A feed from inside an action is queued and runs after the current frame")
  func reentrantFeedIsQueued() throws {
    let reader = try openRecording(path: Self.taps)
    var batch = EventBatch()
    var all: [InputEvent] = []
    while try reader.read(into: &batch) { all += batch.events }
    var events: [GestureEvent] = []
    let engine = GestureEngine.makeDefault()
    let pipeline = TouchPipeline(device: reader.device, engine: engine)
    var rest = all[...]
    // The first gesture event feeds the whole rest of the recording from inside the action.
    // Weak: the pipeline keeps the engine, which keeps its `onEvent`.
    engine.onEvent = { [weak pipeline] event, _ in
      events.append(event)
      while let next = rest.popFirst() { pipeline?.feed(next) }
    }
    while events.isEmpty, let next = rest.popFirst() { pipeline.feed(next) }
    pipeline.finish()
    let origin = try #require(pipeline.firstEventTime)
    #expect(Self.lines(events, origin: origin) == ["tap 3@551", "tap 3@1214", "tap 3@1934"])
  }

  @Test("cancelAll ends the input with no deadline firing after its time")
  func cancelAllFiresNothingLater() throws {
    let reader = try openRecording(path: Self.taps)
    var batch = EventBatch()
    var events: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in events.append(event) })
    let pipeline = TouchPipeline(device: reader.device, engine: engine)
    _ = try reader.read(into: &batch)
    // The first taps only: the triple tap waits for a fourth that never comes.
    for event in batch.events.prefix(while: { $0.time - batch.events[0].time < 500_000 }) {
      pipeline.feed(event)
    }
    let end = pipeline.lastTime
    let before = events.count
    pipeline.cancelAll(at: end)
    pipeline.advance(to: end + 10_000_000)
    pipeline.finish()
    #expect(events.allSatisfy { $0.time <= end })
    #expect(!events[before...].contains { $0.state == .recognized }, "\(events)")
    #expect(pipeline.nextDeadline == nil)
  }
}
