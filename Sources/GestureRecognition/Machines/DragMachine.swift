import TouchInput

/// The part of a drag that differs between the pan and the edge pan: where touches may land
/// and which way a movement past the threshold may begin.
protocol DragRule {
  /// The recognizer's configuration.
  associatedtype Configuration
  /// The fewest touches that pan.
  static func minimumTouches(_ c: Configuration) -> Int
  /// The most touches before the gesture fails.
  static func maximumTouches(_ c: Configuration) -> Int
  /// How far the centroid moves before the gesture may begin (mm).
  static func threshold(_ c: Configuration) -> Millimeters
  /// Forgets the last gesture's choices.
  mutating func reset()
  /// The first touch landed: the drag starts tracking.
  mutating func start(_ c: Configuration)
  /// Touches landed while tracking: the failure, or nil to go on.
  mutating func landed(_ surface: TouchSurface, _ c: Configuration) -> GestureReason?
  /// The centroid moved `translation` (at least the threshold, with enough touches): a
  /// `.begin`, or the `.fail` that ends the drag.
  mutating func begin(_ translation: PlaneVector, _ c: Configuration) -> GestureStep
}

/// A drag's state machine: touches landing, moving past a threshold to begin, changing as they
/// move and ending when they lift, with the centroid's translation and velocity. The pan and
/// the edge pan are this machine with their own `DragRule`.
struct DragMachine<Rule: DragRule> {
  private enum State {
    /// No touch yet. A touch down moves to `tracking`.
    case idle
    /// Following touches within the threshold. Moving beyond it with enough touches begins
    /// (when the rule agrees); too many touches, lifting all, a cancelled touch or the rule
    /// fail.
    case tracking
    /// Dragging. Movement changes; fewer than the minimum touches ends; a cancelled touch
    /// cancels.
    case active
    /// Failed, ended or cancelled; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  private var tracker = VelocityTracker()
  private var origin = MillimeterPoint(x: 0, y: 0)
  private(set) var rule: Rule
  private(set) var touches = 0
  private(set) var location = MillimeterPoint(x: 0, y: 0)
  private(set) var lastTime: Microseconds = 0

  init(rule: Rule) {
    self.rule = rule
  }

  /// Returns to `idle`, keeping the storage (no allocation).
  mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    rule.reset()
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

  /// Makes the translation `value` now: the next movement continues from it (UIKit's
  /// `setTranslation(_:in:)`).
  mutating func setTranslation(_ value: PlaneVector) {
    origin = MillimeterPoint(x: cluster.position.x - value.dx, y: cluster.position.y - value.dy)
  }

  mutating func finish() {
    state = .done
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: Rule.Configuration
  ) -> GestureStep {
    if case .done = state { return .none }
    let before = cluster.count
    let (lifted, cancelled) = cluster.update(surface, keeping: .position)
    if case .idle = state {
      guard cluster.count > 0 else { return .none }
      state = .tracking
      origin = cluster.position
      rule.start(c)
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
      return track(surface, cancelled: cancelled, c)
    case .active:
      if cancelled { return finish(.cancel(.touchCancelled)) }
      if cluster.count < Rule.minimumTouches(c) || (lifted && cluster.count == 0) {
        return finish(.end(.lifted(remaining: cluster.count)))
      }
      return cluster.moved ? .change : .none
    }
  }

  private mutating func track(
    _ surface: TouchSurface, cancelled: Bool, _ c: Rule.Configuration
  ) -> GestureStep {
    if cancelled { return finish(.fail(.touchCancelled)) }
    let maximum = Rule.maximumTouches(c)
    if cluster.count > maximum {
      return finish(.fail(.tooManyTouches(cluster.count, limit: maximum)))
    }
    if surface.summary.landing.n > 0, let failure = rule.landed(surface, c) {
      return finish(.fail(failure))
    }
    let threshold = Rule.threshold(c)
    if cluster.count == 0 {
      return finish(.fail(.tooShort(translation.length, required: threshold)))
    }
    let minimum = Rule.minimumTouches(c)
    if cluster.count < minimum {
      origin = cluster.position
      tracker.reset()
    }
    guard translation.length >= threshold && cluster.count >= minimum else { return .none }
    let step = rule.begin(translation, c)
    if case .begin = step {
      state = .active
      return step
    }
    return finish(step)
  }
}

extension DragMachine: GestureMachine {
  mutating func input(
    _ frame: TouchFrame, _ touches: TouchSurface, _ c: Rule.Configuration
  ) -> MachineOutput {
    MachineOutput(handle(frame, touches, c))
  }
}
