//                 touch down                    all lifted, taps < required
//   ┌──────┐ ─────────────────▶ ┌──────────┐ ─────────────────────────────▶ ┌─────────┐
//   │ idle │                    │ pressing │ ◀──────── touch down ───────── │ waiting │
//   └──────┘                    └──────────┘                                └─────────┘
//                                 │      │ all lifted, taps == required          │ deadline
//          moved / too many /     │      ▼                                       │ (interval)
//          too long / too few     │   recognized                                 ▼
//                                 └──────────────────────────────────────────▶ failed
//   recognized | failed ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes one or more taps of one or more fingers (discrete: possible → recognized | failed).
public final class TapGestureRecognizer: GestureRecognizer, TargetActionRecognizer {
  /// The tap recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// Taps in a row (1 = single tap).
    public var tapsRequired = 1
    /// Fingers in each tap.
    public var touchesRequired = 1
    /// How far a touch may move while down: 3.0 mm. Flutter kTouchSlop 18 lp = 2.9 mm; grail
    /// 2.6 mm; Android 8 dp = 1.3 mm; UIKit (private) 45 pt = 7.0 mm.
    public var maximumMovement: Millimeters = 3.0
    /// How long one press may last: 750 ms. UIKit (private) 0.75 s; grail 300 ms; Hammer.js
    /// 250 ms (a long press at 500 ms usually wins first).
    public var maximumPressDuration: Microseconds = 750_000
    /// The longest pause from one tap's lift to the next tap's landing: 300 ms. Flutter and
    /// Android 300 ms (lift to next down); UIKit (private) 0.35 s.
    public var maximumTapInterval: Microseconds = 300_000
    /// The furthest a later tap may land from the first: 15.9 mm. Flutter 100 lp and
    /// Android 100 dp (DOUBLE_TAP_SLOP) = 15.9 mm.
    public var maximumTapDistance: Millimeters = 15.9

    /// Creates a configuration with the defaults, for `taps` taps of `touches` fingers.
    public init(taps: Int = 1, touches: Int = 1) {
      precondition(taps >= 1 && touches >= 1, "tap: taps and touches start at 1")
      tapsRequired = taps
      touchesRequired = touches
    }
  }

  /// The parameters; change them only while no touch is down.
  @exclusivity(unchecked) public var configuration: Configuration
  @exclusivity(unchecked) private var machine = TapMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    self.configuration = configuration
    super.init(kind: .tap, name: name ?? Self.defaultName(configuration))
  }

  /// "tap", "double tap", "2-finger triple tap", …
  static func defaultName(_ c: Configuration) -> String {
    let taps =
      [1: "tap", 2: "double tap", 3: "triple tap"][c.tapsRequired]
      ?? String(c.tapsRequired) + "-tap"
    return c.touchesRequired == 1 ? taps : String(c.touchesRequired) + "-finger " + taps
  }

  override func handle(_ frame: TouchFrame, _ surface: TouchSurface) -> GestureStep {
    let step = machine.handle(frame, surface, configuration)
    deadline = machine.deadline
    return step
  }

  override func handleDeadline(_ time: Microseconds) -> GestureStep {
    let step = machine.deadlinePassed(configuration)
    deadline = machine.deadline
    return step
  }

  override func forceFail() {
    machine.fail()
    deadline = nil
  }
  override func forceCancel() { forceFail() }
  override func reset() {
    machine.reset()
    deadline = nil
  }
  override var isEngaged: Bool { machine.isEngaged }
  override var longestTimeout: Microseconds {
    max(configuration.maximumPressDuration, configuration.maximumTapInterval)
  }

  override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    GestureEvent(
      time: time, kind: .tap, state: state, touches: configuration.touchesRequired,
      location: machine.location, taps: configuration.tapsRequired)
  }

  /// Where the taps landed: the centroid of the last press's landing points (mm).
  public var location: MillimeterPoint { machine.location }
}

