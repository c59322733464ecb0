import GestureRecognition
import ImageCarousel
import TouchInput

/// What the screen shows, beyond the carousel's model: where the strip of photos sits while a
/// finger drags it or a transition runs, the zoom as animated after a double tap, and the
/// thumbnail grid.
///
/// The rules stay in `CarouselController` and `ImageCarousel`: the scene only watches. A
/// one-finger drag at 1× moves the strip with the finger (from the touch frames); whether it
/// then settles on the next or previous photo or back is the swipe recognizer's decision (its
/// distance and velocity), so the screen and `gesturectl carousel` agree, and the new photo
/// starts where the dragged one left off (no jump). A pinch that ends below 0.8× at 1× opens
/// the grid; a single tap in the grid opens the photo tapped. Times are microseconds of the
/// viewer's clock (the recording's time in a replay).
final class ViewerScene {
  /// The controller driving the model.
  let controller: CarouselController
  /// The screen's size in pixels.
  let pixelWidth: Double
  let pixelHeight: Double
  /// Pixels per millimetre of the model's view, horizontally and vertically.
  let pixelsPerMillimeter: (x: Double, y: Double)
  /// How long a transition (settling, double-tap zoom) lasts.
  static let transition: Microseconds = 250_000
  /// A pinch ending below this scale at 1× opens the grid.
  static let gridScale = 0.8
  /// The grid's columns and rows.
  let gridColumns: Int
  let gridRows: Int

  /// The clock's latest reading, set by the loop before it feeds input.
  var now: Microseconds = 0
  /// The current photo's horizontal displacement in pixels (its neighbours sit one screen
  /// width either side).
  private(set) var strip: Double = 0
  private var stripAnimation: (from: Double, start: Microseconds)?
  /// The zoom and offset before an animated zoom change, and when it began.
  private var zoomAnimation: (zoom: Double, offset: CarouselPoint, start: Microseconds)?
  /// The finger dragging the strip at 1×, where it landed, and the strip then.
  private var drag: (id: TouchID, startX: Double, base: Double)?
  /// Whether the current pinch began at 1× (only such a pinch opens the grid).
  private var pinchFromFit = false
  /// The model's zoom and offset before the latest change (where a double tap's zoom starts).
  private var before: (zoom: Double, offset: CarouselPoint) = (1, .zero)
  /// Whether the thumbnail grid shows.
  private(set) var gridOpen = false
  /// Called after every change the screen shows differently (image, zoom, grid).
  var onImageChange: (() -> Void)?
  /// Called with each model change, after the scene took it in (to save the state).
  var onChange: ((CarouselChange, Microseconds) -> Void)?

  init(controller: CarouselController, pixelWidth: Int, pixelHeight: Int) {
    self.controller = controller
    self.pixelWidth = Double(pixelWidth)
    self.pixelHeight = Double(pixelHeight)
    let view = controller.model.viewSize
    pixelsPerMillimeter = (Double(pixelWidth) / view.width, Double(pixelHeight) / view.height)
    gridColumns = pixelWidth >= pixelHeight ? 4 : 3
    gridRows = pixelWidth >= pixelHeight ? 3 : 4
    before = (controller.model.zoom, controller.model.offset)
    controller.onChange = { [weak self] change, time in self?.take(change, at: time) }
    controller.pinch.addTarget(self, action: ViewerScene.pinched)
    controller.tap.addTarget(self, action: ViewerScene.tapped)
  }

  var model: ImageCarousel { controller.model }

  // MARK: Touches

  /// Follows a one-finger drag at 1× (call with every frame before the engine gets it).
  func observe(_ frame: TouchFrame) {
    let down = frame.touches.filter { !$0.phase.isTerminal && $0.tool == .finger }
    if let current = drag {
      if down.count == 1, down[0].id == current.id {
        strip = current.base + (down[0].location.x - current.startX) * pixelsPerMillimeter.x
      } else {
        // Lifted, cancelled or joined by a second finger: settle (the swipe, if recognized
        // in this frame, moves the target first).
        drag = nil
        startStripAnimation()
      }
      return
    }
    guard down.count == 1, frame.touches.count == 1, down[0].phase == .began, down[0].startSeen,
      !model.isZoomed, model.alert == nil, !gridOpen
    else { return }
    strip = stripNow()
    stripAnimation = nil
    drag = (down[0].id, down[0].location.x, strip)
  }

  /// Whether the finger still drags the strip.
  var isDragging: Bool { drag != nil }

  // MARK: Model changes

  private func take(_ change: CarouselChange, at time: Microseconds) {
    switch change {
    case .image:
      zoomAnimation = nil
      let direction = controller.swipe.event?.direction
      let shift: Double =
        switch direction {
        case .left?: pixelWidth
        case .right?: -pixelWidth
        default: 0
        }
      if drag != nil {
        drag?.base += shift
        strip += shift
      } else {
        strip = stripNow() + shift
        startStripAnimation()
      }
    case .zoom:
      let fromDoubleTap =
        controller.doubleTap.event.map { $0.state == .recognized && $0.time == time } ?? false
      zoomAnimation = fromDoubleTap ? (before.zoom, before.offset, now) : nil
    case .offset, .alert, .alertDismissed:
      break
    }
    before = (model.zoom, model.offset)
    onImageChange?()
    onChange?(change, time)
  }

