import CSDL2
import CSDL2Image
import TextOutput

/// A screenshot read back from a file (`--screenshot`, PNG or BMP): its pixels as 0xRRGGBB,
/// for tests that check what a person would see.
public struct Screenshot: Sendable, Hashable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The pixels, row by row from the top, each 0xRRGGBB.
  public let pixels: [UInt32]

  /// Reads the image at `path` with SDL_image.
  ///
  /// - Throws: `ViewerError.io` when it cannot be read.
  public init(contentsOf path: String) throws(ViewerError) {
    guard let loaded = IMG_Load(path) else {
      throw .io(path.escapingControlCharacters + ": cannot read the image: " + sdlError())
    }
    defer { SDL_FreeSurface(loaded) }
    guard
      let converted = SDL_ConvertSurfaceFormat(
        loaded, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0)
    else { throw .io(path.escapingControlCharacters + ": cannot convert: " + sdlError()) }
    let surface = SDLSurface(converted)
    width = surface.width
    height = surface.height
    var pixels: [UInt32] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      for x in 0..<width { pixels.append(surface.pixel(x: x, y: y)) }
    }
    self.pixels = pixels
  }

  /// The pixel at (`x`, `y`) as 0xRRGGBB.
  public func pixel(x: Int, y: Int) -> UInt32 {
    pixels[y * width + x]
  }
}

/// Writes a JPEG of `width` × `height` pixels filled with `rgb` (0xRRGGBB) to `path`, for
/// tests and the benchmark (SDL_image's JPEG writer, quality 90).
///
/// - Throws: `ViewerError.io` when SDL cannot make or write it.
public func writeSolidJPEG(width: Int, height: Int, rgb: UInt32, to path: String)
  throws(ViewerError)
{
  guard let surface = SDLSurface.make(width: width, height: height) else {
    throw .io("cannot make a \(width)x\(height) surface: " + sdlError())
  }
  SDL_FillRect(surface.pointer, nil, 0xFF00_0000 | rgb)
  guard IMG_SaveJPG(surface.pointer, path, 90) == 0 else {
    throw .io(path.escapingControlCharacters + ": cannot write the JPEG: " + sdlError())
  }
}
