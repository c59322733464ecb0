import Foundation
import GesturePipeline
import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// Toolkit touches driving an engine: the same gestures as the same motion from a recording.
@Suite("ToolkitTouches")
struct ToolkitTouchesTests {
  /// The recording's frames, decoded, and its surface.
  static func frames(of name: String) throws -> ([TouchFrame], SurfaceGeometry) {
    let path = packageDirectory.appendingPathComponent("Recordings/synthetic/\(name).evemu").path
    let reader = try openRecording(path: path)
    let pipeline = TouchPipeline(device: reader.device, engine: { _ in nil })
    var frames: [TouchFrame] = []
    pipeline.onFrame = { frames.append($0) }
    try pipeline.replay(reader)
    return (frames, pipeline.geometry)
  }

  /// The gesture events of the recording replayed through the decoder, as text.
  static func replayed(_ name: String) throws -> [String] {
    var events: [String] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      events.append(event.text(origin: 0))
    })
    let path = packageDirectory.appendingPathComponent("Recordings/synthetic/\(name).evemu").path
    try TouchPipeline.replay(recording: path, engine: engine)
    return events
  }

  /// Feeds the recording's motion as toolkit events: a down per landing, a move per moving
  /// finger, an up per lift, each frame closed by `endFrame`; positions in the surface's
  /// units. Returns the gesture events as text.
  static func fedAsToolkitEvents(_ name: String, pixels: Bool) throws -> [String] {
    let (frames, geometry) = try Self.frames(of: name)
    let surface =
      pixels
      ? try ToolkitSurface.pixels(
        width: 1000, height: 600, widthMillimeters: geometry.width,
        heightMillimeters: geometry.height)
      : try ToolkitSurface.normalized(width: geometry.width, height: geometry.height)
    var events: [String] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      events.append(event.text(origin: 0))
    })
    let touches = ToolkitTouches(surface: surface, engine: engine)
    for frame in frames {
      for touch in frame.touches {
        // Toolkit ids that differ from the decoder's, and are reused.
        let id = Int64(touch.id.rawValue % 2 + 40)
        let x = touch.location.x / geometry.width * surface.unitsWide
        let y = touch.location.y / geometry.height * surface.unitsHigh
        switch touch.phase {
        case .began: touches.down(id, x: x, y: y, at: frame.time)
        case .moved: touches.move(id, x: x, y: y, at: frame.time)
        case .ended: touches.up(id, x: x, y: y, at: frame.time)
        case .cancelled: touches.cancel(at: frame.time)
        case .stationary: break
        }
      }
      touches.endFrame()
    }
    touches.finish()
    #expect(touches.takeWarnings().isEmpty)
    return events
  }

  @Test(
    "A double tap, a pinch and a swipe fed as toolkit events give the recording's gestures",
    arguments: ["double-tap", "pinch-out", "swipe-left", "rotate-cw", "same-frame-retouch"])
  func sameGesturesAsRecording(name: String) throws {
    let expected = try Self.replayed(name)
    #expect(!expected.isEmpty)
    for pixels in [false, true] {
      let fed = try Self.fedAsToolkitEvents(name, pixels: pixels)
      #expect(fed.count == expected.count)
      for (line, want) in zip(fed, expected) where !Self.same(line, want) {
        Issue.record("\(line) instead of \(want)")
        break
      }
    }
  }

  /// Whether two event lines say the same, a printed number allowed to differ by one in its
  /// last digit (a position at 0.125 mm printed as 0.12 or 0.13 after the round trip through
  /// the toolkit's units).
  static func same(_ a: String, _ b: String) -> Bool {
    let separators: (Character) -> Bool = { " (),=".contains($0) }
    let left = a.split(whereSeparator: separators)
    let right = b.split(whereSeparator: separators)
    guard left.count == right.count else { return false }
    for (x, y) in zip(left, right) where x != y {
      guard let u = Double(x), let v = Double(y), abs(u - v) < 0.0101 else { return false }
    }
    return true
  }

  @Test("A cancel ends the gesture in flight as cancelled and invents none")
  func cancelEndsGesture() throws {
    var events: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in events.append(event) })
    let touches = ToolkitTouches(surface: try .normalized(width: 200, height: 100), engine: engine)
    var cancelFrames: [TouchFrame] = []
    touches.onFrame = { frame in
      if frame.touches.contains(where: { $0.phase == .cancelled }) { cancelFrames.append(frame) }
    }
    touches.down(1, x: 0.5, y: 0.5, at: 0)
    touches.endFrame()
    for step in 1...20 {
      touches.move(1, x: 0.5 - Double(step) * 0.01, y: 0.5, at: Microseconds(step) * 10_000)
      touches.endFrame()
    }
    #expect(events.contains { $0.kind == .pan && $0.state == .began })
    touches.cancel(at: 300_000)
    #expect(events.last?.kind == .pan && events.last?.state == .cancelled)
    #expect(cancelFrames.count == 1)
    let count = events.count
    touches.finish()
    #expect(events.count == count)
  }

  @Test("A tap is reported once the toolkit's time passes its deadline, by advance")
  func advanceFiresDeadlines() throws {
    var events: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in events.append(event) })
    let touches = ToolkitTouches(surface: try .normalized(width: 200, height: 100), engine: engine)
    touches.down(9, x: 0.5, y: 0.5, at: 1_000_000)
    touches.up(9, x: 0.5, y: 0.5, at: 1_080_000)
    touches.endFrame()
    #expect(!events.contains { $0.state == .recognized })
    let deadline = try #require(touches.nextDeadline)
    touches.advance(to: deadline)
    #expect(events.filter { $0.state == .recognized }.map(\.kind) == [.tap])
  }

  @Test("Warnings go to onWarning as they arise")
  func warningsReported() throws {
    let touches = ToolkitTouches(surface: try .normalized(width: 200, height: 100), engine: nil)
    var warnings: [String] = []
    touches.onWarning = { warnings.append($0.message) }
    touches.up(3, at: 10)
    #expect(warnings == ["up of touch 3, which is not down: ignored"])
    #expect(touches.takeWarnings().isEmpty)
  }

  @Test("cancelAll cancels the touches and the pan in flight; nothing fires after its time")
  func cancelAllStops() throws {
    var events: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in events.append(event) })
    let touches = ToolkitTouches(surface: try .normalized(width: 200, height: 100), engine: engine)
    var cancelled = 0
    touches.onFrame = { frame in cancelled += frame.touches.filter { $0.phase == .cancelled }.count
    }
    touches.down(1, x: 0.2, y: 0.5, at: 0)
    touches.down(2, x: 0.8, y: 0.5, at: 0)
    touches.endFrame()
    for step in 1...20 {
      touches.move(1, x: 0.2 + Double(step) * 0.01, y: 0.5, at: Microseconds(step) * 10_000)
      touches.endFrame()
    }
    touches.cancelAll(at: 250_000)
    #expect(cancelled == 2)
    #expect(touches.touchesDown == 0)
    #expect(touches.nextDeadline == nil)
    #expect(events.last?.state == .cancelled)
    let count = events.count
    touches.move(1, x: 0.9, y: 0.5, at: 260_000)
    touches.finish()
    #expect(events.count == count)
    #expect(touches.takeWarnings().isEmpty)
  }

  @Test("An event fed from inside an action is queued and runs after the current frame")
  func reentrantCallsQueued() throws {
    var order: [String] = []
    let engine = GestureEngine.makeDefault()
    let touches = ToolkitTouches(surface: try .normalized(width: 200, height: 100), engine: engine)
    touches.onFrame = { frame in
      order.append(frame.touches.map { "\($0.id) \($0.phase)" }.joined(separator: ", "))
    }
    engine.onEvent = { [weak touches] event, _ in
      // The first pan event lifts the finger from inside the action.
      if event.kind == .pan && event.state == .began { touches?.up(1, at: 1_000_000) }
    }
    touches.down(1, x: 0.2, y: 0.5, at: 0)
    touches.endFrame()
    for step in 1...20 {
      touches.move(1, x: 0.2 + Double(step) * 0.01, y: 0.5, at: Microseconds(step) * 10_000)
      touches.endFrame()
    }
    #expect(order.last == "1 ended")
    #expect(order.dropLast().allSatisfy { $0 == "1 began" || $0 == "1 moved" })
    #expect(touches.takeWarnings().count > 0)
  }
}
