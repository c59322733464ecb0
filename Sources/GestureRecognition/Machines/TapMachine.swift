import TouchInput

/// The tap recognizer's state machine as a value (``TapGestureRecognizer`` holds one; its
/// source file draws the diagram): one or more taps of one or more fingers, each lifted within
/// the press duration, the next landing within the tap interval and distance.
///
/// Drive it without an engine through ``input(_:_:_:)`` and ``wake(at:_:)``: the output's
/// deadline is the press or interval timer, and ``ownsTouches`` turns false between taps,
/// after the last lift and when a next tap lands too far away or with more fingers (the
/// engine then restarts the recognizer on that tap). ``event(_:at:kind:)`` is the event the
/// recognizer reports.
public struct TapMachine: GestureMachine, Sendable {
  /// The tap recognizer's parameters.
  public typealias Configuration = TapGestureRecognizer.Configuration

  private enum State: Sendable {
    /// No touch yet. A touch down moves to `pressing`.
    case idle
    /// Touches of tap number `tap` are down since `since`. All lifting moves to `waiting` or
    /// recognized; moving, overstaying, extra fingers fail.
    case pressing(tap: Int, since: Microseconds)
    /// Tap `taps` is done, lifted at `liftedAt`. A touch down moves to `pressing` (or fails
    /// if it lands too far away); the interval deadline fails.
    case waiting(taps: Int, liftedAt: Microseconds)
    /// Recognized or failed; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  private var mostTouches = 0
  private var landingSum = (x: 0.0, y: 0.0, n: 0)
  private var firstLocation: MillimeterPoint?
  /// The configuration's taps and fewest fingers, noted when the sequence's first tap lands:
  /// the event reports them (the configuration does not change during a gesture).
  private var required: (taps: Int, touches: Int)
  /// The finger count of the sequence's first tap (0 before it lifted).
  public private(set) var fingers = 0
  /// The taps completed so far in this sequence (each lifted within the limits).
  public private(set) var taps = 0
  /// Where the taps landed: the centroid of the last completed press's landing points (mm).
  public private(set) var location = MillimeterPoint(x: 0, y: 0)
  /// When the press or interval timer fires (event time), or nil when none runs.
  public private(set) var deadline: Microseconds?
  /// Whether the touches down belong to this sequence (false between taps, after the last
  /// lift, and when a next tap ended the sequence by landing too far away).
  public private(set) var ownsTouches = true

  /// Creates a machine in its initial state.
  ///
  /// - Parameter configuration: The parameters whose required taps and fingers an event made
  ///   before the first input reports (each gesture notes those it is given).
  public init(_ configuration: Configuration = Configuration()) {
    required = (configuration.tapsRequired, configuration.touchesRequired)
  }

  /// Returns to `idle`, keeping the storage (no allocation).
  public mutating func reset() {
    state = .idle
    cluster.removeAll()
    mostTouches = 0
    landingSum = (0, 0, 0)
    firstLocation = nil
    fingers = 0
    taps = 0
    deadline = nil
    ownsTouches = true
  }

  /// Whether a tap is down or the next one is awaited (not idle).
  public var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  /// The number of fingers of the sequence's first tap (0 before it lifted).
  public var touches: Int { fingers }

  /// Moves to failed, stopping the timer (the engine failed or cancelled the gesture).
  public mutating func finish() {
    state = .done
    deadline = nil
  }

  private mutating func fail(_ reason: GestureReason) -> GestureStep {
    finish()
    return .fail(reason)
  }

  /// One frame of the touches followed.
  ///
  /// - Parameters:
  ///   - frame: The frame, with its event time.
  ///   - touches: The touches followed, updated with `frame`.
  ///   - configuration: The parameters in use.
  /// - Returns: The step, the timer's deadline and whether the touches down are the
  ///   sequence's.
  public mutating func input(
    _ frame: TouchFrame, _ touches: TouchSurface, _ configuration: Configuration
  ) -> MachineOutput {
    let step = handle(frame, touches, configuration)
    return MachineOutput(step, deadline: deadline, ownsTouches: ownsTouches)
  }

  /// The timer fired: a press held too long, or no next tap within the interval, fails.
  ///
  /// - Parameters:
  ///   - time: The deadline.
  ///   - configuration: The parameters in use.
  /// - Returns: The step (a failure, or none when no timer ran) and the ownership.
  public mutating func wake(at time: Microseconds, _ configuration: Configuration)
    -> MachineOutput
  {
    let step = deadlinePassed(configuration)
    return MachineOutput(step, deadline: deadline, ownsTouches: ownsTouches)
  }

