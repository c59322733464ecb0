/// A recognizer's configuration: the value set last, and the value the gesture in progress
/// uses. A change made while a gesture is in progress (the recognizer is following touches,
/// holding a recognition, or finished with touches still down) applies from the next gesture:
/// the engine's reset of the recognizer, once every touch has lifted, makes it the one in use.
/// Read back, the configuration is the value set last.
struct DeferredConfiguration<Value> {
  /// The value set last (what the `configuration` property reads).
  private(set) var latest: Value
  /// The value the gesture in progress uses.
  private(set) var inUse: Value

  /// Starts with `value` set and in use.
  init(_ value: Value) {
    latest = value
    inUse = value
  }

  /// Sets `value`: in use at once when no gesture is in progress, from the next gesture
  /// otherwise.
  mutating func set(_ value: Value, inProgress: Bool) {
    latest = value
    if !inProgress { inUse = value }
  }

  /// Puts the value set last in use (a gesture ended; the recognizer is reset).
  mutating func apply() {
    inUse = latest
  }
}

extension GestureRecognizer {
  /// Whether a gesture is in progress for this recognizer: following touches, holding a
  /// recognition, or finished and not yet reset (a configuration set now waits for the next).
  final var gestureInProgress: Bool {
    state != .possible || isHeld || isEngaged
  }
}
