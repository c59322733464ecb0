import TouchInput

/// The pan recognizer's state machine as a value (``PanGestureRecognizer`` holds one; its
/// source file draws the diagram): fingers dragged past the slop, then followed until fewer
/// than the minimum are down.
///
/// It is a ``DragMachine`` with the ``PanRule``: its ``DragMachine/translation`` and
/// ``DragMachine/velocity`` are the recognizer's.
public typealias PanMachine = DragMachine<PanRule>

extension DragMachine where Rule == PanRule {
  /// Creates a pan machine in its initial state.
  public init() {
    self.init(rule: PanRule())
  }
}

/// The pan's drag rule: touches may land anywhere, and any movement past the slop begins.
public struct PanRule: DragRule {
  /// The pan recognizer's parameters.
  public typealias Configuration = PanGestureRecognizer.Configuration

  /// Creates the rule (it keeps nothing).
  public init() {}

  /// The configuration's fewest fingers.
  public static func minimumTouches(_ c: Configuration) -> Int { c.minimumTouches }
  /// The configuration's most fingers.
  public static func maximumTouches(_ c: Configuration) -> Int { c.maximumTouches }
  /// The configuration's slop (mm).
  public static func threshold(_ c: Configuration) -> Millimeters { c.slop }
  /// Nothing to forget.
  public mutating func reset() {}
  /// Nothing to start.
  public mutating func start(_ c: Configuration) {}

  /// Touches may land anywhere: never a failure.
  public func landed(_ surface: TouchSurface, _ c: Configuration) -> GestureReason? { nil }

  /// Any movement past the slop begins.
  public func begin(_ translation: PlaneVector, _ c: Configuration) -> GestureStep {
    .begin(.slopExceeded(translation.length, slop: c.slop))
  }
}
