import TouchInput

/// A displacement or a velocity in the surface plane; the label of the property says the unit.
///
/// Translations are in millimetres, velocities in millimetres per second; y grows downwards.
public struct PlaneVector: Sendable, Hashable {
  /// The horizontal component (positive to the right).
  public var dx: Double
  /// The vertical component (positive downwards).
  public var dy: Double

  /// Creates a vector.
  public init(dx: Double, dy: Double) {
    self.dx = dx
    self.dy = dy
  }

  /// The zero vector.
  public static let zero = PlaneVector(dx: 0, dy: 0)

  /// The vector's length.
  public var length: Double {
    (dx * dx + dy * dy).squareRoot()
  }
}

/// An axis-aligned rectangle on the touch surface, in millimetres from its top-left corner.
public struct MillimeterRect: Sendable, Hashable {
  /// The top-left corner.
  public var origin: MillimeterPoint
  /// The width in millimetres.
  public var width: Millimeters
  /// The height in millimetres.
  public var height: Millimeters

  /// Creates a rectangle.
  public init(x: Millimeters, y: Millimeters, width: Millimeters, height: Millimeters) {
    self.origin = MillimeterPoint(x: x, y: y)
    self.width = width
    self.height = height
  }

  /// Whether the point lies inside (left and top edges included, right and bottom excluded).
  public func contains(_ point: MillimeterPoint) -> Bool {
    point.x >= origin.x && point.y >= origin.y && point.x < origin.x + width
      && point.y < origin.y + height
  }
}

/// Milliseconds as event-clock microseconds: `milliseconds(500)` is 500 000 µs.
@inlinable public func milliseconds(_ value: Int64) -> Microseconds {
  value * 1000
}

/// Microseconds as (fractional) milliseconds, for explanations.
@inlinable func inMilliseconds(_ value: Microseconds) -> Double {
  Double(value) / 1000
}
