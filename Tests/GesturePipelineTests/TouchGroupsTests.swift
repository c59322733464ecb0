import GesturePipeline
import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// Touch groups: touches farther apart than the maximum spread are separate gestures, each
/// group with an engine of its own, through the one pipeline.
@Suite struct TouchGroupsTests {
  /// The pinch events of `Recordings/synthetic/pinch-out.evemu`, with or without groups.
  static func pinches(groups: TouchGroups?) throws -> [String] {
    let path = packageDirectory.appendingPathComponent("Recordings/synthetic/pinch-out.evemu")
    let reader = try openRecording(path: path.path)
    final class Log { var lines: [String] = [] }
    let log = Log()
    let makeEngine = { (_: SurfaceGeometry) -> GestureEngine in
      let engine = GestureEngine()
      let pinch = PinchGestureRecognizer()
      let pan = PanGestureRecognizer()
      engine.add(pinch)
      engine.add(pan)
      engine.recognizeSimultaneously(pinch, pan)
      engine.onEvent = { event, _ in
        if event.state == .began { log.lines.append("\(event.kind) \(event.touches)") }
      }
      return engine
    }
    let pipeline: TouchPipeline
    if let groups {
      pipeline = TouchPipeline(device: reader.device, groups: groups, engine: makeEngine)
    } else {
      pipeline = TouchPipeline(device: reader.device, engine: makeEngine)
    }
    try pipeline.replay(reader)
    #expect(pipeline.engines.count == (groups?.count ?? 1))
    return log.lines
  }

  @Test("two fingers within the spread are one pinch; beyond it, two one-finger pans and no pinch")
  func spreadSplitsThePinch() throws {
    // Positive control: the same recording, no groups, and a spread wider than the fingers.
    #expect(try Self.pinches(groups: nil) == ["pinch 2"])
    #expect(try Self.pinches(groups: TouchGroups(maximumSpread: 200)) == ["pinch 2"])
    #expect(try Self.pinches(groups: TouchGroups(maximumSpread: 5)) == ["pan 1", "pan 1"])
  }

  @Test("a touch keeps its group until it lifts, and a cancel forgets every touch")
  func groupsFollowTouches() {
    var groups = TouchGroups(maximumSpread: 50, count: 2)
    func frame(_ time: Microseconds, _ touches: [(Int, Double, TouchPhase)]) -> TouchFrame {
      TouchFrame(
        time: time,
        touches: touches.map { id, x, phase in
          Touch(
            id: TouchID(id), phase: phase, location: MillimeterPoint(x: x, y: 10),
            raw: RawPoint(x: 0, y: 0))
        })
    }
    let first = groups.split(frame(0, [(1, 10, .began), (2, 200, .began)]))
    #expect(first.map { $0?.touches.map(\.id) } == [[TouchID(1)], [TouchID(2)]])
    // Touch 1 moves next to touch 2: it stays in its own group.
    let moved = groups.split(frame(10, [(1, 190, .moved), (2, 200, .stationary)]))
    #expect(moved.map { $0?.touches.map(\.id) } == [[TouchID(1)], [TouchID(2)]])
    groups.removeAll()
    // After the cancel, a new touch near 200 mm takes the first free group.
    let again = groups.split(frame(20, [(3, 195, .began)]))
    #expect(again.map { $0?.touches.map(\.id) } == [[TouchID(3)], nil])
  }
}
