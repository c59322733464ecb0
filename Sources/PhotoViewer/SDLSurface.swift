import CSDL2
import CSDL2Image
import PhotoLibrary

/// An SDL surface (pixels in memory) owned by Swift: freed when the last reference goes.
///
/// Made on the decode worker (SDL allows surfaces on any thread) and handed to the render
/// thread, which makes a texture of it; nothing touches its pixels from two threads at once,
/// hence `@unchecked Sendable`.
public final class SDLSurface: @unchecked Sendable {
  /// The surface: the C boundary, as SDL hands out and takes `SDL_Surface *`
  /// (`SDL_CreateRGBSurfaceWithFormat`, `SDL_ConvertSurfaceFormat`, `SDL_FreeSurface`,
  /// `SDL_SoftStretchLinear`, `SDL_CreateTextureFromSurface`, `IMG_SavePNG`).
  let pointer: UnsafeMutablePointer<SDL_Surface>

  /// Takes ownership of `pointer`.
  init(_ pointer: UnsafeMutablePointer<SDL_Surface>) {
    self.pointer = pointer
  }

  deinit { SDL_FreeSurface(pointer) }

  /// The width in pixels.
  public var width: Int { Int(pointer.pointee.w) }
  /// The height in pixels.
  public var height: Int { Int(pointer.pointee.h) }

  /// A new ARGB8888 surface of `width` × `height`, or `nil` when SDL cannot make one.
  static func make(width: Int, height: Int) -> SDLSurface? {
    guard
      let made = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue))
    else { return nil }
    return SDLSurface(made)
  }

  /// The pixel at (`x`, `y`) as 0xRRGGBB (the surface must be ARGB8888).
  func pixel(x: Int, y: Int) -> UInt32 {
    let pitch = Int(pointer.pointee.pitch)
    let row = pointer.pointee.pixels.advanced(by: y * pitch)
    return row.load(fromByteOffset: x * 4, as: UInt32.self) & 0xFF_FFFF
  }
}

/// SDL's last error message.
func sdlError() -> String {
  String(cString: SDL_GetError())
}

/// Loads the image at `path` with SDL_image and scales it (bilinear) so it fits in
/// `maximum` (width, height), never enlarging it: a screen-sized ARGB8888 surface.
///
/// - Returns: The surface, or the reason it could not be made (SDL_image's error).
func loadScaled(path: String, fitting maximum: (width: Int, height: Int)) -> Result<
  SDLSurface, PhotoFailure
> {
  guard let loaded = IMG_Load(path) else { return .failure(.undecodable(sdlError())) }
  defer { SDL_FreeSurface(loaded) }
  guard
    let converted = SDL_ConvertSurfaceFormat(
      loaded, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0)
  else { return .failure(.undecodable(sdlError())) }
  let full = SDLSurface(converted)
  let scale = min(
    1, Double(maximum.width) / Double(full.width), Double(maximum.height) / Double(full.height))
  guard scale < 1 else { return .success(full) }
  let width = max(1, Int((Double(full.width) * scale).rounded()))
  let height = max(1, Int((Double(full.height) * scale).rounded()))
  guard let scaled = SDLSurface.make(width: width, height: height) else {
    return .failure(.undecodable(sdlError()))
  }
  var target = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
  guard SDL_SoftStretchLinear(full.pointer, nil, scaled.pointer, &target) == 0 else {
    return .failure(.undecodable(sdlError()))
  }
  return .success(scaled)
}

/// Why a photo is shown as a placeholder.
enum PhotoFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// SDL_image could not decode it (corrupt data, an unsupported variant), with its reason.
  case undecodable(String)
  /// The file ends before its image does (a JPEG with no end-of-image marker).
  case truncated
  /// The file is gone (removed while the viewer ran) or cannot be read.
  case unreadable(String)

  /// The kind of `PhotoError` it is.
  var kind: PhotoError.Kind {
    switch self {
    case .undecodable, .truncated: .undecodable
    case .unreadable: .unreadable
    }
  }

  /// The reason in words, as the placeholder shows it.
  var description: String {
    switch self {
    case .undecodable(let reason): "cannot decode: " + reason
    case .truncated: "truncated: the file ends before the image does"
    case .unreadable(let reason): "cannot read: " + reason
    }
  }
}