/// The tap state machine.
private struct TapMachine {
  private enum State {
    /// No touch yet. A touch down moves to `pressing`.
    case idle
    /// Touches of tap number `tap` are down since `since`. All lifting moves to `waiting` or
    /// recognized; moving, overstaying, extra fingers fail.
    case pressing(tap: Int, since: Microseconds)
    /// Tap `taps` is done, lifted at `liftedAt`. A touch down moves to `pressing`; the
    /// interval deadline fails.
    case waiting(taps: Int, liftedAt: Microseconds)
    /// Recognized or failed; ignores input until reset.
    case done
  }

  private var state = State.idle
  private var cluster = TouchCluster()
  private var mostTouches = 0
  private var landingSum = (x: 0.0, y: 0.0, n: 0)
  private var firstLocation: MillimeterPoint?
  private(set) var location = MillimeterPoint(x: 0, y: 0)
  private(set) var deadline: Microseconds?

  /// Returns to `idle`, keeping the storage (no allocation).
  mutating func reset() {
    state = .idle
    cluster.removeAll()
    mostTouches = 0
    landingSum = (0, 0, 0)
    firstLocation = nil
    deadline = nil
  }

  var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  mutating func fail() {
    state = .done
    deadline = nil
  }

  private mutating func fail(_ reason: GestureReason) -> GestureStep {
    fail()
    return .fail(reason)
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: TapGestureRecognizer.Configuration
  ) -> GestureStep {
    let landing = surface.summary.landing
    landingSum.x += landing.x
    landingSum.y += landing.y
    landingSum.n += landing.n
    let (_, cancelled) = cluster.update(surface)
    switch state {
    case .done:
      return .none
    case .idle, .waiting:
      guard cluster.count > 0 else { return .none }
      var tap = 1
      if case .waiting(let taps, _) = state { tap = taps + 1 }
      state = .pressing(tap: tap, since: frame.time)
      deadline = frame.time + c.maximumPressDuration
      mostTouches = 0
      return pressed(frame, c, cancelled: cancelled)
    case .pressing:
      return pressed(frame, c, cancelled: cancelled)
    }
  }

  private mutating func pressed(
    _ frame: TouchFrame, _ c: TapGestureRecognizer.Configuration, cancelled: Bool
  ) -> GestureStep {
    guard case .pressing(let tap, _) = state else {
      preconditionFailure("tap: pressed outside pressing")
    }
    if cancelled { return fail(.touchCancelled) }
    mostTouches = max(mostTouches, cluster.count)
    if mostTouches > c.touchesRequired {
      return fail(.tooManyTouches(mostTouches, limit: c.touchesRequired))
    }
    if cluster.largestMovement > c.maximumMovement {
      return fail(.moved(cluster.largestMovement, limit: c.maximumMovement))
    }
    guard cluster.count == 0 else { return .none }
    if mostTouches < c.touchesRequired {
      return fail(.tooFewTouches(mostTouches, required: c.touchesRequired))
    }
    let n = Double(max(landingSum.n, 1))
    let landing = MillimeterPoint(x: landingSum.x / n, y: landingSum.y / n)
    landingSum = (0, 0, 0)
    if let first = firstLocation, first.distance(to: landing) > c.maximumTapDistance {
      return fail(.tapTooFar(first.distance(to: landing), limit: c.maximumTapDistance))
    }
    if firstLocation == nil { firstLocation = landing }
    location = landing
    if tap == c.tapsRequired {
      state = .done
      deadline = nil
      return .recognize(.tapped(taps: tap, touches: mostTouches))
    }
    state = .waiting(taps: tap, liftedAt: frame.time)
    deadline = frame.time + c.maximumTapInterval
    return .none
  }

  mutating func deadlinePassed(_ c: TapGestureRecognizer.Configuration) -> GestureStep {
    switch state {
    case .pressing(_, let since):
      let held = (deadline ?? since) - since
      return fail(.pressedTooLong(held, limit: c.maximumPressDuration))
    case .waiting(let taps, _):
      return fail(.noNextTap(taps: taps, within: c.maximumTapInterval))
    case .idle, .done:
      preconditionFailure("tap: deadline with no timer running")
    }
  }
}
