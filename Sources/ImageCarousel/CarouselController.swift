import GestureRecognition
import TouchInput

/// The carousel's controller: owns the gesture engine and its recognizers, is the target of
/// their actions, mutates the model and reports every change.
///
/// The wiring (MVC as in the lecture):
/// - one-finger swipe (left, right, up, down) → `handleSwipe` → `ImageCarousel.swipe(_:)`,
///   ignored while zoomed (the drag pans instead);
/// - single tap (requires the double tap to fail, so it is reported 300 ms after the lift) →
///   `handleTap` → `ImageCarousel.tap()` (dismisses the alert);
/// - double tap → `handleDoubleTap` → `ImageCarousel.doubleTap(at:)`;
/// - one-finger long press, on began → `handleLongPress` → `ImageCarousel.longPress()`;
/// - one-finger pan, enabled only while the image is zoomed (`isEnabled` follows the model after
///   every change: enabled when it becomes zoomed, disabled when it returns to 1×; began by 1
///   finger, its steps are used only while exactly one finger is down and no pinch is active) →
///   `handlePan` → `ImageCarousel.pan(by:)`;
/// - pinch, simultaneous with the pan → `handlePinch` → `ImageCarousel.zoom(by:from:to:)`: the
///   image point under the fingers follows their centroid.
///
/// Swipe and pan are simultaneous too: when not zoomed the pan is disabled and the swipe flips;
/// when zoomed the pan moves the image and the swipe is ignored. Targets are held weakly
/// by the recognizers, so dropping the controller silences them.
///
/// Feed it with `process(_:)` and `advance(to:)` (or `engine` directly); time is event time only.
public final class CarouselController {
  /// The model; change it only through the gestures (or `restore(_:)`).
  public private(set) var model: ImageCarousel
  /// The engine holding every recognizer below, in this order.
  public let engine = GestureEngine()
  /// One-finger swipes in the four axis directions.
  public let swipe: SwipeGestureRecognizer
  /// One-finger single tap.
  public let tap: TapGestureRecognizer
  /// One-finger double tap.
  public let doubleTap: TapGestureRecognizer
  /// One-finger long press.
  public let longPress: LongPressGestureRecognizer
  /// One-finger pan.
  public let pan: PanGestureRecognizer
  /// Two-or-more-finger pinch.
  public let pinch: PinchGestureRecognizer
  /// Receives every change of the model with the event time of the gesture that caused it.
  public var onChange: ((CarouselChange, Microseconds) -> Void)?

  /// The pan translation already applied, so each step applies only the difference.
  private var appliedTranslation = PlaneVector.zero
  /// The pinch scale already applied.
  private var appliedScale = 1.0
  /// The focal point of the last pinch step, and how many touches it had.
  private var pinchFocus = CarouselPoint.zero
  private var pinchTouches = 0