  private func pinched(_ recognizer: PinchGestureRecognizer) {
    guard let event = recognizer.event else { return }
    if event.state == .began { pinchFromFit = !model.isZoomed && model.alert == nil }
    // The model clamps the zoom at 1×; the fingers closing further only show in the pinch's
    // own scale (a last small widening may leave the model a hair above 1×).
    guard event.state == .ended, pinchFromFit, !gridOpen, model.alert == nil,
      let scale = event.scale, scale < Self.gridScale
    else { return }
    restore(index: model.index)
    setGrid(open: true)
  }

  private func tapped(_ recognizer: TapGestureRecognizer) {
    guard gridOpen, let event = recognizer.event, event.state == .recognized else { return }
    let x = event.location.x * pixelsPerMillimeter.x
    let y = event.location.y * pixelsPerMillimeter.y
    guard let index = gridIndex(atX: x, y: y) else { return }
    open(index: index)
  }

  /// Opens the photo at `index` from the grid (at 1×, centred).
  func open(index: Int) {
    restore(index: index)
    setGrid(open: false)
    if let change = model.imageChange { onChange?(change, now) }
  }

  /// Shows the photo at `index` at 1×, centred, with no animation.
  private func restore(index: Int) {
    let state = CarouselState(
      fingerprint: CarouselState.fingerprint(of: model.images), index: index, zoom: 1,
      offset: .zero)
    _ = controller.restore(state)
    strip = 0
    stripAnimation = nil
    zoomAnimation = nil
    before = (model.zoom, model.offset)
  }

  /// Opens or closes the grid; while it shows, swipes, long presses and pinches are off (a
  /// tap picks a photo).
  private func setGrid(open: Bool) {
    gridOpen = open
    controller.swipe.isEnabled = !open
    controller.longPress.isEnabled = !open
    controller.pinch.isEnabled = !open
    onImageChange?()
  }

  // MARK: Geometry

  /// The first index on the grid's page holding the current photo.
  var gridFirstIndex: Int {
    let perPage = gridColumns * gridRows
    return model.index / perPage * perPage
  }

  /// The grid cell at `index` (on the current page) in pixels: x, y, width, height.
  func gridCell(_ index: Int) -> (x: Double, y: Double, width: Double, height: Double) {
    let slot = index - gridFirstIndex
    let width = pixelWidth / Double(gridColumns)
    let height = pixelHeight / Double(gridRows)
    return (Double(slot % gridColumns) * width, Double(slot / gridColumns) * height, width, height)
  }

  /// The photo index whose grid cell holds the pixel (`x`, `y`), if any.
  func gridIndex(atX x: Double, y: Double) -> Int? {
    guard x >= 0, y >= 0, x < pixelWidth, y < pixelHeight else { return nil }
    let column = Int(x / (pixelWidth / Double(gridColumns)))
    let row = Int(y / (pixelHeight / Double(gridRows)))
    let index = gridFirstIndex + row * gridColumns + column
    return index < model.images.count ? index : nil
  }

  /// Starts moving the strip from where it shows now back to 0.
  private func startStripAnimation() {
    stripAnimation = strip == 0 ? nil : (strip, now)
  }

  /// The strip's displacement now, animation included.
  func stripNow() -> Double {
    guard let animation = stripAnimation else { return strip }
    let t = progress(since: animation.start)
    return animation.from * (1 - ease(t))
  }

  /// The zoom and offset shown now (the model's, or on the way to them after a double tap).
  func shownZoom() -> (zoom: Double, offset: CarouselPoint) {
    guard let animation = zoomAnimation else { return (model.zoom, model.offset) }
    let t = ease(progress(since: animation.start))
    return (
      animation.zoom + (model.zoom - animation.zoom) * t,
      animation.offset + (model.offset - animation.offset) * t
    )
  }

  /// Advances the animations to `now`; returns whether one is still running.
  func step() -> Bool {
    if let animation = stripAnimation, progress(since: animation.start) >= 1 {
      stripAnimation = nil
      strip = 0
    }
    if let animation = zoomAnimation, progress(since: animation.start) >= 1 { zoomAnimation = nil }
    return stripAnimation != nil || zoomAnimation != nil || drag != nil
  }

  /// Ends every animation at once (before a screenshot at the end of a run).
  func settle() {
    if drag == nil {
      stripAnimation = nil
      strip = 0
    }
    zoomAnimation = nil
  }

  private func progress(since start: Microseconds) -> Double {
    min(1, max(0, Double(now - start) / Double(Self.transition)))
  }

  /// Ease-out cubic.
  private func ease(_ t: Double) -> Double {
    let u = 1 - t
    return 1 - u * u * u
  }
}
