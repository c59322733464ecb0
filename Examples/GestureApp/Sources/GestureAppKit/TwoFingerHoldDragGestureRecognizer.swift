//          2 fingers        deadline:        moved ≥ drag
//            down           held still       slop (began)
//   ┌──────┐ ───▶ ┌─────────┐ ───▶ ┌───────┐ ───▶ ┌──────────┐ ─┐ moved:
//   │ idle │      │ holding │      │ armed │      │ dragging │ ◀┘ changed
//   └──────┘      └─────────┘      └───────┘      └──────────┘
//      │ moved,      │ moved, lifted   │ lifted,      │ lifted: ended
//      │ lifted,     │ early, 3rd      │ 3rd finger,  │ cancelled touch:
//      │ 3 fingers   │ finger          │ cancelled    │ cancelled
//      ▼             ▼                 ▼              ▼
//    failed        failed            failed       ended | cancelled
//   failed | ended | cancelled ──(all touches gone: the engine calls reset())──▶ idle
import GestureRecognition
import TouchInput

extension GestureKind {
  /// Two fingers held still, then dragged together (continuous).
  public static let twoFingerHoldDrag = GestureKind(
    name: "twoFingerHoldDrag", displayName: "two-finger hold drag")
}

/// Recognizes two fingers held still for a while, then dragged together (continuous: began
/// when the drag starts, changed as it moves, ended when a finger lifts).
///
/// Written only against the library's public API, as any application would: it subclasses
/// `GestureRecognizer`, reads its touches through `TouchSurface`, asks for a deadline in event
/// time and returns `GestureStep`s, which the engine checks and arbitrates like any built-in
/// recognizer's.
public final class TwoFingerHoldDragGestureRecognizer: GestureRecognizer {
  /// The recognizer's parameters.
  public struct Configuration: Sendable, Hashable {
    /// How long both fingers must stay still: 500 ms (UIKit's long press
    /// minimumPressDuration 0.5 s; Flutter kLongPressTimeout 500 ms).
    public var minimumHoldDuration: Microseconds = 500_000
    /// How far a finger may move during the hold: 1.6 mm (UIKit allowableMovement 10 pt).
    public var allowableMovement: Millimeters = 1.6
    /// How far the fingers' centroid must move after the hold for the drag to begin: 2.9 mm
    /// (Flutter kTouchSlop 18 logical pixels).
    public var dragSlop: Millimeters = 2.9

    /// Creates a configuration with the defaults.
    public init() {}
  }

  private enum Phase {
    case idle
    case holding(since: Microseconds)
    case armed(anchor: MillimeterPoint)
    case dragging(anchor: MillimeterPoint)
    case done
  }

  /// The parameters; change them only while no touch is down.
  public var configuration: Configuration
  private var phase = Phase.idle
  /// The centroid's movement since the drag's anchor (where the fingers were when the hold
  /// completed), in millimetres.
  public private(set) var translation = PlaneVector(dx: 0, dy: 0)
  /// The centroid of the two fingers, in millimetres.
  public private(set) var location = MillimeterPoint(x: 0, y: 0)

  /// Creates a recognizer.
  public init(_ configuration: Configuration = Configuration(), name: String = "two-finger hold") {
    self.configuration = configuration
    super.init(kind: .twoFingerHoldDrag, name: name)
  }

