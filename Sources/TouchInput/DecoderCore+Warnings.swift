import TextOutput

// Warnings and the frame clock.
/// Warnings given at most once per decoder.
struct OnceWarnings: OptionSet, Sendable {
  let rawValue: UInt16
  static let slotOutOfRange = OnceWarnings(rawValue: 1 << 0)
  static let timeBackwards = OnceWarnings(rawValue: 1 << 1)
  static let tooManyContacts = OnceWarnings(rawValue: 1 << 2)
  static let contactWithoutPosition = OnceWarnings(rawValue: 1 << 3)
  static let positionNeverArrives = OnceWarnings(rawValue: 1 << 4)
  static let noButton = OnceWarnings(rawValue: 1 << 5)
  static let undeclaredHighCode = OnceWarnings(rawValue: 1 << 6)
}

extension DecoderCore {
  /// The frame time: the event's time, or the latest time seen before it (a previous frame's
  /// or an event's) if the clock went backwards.
  ///
  /// A `SYN_REPORT` earlier than events before it (even the frame's own) is clamped too, so no
  /// frame lies before an event already read: times printed from the first event never go
  /// negative, and a touch's duration is never stretched back in time.
  mutating func frameTime(_ time: Microseconds) -> Microseconds {
    let latest = max(lastFrameTime, latestEventTime)
    if time >= latest {
      lastFrameTime = time
      return time
    }
    if !warned.contains(.timeBackwards) { warnTimeBackwards(time, after: latest) }
    lastFrameTime = latest
    return latest
  }

  private mutating func warnTimeBackwards(_ time: Microseconds, after latest: Microseconds) {
    warnOnce(
      .timeBackwards, at: latest,
      "timestamps go backwards (" + seconds(time) + " after " + seconds(latest)
        + "); clamped to the previous time")
  }

  /// Appends a warning unless one of the same kind was given before.
  ///
  /// Callers that build an expensive message check `warned` first.
  mutating func warnOnce(_ kind: OnceWarnings, at time: Microseconds, _ message: String) {
    guard !warned.contains(kind) else { return }
    warned.insert(kind)
    warn(at: time, message)
  }

  mutating func warnUndeclared(code: UInt16, at time: Microseconds) {
    let name = KernelNames.codeName(type: EventType.abs, code: code)
    let message = "axis " + name + " is not declared by the device; its events are ignored"
    if code < 64 {
      guard warnedAxes & (1 << UInt64(code)) == 0 else { return }
      warnedAxes |= 1 << UInt64(code)
      warn(at: time, message)
    } else {
      warnOnce(.undeclaredHighCode, at: time, message)
    }
  }
}
