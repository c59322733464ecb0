import GestureRecognition
import TouchInput

extension GestureKind {
  /// A stroke that fires a lisgd binding (continuous while pressed-mode lines fire).
  public static let lisgdStroke = GestureKind(name: "lisgdStroke", displayName: "lisgd stroke")
}

/// Follows every finger as lisgd 0.3.7 does and reports the strokes that fire one of its
/// specs (see `LisgdBinding` and `LisgdRules`).
///
/// - A finger's stroke runs from where it landed to its last motion; a finger that never
///   moved counts for nothing (and, as in lisgd, leaves the finger count of the gesture as it
///   was: the last finger lifting without motion decides nothing).
/// - On each lift, the first counted finger sets the direction; each finger whose stroke has
///   that direction adds one to the count. When the last finger lifts within the time limit
///   of the first landing, the last lifted finger's stroke with that count is checked:
///   recognized (or ended, after pressed firings) when it fires a spec.
/// - While fingers are down and a `P` spec exists, each motion of at least 60 px is checked
///   with the fingers down as the count; a firing restarts that finger's stroke and the time
///   limit there (began, then changed).
///
/// Time is event time (lisgd reads its clock when it handles each event).
final class LisgdStrokeRecognizer: GestureRecognizer {
  let specs: [LisgdSpec]
  let width: Millimeters
  let height: Millimeters
  private let hasPressed: Bool
  private let timeout: Microseconds
  /// Each finger's stroke: where it landed (or last fired, pressed) and its last motion (nil
  /// before it moved); one entry per finger, so a motion costs one lookup and one update.
  private var strokes: [TouchID: (start: MillimeterPoint, end: MillimeterPoint?)] = [:]
  private var down = 0
  private var timeDown: Microseconds = 0
  private var began = false
  /// The direction of the first counted finger, and the count: kept across gestures when the
  /// last finger lifted without motion, as lisgd keeps them.
  private var pendingDirection: SwipeDirection?
  private var pendingCount = 0
  private var report = LisgdStroke(
    fingers: 0, end: MillimeterPoint(x: 0, y: 0), translation: PlaneVector(dx: 0, dy: 0),
    pressed: false)

  /// Creates the recognizer for the lisgd specs of one device, in binding order.
  init(specs: [LisgdSpec], width: Millimeters, height: Millimeters) {
    self.specs = specs
    self.width = width
    self.height = height
    hasPressed = specs.contains { $0.pressed }
    timeout = Microseconds(specs.first?.timeout ?? LisgdBinding.defaultTimeout) * 1000
    super.init(kind: .lisgdStroke, name: "lisgd stroke")
  }

  private func fires(_ stroke: LisgdStroke) -> Bool {
    LisgdRules.firstMatch(specs, stroke, width: width, height: height) != nil
  }

  /// Whether the time since `timeDown` is within the limit, in whole milliseconds as lisgd
  /// counts it.
  private func inTime(_ time: Microseconds) -> Bool {
    (time - timeDown) / 1000 < timeout / 1000
  }

  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    var step = GestureStep.none
    for touch in frame.touches where touch.tool == .finger {
      switch touch.phase {
      case .began:
        strokes[touch.id] = (touch.location, nil)
        if down == 0 { timeDown = frame.time }
        down += 1
      case .moved:
        guard let stroke = strokes[touch.id], touch.location != (stroke.end ?? stroke.start)
        else { continue }
        let start = stroke.start
        strokes[touch.id]?.end = touch.location
        // One step a frame: another finger moving in the same frame is checked at its next
        // motion (lisgd checks each finger at once; sxmo binds no multi-finger P line).
        if hasPressed, step == .none, let pressed = pressedStep(touch, start, frame.time) {
          step = pressed
        }
      case .ended:
        down = max(0, down - 1)
        if let lifted = lift(touch, frame.time) { step = lifted }
      case .cancelled:
        // lisgd ignores cancelled touches (and never counts them up); here they leave.
        down = max(0, down - 1)
        strokes[touch.id] = nil
        if down == 0 { step = began ? .end(.touchCancelled) : .fail(.touchCancelled) }
      case .stationary:
        continue
      }
    }
    return step
  }

  private func pressedStep(_ touch: Touch, _ start: MillimeterPoint, _ time: Microseconds)
    -> GestureStep?
  {
    let translation = PlaneVector(
      dx: touch.location.x - start.x, dy: touch.location.y - start.y)
    let stroke = LisgdStroke(
      fingers: down, end: touch.location, translation: translation, pressed: true)
    guard inTime(time), fires(stroke) else { return nil }
    report = stroke
    strokes[touch.id]?.start = touch.location
    timeDown = time
    defer { began = true }
    return began ? .change : .begin(.custom("a pressed-mode lisgd line fires"))
  }

  private func lift(_ touch: Touch, _ time: Microseconds) -> GestureStep? {
    let finger = strokes.removeValue(forKey: touch.id)
    guard let start = finger?.start, let end = finger?.end else {
      // No motion: lisgd returns before looking at the count or the time.
      guard down == 0 else { return nil }
      return finish(nil)
    }
    let translation = PlaneVector(dx: end.x - start.x, dy: end.y - start.y)
    let direction = LisgdRules.direction(
      of: translation, minimum: specs.first?.minimumStroke ?? LisgdBinding.minimumStroke)
    if pendingCount == 0 { pendingDirection = direction }
    if pendingDirection == direction { pendingCount += 1 }
    guard down == 0 else { return nil }
    let stroke = LisgdStroke(
      fingers: pendingCount, end: end, translation: translation, pressed: false)
    pendingCount = 0
    return finish(inTime(time) && fires(stroke) ? stroke : nil)
  }

  private func finish(_ stroke: LisgdStroke?) -> GestureStep {
    report =
      stroke
      ?? LisgdStroke(
        fingers: 0, end: report.end, translation: PlaneVector(dx: 0, dy: 0), pressed: false)
    let reason = GestureReason.custom(
      stroke == nil ? "no lisgd line fires on release" : "a lisgd line fires on release")
    if began { return .end(reason) }
    return stroke == nil ? .fail(reason) : .recognize(reason)
  }

  override func reset() {
    strokes.removeAll(keepingCapacity: true)
    down = 0
    began = false
  }

  override func forceFail() { reset() }
  override func forceCancel() { reset() }

  override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    GestureEvent(
      time: time, kind: kind, state: state, touches: report.fingers, location: report.end,
      translation: report.translation)
  }

  /// The stroke an event of this recognizer reports (pressed while began or changed).
  static func stroke(of event: GestureEvent) -> LisgdStroke {
    LisgdStroke(
      fingers: event.touches, end: event.location,
      translation: event.translation ?? PlaneVector(dx: 0, dy: 0),
      pressed: event.state == .began || event.state == .changed)
  }
}
