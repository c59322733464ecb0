import TextOutput
import TouchInput

/// Why a recognizer changed state, with the numbers that decided it.
///
/// A value with no text until printed, so recording a reason costs nothing when nobody listens.
public enum GestureReason: Sendable, Hashable, CustomStringConvertible {
  /// A touch moved further than allowed (distance, limit; mm).
  case moved(Millimeters, limit: Millimeters)
  /// A touch stayed down longer than allowed (duration, limit).
  case pressedTooLong(Microseconds, limit: Microseconds)
  /// Touches lifted before the required duration (duration, required).
  case liftedEarly(Microseconds, required: Microseconds)
  /// No next tap came within the interval (taps so far, interval).
  case noNextTap(taps: Int, within: Microseconds)
  /// The next tap landed too far from the first (distance, limit; mm).
  case tapTooFar(Millimeters, limit: Millimeters)
  /// More touches than allowed came down (count, limit).
  case tooManyTouches(Int, limit: Int)
  /// Fewer touches than required took part (count, required).
  case tooFewTouches(Int, required: Int)
  /// The required number of taps happened.
  case tapped(taps: Int, touches: Int)
  /// The touches stayed still for the minimum duration.
  case heldStill(Microseconds)
  /// The stroke was shorter than required (distance, required; mm).
  case tooShort(Millimeters, required: Millimeters)
  /// The stroke was slower than required (speed, required; mm/s).
  case tooSlow(Double, required: Double)
  /// The stroke lasted longer than allowed without qualifying (duration, limit).
  case tooLong(Microseconds, limit: Microseconds)
  /// The stroke was too far off the nearest allowed direction (angle, limit; degrees).
  case offAxis(Double, limit: Double)
  /// The fingers did not move the same way.
  case fingersDisagree
  /// A swipe long, fast and straight enough (distance mm, speed mm/s).
  case swiped(SwipeDirection, distance: Millimeters, speed: Double)
  /// The touches moved beyond the slop (distance, slop; mm).
  case slopExceeded(Millimeters, slop: Millimeters)
  /// The span changed beyond the slop (change, slop; mm).
  case spanChanged(Millimeters, slop: Millimeters)
  /// The touches lifted before the span changed by the slop (change, slop; mm).
  case spanBelowSlop(Millimeters, slop: Millimeters)
  /// The touches lifted before turning by the slop (angle, slop; degrees).
  case turnBelowSlop(Double, slop: Double)
  /// The touches turned beyond the slop (angle, slop; degrees).
  case turned(Double, slop: Double)
  /// A touch landed farther from every allowed edge than the band (distance, band; mm).
  case notAtEdge(Millimeters, band: Millimeters)
  /// The touches moved along the edge more than away from it (inwards, along; mm).
  case alongEdge(Millimeters, along: Millimeters)
  /// The touches moved away from an edge beyond the minimum distance (edge, distance,
  /// required; mm).
  case leftEdge(ScreenEdge, distance: Millimeters, required: Millimeters)
  /// The touches moved (a continuous gesture's change).
  case touchesMoved
  /// The touches lifted (count still down afterwards).
  case lifted(remaining: Int)
  /// A touch was cancelled by the input layer.
  case touchCancelled
  /// The engine cancelled gestures in flight (for example the device vanished).
  case cancelledByEngine
  /// The recognizer was disabled (`isEnabled` set to false) while following touches.
  case disabled
  /// Another recognizer began or was recognized and the pair is not simultaneous.
  case prevented(by: String)
  /// A recognizer this one requires to fail succeeded.
  case requiredSucceeded(String)
  /// A recognizer this one requires to fail is still undecided: the recognition is held.
  case waitingFor(String)
  /// Every recognizer this one required to fail has failed: the held recognition is delivered.
  case requirementsFailed(String)
  /// The recognizer's delegate said it should not begin (`gestureRecognizerShouldBegin`).
  case delegateRefused
  /// The recognizer was removed from its engine while following touches.
  case removed
  /// A reason of a recognizer of your own, printed as given ("held 2 fingers 350 ms").
  case custom(String)
  /// All of the recognizer's touches are gone: back to possible.
  case allTouchesGone
  /// The touches that just landed are not part of the finished gesture: back to possible, and
  /// starting over on them.
  case newTouches

