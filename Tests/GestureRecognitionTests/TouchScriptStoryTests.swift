import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// The public test kit's script told from a cursor: land, move, spread, rotate, lift, wait.
@Suite("TouchScript stories")
struct TouchScriptStoryTests {
  @Test("A finger that does not move is carried as stationary in every frame of a move")
  func stationaryCarried() {
    var script = TouchScript()
    script.land(1, x: 10, y: 10)
    script.land(2, x: 50, y: 10)
    script.wait(20)
    script.move([1], by: 10, 0, over: 40, every: 10)
    script.lift(1)
    script.lift(2)
    let frames = script.frames
    #expect(frames.map(\.time) == [0, 30_000, 40_000, 50_000, 60_000])
    #expect(frames.first?.touches.map(\.phase) == [.began, .began])
    for frame in frames.dropFirst().dropLast() {
      #expect(frame.touches.map(\.phase) == [.moved, .stationary])
    }
    #expect(frames.last?.touches.map(\.phase) == [.ended, .ended])
    #expect(frames.last?.touches.first?.location == MillimeterPoint(x: 20, y: 10))
  }

  @Test("A spread doubles the fingers' distance and the default set reports a pinch of scale 2")
  func spreadIsPinch() {
    var script = TouchScript()
    script.land(1, x: 90, y: 50)
    script.land(2, x: 110, y: 50)
    script.wait(10)
    script.spread([1, 2], by: 2, over: 200)
    script.lift(1)
    script.lift(2)
    #expect(script.position(of: 1) == MillimeterPoint(x: 80, y: 50))
    #expect(script.position(of: 2) == MillimeterPoint(x: 120, y: 50))
    var pinch: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      if event.kind == .pinch { pinch.append(event) }
    })
    let scheduler = ManualScheduler(engine: engine)
    let checker = ContractChecker(engine)
    scheduler.play(script)
    scheduler.runUntilIdle()
    #expect(pinch.first?.state == .began)
    #expect(pinch.last?.state == .ended)
    #expect(abs((pinch.last?.scale ?? 0) - 2) < 0.01)
    #expect(checker.finish().isEmpty)
    #expect(scheduler.problems.isEmpty)
  }

  @Test("A rotation by 90° turns the fingers about their centroid; the default set sees it")
  func rotateIsRotation() {
    var script = TouchScript()
    script.land(1, x: 90, y: 50)
    script.land(2, x: 110, y: 50)
    script.wait(10)
    script.rotate([1, 2], by: 90, over: 300)
    script.lift(1)
    script.lift(2)
    let end = script.position(of: 1)
    #expect(abs(end.x - 100) < 1e-9 && abs(end.y - 40) < 1e-9)
    var rotation: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      if event.kind == .rotation { rotation.append(event) }
    })
    let scheduler = ManualScheduler(engine: engine)
    scheduler.play(script)
    #expect(rotation.last?.state == .ended)
    #expect(abs(abs(rotation.last?.rotation ?? 0) - Double.pi / 2) < 0.01)
  }

  @Test("A frame earlier than the scheduler's time is a listed problem, not a trap")
  func backwardsTimeListed() {
    let scheduler = ManualScheduler(engine: GestureEngine.makeDefault())
    scheduler.advance(toMilliseconds: 100)
    scheduler.feed(TouchFrame(time: 50_000, touches: []))
    #expect(scheduler.now == 100_000)
    #expect(
      scheduler.problems == ["time went backwards: 50000 µs after 100000 µs; taken at 100000 µs"])
  }
}

/// A script's own mistakes are listed, never turned into touches.
@Suite("TouchScript problems")
struct TouchScriptProblemTests {
  @Test("A lift or a move of a finger that is not down is left out and listed")
  func strayStepsListed() {
    var script = TouchScript()
    script.lift(3)
    script.land(1, x: 10, y: 10)
    script.wait(10)
    script.lift(1)
    script.wait(10)
    script.move([1], by: 5, 0, over: 8)
    let frames = script.frames
    #expect(
      frames.map { $0.touches.map(\.phase) } == [[], [.began], [.ended]] || frames.count == 2)
    #expect(frames.allSatisfy { $0.touches.allSatisfy { $0.id == TouchID(1) } })
    #expect(
      script.problems == [
        "finger 3 is not down at 0 µs: step left out",
        "finger 1 is not down at 28000 µs: step left out",
      ])
  }
}
