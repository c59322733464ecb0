import TouchInput

/// The swipe recognizer's state machine as a value (``SwipeGestureRecognizer`` holds one; its
/// source file draws the diagram): a quick straight stroke, recognized as soon as it qualifies.
///
/// With a range of finger counts it decides as one exact-count swipe per count would, sharing
/// one cluster and one velocity tracker: the count being judged is the most touches seen so
/// far; a count below it has failed (too many touches), one above it waits for more fingers.
/// A stroke off the axes fails only the count it was judged with: a finger landing later
/// starts judging the next count.
///
/// Drive it without an engine through ``input(_:_:_:)`` (it sets no timer: the maximum duration
/// is judged on the next frame); ``event(_:at:kind:)`` is the event the recognizer reports.
public struct SwipeMachine: GestureMachine {
  /// The swipe recognizer's parameters.
  public typealias Configuration = SwipeGestureRecognizer.Configuration

  private enum State {
    /// No touch yet. A touch down moves to `tracking`.
    case idle
    /// Following the touches since the first landed at `since`. A qualifying move
    /// recognizes; too many touches, a cancelled touch, the first lift or the maximum
    /// duration without qualifying fail.
    case tracking(since: Microseconds)
    /// Recognized or failed; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  private var tracker = VelocityTracker()
  private var origin = MillimeterPoint(x: 0, y: 0)
  private var mostTouches = 0
  /// The finger count whose stroke pointed off the axes (0: none): it is no longer judged.
  private var offAxisCount = 0
  /// The configuration's fewest fingers, noted when the first touch lands: the event reports
  /// at least that many (the configuration does not change during a gesture).
  private var touchesRequired: Int
  /// The finger count of the recognized swipe (0 before).
  public private(set) var fingers = 0
  /// The recognized direction (nil before recognition).
  public private(set) var direction: SwipeDirection?
  /// The centroid's velocity when recognized (mm/s).
  public private(set) var velocity = PlaneVector.zero
  /// The centroid of the touches (mm), fixed when recognized.
  public private(set) var location = MillimeterPoint(x: 0, y: 0)

  /// Creates a machine in its initial state.
  ///
  /// - Parameter configuration: The parameters whose fewest fingers an event made before the
  ///   first input reports (each gesture notes those it is given).
  public init(_ configuration: Configuration = Configuration()) {
    touchesRequired = configuration.touchesRequired
  }

  /// Returns to `idle`, keeping the storage (no allocation).
  public mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    mostTouches = 0
    offAxisCount = 0
    fingers = 0
    direction = nil
    velocity = .zero
  }

  /// Whether touches are followed (not idle).
  public var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  /// The number of fingers of the recognized swipe (0 before recognition).
  public var touches: Int { fingers }