  /// The reason as printed in explanations, with its numbers and units: "moved 4.2 mm > 3.0 mm".
  public var description: String {
    switch self {
    case .moved(let d, let limit): "moved " + mm(d) + " > " + mm(limit)
    case .pressedTooLong(let d, let limit):
      "still down after " + ms(d) + " (limit " + ms(limit) + ")"
    case .liftedEarly(let d, let required): "lifted after " + ms(d) + " < " + ms(required)
    case .noNextTap(let taps, let within):
      "no tap " + String(taps + 1) + " within " + ms(within)
    case .tapTooFar(let d, let limit): "next tap " + mm(d) + " away > " + mm(limit)
    case .tooManyTouches(let n, let limit): count(n, "touch", "touches") + " > " + String(limit)
    case .tooFewTouches(let n, let required):
      count(n, "touch", "touches") + " < " + String(required)
    case .tapped(let taps, let touches):
      count(taps, "tap", "taps") + " of " + count(touches, "touch", "touches")
    case .heldStill(let d): "held still " + ms(d)
    case .tooShort(let d, let required): "moved " + mm(d) + " < " + mm(required)
    case .tooSlow(let v, let required): speed(v) + " < " + speed(required)
    case .tooLong(let d, let limit): "lasted " + ms(d) + " > " + ms(limit)
    case .offAxis(let a, let limit):
      fixed(a, places: 1) + "° off axis > " + fixed(limit, places: 1) + "°"
    case .fingersDisagree: "fingers moved different ways"
    case .swiped(let d, let distance, let v):
      d.description + " " + mm(distance) + " at " + speed(v)
    case .slopExceeded(let d, let slop): "moved " + mm(d) + " ≥ " + mm(slop)
    case .spanChanged(let d, let slop): "span changed " + mm(d) + " ≥ " + mm(slop)
    case .spanBelowSlop(let d, let slop): "span changed " + mm(d) + " < " + mm(slop)
    case .turnBelowSlop(let a, let slop):
      "turned " + fixed(a, places: 1) + "° < " + fixed(slop, places: 1) + "°"
    case .turned(let a, let slop):
      "turned " + fixed(a, places: 1) + "° ≥ " + fixed(slop, places: 1) + "°"
    case .notAtEdge(let d, let band):
      "landed " + mm(d) + " from the nearest edge > " + mm(band) + " band"
    case .alongEdge(let inward, let along):
      "moved " + mm(inward) + " inwards < " + mm(along) + " along the edge"
    case .leftEdge(let edge, let d, let required):
      "moved " + mm(d) + " away from the " + edge.description + " edge ≥ " + mm(required)
    case .touchesMoved: "touches moved"
    case .lifted(let remaining): "lifted, " + count(remaining, "touch", "touches") + " left"
    case .touchCancelled: "a touch was cancelled"
    case .cancelledByEngine: "cancelled by the engine"
    case .disabled: "disabled"
    case .prevented(let name): "prevented by " + name
    case .requiredSucceeded(let name): name + " (required to fail) succeeded"
    case .waitingFor(let name): "held until " + name + " fails"
    case .requirementsFailed(let name): name + " failed, releasing"
    case .delegateRefused: "the delegate refused"
    case .removed: "removed from the engine"
    case .custom(let text): text
    case .allTouchesGone: "all touches gone"
    case .newTouches: "new touches landed, starting over"
    }
  }
}

/// `1 touch`, `2 touches`: a count with its noun in the right number.
private func count(_ n: Int, _ one: String, _ many: String) -> String {
  String(n) + " " + (n == 1 ? one : many)
}

private func mm(_ value: Double) -> String { fixed(value, places: 1) + " mm" }
private func ms(_ value: Microseconds) -> String { fixed(inMilliseconds(value), places: 0) + " ms" }
private func speed(_ value: Double) -> String { fixed(value, places: 0) + " mm/s" }

/// One state change of one recognizer, with its reason, for `--explain`.
public struct ExplainEntry: Sendable, Hashable, CustomStringConvertible {
  /// The event time of the change.
  public var time: Microseconds
  /// The recognizer's name (its `name`, e.g. "double tap").
  public var recognizer: String
  /// The recognizer's kind.
  public var kind: GestureKind
  /// The state before.
  public var from: GestureState
  /// The state after; equal to `from` (possible) when a recognition is held.
  public var to: GestureState
  /// Why.
  public var reason: GestureReason

  /// Creates an entry.
  public init(
    time: Microseconds, recognizer: String, kind: GestureKind, from: GestureState,
    to: GestureState, reason: GestureReason
  ) {
    self.time = time
    self.recognizer = recognizer
    self.kind = kind
    self.from = from
    self.to = to
    self.reason = reason
  }

  /// "tap failed: moved 4.2 mm > 3.0 mm"; a held recognition reads "tap held: …", a reset
  /// "tap reset: …".
  public var description: String {
    let verb: String
    if from == .possible && to == .possible {
      verb = "held"
    } else if to == .possible {
      verb = "reset"
    } else {
      verb = to.description
    }
    return recognizer + " " + verb + ": " + reason.description
  }

  /// The entry as a text line: time in seconds since `origin` (right-aligned in 11 columns, as
  /// the gesture lines), then the description.
  public func text(origin: Microseconds) -> String {
    let t = seconds(time - origin)
    var out = ""
    var width = t.utf8.count
    while width < 11 {
      out += " "
      width += 1
    }
    return out + t + "  explain  " + description
  }
}
