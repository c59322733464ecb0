//               enough touches down                deadline (no event needed)
//   ┌──────┐ ───────────────────────▶ ┌─────────┐ ─────────────────────────▶ ┌────────┐
//   │ idle │                          │ waiting │ ─┐ another finger          │ active │ ─┐ moved:
//   └──────┘                          └─────────┘ ◀┘ (within the range):     └────────┘ ◀┘ changed
//                                       │          the wait restarts         │ lifted: ended
//                                       │ moved / lifted early /               │ cancelled touch:
//                                       │ too many touches                     ▼ cancelled
//                                       ▼                                  ended | cancelled
//                                     failed
//   failed | ended | cancelled ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes fingers held still (continuous: began at the deadline, changed on movement,
/// ended on lift).
///
/// The fingers may be a range (`touchesRequired...maximumTouches`, as the taps'): the event
/// reports the count held. Fingers of one hand land up to ~60 ms apart, so each finger that
/// joins before the press began restarts the wait: a two-finger hold begins 500 ms after its
/// second finger landed and is never also a one-finger long press.
public final class LongPressGestureRecognizer: GestureRecognizer {
  /// The long press recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// How long the touches must stay down: 500 ms. UIKit 0.5 s; Flutter kLongPressTimeout
    /// 500 ms; GTK 500 ms; Android 400 ms (500 ms in older releases).
    /// In microseconds, the unit of event time: ``minimumPressDuration`` is the same setting as
    /// a `Duration` (`.milliseconds(500)`).
    public var minimumPressDurationMicroseconds: Microseconds = 500_000
    /// How far a touch may move before the press begins: 1.6 mm. UIKit allowableMovement
    /// 10 pt = 1.6 mm; Android 8 dp = 1.3 mm; Flutter 18 lp = 2.9 mm.
    public var allowableMovement: Millimeters = 1.6
    /// Fewest fingers that must be down: 1 (UIKit numberOfTouchesRequired 1).
    public var touchesRequired = 1
    /// Most fingers held together (equal to `touchesRequired` unless a range was given).
    public var maximumTouches = 1
    /// Taps before the hold (UIKit numberOfTapsRequired 0): with 1, a tap then a hold on the
    /// next landing. Each tap lifts within the tap's 750 ms, the next landing comes within
    /// 300 ms of the lift (``TapGestureRecognizer/Configuration`` defaults), and no finger moves
    /// beyond `allowableMovement`; otherwise the press fails. Below 0 is corrected to 0.
    public var tapsRequired = 0

    /// Creates a configuration with the defaults, for `touches` fingers.
    public init(touches: Int = 1) {
      self.init(touches: touches...touches)
    }

    /// Creates a configuration with the defaults, for any finger count in `touches` (the event
    /// reports the count held).
    public init(touches: ClosedRange<Int>) {
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
  var parked = LongPressMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    var corrections = Corrections()
    let valid = Self.validated(configuration, &corrections)
    self.parameters = DeferredConfiguration(valid)
    super.init(kind: .longPress, name: name ?? Self.defaultName(valid))
    announce(corrections)
  }

  /// `c` with its finger counts in range: the fewest at least 1, the most not below it.
  static func validated(_ c: Configuration, _ corrections: inout Corrections) -> Configuration {
    var valid = c
    (valid.touchesRequired, valid.maximumTouches) = corrections.range(
      c.touchesRequired, c.maximumTouches, "touchesRequired", "maximumTouches")
    if c.tapsRequired < 0 {
      corrections.found.append(
        ("tapsRequired", c.tapsRequired, 0, "taps before the hold start at 0"))
      valid.tapsRequired = 0
    }
    return valid
  }

  /// "long press", "2-finger long press", "2-3-finger long press" (a range from 1 finger reads
  /// as the plain name, as the taps').
  static func defaultName(_ c: Configuration) -> String {
    if c.touchesRequired == 1 { return "long press" }
    let fingers =
      c.maximumTouches == c.touchesRequired
      ? String(c.touchesRequired) : String(c.touchesRequired) + "-" + String(c.maximumTouches)
    return fingers + "-finger long press"
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
    deadline = nil
  }
  /// Moves the state machine to cancelled (the engine cancelled the gesture).
  public override func forceCancel() { forceFail() }
  /// Returns the state machine to its initial state.
  public override func reset() {
    parameters.apply()
    laneReset()
    deadline = nil
  }
  /// Whether the state machine is following touches.
  public override var isEngaged: Bool { laneIsEngaged }
  /// The longest a deadline of this recognizer lies after an input.
  public override var longestTimeout: Microseconds {
    max(
      configuration.minimumPressDurationMicroseconds,
      configuration.tapsRequired > 0 ? TapTiming.press : 0)
  }

  /// A snapshot of the gesture for an action entering `state` at `time`.
  public override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    laneEvent(state, at: time)
  }

  /// The centroid of the touches (mm).
  public var location: MillimeterPoint { machine.location }
}

extension LongPressGestureRecognizer: LaneRecognizer {
  /// The configuration in use.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The lane of its machines.
  static var laneKind: LaneKind { .longPress }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: LongPressMachine, _ configuration: Configuration, _ state: GestureState,
    at time: Microseconds
  ) -> GestureEvent {
    m.event(state, at: time, kind: .longPress)
  }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<LongPressMachine>) -> R
  ) -> R { body(&lanes.longPresses) }
}
