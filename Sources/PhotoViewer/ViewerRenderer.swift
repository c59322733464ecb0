import ImageCarousel
import PhotoLibrary

/// Draws the scene: the photo strip (current photo zoomed and moved, neighbours either side
/// while a drag or transition shows them), the placeholder of a photo that cannot be shown,
/// the grid of thumbnails and the alert.
struct ViewerRenderer {
  /// Colours (0xRRGGBB).
  static let background: UInt32 = 0x000000
  static let placeholder: UInt32 = 0x3A3A3A
  static let placeholderText: UInt32 = 0xFFFFFF
  static let placeholderReason: UInt32 = 0xFFB0B0
  static let alertBox: UInt32 = 0xF4F4F4
  static let alertBorder: UInt32 = 0x202020
  static let alertText: UInt32 = 0x101010
  static let gridBackground: UInt32 = 0x181818
  static let gridSelection: UInt32 = 0xFFD000

  let screen: SDLScreen
  let scene: ViewerScene
  let photos: PhotoStore
  let thumbnails: PhotoStore

  /// The text scale for the screen: 1 dot per pixel up to 400 px high, then more.
  var textScale: Int { max(1, screen.height / 400 + 1) }

  func draw() {
    screen.clear(Self.background)
    if scene.gridOpen {
      drawGrid()
    } else {
      drawStrip()
    }
    if let message = scene.model.alert { drawAlert(message) }
  }

  private func drawStrip() {
    let model = scene.model
    let count = model.images.count
    guard count > 0 else { return }
    let strip = scene.stripNow()
    let width = Double(screen.width)
    let zoom = scene.shownZoom()
    drawPhoto(model.index, shift: strip, zoom: zoom.zoom, offset: zoom.offset)
    if strip > 0.5 {
      drawPhoto((model.index + count - 1) % count, shift: strip - width, zoom: 1, offset: .zero)
    } else if strip < -0.5 {
      drawPhoto((model.index + 1) % count, shift: strip + width, zoom: 1, offset: .zero)
    }
  }

  /// Draws photo `index` fitted to the screen, zoomed by `zoom` about the screen's centre,
  /// moved by `offset` (mm) and `shift` pixels to the side.
  private func drawPhoto(_ index: Int, shift: Double, zoom: Double, offset: CarouselPoint) {
    let width = Double(screen.width)
    let height = Double(screen.height)
    let centerX = width / 2 + shift + offset.x * scene.pixelsPerMillimeter.x
    let centerY = height / 2 + offset.y * scene.pixelsPerMillimeter.y
    switch photos.photo(at: index) {
    case .loading:
      break
    case .photo(let texture, let turn):
      let shownWidth = Double(turn.swapsDimensions ? texture.height : texture.width)
      let shownHeight = Double(turn.swapsDimensions ? texture.width : texture.height)
      let fit = min(width / shownWidth, height / shownHeight) * zoom
      screen.draw(
        texture.pointer, centerX: centerX, centerY: centerY, width: shownWidth * fit,
        height: shownHeight * fit, quarterTurns: turn.clockwiseQuarterTurns,
        mirrored: turn.isMirrored)
    case .failed(let failure):
      let boxWidth = width * zoom
      let boxHeight = height * zoom
      screen.fill(
        x: centerX - boxWidth / 2, y: centerY - boxHeight / 2, width: boxWidth,
        height: boxHeight, Self.placeholder)
      let name = scene.model.images[index].name
      drawLines(
        [(name, Self.placeholderText), (failure, Self.placeholderReason)],
        centerX: centerX, centerY: centerY, maximumWidth: width - 16)
    }
  }

  /// Draws text lines centred on (`centerX`, `centerY`), each cut to fit `maximumWidth`.
  private func drawLines(
    _ lines: [(String, UInt32)], centerX: Double, centerY: Double, maximumWidth: Double
  ) {
    let scale = textScale
    let lineHeight = (BitmapFont.glyphHeight + 4) * scale
    let columns = max(4, Int(maximumWidth) / (BitmapFont.advance * scale))
    var y = Int(centerY) - lines.count * lineHeight / 2
    for (text, color) in lines {
      let shown = BitmapFont.fitting(text, columns: columns)
      let x = Int(centerX) - BitmapFont.width(of: shown) * scale / 2
      screen.text(shown, x: x, y: y, scale: scale, color)
      y += lineHeight
    }
  }

  private func drawAlert(_ message: String) {
    let width = Double(screen.width)
    let height = Double(screen.height)
    let scale = Double(textScale)
    let lines = [(message, Self.alertText), ("tap to dismiss", Self.alertBorder)]
    let textWidth = lines.map { Double(BitmapFont.width(of: $0.0)) * scale }.max() ?? 0
    let boxWidth = min(width - 8, textWidth + 24 * scale)
    let boxHeight = Double(2 * (BitmapFont.glyphHeight + 4)) * scale + 20 * scale
    let x = (width - boxWidth) / 2
    let y = (height - boxHeight) / 2
    screen.fill(x: x, y: y, width: boxWidth, height: boxHeight, Self.alertBox)
    screen.frame(
      x: x, y: y, width: boxWidth, height: boxHeight, thickness: 2 * scale, Self.alertBorder)
    drawLines(lines, centerX: width / 2, centerY: height / 2, maximumWidth: boxWidth - 12 * scale)
  }

  private func drawGrid() {
    screen.clear(Self.gridBackground)
    let model = scene.model
    let first = scene.gridFirstIndex
    let last = min(model.images.count, first + scene.gridColumns * scene.gridRows)
    for index in first..<last {
      let cell = scene.gridCell(index)
      let margin = max(2, cell.width / 24)
      let inner = (
        x: cell.x + margin, y: cell.y + margin, width: cell.width - 2 * margin,
        height: cell.height - 2 * margin
      )
      if index == model.index {
        screen.frame(
          x: cell.x + margin / 2, y: cell.y + margin / 2, width: cell.width - margin,
          height: cell.height - margin, thickness: margin / 2, Self.gridSelection)
      }
      switch thumbnails.photo(at: index) {
      case .loading: break
      case .failed:
        screen.fill(
          x: inner.x, y: inner.y, width: inner.width, height: inner.height, Self.placeholder)
      case .photo(let texture, let turn):
        let shownWidth = Double(turn.swapsDimensions ? texture.height : texture.width)
        let shownHeight = Double(turn.swapsDimensions ? texture.width : texture.height)
        let fit = min(inner.width / shownWidth, inner.height / shownHeight)
        screen.draw(
          texture.pointer, centerX: inner.x + inner.width / 2, centerY: inner.y + inner.height / 2,
          width: shownWidth * fit, height: shownHeight * fit,
          quarterTurns: turn.clockwiseQuarterTurns,
          mirrored: turn.isMirrored)
      }
    }
  }

  /// The indices of the thumbnails the grid shows.
  var gridIndices: [Int] {
    let first = scene.gridFirstIndex
    let last = min(scene.model.images.count, first + scene.gridColumns * scene.gridRows)
    return Array(first..<last)
  }
}
