//              touch down                  centroid moved ≥ slop,
//   ┌──────┐ ─────────────▶ ┌──────────┐   enough touches            ┌────────┐ ─┐ moved:
//   │ idle │                │ tracking │ ─────────────────────────▶ │ active │ ◀┘ changed
//   └──────┘                └──────────┘          (began)           └────────┘
//                             │ too many touches / lifted               │ fewer than minimum
//                             │ within slop / cancelled                 │ touches: ended;
//                             ▼                                         ▼ cancelled touch:
//                           failed                                 ended | cancelled
//   failed | ended | cancelled ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes fingers dragged across the surface (continuous), reporting the centroid's
/// translation (mm) and velocity (mm/s).
///
/// A finger that lands or lifts re-baselines the centroid, so the translation never jumps.
/// The translation counts from where the first finger landed (or from when the minimum number of
/// fingers was down), slop included: the began action already carries the movement that crossed
/// the slop.
public final class PanGestureRecognizer: GestureRecognizer {
  /// The pan recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// Fewest fingers that pan: 1 (UIKit minimumNumberOfTouches 1).
    public var minimumTouches = 1
    /// Most fingers that may start a pan (UIKit: unlimited; our default set: 3).
    public var maximumTouches = Int.max
    /// How far the centroid must move before the pan begins: 3.0 mm. Flutter drag kTouchSlop
    /// 18 lp = 2.9 mm (pan 36 lp = 5.7 mm); UIKit's private hysteresis ~10 pt = 1.6 mm;
    /// Hammer.js 10 px = 1.6-2.6 mm. Equal to the tap's movement limit, so a pan begins where a
    /// tap fails.
    public var slop: Millimeters = 3.0

    /// Creates a configuration with the defaults.
    public init(minimumTouches: Int = 1, maximumTouches: Int = .max) {
      self.minimumTouches = minimumTouches
      self.maximumTouches = maximumTouches
    }
  }

  /// The parameters. A change made while a gesture is in progress applies from the next
  /// gesture (once every touch has lifted and the recognizer is reset); the gesture in flight
  /// goes on with the values it began with. A count out of range (below 1, or a most below the
  /// fewest) is corrected to the nearest valid value and reported (``GestureEngineDiagnostic/configurationCorrected(recognizer:setting:given:used:rule:)``):
  /// read back, the configuration is the corrected value set last.
  public var configuration: Configuration {
    get { parameters.latest }
    set {
      var corrections = Corrections()
      parameters.set(Self.validated(newValue, &corrections), inProgress: gestureInProgress)
      configurationChanged()
      announce(corrections)
    }
  }
  /// Storage of `configuration` (private, so the optimizer sees every access; see
  /// `GestureRecognizer`).
  private var parameters: DeferredConfiguration<Configuration>
  /// The state machine while the recognizer is in no engine; in one, it lives in the engine's
  /// lanes (see `LaneRecognizer`).
  var parked = PanMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    var corrections = Corrections()
    let valid = Self.validated(configuration, &corrections)
    self.parameters = DeferredConfiguration(valid)
    super.init(kind: .pan, name: name ?? "pan")
    announce(corrections)
  }

  /// `c` with its finger counts in range: the fewest at least 1, the most not below it.
  static func validated(_ c: Configuration, _ corrections: inout Corrections) -> Configuration {
    var valid = c
    (valid.minimumTouches, valid.maximumTouches) = corrections.range(
      c.minimumTouches, c.maximumTouches, "minimumTouches", "maximumTouches")
    return valid
  }

  /// Feeds one frame to the state machine.
  public override func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    laneHandle(frame, surface)
  }
  /// Wakes the state machine at its deadline.
  public override func handleDeadline(_ time: Microseconds) -> GestureStep { laneWake(time) }
  /// Moves the state machine to failed (the engine decided).
  public override func forceFail() {
    withMachine { $0.finish() }
  }
  /// Moves the state machine to cancelled (the engine cancelled the gesture).
  public override func forceCancel() { forceFail() }
  /// Returns the state machine to its initial state.
  public override func reset() {
    parameters.apply()
    laneReset()
  }
  /// Whether the state machine is following touches.
  public override var isEngaged: Bool { laneIsEngaged }

  /// A snapshot of the gesture for an action entering `state` at `time`.
  public override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    laneEvent(state, at: time)
  }

  /// The centroid's translation since the first finger landed (mm), or since it was set with
  /// ``setTranslation(_:)``.
  public var translation: PlaneVector { machine.translation }

  /// Makes the translation `translation` now (UIKit's `setTranslation(_:in:)`, usually `.zero`
  /// in an action): the next movement continues from it, so each action can apply its step
  /// and reset it. The velocity is unchanged.
  public func setTranslation(_ translation: PlaneVector) {
    withMachine { $0.setTranslation(translation) }
  }
  /// The centroid of the touches down (mm).
  public var location: MillimeterPoint { machine.location }
  /// The centroid's velocity at the last frame (mm/s).
  public var velocity: PlaneVector { machine.velocity }
}

extension PanGestureRecognizer: LaneRecognizer {
  /// The configuration in use.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The lane of its machines.
  static var laneKind: LaneKind { .pan }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: PanMachine, _ configuration: Configuration, _ state: GestureState, at time: Microseconds
  ) -> GestureEvent {
    // From its values read one by one (see `DragMachine.event` / `SimilarityMachine.event`).
    PanMachine.event(
      state, at: time, kind: .pan, touches: m.touches, location: m.location,
      translation: m.translation, velocity: m.velocity(at: time), edge: nil)
  }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<PanMachine>) -> R
  ) -> R { body(&lanes.pans) }
}
