import GestureRecognition
import TouchInput

/// Drives an engine through a script with time as data, like a manual clock: frames are fed in
/// order, time is advanced explicitly, and nothing ever sleeps.
///
/// A frame or an advance earlier than ``now`` is a mistake in the test: it is taken at
/// ``now`` and listed in ``problems`` (check that it is empty), never a trap.
public final class ManualScheduler {
  /// The engine driven.
  public let engine: GestureEngine
  /// The current event time.
  public private(set) var now: Microseconds = 0
  /// The test's mistakes so far (a time that went backwards), in words.
  public private(set) var problems: [String] = []

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
    var frame = frame
    frame.time = checked(frame.time)
    now = frame.time
    engine.process(frame)
  }

  /// Advances to `ms` milliseconds, firing due deadlines.
  public func advance(toMilliseconds ms: Double) {
    advance(to: Microseconds((ms * 1000).rounded()))
  }

  /// Advances to `time`, firing due deadlines.
  public func advance(to time: Microseconds) {
    now = checked(time)
    engine.advance(to: now)
  }

  private func checked(_ time: Microseconds) -> Microseconds {
    guard time < now else { return time }
    problems.append("time went backwards: \(time) µs after \(now) µs; taken at \(now) µs")
    return now
  }

  /// Advances deadline by deadline until no timer runs.
  public func runUntilIdle() {
    while let deadline = engine.nextDeadline { advance(to: max(deadline, now)) }
  }

  /// Whether a timer is still pending.
  public var hasPendingDeadline: Bool { engine.nextDeadline != nil }
}