  /// Creates a controller for `model` and wires its recognizers.
  ///
  /// - Parameters:
  ///   - model: The carousel to drive; its view size should be the touch surface's size in mm.
  ///   - onChange: Receives every change with its event time (settable later).
  public init(
    model: ImageCarousel, onChange: ((CarouselChange, Microseconds) -> Void)? = nil
  ) {
    self.model = model
    self.onChange = onChange
    swipe = engine.add(SwipeGestureRecognizer(name: "swipe"))
    doubleTap = engine.add(
      TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 2), name: "double tap"))
    tap = engine.add(TapGestureRecognizer(name: "tap"))
    longPress = engine.add(LongPressGestureRecognizer(name: "long press"))
    pan = engine.add(
      PanGestureRecognizer(PanGestureRecognizer.Configuration(maximumTouches: 1), name: "pan"))
    pinch = engine.add(PinchGestureRecognizer(name: "pinch"))
    engine.require(tap, toFail: doubleTap)
    engine.recognizeSimultaneously(pinch, pan)
    engine.recognizeSimultaneously(swipe, pan)
    swipe.addTarget(self, action: CarouselController.handleSwipe)
    tap.addTarget(self, action: CarouselController.handleTap)
    doubleTap.addTarget(self, action: CarouselController.handleDoubleTap)
    longPress.addTarget(self, action: CarouselController.handleLongPress)
    pan.addTarget(self, action: CarouselController.handlePan)
    pinch.addTarget(self, action: CarouselController.handlePinch)
    syncPan()
  }

  // MARK: Input

  /// Feeds one touch frame to the engine (firing overdue deadlines first).
  public func process(_ frame: TouchFrame) {
    engine.process(frame)
  }

  /// Fires every deadline up to `time` with no new frame (a long press while the finger rests).
  public func advance(to time: Microseconds) {
    engine.advance(to: time)
  }

  /// When the engine next needs `advance(to:)`, or nil.
  public var nextDeadline: Microseconds? {
    engine.nextDeadline
  }

  /// End of input: fires the timers still pending after `lastEventTime` (a trailing single tap
  /// that dismisses the alert, a long press held to the end).
  public func flush(after lastEventTime: Microseconds) {
    engine.flush(after: lastEventTime)
  }

  // MARK: Persistence

  /// The state to save.
  public var state: CarouselState {
    CarouselState(model)
  }

  /// Restores a saved state if it belongs to this image list (see `ImageCarousel.restore(_:)`).
  ///
  /// - Returns: `false` when the state was saved for another image list; nothing changes then.
  public func restore(_ state: CarouselState) -> Bool {
    defer { syncPan() }
    return model.restore(state)
  }

  // MARK: Actions

  /// Flips on a left or right swipe; ignored while zoomed.
  func handleSwipe(_ recognizer: SwipeGestureRecognizer) {
    guard let event = recognizer.event, event.state == .recognized, !model.isZoomed else { return }
    let direction: CarouselSwipeDirection? =
      switch event.direction {
      case .left?: .left
      case .right?: .right
      case .up?: .up
      case .down?: .down
      default: nil
      }
    guard let direction else { return }
    report(model.swipe(direction), at: event.time)
  }

  /// Dismisses the alert on a single tap.
  func handleTap(_ recognizer: TapGestureRecognizer) {
    guard let event = recognizer.event, event.state == .recognized else { return }
    report(model.tap(), at: event.time)
  }

  /// Toggles 1× ↔ 2× at the tapped point (or dismisses the alert).
  func handleDoubleTap(_ recognizer: TapGestureRecognizer) {
    guard let event = recognizer.event, event.state == .recognized else { return }
    report(model.doubleTap(at: point(event.location)), at: event.time)
  }

  /// Shows the alert when the long press begins (the model's lock keeps it to one).
  func handleLongPress(_ recognizer: LongPressGestureRecognizer) {
    guard let event = recognizer.event, event.state == .began else { return }
    report(model.longPress(), at: event.time)
  }

  /// Moves a zoomed image by the pan's new translation.
  func handlePan(_ recognizer: PanGestureRecognizer) {
    guard let event = recognizer.event, let translation = event.translation else { return }
    if event.state == .began { appliedTranslation = .zero }
    let delta = CarouselPoint(
      x: translation.dx - appliedTranslation.dx, y: translation.dy - appliedTranslation.dy)
    appliedTranslation = translation
    guard event.touches == 1, !pinch.state.isActive else { return }
    report(model.pan(by: delta), at: event.time)
  }

  /// Zooms by the pinch's new scale, dragging the image point under the fingers with them.
  func handlePinch(_ recognizer: PinchGestureRecognizer) {
    guard let event = recognizer.event, let scale = event.scale, scale > 0 else { return }
    let focus = point(event.location)
    if event.state == .began {
      appliedScale = 1
      pinchFocus = focus
      pinchTouches = event.touches
    }
    // A finger landing or lifting moves the centroid without moving the image.
    if event.touches != pinchTouches { pinchFocus = focus }
    let change = model.zoom(by: scale / appliedScale, from: pinchFocus, to: focus)
    appliedScale = scale
    pinchFocus = focus
    pinchTouches = event.touches
    report(change, at: event.time)
  }

  /// Passes a change, if any, to `onChange`.
  private func report(_ change: CarouselChange?, at time: Microseconds) {
    guard let change else { return }
    syncPan()
    onChange?(change, time)
  }

  /// Enables the pan while the image is zoomed and disables it at 1× (a drag then only swipes).
  /// Enabling takes effect for touches that begin afterwards.
  private func syncPan() {
    if pan.isEnabled != model.isZoomed { pan.isEnabled = model.isZoomed }
  }

  /// A surface point as a view point (the view is the surface).
  private func point(_ location: MillimeterPoint) -> CarouselPoint {
    CarouselPoint(x: location.x, y: location.y)
  }
}
