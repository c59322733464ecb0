/// An 8-bit colour, with alpha.
public struct RGBColor: Sendable, Hashable {
  /// Red, 0 to 255.
  public var red: UInt8
  /// Green, 0 to 255.
  public var green: UInt8
  /// Blue, 0 to 255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) to 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour, opaque unless `alpha` says otherwise.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}

/// A picture in memory: rows of 8-bit RGB or RGBA pixels, top row first, to draw fixtures and
/// sample photos and to write them with ``PNGWriter``.
public struct PixelImage: Sendable, Hashable {
  /// Width in pixels (at least 1).
  public let width: Int
  /// Height in pixels (at least 1).
  public let height: Int
  /// Whether each pixel has an alpha byte (RGBA) or not (RGB).
  public let hasAlpha: Bool
  /// The pixels' bytes: `width × height × (3 or 4)`, row by row.
  public private(set) var bytes: [UInt8]

  /// A picture filled with `color`. Sizes below 1 become 1.
  public init(width: Int, height: Int, hasAlpha: Bool = false, color: RGBColor) {
    self.width = max(width, 1)
    self.height = max(height, 1)
    self.hasAlpha = hasAlpha
    let pixel =
      hasAlpha
      ? [color.red, color.green, color.blue, color.alpha]
      : [
        color.red, color.green, color.blue,
      ]
    bytes = Array([[UInt8]](repeating: pixel, count: self.width * self.height).joined())
  }

  /// Bytes per pixel: 3 or 4.
  public var bytesPerPixel: Int { hasAlpha ? 4 : 3 }

  /// The colour at (`x`, `y`), or `nil` outside the picture.
  public func pixel(x: Int, y: Int) -> RGBColor? {
    guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
    let at = (y * width + x) * bytesPerPixel
    return RGBColor(
      red: bytes[at], green: bytes[at + 1], blue: bytes[at + 2],
      alpha: hasAlpha ? bytes[at + 3] : 255)
  }

  /// Paints the rectangle, clipped to the picture.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGBColor) {
    let left = max(x, 0)
    let right = min(x + width, self.width)
    let top = max(y, 0)
    let bottom = min(y + height, self.height)
    guard left < right, top < bottom else { return }
    let step = bytesPerPixel
    for row in top..<bottom {
      var at = (row * self.width + left) * step
      for _ in left..<right {
        bytes[at] = color.red
        bytes[at + 1] = color.green
        bytes[at + 2] = color.blue
        if hasAlpha { bytes[at + 3] = color.alpha }
        at += step
      }
    }
  }

  /// The picture turned a quarter turn counter-clockwise (so that showing it with
  /// ``PhotoOrientation/right``, a quarter turn clockwise, shows this picture again).
  public func rotatedCounterClockwise() -> PixelImage {
    var turned = PixelImage(
      width: height, height: width, hasAlpha: hasAlpha,
      color: .init(
        red: 0, green: 0, blue: 0))
    let step = bytesPerPixel
    for y in 0..<height {
      for x in 0..<width {
        // (x, y) of a width × height picture goes to (y, width − 1 − x).
        let from = (y * width + x) * step
        let to = ((width - 1 - x) * height + y) * step
        for channel in 0..<step { turned.bytes[to + channel] = bytes[from + channel] }
      }
    }
    return turned
  }
}
