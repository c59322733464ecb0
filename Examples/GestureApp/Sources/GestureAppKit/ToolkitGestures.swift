import GesturePipeline
import GestureRecognition
import TouchInput

/// A finger event as SDL 2 delivers it (`SDL_TouchFingerEvent`): a type, a timestamp in
/// milliseconds, the device and finger ids, and a position normalized to 0…1.
public struct FingerEvent: Sendable, Hashable {
  /// What happened to the finger.
  public enum Kind: Sendable, Hashable {
    /// `SDL_FINGERDOWN`.
    case down
    /// `SDL_FINGERMOTION`.
    case motion
    /// `SDL_FINGERUP`.
    case up
  }

  /// What happened.
  public var kind: Kind
  /// `timestamp`: milliseconds since SDL started.
  public var timestamp: UInt32
  /// `touchId`: the touch device.
  public var touchID: Int64
  /// `fingerId`: the finger, for as long as it is down (SDL reuses the number).
  public var fingerID: Int64
  /// `x`, 0…1 across the window.
  public var x: Float
  /// `y`, 0…1 down the window.
  public var y: Float

  /// Creates an event.
  public init(
    kind: Kind, timestamp: UInt32, touchID: Int64 = 0, fingerID: Int64, x: Float, y: Float
  ) {
    self.kind = kind
    self.timestamp = timestamp
    self.touchID = touchID
    self.fingerID = fingerID
    self.x = x
    self.y = y
  }
}

/// An SDL window's touches driving a gesture engine: one call per finger event, and one when
/// the event queue is drained.
public final class SDLTouchGestures {
  /// The adapter from finger events to the engine's frames.
  public let touches: ToolkitTouches

  /// Creates the adapter for a window `width` × `height` millimetres on the screen.
  ///
  /// - Throws: `ToolkitSurfaceError` for a size that is not a number above zero.
  public init(width: Millimeters, height: Millimeters, engine: GestureEngine) throws {
    let surface = try ToolkitSurface.normalized(width: width, height: height)
    touches = ToolkitTouches(surface: surface, engine: engine)
  }

  /// Feeds one finger event.
  public func handle(_ event: FingerEvent) {
    let time = Microseconds(event.timestamp) * 1000
    let x = Double(event.x)
    let y = Double(event.y)
    switch event.kind {
    case .down: touches.down(event.fingerID, x: x, y: y, at: time)
    case .motion: touches.move(event.fingerID, x: x, y: y, at: time)
    case .up: touches.up(event.fingerID, x: x, y: y, at: time)
    }
  }

  /// Call once `SDL_PollEvent` has no more events: the frame reaches the engine now, and a
  /// timer due by `now` (SDL's milliseconds) fires.
  public func queueDrained(now: UInt32) {
    touches.endFrame()
    if let deadline = touches.nextDeadline, deadline <= Microseconds(now) * 1000 {
      touches.advance(to: deadline)
    }
  }
}
