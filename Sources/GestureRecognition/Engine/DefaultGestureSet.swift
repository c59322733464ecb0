/// The recognizers `gesturectl` uses by default, wired into one engine.
///
/// - Single, double and triple taps, each of 1-5 fingers (one recognizer per tap count serves
///   every finger count and reports the count it saw; every tap of a sequence has the first
///   tap's count). The single tap requires the double tap to fail and the double tap requires
///   the triple tap to fail, so a double tap never also reports single taps (the price: a single
///   tap is reported when the double-tap interval, 300 ms, has passed, with its original time).
///   A tap landing too late or too far away ends the sequence and starts a new one, so every
///   tap is reported exactly once (single + 2 × double + 3 × triple = taps).
/// - One long press of 1-5 fingers (500 ms from the last finger's landing; reports the count
///   held, so a two-finger hold is never also a one-finger long press).
/// - One swipe in the four axis directions of 1-3 fingers (reporting the count it saw; it
///   decides as three exact-count swipes would, sharing one cluster and velocity tracker).
/// - One pan of 1-5 touches; pinch and rotation, simultaneous with each other and with the pan.
/// - With the surface's bounds, one edge pan of 1 finger from any of the four edges (5 mm band,
///   3 mm to begin). The pan and the swipe require it to fail: a stroke that lands in an edge
///   band and moves inwards is an edge pan and not also a pan or a swipe; one that moves along
///   the edge fails it at 3 mm and stays a pan (the pan's began, held meanwhile, is delivered
///   with its time); touches outside the bands fail it as they land. A tap or a hold in a band
///   stays a tap or a long press (the long press prevents the edge pan).
///
/// Swipe and pan: the pan stays live (it begins after 3 mm of slop), and the swipe is
/// simultaneous with it, so a fast stroke reports pan began, a swipe recognized as soon as the
/// stroke is long and fast enough (no lift needed), then pan changed… and pan ended. A slow drag
/// reports only the pan; the swipe fails as too slow or too long. Consumers that want one or the
/// other pick by kind.
public final class DefaultGestureSet {
  /// The engine holding every recognizer below.
  public let engine: GestureEngine
  /// `taps[taps - 1]`: the single, double and triple tap recognizers (1-5 fingers each).
  public let taps: [TapGestureRecognizer]
  /// The long press of 1-5 fingers.
  public let longPress: LongPressGestureRecognizer
  /// The swipe of 1-3 fingers.
  public let swipe: SwipeGestureRecognizer
  /// The pan.
  public let pan: PanGestureRecognizer
  /// The pinch.
  public let pinch: PinchGestureRecognizer
  /// The rotation.
  public let rotation: RotationGestureRecognizer
  /// The edge pan, when the set was built with the surface's bounds.
  public let edgePan: EdgePanGestureRecognizer?

  /// Builds the set; `onEvent` receives every action (for printing).
  ///
  /// - Parameters:
  ///   - surface: The surface in mm after rotation; with it the set has an edge pan.
  ///   - onEvent: Receives every delivered action, before the recognizers' targets.
  public init(
    surface: MillimeterRect? = nil, onEvent: ((GestureEvent, GestureRecognizer) -> Void)? = nil
  ) {
    let engine = GestureEngine()
    engine.onEvent = onEvent
    // First: in a frame where it decides, the pan and the swipe see its decision.
    edgePan = surface.map { engine.add(EdgePanGestureRecognizer(.init(bounds: $0))) }
    swipe = engine.add(SwipeGestureRecognizer(.init(touches: 1...3)))
    taps = (1...3).map {
      engine.add(TapGestureRecognizer(TapGestureRecognizer.Configuration(taps: $0, touches: 1...5)))
    }
    longPress = engine.add(LongPressGestureRecognizer(.init(touches: 1...5)))
    pan = engine.add(PanGestureRecognizer(PanGestureRecognizer.Configuration(maximumTouches: 5)))
    pinch = engine.add(PinchGestureRecognizer())
    rotation = engine.add(RotationGestureRecognizer())
    engine.require(taps[0], toFail: taps[1])
    engine.require(taps[1], toFail: taps[2])
    engine.recognizeSimultaneously(swipe, pan)
    engine.recognizeSimultaneously(pinch, rotation)
    engine.recognizeSimultaneously(pinch, pan)
    engine.recognizeSimultaneously(rotation, pan)
    if let edgePan {
      engine.require(pan, toFail: edgePan)
      engine.require(swipe, toFail: edgePan)
    }
    self.engine = engine
  }
}

extension GestureEngine {
  /// An engine with the default recognizer set (see `DefaultGestureSet`).
  public static func makeDefault(
    surface: MillimeterRect? = nil, onEvent: ((GestureEvent, GestureRecognizer) -> Void)? = nil
  ) -> GestureEngine {
    DefaultGestureSet(surface: surface, onEvent: onEvent).engine
  }
}
