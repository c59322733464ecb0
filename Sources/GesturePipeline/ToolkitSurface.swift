import GestureRecognition
import TouchInput

/// The surface a toolkit reports touches on (a window, a screen): the unit of its coordinates
/// and its physical size, so positions become millimetres.
///
/// Use ``normalized(width:height:)`` for toolkits that report 0…1 (SDL's finger events) and
/// ``pixels(width:height:widthMillimeters:heightMillimeters:)`` or
/// ``pixels(width:height:dotsPerInch:)`` for toolkits that report pixels (GTK, `wl_touch` in
/// surface coordinates). Positions outside the surface are kept as they are (a finger that
/// slid off a window is still tracked).
public struct ToolkitSurface: Sendable, Hashable {
  /// The unit of a toolkit's touch coordinates.
  public enum Units: Sendable, Hashable {
    /// 0…1 across the surface's width and height.
    case normalized
    /// Pixels from the surface's top-left corner.
    case pixels
  }

  /// The unit of the coordinates given to ``location(x:y:)``.
  public let units: Units
  /// The surface's width, in millimetres.
  public let width: Millimeters
  /// The surface's height, in millimetres.
  public let height: Millimeters
  /// The surface's width in coordinate units (1 for normalized coordinates).
  public let unitsWide: Double
  /// The surface's height in coordinate units (1 for normalized coordinates).
  public let unitsHigh: Double

  private init(
    units: Units, width: Millimeters, height: Millimeters, unitsWide: Double, unitsHigh: Double
  ) {
    self.units = units
    self.width = width
    self.height = height
    self.unitsWide = unitsWide
    self.unitsHigh = unitsHigh
  }

  /// A surface whose coordinates are 0…1 across its `width` and `height` in millimetres.
  ///
  /// - Throws: ``ToolkitSurfaceError`` when a size is not a finite number above zero.
  public static func normalized(width: Millimeters, height: Millimeters) throws(ToolkitSurfaceError)
    -> ToolkitSurface
  {
    try check(width, "width in mm")
    try check(height, "height in mm")
    return ToolkitSurface(
      units: .normalized, width: width, height: height, unitsWide: 1, unitsHigh: 1)
  }

  /// A surface `width` × `height` pixels that measures `widthMillimeters` ×
  /// `heightMillimeters` (a monitor's physical size, as the toolkit or EDID reports it).
  ///
  /// - Throws: ``ToolkitSurfaceError`` when a size is not a finite number above zero.
  public static func pixels(
    width: Double, height: Double, widthMillimeters: Millimeters, heightMillimeters: Millimeters
  ) throws(ToolkitSurfaceError) -> ToolkitSurface {
    try check(width, "width in pixels")
    try check(height, "height in pixels")
    try check(widthMillimeters, "width in mm")
    try check(heightMillimeters, "height in mm")
    return ToolkitSurface(
      units: .pixels, width: widthMillimeters, height: heightMillimeters, unitsWide: width,
      unitsHigh: height)
  }

  /// A surface `width` × `height` pixels at `dotsPerInch` pixels per inch (25.4 mm) in both
  /// directions.
  ///
  /// - Throws: ``ToolkitSurfaceError`` when a size or the density is not a finite number
  ///   above zero.
  public static func pixels(width: Double, height: Double, dotsPerInch: Double)
    throws(ToolkitSurfaceError) -> ToolkitSurface
  {
    try check(dotsPerInch, "dots per inch")
    return try pixels(
      width: width, height: height, widthMillimeters: width / dotsPerInch * 25.4,
      heightMillimeters: height / dotsPerInch * 25.4)
  }

  /// The surface as a rectangle in millimetres from its top-left corner (for
  /// `GestureEngine.makeDefault(surface:)`, whose edge recognizers need it).
  public var bounds: MillimeterRect {
    MillimeterRect(x: 0, y: 0, width: width, height: height)
  }

  /// The position in millimetres of a point given in the surface's ``units``.
  public func location(x: Double, y: Double) -> MillimeterPoint {
    MillimeterPoint(x: x / unitsWide * width, y: y / unitsHigh * height)
  }

  /// The position of a point as a touch's `raw` field: pixels for a pixel surface,
  /// ten-thousandths of the width and height for a normalized one, rounded and kept within
  /// ±2,000,000,000.
  public func raw(x: Double, y: Double) -> RawPoint {
    let scale: Double = units == .normalized ? 10_000 : 1
    return RawPoint(x: Self.rawValue(x * scale), y: Self.rawValue(y * scale))
  }

  private static func rawValue(_ value: Double) -> Int32 {
    guard value.isFinite else { return 0 }
    return Int32(min(max(value, -2_000_000_000), 2_000_000_000).rounded())
  }

  private static func check(_ value: Double, _ name: String) throws(ToolkitSurfaceError) {
    guard value.isFinite, value > 0 else {
      throw ToolkitSurfaceError(
        message: "the surface's \(name) must be a finite number above zero, not \(value)")
    }
  }
}

/// A toolkit surface that cannot map positions (a size of zero, negative or not a number).
public struct ToolkitSurfaceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in words.
  public var message: String

  /// Creates an error.
  public init(message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
