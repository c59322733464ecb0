import GestureRecognition
import TouchInput

/// The recognizers a set of bindings needs, and the arbitration that set implies.
///
/// - Taps: one recognizer per bound tap count, each accepting the bound finger counts; a
///   count waits for the next higher bound count to fail (a double-tap binding makes single
///   taps wait for the 300 ms double-tap interval; without one a single tap fires at once).
/// - Long press: one recognizer per bound finger count.
/// - Swipe: one recognizer for the bound directions and finger counts.
/// - Pan and edge pan: one pan recognizer for the bound finger counts (an edge pan is a pan
///   that starts at an edge; see `BindingMatcher`).
/// - Pinch, rotation: one each when bound.
/// - As in the default set, swipe and pan, pinch and rotation, pinch and pan, rotation and pan
///   are recognized together; everything else excludes each other.
public enum RecognizerPlan {
  /// Builds the engine for `bindings`.
  ///
  /// - Parameter bindings: The bindings of one device (already filtered by device glob).
  /// - Returns: An engine holding only the recognizers some binding needs.
  public static func makeEngine(for bindings: [Binding]) -> GestureEngine {
    let engine = GestureEngine()
    var tapCounts = Set<Int>()
    var tapFingers: [Int] = []
    var holdFingers = Set<Int>()
    var swipeDirections = SwipeDirections()
    var swipeFingers: [Int] = []
    var panFingers: [Int] = []
    var pinch = false
    var rotation = false
    for binding in bindings {
      switch binding.gesture {
      case .tap(let taps, let fingers):
        tapCounts.insert(taps)
        tapFingers.append(fingers)
      case .longPress(let fingers): holdFingers.insert(fingers)
      case .swipe(let direction, let fingers):
        swipeDirections.formUnion(direction.map { SwipeDirections($0) } ?? .all)
        swipeFingers.append(fingers)
      case .pan(_, let fingers, _), .edgePan(_, _, let fingers, _): panFingers.append(fingers)
      case .pinch: pinch = true
      case .rotation: rotation = true
      }
    }
    var swipe: SwipeGestureRecognizer?
    if let low = swipeFingers.min(), let high = swipeFingers.max() {
      swipe = engine.add(
        SwipeGestureRecognizer(.init(directions: swipeDirections, touches: low...high)))
    }
    var taps: [TapGestureRecognizer] = []
    if let low = tapFingers.min(), let high = tapFingers.max() {
      taps = tapCounts.sorted().map {
        engine.add(TapGestureRecognizer(.init(taps: $0, touches: low...high)))
      }
      for (shorter, longer) in zip(taps, taps.dropFirst()) {
        engine.require(shorter, toFail: longer)
      }
    }
    for fingers in holdFingers.sorted() {
      engine.add(LongPressGestureRecognizer(.init(touches: fingers)))
    }
    var pan: PanGestureRecognizer?
    if let low = panFingers.min(), let high = panFingers.max() {
      pan = engine.add(PanGestureRecognizer(.init(minimumTouches: low, maximumTouches: high)))
    }
    let pinchRecognizer = pinch ? engine.add(PinchGestureRecognizer()) : nil
    let rotationRecognizer = rotation ? engine.add(RotationGestureRecognizer()) : nil
    if let swipe, let pan { engine.recognizeSimultaneously(swipe, pan) }
    if let pinchRecognizer, let rotationRecognizer {
      engine.recognizeSimultaneously(pinchRecognizer, rotationRecognizer)
    }
    for twoFinger in [pinchRecognizer, rotationRecognizer].compactMap({ $0 }) {
      if let pan { engine.recognizeSimultaneously(twoFinger, pan) }
    }
    return engine
  }
}
