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
public final class RotationGestureRecognizer: GestureRecognizer, TargetActionRecognizer {
  /// The rotation recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// How far the touches must turn before the rotation begins: 0.1257 rad = 7.2°. grail's
    /// rotate threshold 0.1257 rad (in 500 ms); Hammer.js and UIKit: undocumented / 0.
    public var slop: Double = 0.1257

    /// Creates a configuration with the defaults.
    public init() {}
  }

  /// The parameters; change them only while no touch is down.
  @exclusivity(unchecked) public var configuration: Configuration
  @exclusivity(unchecked) private var machine = RotationMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    self.configuration = configuration
    super.init(kind: .rotation, name: name ?? "rotation")
  }

  override func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    machine.handle(frame, surface, configuration)
  }
  override func handleDeadline(_ time: Microseconds) -> GestureStep { .none }
  override func forceFail() { machine.finish() }
  override func forceCancel() { machine.finish() }
  override func reset() { machine.reset() }
  override var isEngaged: Bool { machine.isEngaged }

  override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    GestureEvent(
      time: time, kind: .rotation, state: state, touches: machine.touches, location: location,
      velocity: .scalar(machine.velocity(at: time)), rotation: rotation)
  }

  /// The angle turned since two fingers were down (radians, clockwise positive, unwrapped).
  public var rotation: Double { machine.rotation }
  /// The centre: the centroid of the touches (mm).
  public var location: MillimeterPoint { machine.location }
  /// The angle's rate of change at the last frame (radians per second).
  public var velocity: Double { machine.velocity(at: machine.lastTime) }
}

/// The rotation state machine.
private struct RotationMachine {
  private enum State {
    /// No touch yet. A touch down moves to `tracking`.
    case idle
    /// Following the touches. A turn beyond the slop with 2+ touches begins; lifting
    /// every touch or a cancelled touch fails.
    case tracking
    /// Rotating. Movement changes; fewer than two touches ends; a cancelled touch cancels.
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
  }

  var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  var rotation: Double { cluster.rotation }

  func velocity(at time: Microseconds) -> Double { tracker.velocity(at: time).dx }

  mutating func finish() {
    state = .done
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: RotationGestureRecognizer.Configuration
  ) -> GestureStep {
    if case .done = state { return .none }
    let before = cluster.count
    let (_, cancelled) = cluster.update(surface, keeping: .rotation)
    if case .idle = state {
      guard cluster.count > 0 else { return .none }
      state = .tracking
    }
    lastTime = frame.time
    // Tracking one finger, the tracker is reset below: the sample would be dropped at once.
    let resetsTracker = cluster.count == 1 && !cancelled && state == .tracking
    if cluster.moved && !resetsTracker { tracker.add(x: cluster.rotation, y: 0, at: frame.time) }
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
        return finish(
          .fail(.turnBelowSlop(largestChange * 180 / Double.pi, slop: c.slop * 180 / Double.pi)))
      }
      if cluster.count < 2 {
        cluster.restart()
        tracker.reset()
        return .none
      }
      let turned = cluster.rotation.magnitude
      largestChange = max(largestChange, turned)
      if turned >= c.slop {
        state = .active
        let degrees = 180 / Double.pi
        return .begin(.turned(turned * degrees, slop: c.slop * degrees))
      }
      return .none
    case .active:
      if cancelled { return finish(.cancel(.touchCancelled)) }
      if cluster.count < 2 { return finish(.end(.lifted(remaining: cluster.count))) }
      return cluster.moved ? .change : .none
    }
  }
}
