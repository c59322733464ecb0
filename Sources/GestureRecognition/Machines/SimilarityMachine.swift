import TouchInput

/// What a similarity recognizer measures of the touches' best-fit similarity: the pinch's scale
/// or the rotation's angle. A type parameter (static calls), not an existential.
protocol SimilarityMeasure {
  /// What the touch cluster keeps for this measure.
  static var parts: TouchCluster.Parts { get }
  /// The value reported: the scale, or the angle in radians.
  static func value(of cluster: TouchCluster) -> Double
  /// How far the touches have gone, in the slop's unit.
  static func change(of cluster: TouchCluster) -> Double
  /// Why the recognizer began: `change` reached `slop`.
  static func began(_ change: Double, slop: Double) -> GestureReason
  /// Why it failed: the largest change stayed below `slop`.
  static func belowSlop(_ largest: Double, slop: Double) -> GestureReason
  /// The value reported for the touches' `raw` value after the baseline was set to `base`
  /// (the value the touches had then, `at`): `scale = 1` and `rotation = 0` in UIKit.
  static func rebased(_ raw: Double, base: Double, at: Double) -> Double
}

/// The pinch's measure: the scale; the slop is the span's change in mm.
enum ScaleMeasure: SimilarityMeasure {
  static var parts: TouchCluster.Parts { [.scale, .span] }
  static func value(of cluster: TouchCluster) -> Double { cluster.scale }
  static func change(of cluster: TouchCluster) -> Double {
    let span = cluster.span
    return (span - span / cluster.scale).magnitude
  }
  static func began(_ change: Double, slop: Double) -> GestureReason {
    .spanChanged(change, slop: slop)
  }
  static func belowSlop(_ largest: Double, slop: Double) -> GestureReason {
    .spanBelowSlop(largest, slop: slop)
  }
  static func rebased(_ raw: Double, base: Double, at: Double) -> Double {
    at == 0 ? base : base * raw / at
  }
}

/// The rotation's measure: the angle; the slop is an angle in radians (explained in degrees).
enum AngleMeasure: SimilarityMeasure {
  static var parts: TouchCluster.Parts { .rotation }
  static func value(of cluster: TouchCluster) -> Double { cluster.rotation }
  static func change(of cluster: TouchCluster) -> Double { cluster.rotation.magnitude }
  static func began(_ change: Double, slop: Double) -> GestureReason {
    .turned(change * 180 / Double.pi, slop: slop * 180 / Double.pi)
  }
  static func belowSlop(_ largest: Double, slop: Double) -> GestureReason {
    .turnBelowSlop(largest * 180 / Double.pi, slop: slop * 180 / Double.pi)
  }
  static func rebased(_ raw: Double, base: Double, at: Double) -> Double { base + raw - at }
}

/// The state machine shared by pinch and rotation: both follow the best-fit similarity of all
/// touches and differ only in what they measure of it.
struct SimilarityMachine<Measure: SimilarityMeasure> {
  private enum State {
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
  private(set) var touches = 0
  private(set) var location = MillimeterPoint(x: 0, y: 0)
  private(set) var lastTime: Microseconds = 0

  /// Returns to `idle`, keeping the storage (no allocation).
  mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    mostTouches = 0
    largestChange = 0
    touches = 0
    baseline = nil
  }

  var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  /// The baseline set from outside, if any: the value given and the raw value then.
  private var baseline: (value: Double, raw: Double)?

  /// The measured value (scale or angle), from the baseline if one was set.
  var value: Double {
    let raw = Measure.value(of: cluster)
    guard let baseline else { return raw }
    return Measure.rebased(raw, base: baseline.value, at: baseline.raw)
  }

  /// Makes the value `newValue` now: the next movement continues from it (UIKit's
  /// `scale = 1`, `rotation = 0`). The velocity is unchanged.
  mutating func setValue(_ newValue: Double) {
    baseline = (newValue, Measure.value(of: cluster))
  }

  func velocity(at time: Microseconds) -> Double { tracker.velocity(at: time).dx }

  mutating func finish() {
    state = .done
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, slop: Double
  ) -> GestureStep {
    if case .done = state { return .none }
    let before = cluster.count
    let (_, cancelled) = cluster.update(surface, keeping: Measure.parts)
    if case .idle = state {
      guard cluster.count > 0 else { return .none }
      state = .tracking
    }
    lastTime = frame.time
    // Tracking one finger, the tracker is reset below: the sample would be dropped at once.
    let resetsTracker = cluster.count == 1 && !cancelled && state == .tracking
    if cluster.moved && !resetsTracker {
      tracker.add(x: Measure.value(of: cluster), y: 0, at: frame.time)
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
      let change = Measure.change(of: cluster)
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

extension SimilarityMachine: GestureMachine {
  /// The configuration is the slop (mm of span, or radians).
  mutating func input(_ frame: TouchFrame, _ touches: TouchSurface, _ slop: Double)
    -> MachineOutput
  {
    MachineOutput(handle(frame, touches, slop: slop))
  }
}
