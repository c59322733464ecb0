import TouchInput

/// What a similarity recognizer measures of the touches' best-fit similarity: the pinch's scale
/// (``ScaleMeasure``) or the rotation's angle (``AngleMeasure``). A type parameter (static
/// calls), not an existential.
public protocol SimilarityMeasure {
  /// The recognizer's configuration.
  associatedtype Configuration
  /// Whether the measure reads the fit's scale and the span (the pinch) rather than its
  /// rotation: only what it reads is accumulated.
  static var measuresScale: Bool { get }
  /// The configuration's slop, in the unit of ``change(scale:rotation:span:)``.
  static func slop(_ c: Configuration) -> Double
  /// The value reported, from the fit's accumulated `scale` and `rotation`: the scale, or the
  /// angle in radians.
  static func value(scale: Double, rotation: Double) -> Double
  /// How far the touches have gone, in the slop's unit.
  static func change(scale: Double, rotation: Double, span: Double) -> Double
  /// Why the recognizer began: `change` reached `slop`.
  static func began(_ change: Double, slop: Double) -> GestureReason
  /// Why it failed: the largest change stayed below `slop`.
  static func belowSlop(_ largest: Double, slop: Double) -> GestureReason
  /// The value reported for the touches' `raw` value after the baseline was set to `base`
  /// (the value the touches had then, `at`): `scale = 1` and `rotation = 0` in UIKit.
  static func rebased(_ raw: Double, base: Double, at: Double) -> Double
  /// Puts the value reported in its field of `event` (the scale or the rotation).
  static func report(_ value: Double, in event: inout GestureEvent)
}

/// The pinch's measure: the scale; the slop is the span's change in mm.
public enum ScaleMeasure: SimilarityMeasure {
  /// The pinch recognizer's parameters.
  public typealias Configuration = PinchGestureRecognizer.Configuration
  /// The scale and the span.
  public static var measuresScale: Bool { true }
  /// The span's change that begins (mm).
  public static func slop(_ c: Configuration) -> Double { c.slop }
  /// The scale.
  public static func value(scale: Double, rotation: Double) -> Double { scale }
  /// How far the span changed (mm).
  public static func change(scale: Double, rotation: Double, span: Double) -> Double {
    (span - span / scale).magnitude
  }
  /// The span changed by `change` mm.
  public static func began(_ change: Double, slop: Double) -> GestureReason {
    .spanChanged(change, slop: slop)
  }
  /// The span changed `largest` mm at most.
  public static func belowSlop(_ largest: Double, slop: Double) -> GestureReason {
    .spanBelowSlop(largest, slop: slop)
  }
  /// The scale grows by the factor since the baseline.
  public static func rebased(_ raw: Double, base: Double, at: Double) -> Double {
    at == 0 ? base : base * raw / at
  }
  /// The event's scale.
  public static func report(_ value: Double, in event: inout GestureEvent) {
    event.scale = value
  }
}

/// The rotation's measure: the angle; the slop is an angle in radians (explained in degrees).
public enum AngleMeasure: SimilarityMeasure {
  /// The rotation recognizer's parameters.
  public typealias Configuration = RotationGestureRecognizer.Configuration
  /// The rotation.
  public static var measuresScale: Bool { false }
  /// The angle that begins (radians).
  public static func slop(_ c: Configuration) -> Double { c.slop }
  /// The angle.
  public static func value(scale: Double, rotation: Double) -> Double { rotation }
  /// How far the touches turned (radians).
  public static func change(scale: Double, rotation: Double, span: Double) -> Double {
    rotation.magnitude
  }
  /// The touches turned `change` radians (explained in degrees).
  public static func began(_ change: Double, slop: Double) -> GestureReason {
    .turned(change * 180 / Double.pi, slop: slop * 180 / Double.pi)
  }
  /// The touches turned `largest` radians at most (explained in degrees).
  public static func belowSlop(_ largest: Double, slop: Double) -> GestureReason {
    .turnBelowSlop(largest * 180 / Double.pi, slop: slop * 180 / Double.pi)
  }
  /// The angle goes on from the baseline.
  public static func rebased(_ raw: Double, base: Double, at: Double) -> Double {
    base + raw - at
  }
  /// The event's rotation.
  public static func report(_ value: Double, in event: inout GestureEvent) {
    event.rotation = value
  }
}

/// The state machine shared by pinch and rotation as a value: both follow the best-fit
/// similarity of all touches and differ only in what they measure of it (``PinchMachine``,
/// ``RotationMachine``); their recognizers hold one each.
///
/// Drive it without an engine through ``input(_:_:_:)`` (it sets no timer);
/// ``event(_:at:kind:)`` is the event the recognizer reports.
public struct SimilarityMachine<Measure: SimilarityMeasure>: GestureMachine, Sendable {
  private enum State: Sendable {
    /// No touch yet. A touch down moves to `tracking`.
    case idle
    /// Following the touches. A change beyond the slop with 2+ touches begins; lifting
    /// every touch or a cancelled touch fails.
    case tracking
    /// Pinching or rotating. Movement changes; fewer than two touches ends; a cancelled touch
    /// cancels.
    case active
    /// Failed, ended or cancelled; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  private var tracker = VelocityTracker()
  private var mostTouches = 0
  private var largestChange = 0.0
  /// The number of touches down (kept when they all lifted).
  public private(set) var touches = 0
  /// The centroid of the touches (mm): the pinch's focal point, the rotation's centre.
  public private(set) var location = MillimeterPoint(x: 0, y: 0)
  /// The event time of the last frame.
  public private(set) var lastTime: Microseconds = 0

