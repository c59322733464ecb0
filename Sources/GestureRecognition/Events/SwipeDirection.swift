/// One of the eight directions a swipe can take, on a screen whose y axis points down.
public enum SwipeDirection: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Towards smaller x.
  case left
  /// Towards larger x.
  case right
  /// Towards smaller y (up the screen).
  case up
  /// Towards larger y (down the screen).
  case down
  /// Up and to the left, at 45°.
  case upLeft
  /// Up and to the right, at 45°.
  case upRight
  /// Down and to the left, at 45°.
  case downLeft
  /// Down and to the right, at 45°.
  case downRight

  /// The four axis directions.
  public static let cardinals: [SwipeDirection] = [.left, .right, .up, .down]

  /// The name as printed (a constant, so printers write it with no `String` in between).
  var name: StaticString {
    switch self {
    case .left: "left"
    case .right: "right"
    case .up: "up"
    case .down: "down"
    case .upLeft: "upLeft"
    case .upRight: "upRight"
    case .downLeft: "downLeft"
    case .downRight: "downRight"
    }
  }
  /// The direction's name as printed: `left`, `right`, `up`, `down`, `upLeft`…
  public var description: String { name.description }

  /// The direction's unit vector (y down).
  public var unitVector: PlaneVector {
    let d = 0.707_106_781_186_547_6
    switch self {
    case .left: return PlaneVector(dx: -1, dy: 0)
    case .right: return PlaneVector(dx: 1, dy: 0)
    case .up: return PlaneVector(dx: 0, dy: -1)
    case .down: return PlaneVector(dx: 0, dy: 1)
    case .upLeft: return PlaneVector(dx: -d, dy: -d)
    case .upRight: return PlaneVector(dx: d, dy: -d)
    case .downLeft: return PlaneVector(dx: -d, dy: d)
    case .downRight: return PlaneVector(dx: d, dy: d)
    }
  }
}

/// A set of swipe directions.
public struct SwipeDirections: OptionSet, Sendable, Hashable {
  /// The bits of the set: bit n holds the direction whose raw value is n.
  public let rawValue: UInt8

  /// Creates a set from its bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// The set holding one direction.
  public init(_ direction: SwipeDirection) {
    self.rawValue = 1 << direction.rawValue
  }

  /// Towards smaller x.
  public static let left = SwipeDirections(.left)
  /// Towards larger x.
  public static let right = SwipeDirections(.right)
  /// Up the screen.
  public static let up = SwipeDirections(.up)
  /// Down the screen.
  public static let down = SwipeDirections(.down)
  /// The four diagonals.
  public static let diagonals = SwipeDirections(rawValue: 0xF0)
  /// Left, right, up and down.
  public static let cardinals: SwipeDirections = [.left, .right, .up, .down]
  /// All eight directions.
  public static let all = SwipeDirections(rawValue: 0xFF)

  /// Whether the set holds `direction`.
  public func contains(_ direction: SwipeDirection) -> Bool {
    rawValue & (1 << direction.rawValue) != 0
  }

  /// The allowed direction closest to `vector` and the angle between them in radians, or nil
  /// for an empty set or a zero vector.
  func nearest(to vector: PlaneVector) -> (direction: SwipeDirection, angle: Double)? {
    let length = vector.length
    guard length > 0 else { return nil }
    var best: (direction: SwipeDirection, angle: Double)?
    for direction in SwipeDirection.allCases where contains(direction) {
      let unit = direction.unitVector
      let dot = (vector.dx * unit.dx + vector.dy * unit.dy)
      let cross = (unit.dx * vector.dy - unit.dy * vector.dx)
      let angle = arcTangent2(cross, dot).magnitude
      if best == nil || angle < (best?.angle ?? .infinity) { best = (direction, angle) }
    }
    return best
  }
}
