//                 touch down                    all lifted, taps < required
//   ┌──────┐ ─────────────────▶ ┌──────────┐ ─────────────────────────────▶ ┌─────────┐
//   │ idle │                    │ pressing │ ◀──────── touch down ───────── │ waiting │
//   └──────┘                    └──────────┘                                └─────────┘
//                                 │      │ all lifted, taps == required          │ deadline
//          moved / too many /     │      ▼                                       │ (interval)
//          too long / too few     │   recognized                                 ▼
//                                 └──────────────────────────────────────────▶ failed
//   recognized | failed ──(all touches gone)──▶ possible (reset to idle)
//   A next tap landing too far from the first, or with another finger count, fails at once and
//   ends the sequence: the engine resets the recognizer and lets it start over with that tap.
import TouchInput

/// Recognizes one or more taps of one or more fingers (discrete: possible → recognized | failed).
///
/// The fingers of a tap may be a range (`touchesRequired...maximumTouches`, as Hammer.js's
/// `pointers` option): the event reports the count seen, and every tap of a multi-tap needs the
/// first tap's count. A tap that lands too late, too far away or with another count ends the
/// sequence and starts a new one (the engine restarts the recognizer on that tap).
public final class TapGestureRecognizer: GestureRecognizer {
  /// The tap recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// Taps in a row (1 = single tap).
    public var tapsRequired = 1
    /// Fewest fingers in each tap.
    public var touchesRequired = 1
    /// Most fingers in each tap (equal to `touchesRequired` unless a range was given).
    public var maximumTouches = 1
    /// How far a touch may move while down: 3.0 mm. Flutter kTouchSlop 18 lp = 2.9 mm; grail
    /// 2.6 mm; Android 8 dp = 1.3 mm; UIKit (private) 45 pt = 7.0 mm.
    public var maximumMovement: Millimeters = 3.0
    /// How long one press may last: 750 ms. UIKit (private) 0.75 s; grail 300 ms; Hammer.js
    /// 250 ms (a long press at 500 ms usually wins first).
    /// In microseconds, the unit of event time: ``maximumPressDuration`` is the same setting as
    /// a `Duration` (`.milliseconds(750)`).
    public var maximumPressDurationMicroseconds: Microseconds = 750_000
    /// The longest pause from one tap's lift to the next tap's landing: 300 ms. Flutter and
    /// Android 300 ms (lift to next down); UIKit (private) 0.35 s.
    /// In microseconds, the unit of event time: ``maximumTapInterval`` is the same setting as a
    /// `Duration` (`.milliseconds(300)`).
    public var maximumTapIntervalMicroseconds: Microseconds = 300_000
    /// The furthest a later tap may land from the first: 15.9 mm. Flutter 100 lp and
    /// Android 100 dp (DOUBLE_TAP_SLOP) = 15.9 mm.
    public var maximumTapDistance: Millimeters = 15.9

    /// Creates a configuration with the defaults, for `taps` taps of `touches` fingers. A
    /// count below 1 is corrected to 1 by the recognizer (and reported), never a trap.
    public init(taps: Int = 1, touches: Int = 1) {
      self.init(taps: taps, touches: touches...touches)
    }

    /// Creates a configuration with the defaults, for `taps` taps of any finger count in
    /// `touches` (the same count in every tap).
    public init(taps: Int, touches: ClosedRange<Int>) {
      tapsRequired = taps
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
  var parked: TapMachine

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    var corrections = Corrections()
    let valid = Self.validated(configuration, &corrections)
    self.parameters = DeferredConfiguration(valid)
    self.parked = TapMachine(valid)
    super.init(kind: .tap, name: name ?? Self.defaultName(valid))
    announce(corrections)
  }

  /// `c` with every count in range: taps and fingers at least 1, the most fingers not below
  /// the fewest.
  static func validated(_ c: Configuration, _ corrections: inout Corrections) -> Configuration {
    var valid = c
    valid.tapsRequired = corrections.atLeastOne(c.tapsRequired, "tapsRequired")
    (valid.touchesRequired, valid.maximumTouches) = corrections.range(
      c.touchesRequired, c.maximumTouches, "touchesRequired", "maximumTouches")
    return valid
  }

  /// "tap", "double tap", "2-finger triple tap", "2-4-finger tap", … (a range from 1 finger
  /// reads as the plain name).
  static func defaultName(_ c: Configuration) -> String {
    let taps =
      [1: "tap", 2: "double tap", 3: "triple tap"][c.tapsRequired]
      ?? String(c.tapsRequired) + "-tap"
    if c.touchesRequired == 1 { return taps }
    let fingers =
      c.maximumTouches == c.touchesRequired
      ? String(c.touchesRequired) : String(c.touchesRequired) + "-" + String(c.maximumTouches)
    return fingers + "-finger " + taps
  }

  /// Feeds one frame to the state machine.
  public override func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    laneHandle(frame, surface)
  }

  /// Wakes the state machine at its deadline.
  public override func handleDeadline(_ time: Microseconds) -> GestureStep { laneWake(time) }

  /// Moves the state machine to failed (the engine decided).
  public override func forceFail() {
    ownsTouches = withMachine {
      $0.finish()
      return $0.ownsTouches
    }
    deadline = nil
  }
  /// Moves the state machine to cancelled (the engine cancelled the gesture).
  public override func forceCancel() { forceFail() }
  /// Returns the state machine to its initial state.
  public override func reset() {
    parameters.apply()
    laneReset()
    deadline = nil
    ownsTouches = true
  }
  /// Whether the state machine is following touches.
  public override var isEngaged: Bool { laneIsEngaged }
  /// The longest a deadline of this recognizer lies after an input.
  public override var longestTimeout: Microseconds {
    max(
      configuration.maximumPressDurationMicroseconds, configuration.maximumTapIntervalMicroseconds)
  }

  /// A snapshot of the gesture for an action entering `state` at `time`.
  public override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    laneEvent(state, at: time)
  }

  /// Where the taps landed: the centroid of the last press's landing points (mm).
  public var location: MillimeterPoint { machine.location }
}

extension TapGestureRecognizer: LaneRecognizer {
  /// The configuration in use.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The lane of its machines.
  static var laneKind: LaneKind { .tap }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: TapMachine, _ configuration: Configuration, _ state: GestureState, at time: Microseconds
  ) -> GestureEvent {
    m.event(state, at: time, kind: .tap)
  }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<TapMachine>) -> R
  ) -> R { body(&lanes.taps) }
}
