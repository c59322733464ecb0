import GesturePipeline
import Testing
import TouchInput

/// Toolkit touch events into frames, with the decoder's guarantees.
@Suite("ToolkitTouchFrames")
struct ToolkitTouchFramesTests {
  /// A 200 × 100 mm surface with normalized coordinates.
  static func normalized() throws -> ToolkitTouchFrames {
    ToolkitTouchFrames(surface: try .normalized(width: 200, height: 100))
  }

  /// A frame as `id phase` words, in order.
  static func phases(_ frame: TouchFrame?) -> [String] {
    (frame?.touches ?? []).map { "\($0.id) \($0.phase)" }
  }

  @Test("A toolkit id used again gets a new touch id: ids are never reused")
  func idsNeverReused() throws {
    var frames = try Self.normalized()
    _ = frames.down(5, x: 0.5, y: 0.5, at: 0)
    #expect(Self.phases(frames.endFrame()) == ["1 began"])
    _ = frames.up(5, at: 10)
    #expect(Self.phases(frames.endFrame()) == ["1 ended"])
    _ = frames.down(5, x: 0.5, y: 0.5, at: 20)
    #expect(Self.phases(frames.endFrame()) == ["2 began"])
    #expect(!frames.hasWarnings)
  }

  @Test("A lift and a landing in one frame are both reported, the ended touch first")
  func endedBeforeBegan() throws {
    var frames = try Self.normalized()
    _ = frames.down(7, x: 0.1, y: 0.1, at: 0)
    _ = frames.endFrame()
    // The new finger's event comes first, as a toolkit may send them.
    _ = frames.down(8, x: 0.9, y: 0.9, at: 10)
    _ = frames.up(7, at: 10)
    let frame = frames.endFrame()
    #expect(Self.phases(frame) == ["1 ended", "2 began"])
    #expect(frame?.time == 10)
  }

  @Test("Fingers that did not move are carried in every frame as stationary")
  func stationaryCarried() throws {
    var frames = try Self.normalized()
    _ = frames.down(1, x: 0.1, y: 0.1, at: 0)
    _ = frames.down(2, x: 0.2, y: 0.2, at: 0)
    #expect(Self.phases(frames.endFrame()) == ["1 began", "2 began"])
    _ = frames.move(2, x: 0.3, y: 0.2, at: 10)
    #expect(Self.phases(frames.endFrame()) == ["1 stationary", "2 moved"])
    // A move to the same place is no movement.
    _ = frames.move(1, x: 0.1, y: 0.1, at: 20)
    #expect(Self.phases(frames.endFrame()) == ["1 stationary", "2 stationary"])
    _ = frames.up(1, at: 30)
    #expect(Self.phases(frames.endFrame()) == ["1 ended", "2 stationary"])
    _ = frames.move(2, x: 0.4, y: 0.2, at: 40)
    #expect(Self.phases(frames.endFrame()) == ["2 moved"])
  }

  @Test("Events with one time form one frame; a later event closes it")
  func coalescing() throws {
    var frames = try Self.normalized()
    #expect(frames.down(1, x: 0.1, y: 0.1, at: 1000).isEmpty)
    #expect(frames.down(2, x: 0.2, y: 0.2, at: 1000).isEmpty)
    #expect(frames.hasPendingFrame)
    let closed = frames.move(1, x: 0.15, y: 0.1, at: 2000)
    #expect(closed.map(\.time) == [1000])
    #expect(Self.phases(closed.first) == ["1 began", "2 began"])
    #expect(Self.phases(frames.endFrame()) == ["1 moved", "2 stationary"])
    #expect(frames.endFrame() == nil)
  }

  @Test("A touch that lands and lifts before its frame closes is reported in two frames")
  func landAndLiftInOneFrame() throws {
    var frames = try Self.normalized()
    _ = frames.down(1, x: 0.1, y: 0.1, at: 500)
    let began = frames.up(1, at: 500)
    #expect(Self.phases(began.first) == ["1 began"])
    let ended = frames.endFrame()
    #expect(Self.phases(ended) == ["1 ended"])
    #expect(began.first?.time == 500 && ended?.time == 500)
  }