  /// The event the tap recognizer reports: the fingers (at least the required count), where
  /// the taps landed and the taps required.
  ///
  /// - Parameters:
  ///   - state: The state being entered.
  ///   - time: The event time of the transition.
  ///   - kind: The kind the event carries.
  public func event(_ state: GestureState, at time: Microseconds, kind: GestureKind)
    -> GestureEvent
  {
    GestureEvent(
      time: time, kind: kind, state: state, touches: max(fingers, required.touches),
      location: location, taps: required.taps)
  }

  private mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: Configuration
  ) -> GestureStep {
    let landing = surface.summary.landing
    landingSum.x += landing.x
    landingSum.y += landing.y
    landingSum.n += landing.n
    let (_, cancelled) = cluster.update(surface, keeping: .movement)
    switch state {
    case .done:
      return .none
    case .idle, .waiting:
      guard cluster.count > 0 else { return .none }
      var tap = 1
      if case .waiting(let taps, _) = state {
        tap = taps + 1
      } else {
        required = (c.tapsRequired, c.touchesRequired)
      }
      state = .pressing(tap: tap, since: frame.time)
      deadline = frame.time + c.maximumPressDurationMicroseconds
      mostTouches = 0
      if let first = firstLocation, landing.n > 0 {
        // Android and Flutter judge the next tap's distance where it lands.
        let n = Double(landing.n)
        let distance = first.distance(to: MillimeterPoint(x: landing.x / n, y: landing.y / n))
        if distance > c.maximumTapDistance {
          ownsTouches = false
          return fail(.tapTooFar(distance, limit: c.maximumTapDistance))
        }
      }
      ownsTouches = true
      return pressed(frame, c, cancelled: cancelled)
    case .pressing:
      return pressed(frame, c, cancelled: cancelled)
    }
  }

  private mutating func pressed(
    _ frame: TouchFrame, _ c: Configuration, cancelled: Bool
  ) -> GestureStep {
    guard case .pressing(let tap, let since) = state else {
      preconditionFailure("tap: pressed outside pressing")
    }
    if cancelled { return fail(.touchCancelled) }
    mostTouches = max(mostTouches, cluster.count)
    let limit = fingers > 0 ? fingers : c.maximumTouches
    if mostTouches > limit {
      // A next tap landing with more fingers than the first ends the sequence: start over on it.
      if tap > 1 && since == frame.time { ownsTouches = false }
      return fail(.tooManyTouches(mostTouches, limit: limit))
    }
    if cluster.largestMovement > c.maximumMovement {
      return fail(.moved(cluster.largestMovement, limit: c.maximumMovement))
    }
    guard cluster.count == 0 else { return .none }
    let required = fingers > 0 ? fingers : c.touchesRequired
    if mostTouches < required {
      return fail(.tooFewTouches(mostTouches, required: required))
    }
    let n = Double(max(landingSum.n, 1))
    let landing = MillimeterPoint(x: landingSum.x / n, y: landingSum.y / n)
    landingSum = (0, 0, 0)
    if let first = firstLocation, first.distance(to: landing) > c.maximumTapDistance {
      return fail(.tapTooFar(first.distance(to: landing), limit: c.maximumTapDistance))
    }
    if firstLocation == nil {
      firstLocation = landing
      fingers = mostTouches
    }
    location = landing
    ownsTouches = false
    taps = tap
    if tap == c.tapsRequired {
      state = .done
      deadline = nil
      return .recognize(.tapped(taps: tap, touches: mostTouches))
    }
    state = .waiting(taps: tap, liftedAt: frame.time)
    deadline = frame.time + c.maximumTapIntervalMicroseconds
    return .none
  }

  private mutating func deadlinePassed(_ c: Configuration) -> GestureStep {
    switch state {
    case .pressing(_, let since):
      let held = (deadline ?? since) - since
      return fail(.pressedTooLong(held, limit: c.maximumPressDurationMicroseconds))
    case .waiting(let taps, _):
      return fail(.noNextTap(taps: taps, within: c.maximumTapIntervalMicroseconds))
    case .idle, .done:
      // A wake-up while no timer runs (a deadline set from outside) changes nothing.
      deadline = nil
      return .none
    }
  }
}
