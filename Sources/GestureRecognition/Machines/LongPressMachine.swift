import TouchInput

/// The long press recognizer's state machine as a value (``LongPressGestureRecognizer`` holds
/// one; its source file draws the diagram): fingers held still until the press duration has
/// passed, then followed until they lift, optionally after taps.
///
/// Drive it without an engine through ``input(_:_:_:)`` and ``wake(at:_:)``: the output's
/// deadline is when the hold begins (or when a tap before it times out), and waking the machine
/// then returns the begin. ``event(_:at:kind:)`` is the event the recognizer reports.
public struct LongPressMachine: GestureMachine, Sendable {
  /// The long press recognizer's parameters.
  public typealias Configuration = LongPressGestureRecognizer.Configuration

  private enum State: Sendable {
    /// No touch yet. Enough touches down moves to `waiting`.
    case idle
    /// Fewer touches than required are down. More touches move to `waiting`; moving fails.
    case gathering
    /// Enough touches are down, the last of them since `since`. The deadline begins; another
    /// finger within the range restarts the wait; moving, lifting or fingers beyond the range
    /// fail.
    case waiting(since: Microseconds)
    /// The press began. Movement changes it; a lift ends it; a cancelled touch cancels it.
    case active
    /// A tap before the hold is down since `since` (``TapTiming``): lifting all its fingers
    /// counts it; moving, holding too long or too many touches fail.
    case tapping(since: Microseconds)
    /// Between the taps and the hold: the next landing must come by the deadline.
    case betweenTaps
    /// Failed, ended or cancelled; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  /// The taps done before the hold.
  public private(set) var taps = 0
  /// When the hold begins or a tap before it times out (event time), or nil when no timer
  /// runs.
  public private(set) var deadline: Microseconds?
  /// The number of fingers held (0 before enough landed).
  public private(set) var touches = 0
  /// The centroid of the touches (mm); a lift leaves it where all the press's fingers were.
  public private(set) var location = MillimeterPoint(x: 0, y: 0)

  /// Creates a machine in its initial state.
  public init() {}

  /// Returns to `idle`, keeping the storage (no allocation).
  public mutating func reset() {
    state = .idle
    taps = 0
    cluster.removeAll()
    deadline = nil
    touches = 0
  }

  /// Whether touches are followed or a timer runs (not idle).
  public var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  /// Moves to failed or cancelled, stopping the timer (the engine decided).
  public mutating func finish() {
    state = .done
    deadline = nil
  }

  private mutating func finish(_ step: GestureStep) -> GestureStep {
    finish()
    return step
  }

  /// One frame of the touches followed.
  ///
  /// - Parameters:
  ///   - frame: The frame, with its event time.
  ///   - touches: The touches followed, updated with `frame`.
  ///   - configuration: The parameters in use.
  /// - Returns: The step and the timer's deadline.
  public mutating func input(
    _ frame: TouchFrame, _ touches: TouchSurface, _ configuration: Configuration
  ) -> MachineOutput {
    let step = handle(frame, touches, configuration)
    return MachineOutput(step, deadline: deadline)
  }

  /// The timer fired: the hold begins, or a tap before it timed out and fails.
  ///
  /// - Parameters:
  ///   - time: The deadline.
  ///   - configuration: The parameters in use.
  /// - Returns: The step and the next deadline (none).
  public mutating func wake(at time: Microseconds, _ configuration: Configuration)
    -> MachineOutput
  {
    let step = deadlinePassed(configuration)
    return MachineOutput(step, deadline: deadline)
  }

  /// The event the long press recognizer reports: the fingers held and their centroid.
  ///
  /// - Parameters:
  ///   - state: The state being entered.
  ///   - time: The event time of the transition.
  ///   - kind: The kind the event carries.
  ///
  /// Inlinable (its body reads only public values), so the recognizer's `makeEvent` inlines
  /// it rather than passing it a copy of the whole machine (+3.9 M instructions in
  /// `gesture-bench --engine-only` over the stress trace otherwise).
  @inlinable
  public func event(_ state: GestureState, at time: Microseconds, kind: GestureKind)
    -> GestureEvent
  {
    GestureEvent(time: time, kind: kind, state: state, touches: touches, location: location)
  }