  /// Moves to failed (the engine failed or cancelled the gesture).
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
    _ frame: TouchFrame, _ touches: TouchSurface, _ configuration: Configuration
  ) -> MachineOutput {
    MachineOutput(handle(frame, touches, configuration))
  }

  /// The event the swipe recognizer reports: the fingers (at least the required count), the
  /// centroid, the direction and the velocity when recognized.
  ///
  /// - Parameters:
  ///   - state: The state being entered.
  ///   - time: The event time of the transition.
  ///   - kind: The kind the event carries.
  public func event(_ state: GestureState, at time: Microseconds, kind: GestureKind)
    -> GestureEvent
  {
    GestureEvent(
      time: time, kind: kind, state: state, touches: max(fingers, touchesRequired),
      location: location, direction: direction, velocity: .planar(velocity))
  }

  private mutating func fail(_ reason: GestureReason) -> GestureStep {
    state = .done
    return .fail(reason)
  }

  private mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: Configuration
  ) -> GestureStep {
    let since: Microseconds
    switch state {
    case .done: return .none
    case .tracking(let start): since = start
    case .idle:
      guard surface.summary.count > 0 else { return .none }
      since = frame.time
      state = .tracking(since: since)
      touchesRequired = c.touchesRequired
    }
    let before = cluster.count
    let (lifted, cancelled) = cluster.update(surface, keeping: .position)
    if before == 0 { origin = cluster.position }
    if cluster.moved { tracker.add(x: cluster.position.x, y: cluster.position.y, at: frame.time) }
    location = cluster.centroid
    if cancelled { return fail(.touchCancelled) }
    mostTouches = max(mostTouches, before, cluster.count)
    // Every count in the range is below the most touches seen: all failed.
    if mostTouches > c.maximumTouches {
      return fail(.tooManyTouches(mostTouches, limit: c.maximumTouches))
    }
    let elapsed = frame.time - since
    if elapsed > c.maximumDurationMicroseconds {
      return fail(.tooLong(elapsed, limit: c.maximumDurationMicroseconds))
    }
    guard cluster.moved || lifted else { return .none }
    // No count to judge yet (too few fingers, or this count pointed off the axes): the
    // counts above wait for more fingers, and fail at the first lift.
    if mostTouches < c.touchesRequired || mostTouches == offAxisCount {
      let required = max(c.touchesRequired, offAxisCount + 1)
      return lifted ? fail(.tooFewTouches(mostTouches, required: required)) : .none
    }
    let stroke = PlaneVector(dx: cluster.position.x - origin.x, dy: cluster.position.y - origin.y)
    let verdict = Self.judge(stroke, surface, elapsed: elapsed, touches: mostTouches, c)
    if case .swiped(let nearest, _, _) = verdict {
      fingers = mostTouches
      direction = nearest
      velocity = tracker.velocity(at: frame.time)
      state = .done
      return .recognize(verdict)
    }
    // The first moment the stroke is long and fast enough decides its direction: a stroke
    // off the axes then (a hook, a diagonal flick) is no swipe of this count, even if it later
    // turns; a larger count may still be judged once another finger lands.
    if case .offAxis = verdict {
      if lifted || mostTouches == c.maximumTouches { return fail(verdict) }
      offAxisCount = mostTouches
      return .none
    }
    return lifted ? fail(verdict) : .none
  }

  /// `.swiped` if the stroke so far qualifies, otherwise the first condition it misses.
  ///
  /// Static, so the mutating `handle` does not copy the whole machine to call it.
  private static func judge(
    _ stroke: PlaneVector, _ surface: TouchSurface, elapsed: Microseconds, touches: Int,
    _ c: Configuration
  ) -> GestureReason {
    let distance = stroke.length
    if distance < c.minimumDistance { return .tooShort(distance, required: c.minimumDistance) }
    // At least 1 ms: a whole stroke inside one report interval is not infinitely fast.
    let speed = distance / (Double(max(elapsed, 1_000)) / 1_000_000)
    if speed < c.minimumVelocity { return .tooSlow(speed, required: c.minimumVelocity) }
    guard let (nearest, angle) = c.directions.nearest(to: stroke) else {
      return .offAxis(180, limit: c.maximumAngle)
    }
    let degrees = angle * 180 / Double.pi
    if degrees > c.maximumAngle { return .offAxis(degrees, limit: c.maximumAngle) }
    if touches > 1 && fingersAgree(surface, c) != nearest { return .fingersDisagree }
    return .swiped(nearest, distance: distance, speed: speed)
  }

  /// With several fingers: the one direction every finger moved in (each at
  /// least half the minimum distance, within the angle), or nil if they disagree.
  private static func fingersAgree(
    _ surface: TouchSurface, _ c: Configuration
  ) -> SwipeDirection? {
    var common: SwipeDirection?
    for member in surface.members {
      let v = PlaneVector(dx: member.last.x - member.start.x, dy: member.last.y - member.start.y)
      guard v.length >= c.minimumDistance / 2, let (d, angle) = c.directions.nearest(to: v),
        angle * 180 / Double.pi <= c.maximumAngle, common == nil || common == d
      else { return nil }
      common = d
    }
    return common
  }
}
