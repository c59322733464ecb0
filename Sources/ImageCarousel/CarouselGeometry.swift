/// A point in the carousel's view, in millimetres from its top-left corner (y grows downwards).
///
/// The view is the touch surface itself, so gesture locations map to it one to one. The same
/// type also holds an offset: the displacement of the image's centre from the view's centre.
public struct CarouselPoint: Sendable, Hashable {
  /// The horizontal coordinate, in millimetres.
  public var x: Double
  /// The vertical coordinate, in millimetres.
  public var y: Double

  /// The origin, or a zero offset.
  public static let zero = CarouselPoint(x: 0, y: 0)

  /// Creates a point from millimetre coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The component-wise sum.
  public static func + (lhs: CarouselPoint, rhs: CarouselPoint) -> CarouselPoint {
    CarouselPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  /// The component-wise difference.
  public static func - (lhs: CarouselPoint, rhs: CarouselPoint) -> CarouselPoint {
    CarouselPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  /// Both components multiplied by `factor`.
  public static func * (lhs: CarouselPoint, factor: Double) -> CarouselPoint {
    CarouselPoint(x: lhs.x * factor, y: lhs.y * factor)
  }
}

/// The size of the carousel's view, in millimetres.
public struct CarouselSize: Sendable, Hashable {
  /// The width, in millimetres.
  public var width: Double
  /// The height, in millimetres.
  public var height: Double

  /// Creates a size from millimetre dimensions.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The centre of a view of this size.
  public var center: CarouselPoint {
    CarouselPoint(x: width / 2, y: height / 2)
  }
}

/// The size of an image, in pixels, as its file header states it.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
  /// The width, in pixels.
  public var width: Int
  /// The height, in pixels.
  public var height: Int

  /// Creates a size from pixel dimensions.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size as `640x480`.
  public var description: String {
    "\(width)x\(height)"
  }
}