  /// Follows the two fingers through the hold and the drag.
  public override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    if touches.numberOfTouches > 0 || touches.touchLifted { location = touches.centroid }
    switch phase {
    case .done:
      return .none
    case .idle:
      if touches.numberOfTouches == 0 && !touches.touchLifted { return .none }
      if let failure = holdFailure(touches, since: nil, at: frame.time) { return finish(failure) }
      if touches.numberOfTouches == 2 {
        phase = .holding(since: frame.time)
        deadline = frame.time + configuration.minimumHoldDuration
      }
      return .none
    case .holding(let since):
      if let failure = holdFailure(touches, since: since, at: frame.time) {
        return finish(failure)
      }
      return .none
    case .armed(let anchor):
      if touches.touchCancelled { return finish(.fail(.touchCancelled)) }
      if touches.touchLifted { return finish(.fail(.custom("lifted before dragging"))) }
      if touches.numberOfTouches > 2 {
        return finish(.fail(.tooManyTouches(touches.numberOfTouches, limit: 2)))
      }
      let moved = distance(anchor, location)
      guard moved >= configuration.dragSlop else { return .none }
      phase = .dragging(anchor: anchor)
      translation = PlaneVector(dx: location.x - anchor.x, dy: location.y - anchor.y)
      return .begin(.custom("held still, then dragged " + millimetres(moved)))
    case .dragging(let anchor):
      if touches.touchCancelled { return finish(.cancel(.touchCancelled)) }
      if touches.touchLifted {
        return finish(.end(.lifted(remaining: touches.numberOfTouches)))
      }
      guard touches.touchesMoved else { return .none }
      translation = PlaneVector(dx: location.x - anchor.x, dy: location.y - anchor.y)
      return .change
    }
  }

  /// Why the hold fails in this frame, if it does.
  private func holdFailure(_ touches: TouchSurface, since: Microseconds?, at time: Microseconds)
    -> GestureStep?
  {
    if touches.touchCancelled { return .fail(.touchCancelled) }
    if touches.touchLifted {
      guard let since else { return .fail(.tooFewTouches(1, required: 2)) }
      return .fail(.liftedEarly(time - since, required: configuration.minimumHoldDuration))
    }
    if touches.numberOfTouches > 2 {
      return .fail(.tooManyTouches(touches.numberOfTouches, limit: 2))
    }
    let movement = largestMovement(touches)
    if movement > configuration.allowableMovement {
      return .fail(.moved(movement, limit: configuration.allowableMovement))
    }
    return nil
  }

  /// The farthest any finger down has moved from where it landed (per-touch access).
  private func largestMovement(_ touches: TouchSurface) -> Millimeters {
    var largest = 0.0
    for index in 0..<touches.numberOfTouches {
      guard let start = touches.startLocation(ofTouch: index),
        let now = touches.location(ofTouch: index)
      else { continue }
      largest = max(largest, distance(start, now))
    }
    return largest
  }

  /// The hold is complete: the drag may start from here.
  public override func handleDeadline(_ time: Microseconds) -> GestureStep {
    deadline = nil
    if case .holding = phase { phase = .armed(anchor: location) }
    return .none
  }

  private func finish(_ step: GestureStep) -> GestureStep {
    phase = .done
    deadline = nil
    return step
  }

  /// Stops following the touches (the engine failed or cancelled the recognizer).
  public override func forceFail() { phase = .done }
  /// Stops following the touches (the engine cancelled the drag).
  public override func forceCancel() { phase = .done }

  /// Back to idle once all the touches are gone.
  public override func reset() {
    phase = .idle
    translation = PlaneVector(dx: 0, dy: 0)
  }

  /// Whether the recognizer is following two fingers.
  public override var isEngaged: Bool {
    if case .idle = phase { return false }
    return true
  }

  /// A trailing hold is decided within the hold duration.
  public override var longestTimeout: Microseconds { configuration.minimumHoldDuration }

  /// The event: two fingers, their centroid and the drag's translation.
  public override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    GestureEvent(
      time: time, kind: kind, state: state, touches: 2, location: location,
      translation: translation)
  }
}

/// The distance between two points, in millimetres.
private func distance(_ a: MillimeterPoint, _ b: MillimeterPoint) -> Millimeters {
  let dx = a.x - b.x
  let dy = a.y - b.y
  return (dx * dx + dy * dy).squareRoot()
}

/// "3.1 mm".
private func millimetres(_ value: Millimeters) -> String {
  let tenths = Int((value * 10).rounded())
  return String(tenths / 10) + "." + String(tenths % 10) + " mm"
}

/// A target of the hold-drag's actions, wired with `addTarget(_:action:)` like any built-in's:
/// every recognizer, yours included, has target-action with no declaration of its own.
public final class HoldDragFollower {
  /// The drag's translation at each action, with its state ("began 5.0,0.0").
  public private(set) var moves: [String] = []

  /// Creates a follower of `recognizer`'s actions.
  public init(_ recognizer: TwoFingerHoldDragGestureRecognizer) {
    recognizer.addTarget(self, action: HoldDragFollower.handleDrag)
  }

  /// Notes the drag's state and translation.
  func handleDrag(_ recognizer: TwoFingerHoldDragGestureRecognizer) {
    guard let event = recognizer.event else { return }
    let t = recognizer.translation
    moves.append(
      event.state.description + " " + String(Int(t.dx.rounded())) + ","
        + String(Int(t.dy.rounded())))
  }
}
