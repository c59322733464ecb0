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
public final class PanGestureRecognizer: GestureRecognizer, TargetActionRecognizer {
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
      precondition(minimumTouches >= 1 && maximumTouches >= minimumTouches, "pan: bad touches")
      self.minimumTouches = minimumTouches
      self.maximumTouches = maximumTouches
    }
  }

  /// The parameters; change them only while no touch is down.
  @exclusivity(unchecked) public var configuration: Configuration
  @exclusivity(unchecked) private var machine = PanMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    self.configuration = configuration
    super.init(kind: .pan, name: name ?? "pan")
  }

  /// Feeds one frame to the state machine.
  public override func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    machine.handle(frame, surface, configuration)
  }
  /// Wakes the state machine at its deadline.
  public override func handleDeadline(_ time: Microseconds) -> GestureStep { .none }
  /// Moves the state machine to failed (the engine decided).
  public override func forceFail() { machine.finish() }
  /// Moves the state machine to cancelled (the engine cancelled the gesture).
  public override func forceCancel() { machine.finish() }
  /// Returns the state machine to its initial state.
  public override func reset() { machine.reset() }
  /// Whether the state machine is following touches.
  public override var isEngaged: Bool { machine.isEngaged }

  /// A snapshot of the gesture for an action entering `state` at `time`.
  public override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    GestureEvent(
      time: time, kind: .pan, state: state, touches: machine.touches, location: location,
      translation: translation, velocity: .planar(machine.velocity(at: time)))
  }

  /// The centroid's translation since the first finger landed (mm).
  public var translation: PlaneVector { machine.translation }
  /// The centroid of the touches down (mm).
  public var location: MillimeterPoint { machine.location }
  /// The centroid's velocity at the last frame (mm/s).
  public var velocity: PlaneVector { machine.velocity(at: machine.lastTime) }
}

/// The pan state machine.
private struct PanMachine: ~Copyable {
  private enum State {
    /// No touch yet. A touch down moves to `tracking`.
    case idle
    /// Following touches within the slop. Moving beyond it with enough touches begins;
    /// too many touches, lifting all or a cancelled touch fail.
    case tracking
    /// Panning. Movement changes; fewer than the minimum touches ends; a cancelled touch
    /// cancels.
    case active
    /// Failed, ended or cancelled; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  private var tracker = VelocityTracker()
  private var origin = MillimeterPoint(x: 0, y: 0)
  private(set) var touches = 0
  private(set) var location = MillimeterPoint(x: 0, y: 0)
  private(set) var lastTime: Microseconds = 0

  /// Returns to `idle`, keeping the storage (no allocation).
  mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    touches = 0
  }

  var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  var translation: PlaneVector {
    PlaneVector(dx: cluster.position.x - origin.x, dy: cluster.position.y - origin.y)
  }

  func velocity(at time: Microseconds) -> PlaneVector { tracker.velocity(at: time) }

  mutating func finish() {
    state = .done
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: PanGestureRecognizer.Configuration
  ) -> GestureStep {
    if case .done = state { return .none }
    let before = cluster.count
    let (lifted, cancelled) = cluster.update(surface, keeping: .position)
    if case .idle = state {
      guard cluster.count > 0 else { return .none }
      state = .tracking
      origin = cluster.position
    }
    lastTime = frame.time
    if cluster.moved { tracker.add(x: cluster.position.x, y: cluster.position.y, at: frame.time) }
    if cluster.count > 0 {
      location = cluster.centroid
      touches = cluster.count
    } else {
      touches = before
    }
    switch state {
    case .idle, .done:
      return .none
    case .tracking:
      if cancelled { return finish(.fail(.touchCancelled)) }
      if cluster.count > c.maximumTouches {
        return finish(.fail(.tooManyTouches(cluster.count, limit: c.maximumTouches)))
      }
      if cluster.count == 0 {
        return finish(.fail(.tooShort(translation.length, required: c.slop)))
      }
      if cluster.count < c.minimumTouches {
        origin = cluster.position
        tracker.reset()
      }
      let moved = translation.length
      if moved >= c.slop && cluster.count >= c.minimumTouches {
        state = .active
        return .begin(.slopExceeded(moved, slop: c.slop))
      }
      return .none
    case .active:
      if cancelled { return finish(.cancel(.touchCancelled)) }
      if cluster.count < c.minimumTouches || (lifted && cluster.count == 0) {
        return finish(.end(.lifted(remaining: cluster.count)))
      }
      return cluster.moved ? .change : .none
    }
  }
}
