import GestureRecognition
import TextOutput
import TouchInput

/// The example's recognizers, wired in the order it chooses, and a log of what they report.
///
/// The double tap comes first and the single tap waits for it to fail, so a double tap is
/// never also reported as two single taps; pinch, rotation and pan run together; a swipe is
/// recognized while the pan that follows the same stroke goes on.
public final class GestureWiring {
  /// The engine that holds every recognizer below, in the order they were added.
  public let engine = GestureEngine()
  /// One-finger double tap.
  public let doubleTap: TapGestureRecognizer
  /// One-finger single tap, recognized once the double tap failed.
  public let tap: TapGestureRecognizer
  /// One-finger long press.
  public let longPress: LongPressGestureRecognizer
  /// Swipes of one to three fingers.
  public let swipe: SwipeGestureRecognizer
  /// Pans of one or two fingers.
  public let pan: PanGestureRecognizer
  /// Two-finger pinch.
  public let pinch: PinchGestureRecognizer
  /// Two-finger rotation.
  public let rotation: RotationGestureRecognizer

  /// Adds the recognizers to a new engine and states how they arbitrate.
  public init() {
    doubleTap = engine.add(
      TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: 2), name: "double tap"))
    tap = engine.add(TapGestureRecognizer(name: "tap"))
    longPress = engine.add(LongPressGestureRecognizer(name: "long press"))
    swipe = engine.add(
      SwipeGestureRecognizer(SwipeGestureRecognizer.Configuration(touches: 1...3), name: "swipe"))
    pan = engine.add(
      PanGestureRecognizer(PanGestureRecognizer.Configuration(maximumTouches: 2), name: "pan"))
    pinch = engine.add(PinchGestureRecognizer(name: "pinch"))
    rotation = engine.add(RotationGestureRecognizer(name: "rotation"))

    engine.require(tap, toFail: doubleTap)
    engine.recognizeSimultaneously(swipe, pan)
    engine.recognizeSimultaneously(pinch, rotation)
    engine.recognizeSimultaneously(pinch, pan)
    engine.recognizeSimultaneously(rotation, pan)
  }
}

/// A target of the recognizers' actions that keeps one line per action it receives.
public final class GestureLog {
  /// The lines, in the order the actions arrived.
  public private(set) var lines: [String] = []

  /// Creates an empty log.
  public init() {}

  /// Makes this log the target of the taps, the long press and the swipe of `wiring`.
  public func observe(_ wiring: GestureWiring) {
    wiring.doubleTap.addTarget(self, action: GestureLog.handleDoubleTap)
    wiring.tap.addTarget(self, action: GestureLog.handleTap)
    wiring.longPress.addTarget(self, action: GestureLog.handleLongPress)
    wiring.swipe.addTarget(self, action: GestureLog.handleSwipe)
  }

  /// Notes a double tap and where it was.
  func handleDoubleTap(_ recognizer: TapGestureRecognizer) {
    lines.append("double tap at \(describe(recognizer.location))")
  }

  /// Notes a single tap and where it was.
  func handleTap(_ recognizer: TapGestureRecognizer) {
    lines.append("tap at \(describe(recognizer.location))")
  }

  /// Notes when a long press began and when it ended or was cancelled.
  func handleLongPress(_ recognizer: LongPressGestureRecognizer) {
    guard let event = recognizer.event, event.state != .changed else { return }
    lines.append("long press \(event.state) at \(describe(event.location))")
  }

  /// Notes a swipe's direction.
  func handleSwipe(_ recognizer: SwipeGestureRecognizer) {
    guard let direction = recognizer.direction else { return }
    let touches = recognizer.touches == 1 ? "1 touch" : "\(recognizer.touches) touches"
    lines.append("swipe \(direction) with \(touches)")
  }

  private func describe(_ point: MillimeterPoint) -> String {
    "(\(fixed(point.x, places: 1)), \(fixed(point.y, places: 1))) mm"
  }
}
