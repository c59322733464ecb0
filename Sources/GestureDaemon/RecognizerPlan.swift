import GestureRecognition
import TouchInput

/// The recognizers a set of bindings needs, and the arbitration that set implies.
///
/// - Taps: one recognizer per bound tap count, each accepting the bound finger counts; a
///   count waits for the next higher bound count to fail (a double-tap binding makes single
///   taps wait for the 300 ms double-tap interval; without one a single tap fires at once).
/// - Long press: one recognizer per bound finger count.
/// - Swipe: one recognizer for the bound directions and finger counts.
/// - Edge pan inwards from a side (`edge=left|right|top|bottom` with the inward direction,
///   the default): one `EdgePanGestureRecognizer` for the bound sides and finger counts (5 mm
///   band); the pan and the swipe require it to fail, so a stroke in from an edge is only an
///   edge pan.
/// - Pan, and the other edge pans (along an edge, from a corner, `edge=none`): one pan
///   recognizer for the bound finger counts; those edge pans are pans whose start lies in the
///   band (see `BindingMatcher`).
/// - Pinch, rotation: one each when bound.
/// - As in the default set, swipe and pan, pinch and rotation, pinch and pan, rotation and pan
///   are recognized together; everything else excludes each other.
public enum RecognizerPlan {
  /// Builds the engine for `bindings`.
  ///
  /// - Parameters:
  ///   - bindings: The bindings of one device (already filtered by device glob).
  ///   - width: The surface's width in mm (after rotation), for edge pans.
  ///   - height: The surface's height in mm.
  /// - Returns: An engine holding only the recognizers some binding needs.
  public static func makeEngine(
    for bindings: [Binding], width: Millimeters, height: Millimeters
  ) -> GestureEngine {
    let engine = GestureEngine()
    var tapCounts = Set<Int>()
    var tapFingers: [Int] = []
    var holdFingers = Set<Int>()
    var swipeDirections = SwipeDirections()
    var swipeFingers: [Int] = []
    var panFingers: [Int] = []
    var edgeSides = Set<ScreenEdge>()
    var edgeFingers: [Int] = []
    var pinch = false
    var rotation = false
    // Per recognizer, the first binding's value (see `Tunables`).
    let edgeBand = bindings.lazy.compactMap(\.tunables.edgeBand).first
    let swipeSpeed = bindings.lazy.compactMap(\.tunables.swipeSpeed).first
    let swipeTime = bindings.lazy.compactMap(\.tunables.swipeTime).first
    let tapInterval = bindings.lazy.compactMap(\.tunables.doubleTapInterval).first
    var holdTimes: [Int: Microseconds] = [:]
    for binding in bindings {
      if case .longPress(let fingers) = binding.gesture, holdTimes[fingers] == nil {
        holdTimes[fingers] = binding.tunables.longPressTime
      }
    }
    var lisgd: [LisgdSpec] = []
    var corners = Set<SurfaceEdge>()
    for binding in bindings {
      if case .edgePan(let edge?, _, _, _) = binding.gesture, edge.inward == nil {
        corners.insert(edge)
      }
      switch binding.gesture {
      case .tap(let taps, let fingers):
        tapCounts.insert(taps)
        tapFingers.append(fingers)
      case .longPress(let fingers): holdFingers.insert(fingers)
      case .swipe(let direction, let fingers):
        swipeDirections.formUnion(direction.map { SwipeDirections($0) } ?? .all)
        swipeFingers.append(fingers)
      case .edgePan(_, _, let fingers, _) where binding.gesture.recognizerEdge != nil:
        edgeSides.insert(binding.gesture.recognizerEdge ?? .left)
        edgeFingers.append(fingers)
      case .pan(_, let fingers, _), .edgePan(_, _, let fingers, _): panFingers.append(fingers)
      case .pinch: pinch = true
      case .rotation: rotation = true
      case .lisgd(let spec): lisgd.append(spec)
      }
    }
    var edgePans: [EdgePanGestureRecognizer] = []
    if let low = edgeFingers.min(), let high = edgeFingers.max() {
      let bounds = MillimeterRect(x: 0, y: 0, width: width, height: height)
      if corners.isEmpty {
        var configuration = EdgePanGestureRecognizer.Configuration(
          bounds: bounds, edges: edgeSides, touches: low...high)
        if let edgeBand { configuration.band = edgeBand }
        edgePans = [engine.add(EdgePanGestureRecognizer(configuration))]
      } else {
        // A bound corner wins its corner: each side's recognizer leaves the corners bound at
        // its ends to the pan, on which corner bindings are matched.
        for side in edgeSides.sorted(by: { $0.rawValue < $1.rawValue }) {
          var configuration = EdgePanGestureRecognizer.Configuration(
            bounds: bounds, edges: [side], touches: low...high)
          if let edgeBand { configuration.band = edgeBand }
          let recognizer = EdgePanGestureRecognizer(configuration)
          recognizer.region = sideRegion(side, corners, width: width, height: height)
          edgePans.append(engine.add(recognizer))
        }
      }
    }
    var swipe: SwipeGestureRecognizer?
    if let low = swipeFingers.min(), let high = swipeFingers.max() {
      var configuration = SwipeGestureRecognizer.Configuration(
        directions: swipeDirections, touches: low...high)
      if let swipeSpeed { configuration.minimumVelocity = swipeSpeed }
      if let swipeTime { configuration.maximumDurationMicroseconds = swipeTime }
      swipe = engine.add(SwipeGestureRecognizer(configuration))
    }
    var taps: [TapGestureRecognizer] = []
    if let low = tapFingers.min(), let high = tapFingers.max() {
      taps = tapCounts.sorted().map {
        var configuration = TapGestureRecognizer.Configuration(taps: $0, touches: low...high)
        if let tapInterval { configuration.maximumTapIntervalMicroseconds = tapInterval }
        return engine.add(TapGestureRecognizer(configuration))
      }
      for (shorter, longer) in zip(taps, taps.dropFirst()) {
        engine.require(shorter, toFail: longer)
      }
    }
    for fingers in holdFingers.sorted() {
      var configuration = LongPressGestureRecognizer.Configuration(touches: fingers)
      if let time = holdTimes[fingers] ?? nil {
        configuration.minimumPressDurationMicroseconds = time
      }
      engine.add(LongPressGestureRecognizer(configuration))
    }
    var pan: PanGestureRecognizer?
    if let low = panFingers.min(), let high = panFingers.max() {
      pan = engine.add(PanGestureRecognizer(.init(minimumTouches: low, maximumTouches: high)))
    }
    let pinchRecognizer = pinch ? engine.add(PinchGestureRecognizer()) : nil
    let rotationRecognizer = rotation ? engine.add(RotationGestureRecognizer()) : nil
    if let swipe, let pan { engine.recognizeSimultaneously(swipe, pan) }
    for edgePan in edgePans {
      if let pan { engine.require(pan, toFail: edgePan) }
      if let swipe { engine.require(swipe, toFail: edgePan) }
    }
    if let pinchRecognizer, let rotationRecognizer {
      engine.recognizeSimultaneously(pinchRecognizer, rotationRecognizer)
    }
    for twoFinger in [pinchRecognizer, rotationRecognizer].compactMap({ $0 }) {
      if let pan { engine.recognizeSimultaneously(twoFinger, pan) }
    }
    if !lisgd.isEmpty {
      // lisgd lines follow every finger on their own, beside whatever else is bound.
      let others = engine.recognizers
      let stroke = engine.add(LisgdStrokeRecognizer(specs: lisgd, width: width, height: height))
      for other in others { engine.recognizeSimultaneously(stroke, other) }
    }
    return engine
  }

