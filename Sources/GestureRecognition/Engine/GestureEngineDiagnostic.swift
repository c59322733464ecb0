import TouchInput

/// A misuse of the engine that it turned into defined behaviour instead of stopping the
/// program, reported through ``GestureEngine/onDiagnostic`` and kept in
/// ``GestureEngine/diagnostics``.
public enum GestureEngineDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// A recognizer asked for a transition its state does not allow (`changed` while
  /// `possible`, say): the step was ignored.
  case illegalTransition(recognizer: String, from: GestureState, to: GestureState)
  /// The engine already holds ``GestureEngine/capacity`` recognizers: this one was not added.
  case capacityExceeded(recognizer: String, capacity: Int)
  /// A recognizer was required to fail itself, or made simultaneous with itself: ignored.
  case relatedToItself(recognizer: String)
  /// A recognizer was added while the engine it belongs to was processing input (from one of
  /// that engine's actions): it stays where it is.
  case inUseByAnotherEngine(recognizer: String)
  /// A configuration setting was out of range (no fingers, no taps, a most below the fewest):
  /// the recognizer uses the nearest valid value instead. Reported when the recognizer is
  /// added to the engine, or when it is reconfigured while in it.
  case configurationCorrected(
    recognizer: String, setting: String, given: Int, used: Int, rule: String)
  /// A failure requirement would close a cycle (each recognizer waiting for the other to
  /// fail, so neither could ever be recognized): this requirement, the later one to apply, is
  /// ignored and the earlier one kept.
  case cyclicRequirement(recognizer: String, requiredToFail: String)
  /// A frame was stamped earlier than the frame before it: it was processed as at the
  /// earlier frame's time, so event time never runs backwards.
  case frameOutOfOrder(time: Microseconds, previous: Microseconds)
  /// A frame left out a touch that was down (a hand-built frame listing only the fingers that
  /// moved): the touch was carried into it as `stationary` where it last was, as the decoder
  /// lists it, and stays down until a frame ends or cancels it. Reported once per touch.
  case touchOmitted(touch: TouchID, time: Microseconds)
  /// A main-actor target's action was due while the engine ran off the main actor (an
  /// engine moved through an `@unchecked Sendable` box, or driven from Swift 5 code): the
  /// action was not called.
  case targetOffMainActor(recognizer: String)

  /// The diagnostic as a sentence.
  public var description: String {
    switch self {
    case .illegalTransition(let name, let from, let to):
      name + ": illegal transition " + from.description + " → " + to.description + ", ignored"
    case .capacityExceeded(let name, let capacity):
      name + ": not added, the engine already holds " + String(capacity) + " recognizers"
    case .relatedToItself(let name): name + ": related to itself, ignored"
    case .inUseByAnotherEngine(let name):
      name + ": not moved, its engine is processing input"
    case .configurationCorrected(let name, let setting, let given, let used, let rule):
      name + ": " + setting + " " + String(given) + " corrected to " + String(used) + " ("
        + rule + ")"
    case .cyclicRequirement(let name, let other):
      name + ": requiring " + other + " to fail would make a cycle, ignored"
    case .frameOutOfOrder(let time, let previous):
      "frame at " + String(time) + " µs is earlier than the previous one at " + String(previous)
        + " µs, processed at the previous time"
    case .touchOmitted(let touch, let time):
      "frame at " + String(time) + " µs leaves out touch " + touch.description
        + ", which is down: carried as stationary where it was (a touch ends only with an ended"
        + " or cancelled phase)"
    case .targetOffMainActor(let name):
      name + ": a main-actor target's action not called, the engine ran off the main actor"
    }
  }
}
