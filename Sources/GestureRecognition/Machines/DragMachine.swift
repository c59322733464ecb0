import TouchInput

/// The part of a drag that differs between the pan and the edge pan: where touches may land
/// and which way a movement past the threshold may begin (``PanRule``, ``EdgePanRule``).
public protocol DragRule: Sendable {
  /// The recognizer's configuration.
  associatedtype Configuration
  /// The fewest touches that drag.
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
  /// The edge the drag began from, for a rule of edges (its events carry it), or nil.
  var edge: ScreenEdge? { get }
}

extension DragRule {
  /// No edge: the drag may start anywhere.
  public var edge: ScreenEdge? { nil }
}

/// A drag's state machine as a value: touches landing, moving past a threshold to begin,
/// changing as they move and ending when they lift, with the centroid's translation and
/// velocity. The pan (``PanMachine``) and the edge pan (``EdgePanMachine``) are this machine
/// with their own ``DragRule``; their recognizers hold one each.
///
/// Drive it without an engine through ``input(_:_:_:)`` (it sets no timer);
/// ``event(_:at:kind:)`` is the event the recognizer reports.
public struct DragMachine<Rule: DragRule>: GestureMachine, Sendable {
  private enum State: Sendable {
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
  /// The rule: what differs between the pan and the edge pan (and the choices it made).
  public private(set) var rule: Rule
  /// The number of touches down (kept when they all lifted).
  public private(set) var touches = 0
  /// The centroid of the touches down (mm).
  public private(set) var location = MillimeterPoint(x: 0, y: 0)
  /// The event time of the last frame.
  public private(set) var lastTime: Microseconds = 0

  /// Creates a machine in its initial state.
  ///
  /// - Parameter rule: The rule in its initial state.
  public init(rule: Rule) {
    self.rule = rule
  }

  /// Returns to `idle`, keeping the storage (no allocation).
  public mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    rule.reset()
    touches = 0
  }

  /// Whether touches are followed (not idle).
  public var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  /// The centroid's translation since the first finger landed (or since it was set), mm.
  public var translation: PlaneVector {
    PlaneVector(dx: cluster.position.x - origin.x, dy: cluster.position.y - origin.y)
  }

  /// The centroid's velocity at event time `time` (mm/s).
  public func velocity(at time: Microseconds) -> PlaneVector { tracker.velocity(at: time) }

  /// The centroid's velocity at the last frame (mm/s).
  public var velocity: PlaneVector { velocity(at: lastTime) }

  /// Makes the translation `value` now: the next movement continues from it (UIKit's
  /// `setTranslation(_:in:)`). The velocity is unchanged.
  public mutating func setTranslation(_ value: PlaneVector) {
    origin = MillimeterPoint(x: cluster.position.x - value.dx, y: cluster.position.y - value.dy)
  }

  /// Moves to failed, ended or cancelled (the engine decided): no input until reset.
  public mutating func finish() {
    state = .done
  }

  /// One frame of the touches followed.
  ///
  /// - Parameters:
  ///   - frame: The frame, with its event time.
  ///   - touches: The touches followed, updated with `frame`.
  ///   - configuration: The parameters in use.
  /// - Returns: The step (no deadline).
  public mutating func input(
    _ frame: TouchFrame, _ touches: TouchSurface, _ configuration: Rule.Configuration
  ) -> MachineOutput {
    MachineOutput(handle(frame, touches, configuration))
  }

  /// The event the pan or edge pan recognizer reports: the touches, their centroid, its
  /// translation and its velocity at `time`, and the rule's edge.
  ///
  /// - Parameters:
  ///   - state: The state being entered.
  ///   - time: The event time of the transition.
  ///   - kind: The kind the event carries.
  public func event(_ state: GestureState, at time: Microseconds, kind: GestureKind)
    -> GestureEvent
  {
    Self.event(
      state, at: time, kind: kind, touches: touches, location: location,
      translation: translation, velocity: velocity(at: time), edge: rule.edge)
  }

  /// The event with these values: the one place it is built.
  ///
  /// The recognizers call it with the values read one by one: a call of the generic
  /// ``event(_:at:kind:)`` from a recognizer is not inlined, and passes a copy of the whole
  /// machine (+3.4 M instructions in `gesture-bench --engine-only` over the stress trace,
  /// once per pan action).
  static func event(
    _ state: GestureState, at time: Microseconds, kind: GestureKind, touches: Int,
    location: MillimeterPoint, translation: PlaneVector, velocity: PlaneVector, edge: ScreenEdge?
  ) -> GestureEvent {
    GestureEvent(
      time: time, kind: kind, state: state, touches: touches, location: location,
      translation: translation, velocity: .planar(velocity), edge: edge)
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    state = .done
    return step
  }

  private mutating func handle(
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