  /// Creates a machine in its initial state.
  public init() {}

  /// What the touch cluster keeps for the measure.
  private static var parts: TouchCluster.Parts {
    Measure.measuresScale ? [.scale, .span] : .rotation
  }

  /// The measure's value of the cluster's fit, as accumulated.
  private static func raw(_ cluster: TouchCluster) -> Double {
    Measure.value(scale: cluster.scale, rotation: cluster.rotation)
  }

  /// Returns to `idle`, keeping the storage (no allocation).
  public mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    mostTouches = 0
    largestChange = 0
    touches = 0
    baseline = nil
  }

  /// Whether touches are followed (not idle).
  public var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  /// The baseline set from outside, if any: the value given and the raw value then.
  private var baseline: (value: Double, raw: Double)?

  /// The measured value (scale or angle), from the baseline if one was set.
  public var value: Double {
    let raw = Self.raw(cluster)
    guard let baseline else { return raw }
    return Measure.rebased(raw, base: baseline.value, at: baseline.raw)
  }

  /// Makes the value `newValue` now: the next movement continues from it (UIKit's
  /// `scale = 1`, `rotation = 0`). The velocity is unchanged.
  public mutating func setValue(_ newValue: Double) {
    baseline = (newValue, Self.raw(cluster))
  }

  /// The value's rate of change at event time `time` (per second).
  public func velocity(at time: Microseconds) -> Double { tracker.velocity(at: time).dx }

  /// The value's rate of change at the last frame (per second).
  public var velocity: Double { velocity(at: lastTime) }

  /// Moves to failed, ended or cancelled (the engine decided): no input until reset.
  public mutating func finish() {
    state = .done
  }

  /// One frame of the touches followed.
  ///
  /// - Parameters:
  ///   - frame: The frame, with its event time.
  ///   - touches: The touches followed, updated with `frame`.
  ///   - configuration: The parameters in use.
  /// - Returns: The step (no deadline).
  public mutating func input(
    _ frame: TouchFrame, _ touches: TouchSurface, _ configuration: Measure.Configuration
  ) -> MachineOutput {
    MachineOutput(handle(frame, touches, slop: Measure.slop(configuration)))
  }

  /// The event the pinch or rotation recognizer reports: the touches, their centroid, the
  /// value's velocity at `time` and the value (the scale or the rotation).
  ///
  /// - Parameters:
  ///   - state: The state being entered.
  ///   - time: The event time of the transition.
  ///   - kind: The kind the event carries.
  public func event(_ state: GestureState, at time: Microseconds, kind: GestureKind)
    -> GestureEvent
  {
    Self.event(
      state, at: time, kind: kind, touches: touches, location: location,
      velocity: velocity(at: time), value: value)
  }

  /// The event with these values: the one place it is built.
  ///
  /// The recognizers call it with the values read one by one, as the drag's
  /// (`DragMachine.event(_:at:kind:touches:location:translation:velocity:edge:)`): no copy of
  /// the machine is passed.
  static func event(
    _ state: GestureState, at time: Microseconds, kind: GestureKind, touches: Int,
    location: MillimeterPoint, velocity: Double, value: Double
  ) -> GestureEvent {
    var event = GestureEvent(
      time: time, kind: kind, state: state, touches: touches, location: location,
      velocity: .scalar(velocity))
    Measure.report(value, in: &event)
    return event
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  private mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, slop: Double
  ) -> GestureStep {
    if case .done = state { return .none }
    let before = cluster.count
    let (_, cancelled) = cluster.update(surface, keeping: Self.parts)
    if case .idle = state {
      guard cluster.count > 0 else { return .none }
      state = .tracking
    }
    lastTime = frame.time
    // Tracking one finger, the tracker is reset below: the sample would be dropped at once.
    let resetsTracker = cluster.count == 1 && !cancelled && state == .tracking
    if cluster.moved && !resetsTracker {
      tracker.add(x: Self.raw(cluster), y: 0, at: frame.time)
    }
    touches = cluster.count > 0 ? cluster.count : before
    if cluster.count > 0 { location = cluster.centroid }
    switch state {
    case .idle, .done:
      return .none
    case .tracking:
      if cancelled { return finish(.fail(.touchCancelled)) }
      mostTouches = max(mostTouches, before)
      if cluster.count == 0 {
        if mostTouches < 2 { return finish(.fail(.tooFewTouches(mostTouches, required: 2))) }
        return finish(.fail(Measure.belowSlop(largestChange, slop: slop)))
      }
      if cluster.count < 2 {
        cluster.restart()
        baseline = nil
        tracker.reset()
        return .none
      }
      let change = Measure.change(
        scale: cluster.scale, rotation: cluster.rotation, span: cluster.span)
      largestChange = max(largestChange, change)
      if change >= slop {
        state = .active
        return .begin(Measure.began(change, slop: slop))
      }
      return .none
    case .active:
      if cancelled { return finish(.cancel(.touchCancelled)) }
      if cluster.count < 2 { return finish(.end(.lifted(remaining: cluster.count))) }
      return cluster.moved ? .change : .none
    }
  }
}
