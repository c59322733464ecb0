//              touch down                   stroke long enough, fast enough on
//   ┌──────┐ ─────────────▶ ┌──────────┐    average, straight, fingers agree
//   │ idle │                │ tracking │ ───────────────────────────────▶ recognized
//   └──────┘                └──────────┘    (checked on every move, no lift needed)
//                             │ too many touches / first lift or maximum duration
//                             │ without the above / cancelled
//                             ▼
//                           failed
//   recognized | failed ──(all touches gone)──▶ possible (reset to idle)
import TouchInput

/// Recognizes a quick straight stroke of one or more fingers in an allowed direction
/// (discrete).
///
/// As UIKit, the swipe is recognized as soon as the stroke qualifies, without waiting for the
/// lift, and fails once it has lasted longer than the maximum duration: on a move (or the first
/// lift) within `maximumDuration` of the first landing, the centroid must have travelled
/// `minimumDistance` at an average speed since the landing (distance / elapsed time, Hammer.js's
/// "overall velocity") of at least `minimumVelocity`, within `maximumAngle` of an allowed
/// direction, and with every finger moving that way. The first moment the stroke is long and
/// fast enough decides: off the axes then, it fails. A stroke that decelerates at the end is
/// still a swipe; a slow drag never averages the speed.
public final class SwipeGestureRecognizer: GestureRecognizer {
  /// The swipe recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// The directions recognized (UIKit's default is right only; ours the four axes).
    public var directions: SwipeDirections = .cardinals
    /// Fewest fingers that swipe together.
    public var touchesRequired = 1
    /// Most fingers that swipe together (equal to `touchesRequired` unless a range was given).
    public var maximumTouches = 1
    /// How far the centroid must travel: 7.8 mm. UIKit 50 pt = 7.8 mm (private, decaying to
    /// 4.1 mm at 0.5 s); lisgd 11.7 mm on a PinePhone.
    public var minimumDistance: Millimeters = 7.8
    /// How fast the centroid must have moved on average since the first landing (distance /
    /// elapsed time): 100 mm/s. Hammer.js overall velocity 0.3 px/ms = 48-80 mm/s, rounded up
    /// so a slow drag (80 mm in 1.2 s peaks near 95 mm/s on average) is not a swipe; Flutter
    /// and Android fling 7.9 mm/s (release velocity, far more lenient).
    public var minimumVelocity: Double = 100
    /// How long after the first landing the stroke may still qualify: 500 ms. UIKit (private)
    /// maximumDuration 0.5 s; lisgd 800 ms down to up.
    /// In microseconds, the unit of event time: ``maximumDuration`` is the same setting as a
    /// `Duration` (`.milliseconds(500)`).
    public var maximumDurationMicroseconds: Microseconds = 500_000
    /// How far the stroke may point off the nearest allowed direction: 30°. lisgd ±15° (eight
    /// directions); GTK's 2:1 axis lock ≈ 26.6°; UIKit allows far more (200 pt across).
    /// With diagonals enabled, use at most 22.5°.
    public var maximumAngle: Double = 30

    /// Creates a configuration with the defaults, for `touches` fingers.
    public init(directions: SwipeDirections = .cardinals, touches: Int = 1) {
      self.init(directions: directions, touches: touches...touches)
    }

