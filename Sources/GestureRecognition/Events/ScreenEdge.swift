import TouchInput

/// One edge of the touch surface, after rotation (UIKit's `UIRectEdge` members).
public enum ScreenEdge: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The edge at x = 0.
  case left
  /// The edge at x = width.
  case right
  /// The edge at y = 0 (y grows downwards).
  case top
  /// The edge at y = height.
  case bottom

  /// The name used in text and JSON output, a constant so printers write it with no `String`
  /// in between.
  var name: StaticString {
    switch self {
    case .left: "left"
    case .right: "right"
    case .top: "top"
    case .bottom: "bottom"
    }
  }
  /// The edge's name as printed: `left`, `right`, `top` or `bottom`.
  public var description: String { name.description }

  /// The unit vector pointing away from this edge, into the surface.
  var inwards: PlaneVector {
    switch self {
    case .left: PlaneVector(dx: 1, dy: 0)
    case .right: PlaneVector(dx: -1, dy: 0)
    case .top: PlaneVector(dx: 0, dy: 1)
    case .bottom: PlaneVector(dx: 0, dy: -1)
    }
  }

  /// How far `point` lies from this edge of `bounds`, in mm (negative outside).
  func distance(of point: MillimeterPoint, in bounds: MillimeterRect) -> Millimeters {
    switch self {
    case .left: point.x - bounds.origin.x
    case .right: bounds.origin.x + bounds.width - point.x
    case .top: point.y - bounds.origin.y
    case .bottom: bounds.origin.y + bounds.height - point.y
    }
  }
}