  @Test("A cancel cancels every touch down; later events of those ids are ignored quietly")
  func cancelCancelsAll() throws {
    var frames = try Self.normalized()
    _ = frames.down(1, x: 0.1, y: 0.1, at: 0)
    _ = frames.down(2, x: 0.2, y: 0.2, at: 0)
    _ = frames.endFrame()
    _ = frames.move(1, x: 0.3, y: 0.1, at: 10)
    let result = frames.cancel(at: 20)
    // The pending move is delivered first, then the cancellation.
    #expect(
      result.map(Self.phases) == [["1 moved", "2 stationary"], ["1 cancelled", "2 cancelled"]])
    #expect(result.last?.time == 20)
    #expect(frames.touchesDown == 0)
    #expect(frames.cancel(at: 30).isEmpty)
    _ = frames.move(2, x: 0.5, y: 0.5, at: 40)
    _ = frames.up(1, at: 40)
    #expect(frames.endFrame() == nil)
    #expect(!frames.hasWarnings)
  }

  @Test("Moves and lifts of an id that is not down are ignored with a warning")
  func unknownIDWarns() throws {
    var frames = try Self.normalized()
    #expect(frames.move(3, x: 0.5, y: 0.5, at: 100).isEmpty)
    #expect(frames.up(4, at: 200).isEmpty)
    #expect(frames.endFrame() == nil)
    #expect(
      frames.takeWarnings().map(\.description) == [
        "0.000100: move of touch 3, which is not down: ignored",
        "0.000200: up of touch 4, which is not down: ignored",
      ])
  }

  @Test("A coordinate that is not a number is ignored with a warning")
  func notANumber() throws {
    var frames = try Self.normalized()
    _ = frames.down(1, x: .nan, y: 0.5, at: 0)
    #expect(frames.endFrame() == nil)
    #expect(frames.takeWarnings().count == 1)
  }

  @Test("A second down of an id already down ends its touch and begins another, with a warning")
  func downTwice() throws {
    var frames = try Self.normalized()
    _ = frames.down(1, x: 0.1, y: 0.1, at: 0)
    _ = frames.endFrame()
    _ = frames.down(1, x: 0.6, y: 0.6, at: 10)
    #expect(Self.phases(frames.endFrame()) == ["1 ended", "2 began"])
    #expect(frames.takeWarnings().count == 1)
  }

  @Test("A time earlier than the previous frame is clamped to it, with a warning")
  func timeBackwards() throws {
    var frames = try Self.normalized()
    _ = frames.down(1, x: 0.1, y: 0.1, at: 5_000)
    _ = frames.endFrame()
    _ = frames.move(1, x: 0.2, y: 0.1, at: 4_000)
    #expect(frames.endFrame()?.time == 5_000)
    #expect(
      frames.takeWarnings().map(\.description) == [
        "0.005000: timestamps go backwards (0.004000 after 0.005000); clamped to the previous time"
      ])
  }

  @Test("Normalized and pixel coordinates become millimetres, with the size or the density")
  func conversions() throws {
    var normalized = try Self.normalized()
    _ = normalized.down(1, x: 0.5, y: 0.25, at: 0)
    let touch = try #require(normalized.endFrame()?.touches.first)
    #expect(touch.location == MillimeterPoint(x: 100, y: 25))
    #expect(touch.raw == RawPoint(x: 5000, y: 2500))

    // 1000 × 500 px at 254 dpi: 100 × 50 mm.
    let dpi = try ToolkitSurface.pixels(width: 1000, height: 500, dotsPerInch: 254)
    #expect(abs(dpi.width - 100) < 1e-9 && abs(dpi.height - 50) < 1e-9)
    var pixels = ToolkitTouchFrames(surface: dpi)
    _ = pixels.down(1, x: 500, y: 100, at: 0)
    let pixel = try #require(pixels.endFrame()?.touches.first)
    #expect(abs(pixel.location.x - 50) < 1e-9 && abs(pixel.location.y - 10) < 1e-9)
    #expect(pixel.raw == RawPoint(x: 500, y: 100))

    let sized = try ToolkitSurface.pixels(
      width: 1920, height: 1080, widthMillimeters: 344, heightMillimeters: 194)
    #expect(sized.location(x: 960, y: 1080) == MillimeterPoint(x: 172, y: 194))
  }

  @Test("A surface of size zero, negative or not a number is an error naming the size")
  func badSurface() {
    #expect(throws: ToolkitSurfaceError.self) { try ToolkitSurface.normalized(width: 0, height: 1) }
    #expect(throws: ToolkitSurfaceError.self) {
      try ToolkitSurface.pixels(width: 100, height: 100, dotsPerInch: .nan)
    }
    do {
      _ = try ToolkitSurface.pixels(
        width: 10, height: 10, widthMillimeters: -1, heightMillimeters: 10)
      Issue.record("no error")
    } catch {
      #expect(
        error.message == "the surface's width in mm must be a finite number above zero, not -1.0")
    }
  }
}
