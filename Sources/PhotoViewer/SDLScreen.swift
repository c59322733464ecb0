import CSDL2
import CSDL2Image
import TextOutput

/// The viewer's window and renderer (SDL2), and the few drawing calls the scene needs.
///
/// Made, used and destroyed on the render thread only.
final class SDLScreen {
  let window: OpaquePointer
  let renderer: OpaquePointer
  /// The drawable size in pixels.
  let width: Int
  let height: Int

  /// Opens a window (`size` pixels, or fullscreen at the display's size when `nil`) with a
  /// renderer (`software`: SDL's software renderer, else the best available).
  ///
  /// - Throws: `ViewerError` naming the fix when SDL cannot open a display or a window.
  init(size: (width: Int, height: Int)?, software: Bool, title: String) throws(ViewerError) {
    // SDL_WINDOWPOS_UNDEFINED, a macro Swift does not import.
    let undefined: Int32 = 0x1FFF_0000
    let flags: UInt32 =
      size == nil
      ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue | SDL_WINDOW_SHOWN.rawValue
      : SDL_WINDOW_SHOWN.rawValue
    guard
      let window = SDL_CreateWindow(
        title, undefined, undefined, Int32(size?.width ?? 0), Int32(size?.height ?? 0), flags)
    else {
      throw ViewerError.display("cannot open a window: " + sdlError())
    }
    let rendererFlags =
      software ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_PRESENTVSYNC.rawValue
    guard
      let renderer = SDL_CreateRenderer(window, -1, rendererFlags)
        ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    else {
      let reason = sdlError()
      SDL_DestroyWindow(window)
      throw ViewerError.display("cannot make a renderer: " + reason)
    }
    self.window = window
    self.renderer = renderer
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    width = Int(max(1, w))
    height = Int(max(1, h))
  }

  deinit {
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  /// Sets the colour of the next fills (0xRRGGBB, opaque unless `alpha`).
  func color(_ rgb: UInt32, alpha: UInt8 = 255) {
    SDL_SetRenderDrawColor(
      renderer, UInt8(rgb >> 16 & 0xFF), UInt8(rgb >> 8 & 0xFF), UInt8(rgb & 0xFF), alpha)
  }

  /// Fills the whole screen with `rgb`.
  func clear(_ rgb: UInt32) {
    color(rgb)
    SDL_RenderClear(renderer)
  }

  /// Fills a rectangle (pixels, rounded to whole pixels).
  func fill(x: Double, y: Double, width: Double, height: Double, _ rgb: UInt32) {
    color(rgb)
    var rect = Self.rect(x: x, y: y, width: width, height: height)
    SDL_RenderFillRect(renderer, &rect)
  }

  /// Draws a rectangle's outline `thickness` pixels wide.
  func frame(x: Double, y: Double, width: Double, height: Double, thickness: Double, _ rgb: UInt32)
  {
    fill(x: x, y: y, width: width, height: thickness, rgb)
    fill(x: x, y: y + height - thickness, width: width, height: thickness, rgb)
    fill(x: x, y: y, width: thickness, height: height, rgb)
    fill(x: x + width - thickness, y: y, width: thickness, height: height, rgb)
  }

  /// Draws `text` with the bitmap font, top-left at (`x`, `y`), `scale` pixels per dot.
  func text(_ text: String, x: Int, y: Int, scale: Int, _ rgb: UInt32) {
    color(rgb)
    let squares = BitmapFont.squares(text, x: x, y: y, scale: scale)
    var rects = squares.map {
      SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32(scale), h: Int32(scale))
    }
    guard !rects.isEmpty else { return }
    SDL_RenderFillRects(renderer, &rects, Int32(rects.count))
  }

  /// A texture of `surface`, or `nil` when the renderer cannot make one.
  func texture(of surface: SDLSurface) -> OpaquePointer? {
    SDL_CreateTextureFromSurface(renderer, surface.pointer)
  }

  /// Draws `texture` into the rectangle centred at (`centerX`, `centerY`) of `width` ×
  /// `height` as shown (after orientation), turned clockwise by `quarterTurns` × 90° after
  /// mirroring left-right when `mirrored` (EXIF orientation).
  func draw(
    _ texture: OpaquePointer, centerX: Double, centerY: Double, width: Double, height: Double,
    quarterTurns: Int, mirrored: Bool
  ) {
    // SDL rotates the destination rectangle about its centre: give it the unrotated shape.
    let sideways = quarterTurns % 2 == 1
    let w = sideways ? height : width
    let h = sideways ? width : height
    var rect = Self.rect(x: centerX - w / 2, y: centerY - h / 2, width: w, height: h)
    SDL_RenderCopyEx(
      renderer, texture, nil, &rect, Double(quarterTurns * 90), nil,
      mirrored ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE)
  }

  /// Shows what was drawn.
  func present() {
    SDL_RenderPresent(renderer)
  }

  /// What the renderer holds now (call before `present()`), as an ARGB8888 surface.
  func readPixels() -> SDLSurface? {
    guard let surface = SDLSurface.make(width: width, height: height) else { return nil }
    let status = SDL_RenderReadPixels(
      renderer, nil, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), surface.pointer.pointee.pixels,
      surface.pointer.pointee.pitch)
    return status == 0 ? surface : nil
  }

  /// A rectangle with its edges rounded to whole pixels (neighbours share edges exactly).
  static func rect(x: Double, y: Double, width: Double, height: Double) -> SDL_Rect {
    let left = clampInt(x.rounded())
    let top = clampInt(y.rounded())
    let right = clampInt((x + width).rounded())
    let bottom = clampInt((y + height).rounded())
    return SDL_Rect(x: left, y: top, w: right - left, h: bottom - top)
  }

  private static func clampInt(_ value: Double) -> Int32 {
    guard value.isFinite else { return 0 }
    return Int32(min(max(value, -1_000_000), 1_000_000))
  }
}

/// Writes `surface` to `path`: PNG when the name ends in `.png`, else BMP.
///
/// - Throws: `ViewerError.io` with SDL's reason.
func save(_ surface: SDLSurface, to path: String) throws(ViewerError) {
  let status: Int32
  if path.lowercased().hasSuffix(".png") {
    status = IMG_SavePNG(surface.pointer, path)
  } else {
    status = SDL_SaveBMP_RW(surface.pointer, SDL_RWFromFile(path, "wb"), 1)
  }
  guard status == 0 else {
    throw ViewerError.io(
      path.escapingControlCharacters + ": cannot write the screenshot: " + sdlError())
  }
}

/// Starts SDL's video with the offscreen driver (in memory, no display) and opens a screen
/// of `width` × `height`: for tests that drive the photo store in process.
///
/// - Throws: `ViewerError.display` when SDL cannot start.
func openOffscreenScreen(width: Int, height: Int) throws(ViewerError) -> SDLScreen {
  SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
  guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
    throw .display("cannot start SDL video: " + sdlError())
  }
  return try SDLScreen(size: (width, height), software: true, title: "test")
}
