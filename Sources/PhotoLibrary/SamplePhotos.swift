/// One of the bundled sample photos: its number, colour name, colour and size.
public struct SamplePhoto: Sendable, Hashable {
  /// The photo's number, 1 to 8: its place in the folder's order.
  public let number: Int
  /// The colour's name, lowercase (`red`).
  public let colorName: String
  /// The colour that fills the photo outside its edge pattern and label.
  public let color: RGBColor
  /// The upright size in pixels.
  public let width: Int
  /// The upright height in pixels.
  public let height: Int
  /// The orientation tag the file carries: the stored pixels are turned so that showing
  /// them with it gives the upright photo (only ``PhotoOrientation/up`` or
  /// ``PhotoOrientation/right``).
  public let orientation: PhotoOrientation

  /// The file name: `1-red.png`.
  public var fileName: String { "\(number)-\(colorName).png" }

  /// The label drawn on the photo: `1 RED`.
  public var label: String { "\(number) \(colorName.uppercased())" }

  /// The edge pattern's colour: the photo's colour at half brightness.
  public var patternColor: RGBColor {
    RGBColor(red: color.red / 2, green: color.green / 2, blue: color.blue / 2)
  }
}

/// The bundled sample photos (`Samples/Photos/`), which `sample-photos` writes: eight flat,
/// clearly different colours, so a test that reads the screen back can tell which photo fills
/// it from the colour of its centre pixel.
///
/// Each photo is its colour with a checkerboard frame of the colour at half brightness along
/// its edges (one square, an eighth of the shorter side, thick), and its label (`1 RED`) in
/// white with a black shadow in the upper third. The centre pixel, and everything between the
/// frame and the label, is exactly ``SamplePhoto/color``.
public enum SamplePhotos {
  /// The photos in folder order.
  public static let all: [SamplePhoto] = [
    photo(1, "red", (220, 40, 40), 1200, 800),
    photo(2, "orange", (245, 140, 20), 800, 1200),
    photo(3, "yellow", (240, 220, 40), 1200, 800),
    photo(4, "green", (40, 170, 60), 800, 1200, .right),
    photo(5, "cyan", (40, 200, 220), 1200, 900),
    photo(6, "blue", (40, 70, 210), 1200, 800),
    photo(7, "purple", (140, 50, 190), 900, 1200),
    photo(8, "gray", (128, 128, 128), 1200, 800),
  ]

  /// A sample's value.
  private static func photo(
    _ number: Int, _ name: String, _ rgb: (UInt8, UInt8, UInt8), _ width: Int, _ height: Int,
    _ orientation: PhotoOrientation = .up
  ) -> SamplePhoto {
    SamplePhoto(
      number: number, colorName: name, color: RGBColor(red: rgb.0, green: rgb.1, blue: rgb.2),
      width: width, height: height, orientation: orientation)
  }

  /// The upright picture of `photo`, at `scale` times its size (1 for the samples; a test's
  /// fixture can be smaller).
  public static func picture(of photo: SamplePhoto, scale: Double = 1) -> PixelImage {
    let width = max(Int(Double(photo.width) * scale), 16)
    let height = max(Int(Double(photo.height) * scale), 16)
    var image = PixelImage(width: width, height: height, color: photo.color)
    let square = max(min(width, height) / 8, 1)
    for row in 0...(height / square) {
      for column in 0...(width / square) where (row + column) % 2 == 0 {
        let onEdge =
          row == 0 || column == 0 || (row + 1) * square >= height
          || (column + 1) * square >= width
        guard onEdge else { continue }
        image.fill(
          x: column * square, y: row * square, width: square, height: square,
          color: photo.patternColor)
      }
    }
    let textWidth = BitmapFont.width(of: photo.label)
    let fontScale = max((width - 3 * square) / max(textWidth, 1), 1)
    let left = (width - textWidth * fontScale) / 2
    let top = height / 3 - BitmapFont.glyphHeight * fontScale / 2
    let shadow = max(fontScale / 4, 1)
    BitmapFont.draw(
      photo.label, into: &image, x: left + shadow, y: top + shadow, scale: fontScale,
      color: RGBColor(red: 0, green: 0, blue: 0))
    BitmapFont.draw(
      photo.label, into: &image, x: left, y: top, scale: fontScale,
      color: RGBColor(red: 255, green: 255, blue: 255))
    return image
  }

  /// The PNG file of `photo`: its stored pixels (turned for its orientation) and tag.
  public static func pngFile(of photo: SamplePhoto, scale: Double = 1) -> [UInt8] {
    let upright = picture(of: photo, scale: scale)
    switch photo.orientation {
    case .right:
      return PNGWriter.encode(upright.rotatedCounterClockwise(), orientation: .right)
    default:
      return PNGWriter.encode(upright)
    }
  }
}
