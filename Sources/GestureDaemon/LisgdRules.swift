import GestureRecognition
import TouchInput

/// One stroke lisgd decides about: the finger count, and the stroke of the finger that
/// decides (the last lifted one on release; the moving one while pressed), as its end point
/// and its translation from its start.
struct LisgdStroke: Sendable, Hashable {
  /// The finger count lisgd uses (same-direction fingers on release, fingers down while
  /// pressed).
  var fingers: Int
  /// Where the stroke ends (mm).
  var end: MillimeterPoint
  /// From its start to its end (mm).
  var translation: PlaneVector
  /// Whether it is a pressed-mode check (fingers still down) rather than the release.
  var pressed: Bool

  /// Where the stroke starts: always computed as `end - translation`, so that the recognizer
  /// and the matcher, which both go through here, see the same number.
  var start: MillimeterPoint {
    MillimeterPoint(x: end.x - translation.dx, y: end.y - translation.dy)
  }
}

/// lisgd 0.3.7's decisions, as facts of its behaviour (not its code): which of the eight
/// directions a stroke has, its edge and length class, and which spec a stroke fires.
enum LisgdRules {
  /// The direction of a stroke at least `minimum` long: within ±15° of up, up-right, right,
  /// down-right, down, down-left, left or up-left (bounds included), else none.
  static func direction(of translation: PlaneVector, minimum: Millimeters) -> SwipeDirection? {
    guard translation.length >= minimum else { return nil }
    // Clockwise from up, in degrees from 0 up to 360, y growing downwards.
    var degrees = arcTangent2(translation.dx, -translation.dy) * 180 / Double.pi
    if degrees < 0 { degrees += 360 }
    let directions: [SwipeDirection] = [
      .up, .upRight, .right, .downRight, .down, .downLeft, .left, .upLeft, .up,
    ]
    for (index, direction) in directions.enumerated() {
      let want = Double(index) * 45
      if degrees >= want - LisgdBinding.leniency && degrees <= want + LisgdBinding.leniency {
        return direction
      }
    }
    return nil
  }

  /// The stroke's edge: a side whose band holds the start, or else the end, taken for the
  /// horizontal and the vertical sides apart; both at once make a corner.
  static func edge(start: MillimeterPoint, end: MillimeterPoint, width: Double, height: Double)
    -> LisgdSpec.Edge
  {
    let band = LisgdBinding.edgeBand
    func side(_ a: Double, _ b: Double, extent: Double) -> Int {
      if a <= band { return -1 }
      if a >= extent - band { return 1 }
      if b <= band { return -1 }
      if b >= extent - band { return 1 }
      return 0
    }
    let horizontal = side(start.x, end.x, extent: width)
    let vertical = side(start.y, end.y, extent: height)
    switch (horizontal, vertical) {
    case (-1, -1): return .topLeft
    case (1, -1): return .topRight
    case (-1, 1): return .bottomLeft
    case (1, 1): return .bottomRight
    case (-1, _): return .left
    case (1, _): return .right
    case (_, -1): return .top
    case (_, 1): return .bottom
    default: return .none
    }
  }

  /// The stroke's length class: against the height for up and down, the width for left and
  /// right, the diagonal for the diagonals (below 33 % short, below 66 % medium).
  static func distance(
    of translation: PlaneVector, direction: SwipeDirection, width: Double, height: Double
  ) -> LisgdSpec.Distance {
    let extent: Double
    switch direction {
    case .up, .down: extent = height
    case .left, .right: extent = width
    default: extent = (width * width + height * height).squareRoot()
    }
    let length = translation.length
    if length >= extent * 0.66 { return .long }
    if length >= extent * 0.33 { return .medium }
    return .short
  }

  /// Whether a spec's edge field accepts a stroke's edge (a corner counts as both its sides).
  static func accepts(_ want: LisgdSpec.Edge, _ edge: LisgdSpec.Edge) -> Bool {
    if want == .any || want == edge { return true }
    switch edge {
    case .topLeft: return want == .top || want == .left
    case .topRight: return want == .top || want == .right
    case .bottomLeft: return want == .bottom || want == .left
    case .bottomRight: return want == .bottom || want == .right
    default: return false
    }
  }

  /// The first spec the stroke fires, by position in `specs`, if any.
  ///
  /// On release every spec may match, with the stroke's length class; while pressed only
  /// `P` specs with distance `*` may (lisgd checks them with no length class).
  static func firstMatch(
    _ specs: [LisgdSpec], _ stroke: LisgdStroke, width: Double, height: Double
  ) -> Int? {
    // lisgd's thresholds are global: the first spec holds them for all.
    guard let first = specs.first else { return nil }
    let minimum = stroke.pressed ? first.pressedStep : first.minimumStroke
    guard let direction = direction(of: stroke.translation, minimum: minimum) else {
      return nil
    }
    let edge = edge(start: stroke.start, end: stroke.end, width: width, height: height)
    let distance =
      stroke.pressed
      ? LisgdSpec.Distance.any
      : self.distance(of: stroke.translation, direction: direction, width: width, height: height)
    return specs.firstIndex { spec in
      spec.fingers == stroke.fingers && spec.direction == direction
        && spec.distance <= distance && accepts(spec.edge, edge)
        && (!stroke.pressed || spec.pressed)
    }
  }
}