  /// The part of the surface where a side's edge pan may start: all of it, less the bound
  /// corners at that side's ends (their square of two bands).
  static func sideRegion(
    _ side: ScreenEdge, _ corners: Set<SurfaceEdge>, width: Millimeters, height: Millimeters
  ) -> MillimeterRect {
    let band = BindingMatcher.edgeBand
    var low = 0.0
    var high = side == .left || side == .right ? height : width
    let (first, second): (SurfaceEdge, SurfaceEdge) =
      switch side {
      case .left: (.topLeft, .bottomLeft)
      case .right: (.topRight, .bottomRight)
      case .top: (.topLeft, .topRight)
      case .bottom: (.bottomLeft, .bottomRight)
      }
    if corners.contains(first) { low = band }
    if corners.contains(second) { high -= band }
    switch side {
    case .left, .right:
      return MillimeterRect(x: 0, y: low, width: width, height: max(0, high - low))
    case .top, .bottom:
      return MillimeterRect(x: low, y: 0, width: max(0, high - low), height: height)
    }
  }
}

extension BindingGesture {
  /// The side an edge pan recognizer serves this binding from: an edge pan from a side,
  /// inwards; nil for every other binding (those are matched on the pan).
  var recognizerEdge: ScreenEdge? {
    guard case .edgePan(let edge?, let direction, _, _) = self, direction == edge.inward else {
      return nil
    }
    switch edge {
    case .left: return .left
    case .right: return .right
    case .top: return .top
    case .bottom: return .bottom
    default: return nil
    }
  }
}
