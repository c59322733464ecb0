//              touch down              2+ touches, turned ≥ slop
//   ┌──────┐ ─────────────▶ ┌──────────┐ ───────────────────────────▶ ┌────────┐ ─┐ moved:
//   │ idle │                │ tracking │            (began)           │ active │ ◀┘ changed
//   └──────┘                └──────────┘                              └────────┘
//                             │ all lifted before turning /             │ fewer than 2 touches:
//                             │ cancelled touch                         │ ended; cancelled
//                             ▼                                         ▼ touch: cancelled
//                           failed                                 ended | cancelled
//   failed | ended | cancelled ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes two or more fingers turning around their centre (continuous), reporting the angle
/// of the best-fit similarity over all touches, its velocity and the centre.
///
/// The angle is in radians, positive clockwise on the screen (y down), as UIKit, and unwrapped:
/// a 400° turn reads 400° in radians. A finger that lands or lifts re-baselines the fit, so the
/// angle never jumps; it counts from when two fingers were down, slop included.
public final class RotationGestureRecognizer: GestureRecognizer {
  /// The rotation recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// How far the touches must turn before the rotation begins: 0.1257 rad = 7.2°. grail's
    /// rotate threshold 0.1257 rad (in 500 ms); Hammer.js and UIKit: undocumented / 0.
    public var slop: Double = 0.1257

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
  var parked = RotationMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    self.parameters = DeferredConfiguration(configuration)
    super.init(kind: .rotation, name: name ?? "rotation")
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

  /// The angle turned since two fingers were down (radians, clockwise positive, unwrapped).
  /// Set it (UIKit's `rotation = 0` in an action) to restart it from that value: the next
  /// change continues from it.
  public var rotation: Double {
    get { machine.value }
    set { withMachine { $0.setValue(newValue) } }
  }
  /// The centre: the centroid of the touches (mm).
  public var location: MillimeterPoint { machine.location }
  /// The angle's rate of change at the last frame (radians per second).
  public var velocity: Double { machine.velocity }
}

extension RotationGestureRecognizer: LaneRecognizer {
  /// The configuration in use.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The lane of its machines.
  static var laneKind: LaneKind { .rotation }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: RotationMachine, _ configuration: Configuration, _ state: GestureState,
    at time: Microseconds
  ) -> GestureEvent {
    // From its values read one by one (see `DragMachine.event` / `SimilarityMachine.event`).
    RotationMachine.event(
      state, at: time, kind: .rotation, touches: m.touches, location: m.location,
      velocity: m.velocity(at: time), value: m.value)
  }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<RotationMachine>) -> R
  ) -> R { body(&lanes.rotations) }
}