    /// Creates a configuration with the defaults, for any finger count in `touches` (the event
    /// reports the count seen).
    public init(directions: SwipeDirections = .cardinals, touches: ClosedRange<Int>) {
      self.directions = directions
      touchesRequired = touches.lowerBound
      maximumTouches = touches.upperBound
    }
  }

  /// The parameters. A change made while a gesture is in progress applies from the next
  /// gesture (once every touch has lifted and the recognizer is reset); the gesture in flight
  /// goes on with the values it began with. A count out of range (below 1, or a most below the
  /// fewest) is corrected to the nearest valid value and reported (``GestureEngineDiagnostic/configurationCorrected(recognizer:setting:given:used:rule:)``):
  /// read back, the configuration is the corrected value set last.
  public var configuration: Configuration {
    get { parameters.latest }
    set {
      var corrections = Corrections()
      parameters.set(Self.validated(newValue, &corrections), inProgress: gestureInProgress)
      configurationChanged()
      announce(corrections)
    }
  }
  /// Storage of `configuration` (private, so the optimizer sees every access; see
  /// `GestureRecognizer`).
  private var parameters: DeferredConfiguration<Configuration>
  /// The state machine while the recognizer is in no engine; in one, it lives in the engine's
  /// lanes (see `LaneRecognizer`).
  var parked = SwipeMachine()

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String? = nil) {
    var corrections = Corrections()
    let valid = Self.validated(configuration, &corrections)
    self.parameters = DeferredConfiguration(valid)
    super.init(kind: .swipe, name: name ?? Self.defaultName(valid))
    announce(corrections)
  }

  /// `c` with its finger counts in range: the fewest at least 1, the most not below it.
  static func validated(_ c: Configuration, _ corrections: inout Corrections) -> Configuration {
    var valid = c
    (valid.touchesRequired, valid.maximumTouches) = corrections.range(
      c.touchesRequired, c.maximumTouches, "touchesRequired", "maximumTouches")
    return valid
  }

  /// "swipe", "2-finger swipe", "2-3-finger swipe" (a range from 1 finger reads as "swipe").
  static func defaultName(_ c: Configuration) -> String {
    if c.touchesRequired == 1 { return "swipe" }
    let fingers =
      c.maximumTouches == c.touchesRequired
      ? String(c.touchesRequired) : String(c.touchesRequired) + "-" + String(c.maximumTouches)
    return fingers + "-finger swipe"
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

  /// The number of fingers of the recognized swipe (0 before recognition).
  public var touches: Int { machine.fingers }
  /// The recognized direction (nil before recognition): the result, read in the action. Not
  /// UIKit's `direction`, which is the setting (the directions allowed): that one is
  /// ``directions`` here (or `configuration.directions`). Kept so, as one recognizer here
  /// serves every direction and the action needs to know which one it saw.
  public var direction: SwipeDirection? { machine.direction }
  /// The centroid's velocity when recognized (mm/s).
  public var velocity: PlaneVector { machine.velocity }
  /// The centroid when recognized (mm).
  public var location: MillimeterPoint { machine.location }
}

/// The swipe state machine.
///
/// With a range of finger counts it decides as one exact-count swipe per count would, sharing
/// one cluster and one velocity tracker: the count being judged is the most touches seen so
/// far; a count below it has failed (too many touches), one above it waits for more fingers.
/// A stroke off the axes fails only the count it was judged with: a finger landing later
/// starts judging the next count.
struct SwipeMachine {
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
  /// The finger count of the recognized swipe (0 before).
  private(set) var fingers = 0
  private(set) var direction: SwipeDirection?
  private(set) var velocity = PlaneVector.zero
  private(set) var location = MillimeterPoint(x: 0, y: 0)

  /// Returns to `idle`, keeping the storage (no allocation).
  mutating func reset() {
    state = .idle
    cluster.removeAll()
    tracker.reset()
    mostTouches = 0
    offAxisCount = 0
    fingers = 0
    direction = nil
    velocity = .zero
  }

  var isEngaged: Bool {
    if case .idle = state { return false }
    return true
  }

  mutating func finish() {
    state = .done
  }

  private mutating func fail(_ reason: GestureReason) -> GestureStep {
    state = .done
    return .fail(reason)
  }

  mutating func handle(
    _ frame: TouchFrame, _ surface: TouchSurface, _ c: SwipeGestureRecognizer.Configuration
  ) -> GestureStep {
    let since: Microseconds
    switch state {
    case .done: return .none
    case .tracking(let start): since = start
    case .idle:
      guard surface.summary.count > 0 else { return .none }
      since = frame.time
      state = .tracking(since: since)
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
    _ c: SwipeGestureRecognizer.Configuration
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
    _ surface: TouchSurface, _ c: SwipeGestureRecognizer.Configuration
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

extension SwipeMachine: GestureMachine {
  mutating func input(
    _ frame: TouchFrame, _ touches: TouchSurface, _ c: SwipeGestureRecognizer.Configuration
  ) -> MachineOutput {
    MachineOutput(handle(frame, touches, c))
  }

  var touches: Int { fingers }
}

extension SwipeGestureRecognizer: LaneRecognizer {
  /// The configuration in use, as the machine takes it.
  var machineConfiguration: Configuration { parameters.inUse }
  /// The event of `m` entering `state` at `time` (`makeEvent(_:at:)`, also made by the
  /// engine from the machine in its lane).
  static func event(
    _ m: SwipeMachine, _ c: Configuration, _ state: GestureState, at time: Microseconds
  ) -> GestureEvent {
    GestureEvent(
      time: time, kind: .swipe, state: state, touches: max(m.fingers, c.touchesRequired),
      location: m.location, direction: m.direction, velocity: .planar(m.velocity))
  }
  /// The lane of its machines.
  static var laneKind: LaneKind { .swipe }
  /// Its lane of `lanes`.
  static func withLane<R>(
    _ lanes: inout MachineLanes, _ body: (inout MachineLane<SwipeMachine>) -> R
  ) -> R { body(&lanes.swipes) }
}
