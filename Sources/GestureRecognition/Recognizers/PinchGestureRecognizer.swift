//              touch down              2+ touches, span changed ≥ slop
//   ┌──────┐ ─────────────▶ ┌──────────┐ ───────────────────────────▶ ┌────────┐ ─┐ moved:
//   │ idle │                │ tracking │            (began)           │ active │ ◀┘ changed
//   └──────┘                └──────────┘                              └────────┘
//                             │ all lifted before pinching /            │ fewer than 2 touches:
//                             │ cancelled touch                         │ ended; cancelled
//                             ▼                                         ▼ touch: cancelled
//                           failed                                 ended | cancelled
//   failed | ended | cancelled ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes two or more fingers moving apart or together (continuous), reporting the scale
/// of the best-fit similarity over all touches, its velocity and the focal point.
///
/// A finger that lands or lifts re-baselines the fit, so the scale never jumps. The scale counts
/// from when two fingers were down, slop included, so the began action does not jump either.
public final class PinchGestureRecognizer: GestureRecognizer {
  /// The pinch recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// How much the span (mean distance of the touches from their centroid) must change before
    /// the pinch begins: 2.9 mm. Flutter: span change > kTouchSlop 18 lp = 2.9 mm; Android:
    /// 2 × touch slop = 2.5 mm; libinput: 1.5 mm per touch.
    public var slop: Millimeters = 2.9

    /// Creates a configuration with the defaults.
    public init() {}
  }

  /// The parameters. A change made while a gesture is in progress applies from the next
  /// gesture (once every touch has lifted and the recognizer is reset); the gesture in flight
  /// goes on with the values it began with. Read back, it is the value set last.
  public var configuration: Configuration {
    get { parameters.latest }
    set {
      parameters.set(newValue, inProgress: gestureInProgress)
      configurationChanged()
    }
  }
  /// Storage of `configuration` (private, so the optimizer sees every access; see
  /// `GestureRecognizer`).
  private var parameters: DeferredConfiguration<Configuration>
  /// The state machine while the recognizer is in no engine; in one, it lives in the engine's
  /// lanes (see `LaneRecognizer`).
  var parked = PinchMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    self.parameters = DeferredConfiguration(configuration)
    super.init(kind: .pinch, name: name ?? "pinch")
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

  /// The scale since two fingers were down (1 = unchanged, 2 = twice as far apart). Set it
  /// (UIKit's `scale = 1` in an action) to restart it from that value: the next change
  /// continues from it, so an action can apply each step's factor and reset it.
  public var scale: Double {
    get { machine.value }
    set { withMachine { $0.setValue(newValue) } }
  }
  /// The focal point: the centroid of the touches (mm).
  public var location: MillimeterPoint { machine.location }
  /// The scale's rate of change at the last frame (scale per second).
  public var velocity: Double { machine.velocity }
}

extension PinchGestureRecognizer: LaneRecognizer {
  /// The configuration in use.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The lane of its machines.
  static var laneKind: LaneKind { .pinch }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: PinchMachine, _ configuration: Configuration, _ state: GestureState, at time: Microseconds
  ) -> GestureEvent {
    // From its values read one by one (see `DragMachine.event` / `SimilarityMachine.event`).
    PinchMachine.event(
      state, at: time, kind: .pinch, touches: m.touches, location: m.location,
      velocity: m.velocity(at: time), value: m.value)
  }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<PinchMachine>) -> R
  ) -> R { body(&lanes.pinches) }
}
