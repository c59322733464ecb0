//              touch down                   stroke long enough, fast enough on
//   ┌──────┐ ─────────────▶ ┌──────────┐    average, straight, fingers agree
//   │ idle │                │ tracking │ ───────────────────────────────▶ recognized
//   └──────┘                └──────────┘    (checked on every move, no lift needed)
//                             │ too many touches / first lift or maximum duration
//                             │ without the above / cancelled
//                             ▼
//                           failed
//   recognized | failed ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes a quick straight stroke of one or more fingers in an allowed direction
/// (discrete).
///
/// As UIKit, the swipe is recognized as soon as the stroke qualifies, without waiting for the
/// lift, and fails once it has lasted longer than the maximum duration: on a move (or the first
/// lift) within `maximumDuration` of the first landing, the centroid must have travelled
/// `minimumDistance` at an average speed since the landing (distance / elapsed time, Hammer.js's
/// "overall velocity") of at least `minimumVelocity`, within `maximumAngle` of an allowed
/// direction, and with every finger moving that way. The first moment the stroke is long and
/// fast enough decides: off the axes then, it fails. A stroke that decelerates at the end is
/// still a swipe; a slow drag never averages the speed.
public final class SwipeGestureRecognizer: GestureRecognizer {
  /// The swipe recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// The directions recognized (UIKit's default is right only; ours the four axes).
    public var directions: SwipeDirections = .cardinals
    /// Fewest fingers that swipe together.
    public var touchesRequired = 1
    /// Most fingers that swipe together (equal to `touchesRequired` unless a range was given).
    public var maximumTouches = 1
    /// How far the centroid must travel: 7.8 mm. UIKit 50 pt = 7.8 mm (private, decaying to
    /// 4.1 mm at 0.5 s); lisgd 11.7 mm on a PinePhone.
    public var minimumDistance: Millimeters = 7.8
    /// How fast the centroid must have moved on average since the first landing (distance /
    /// elapsed time): 100 mm/s. Hammer.js overall velocity 0.3 px/ms = 48-80 mm/s, rounded up
    /// so a slow drag (80 mm in 1.2 s peaks near 95 mm/s on average) is not a swipe; Flutter
    /// and Android fling 7.9 mm/s (release velocity, far more lenient).
    public var minimumVelocity: Double = 100
    /// How long after the first landing the stroke may still qualify: 500 ms. UIKit (private)
    /// maximumDuration 0.5 s; lisgd 800 ms down to up.
    /// In microseconds, the unit of event time: ``maximumDuration`` is the same setting as a
    /// `Duration` (`.milliseconds(500)`).
    public var maximumDurationMicroseconds: Microseconds = 500_000
    /// How far the stroke may point off the nearest allowed direction: 30°. lisgd ±15° (eight
    /// directions); GTK's 2:1 axis lock ≈ 26.6°; UIKit allows far more (200 pt across).
    /// With diagonals enabled, use at most 22.5°.
    public var maximumAngle: Double = 30

    /// Creates a configuration with the defaults, for `touches` fingers.
    public init(directions: SwipeDirections = .cardinals, touches: Int = 1) {
      self.init(directions: directions, touches: touches...touches)
    }

    /// Creates a configuration with the defaults, for any finger count in `touches` (the event
    /// reports the count seen).
    public init(directions: SwipeDirections = .cardinals, touches: ClosedRange<Int>) {
      self.directions = directions
      touchesRequired = touches.lowerBound
      maximumTouches = touches.upperBound
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
  var parked: SwipeMachine

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    var corrections = Corrections()
    let valid = Self.validated(configuration, &corrections)
    self.parameters = DeferredConfiguration(valid)
    self.parked = SwipeMachine(valid)
    super.init(kind: .swipe, name: name ?? Self.defaultName(valid))
    announce(corrections)
  }

  /// `c` with its finger counts in range: the fewest at least 1, the most not below it.
  static func validated(_ c: Configuration, _ corrections: inout Corrections) -> Configuration {
    var valid = c
    (valid.touchesRequired, valid.maximumTouches) = corrections.range(
      c.touchesRequired, c.maximumTouches, "touchesRequired", "maximumTouches")
    return valid
  }

  /// "swipe", "2-finger swipe", "2-3-finger swipe" (a range from 1 finger reads as "swipe").
  static func defaultName(_ c: Configuration) -> String {
    if c.touchesRequired == 1 { return "swipe" }
    let fingers =
      c.maximumTouches == c.touchesRequired
      ? String(c.touchesRequired) : String(c.touchesRequired) + "-" + String(c.maximumTouches)
    return fingers + "-finger swipe"
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

  /// The number of fingers of the recognized swipe (0 before recognition).
  public var touches: Int { machine.fingers }
  /// The recognized direction (nil before recognition): the result, read in the action. Not
  /// UIKit's `direction`, which is the setting (the directions allowed): that one is
  /// ``directions`` here (or `configuration.directions`). Kept so, as one recognizer here
  /// serves every direction and the action needs to know which one it saw.
  public var direction: SwipeDirection? { machine.direction }
  /// The centroid's velocity when recognized (mm/s).
  public var velocity: PlaneVector { machine.velocity }
  /// The centroid when recognized (mm).
  public var location: MillimeterPoint { machine.location }
}

extension SwipeGestureRecognizer: LaneRecognizer {
  /// The configuration in use.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The lane of its machines.
  static var laneKind: LaneKind { .swipe }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: SwipeMachine, _ configuration: Configuration, _ state: GestureState, at time: Microseconds
  ) -> GestureEvent {
    m.event(state, at: time, kind: .swipe)
  }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<SwipeMachine>) -> R
  ) -> R { body(&lanes.swipes) }
}