  private mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: Configuration
  ) -> GestureStep {
    let before = cluster.count
    let (lifted, cancelled) = cluster.update(surface, keeping: .movement)
    // A lift ends the press where all its fingers were, not at the fingers left.
    if cluster.count > 0 && !lifted { location = cluster.centroid }
    switch state {
    case .done:
      return .none
    case .tapping(let since):
      if cancelled { return finish(.fail(.touchCancelled)) }
      if cluster.largestMovement > c.allowableMovement {
        return finish(.fail(.moved(cluster.largestMovement, limit: c.allowableMovement)))
      }
      if cluster.count > c.maximumTouches {
        return finish(.fail(.tooManyTouches(cluster.count, limit: c.maximumTouches)))
      }
      if cluster.count == 0 {
        taps += 1
        state = .betweenTaps
        deadline = frame.time + TapTiming.interval
      } else if frame.time - since > TapTiming.press {
        return finish(.fail(.pressedTooLong(frame.time - since, limit: TapTiming.press)))
      }
      return .none
    case .idle, .gathering, .betweenTaps:
      if cluster.count == 0 && before == 0 { return .none }
      if taps < c.tapsRequired && before == 0 {
        // A tap before the hold lands.
        state = .tapping(since: frame.time)
        deadline = frame.time + TapTiming.press
        return .none
      }
      if cancelled { return finish(.fail(.touchCancelled)) }
      if lifted { return finish(.fail(.tooFewTouches(before, required: c.touchesRequired))) }
      if cluster.largestMovement > c.allowableMovement {
        return finish(.fail(.moved(cluster.largestMovement, limit: c.allowableMovement)))
      }
      if cluster.count > c.maximumTouches {
        return finish(.fail(.tooManyTouches(cluster.count, limit: c.maximumTouches)))
      }
      if cluster.count >= c.touchesRequired {
        state = .waiting(since: frame.time)
        touches = cluster.count
        deadline = frame.time + c.minimumPressDurationMicroseconds
      } else {
        state = .gathering
      }
      return .none
    case .waiting(let since):
      if cancelled { return finish(.fail(.touchCancelled)) }
      if lifted {
        return finish(
          .fail(.liftedEarly(frame.time - since, required: c.minimumPressDurationMicroseconds)))
      }
      if cluster.count > c.maximumTouches {
        return finish(.fail(.tooManyTouches(cluster.count, limit: c.maximumTouches)))
      }
      if cluster.largestMovement > c.allowableMovement {
        return finish(.fail(.moved(cluster.largestMovement, limit: c.allowableMovement)))
      }
      if cluster.count > touches {
        // A finger joined: the hold of this many fingers starts now.
        state = .waiting(since: frame.time)
        touches = cluster.count
        deadline = frame.time + c.minimumPressDurationMicroseconds
      }
      return .none
    case .active:
      if cancelled { return finish(.cancel(.touchCancelled)) }
      if lifted { return finish(.end(.lifted(remaining: cluster.count))) }
      return cluster.moved ? .change : .none
    }
  }

  private mutating func deadlinePassed(_ c: Configuration) -> GestureStep {
    switch state {
    case .tapping:
      return finish(.fail(.pressedTooLong(TapTiming.press, limit: TapTiming.press)))
    case .betweenTaps:
      return finish(.fail(.noNextTap(taps: taps, within: TapTiming.interval)))
    default: break
    }
    // A wake-up while no wait runs (a deadline set from outside) changes nothing.
    guard case .waiting = state else {
      deadline = nil
      return .none
    }
    state = .active
    deadline = nil
    return .begin(.heldStill(c.minimumPressDurationMicroseconds))
  }
}

/// The taps before a hold (``LongPressGestureRecognizer/Configuration/tapsRequired``): timed
/// as the tap recognizer's defaults.
enum TapTiming {
  /// How long one tap may stay down (the tap's `maximumPressDuration`).
  static let press = TapGestureRecognizer.Configuration().maximumPressDurationMicroseconds
  /// The longest pause from a tap's lift to the next landing (its `maximumTapInterval`).
  static let interval = TapGestureRecognizer.Configuration().maximumTapIntervalMicroseconds
}
