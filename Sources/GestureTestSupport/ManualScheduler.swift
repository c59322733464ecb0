import GestureRecognition
import TouchInput

/// Drives an engine through a script with time as data, like a manual clock: frames are fed in
/// order, time is advanced explicitly, and nothing ever sleeps.
public final class ManualScheduler {
  /// The engine driven.
  public let engine: GestureEngine
  /// The current event time.
  public private(set) var now: Microseconds = 0

  /// Wraps an engine.
  public init(engine: GestureEngine) {
    self.engine = engine
  }

  /// Feeds every frame of `script`, in order.
  public func play(_ script: TouchScript) {
    for frame in script.frames { feed(frame) }
  }

  /// Feeds one frame.
  public func feed(_ frame: TouchFrame) {
    precondition(frame.time >= now, "manual scheduler: time went backwards")
    now = frame.time
    engine.process(frame)
  }

  /// Advances to `ms` milliseconds, firing due deadlines.
  public func advance(toMilliseconds ms: Double) {
    advance(to: Microseconds((ms * 1000).rounded()))
  }

  /// Advances to `time`, firing due deadlines.
  public func advance(to time: Microseconds) {
    precondition(time >= now, "manual scheduler: time went backwards")
    now = time
    engine.advance(to: time)
  }

  /// Advances deadline by deadline until no timer runs.
  public func runUntilIdle() {
    while let deadline = engine.nextDeadline { advance(to: max(deadline, now)) }
  }

  /// Whether a timer is still pending.
  public var hasPendingDeadline: Bool { engine.nextDeadline != nil }
}
