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
    }
  }
}
