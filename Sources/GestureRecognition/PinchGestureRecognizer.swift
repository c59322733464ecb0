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
public final class PinchGestureRecognizer: GestureRecognizer, TargetActionRecognizer {
  /// The pinch recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// How much the span (mean distance of the touches from their centroid) must change before
    /// the pinch begins: 2.9 mm. Flutter: span change > kTouchSlop 18 lp = 2.9 mm; Android:
    /// 2 × touch slop = 2.5 mm; libinput: 1.5 mm per touch.
    public var slop: Millimeters = 2.9

    /// Creates a configuration with the defaults.
    public init() {}
  }

  /// The parameters; change them only while no touch is down.
  @exclusivity(unchecked) public var configuration: Configuration
  @exclusivity(unchecked) private var machine = PinchMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    self.configuration = configuration
    super.init(kind: .pinch, name: name ?? "pinch")
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
      time: time, kind: .pinch, state: state, touches: machine.touches, location: location,
      velocity: .scalar(machine.velocity(at: time)), scale: scale)
  }

  /// The scale since two fingers were down (1 = unchanged, 2 = twice as far apart).
  public var scale: Double { machine.scale }
  /// The focal point: the centroid of the touches (mm).
  public var location: MillimeterPoint { machine.location }
  /// The scale's rate of change at the last frame (scale per second).
  public var velocity: Double { machine.velocity(at: machine.lastTime) }
}

/// The pinch state machine.
private struct PinchMachine {
  private enum State {
    /// No touch yet. A touch down moves to `tracking`.
    case idle
    /// Following the touches. A span change beyond the slop with 2+ touches begins; lifting
    /// every touch or a cancelled touch fails.
    case tracking
    /// Pinching. Movement changes; fewer than two touches ends; a cancelled touch cancels.
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

  var scale: Double { cluster.scale }

  func velocity(at time: Microseconds) -> Double { tracker.velocity(at: time).dx }

  mutating func finish() {
    state = .done
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: PinchGestureRecognizer.Configuration
  ) -> GestureStep {
    if case .done = state { return .none }
    let before = cluster.count
    let (_, cancelled) = cluster.update(surface, keeping: [.scale, .span])
    if case .idle = state {
      guard cluster.count > 0 else { return .none }
      state = .tracking
    }
    lastTime = frame.time
    // Tracking one finger, the tracker is reset below: the sample would be dropped at once.
    let resetsTracker = cluster.count == 1 && !cancelled && state == .tracking
    if cluster.moved && !resetsTracker { tracker.add(x: cluster.scale, y: 0, at: frame.time) }
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
        return finish(.fail(.spanBelowSlop(largestChange, slop: c.slop)))
      }
      if cluster.count < 2 {
        cluster.restart()
        tracker.reset()
        return .none
      }
      let span = cluster.span
      let change = (span - span / cluster.scale).magnitude
      largestChange = max(largestChange, change)
      if change >= c.slop {
        state = .active
        return .begin(.spanChanged(change, slop: c.slop))
      }
      return .none
    case .active:
      if cancelled { return finish(.cancel(.touchCancelled)) }
      if cluster.count < 2 { return finish(.end(.lifted(remaining: cluster.count))) }
      return cluster.moved ? .change : .none
    }
  }
}
