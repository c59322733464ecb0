import ImageCarousel
import Testing

/// The image point (relative to the image's centre, unzoomed mm) shown at view point `p`.
func imagePoint(_ model: ImageCarousel, at p: CarouselPoint) -> CarouselPoint {
  (p - model.viewSize.center - model.offset) * (1 / model.zoom)
}

/// Whether two points agree to a micrometre.
func close(_ a: CarouselPoint, _ b: CarouselPoint) -> Bool {
  abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
}

@Suite struct CarouselZoomTests {
  @Test("Zoom is clamped to 1×…4×", arguments: [(0.5, 1.0), (1.5, 1.5), (4.0, 4.0), (9.0, 4.0)])
  func zoomClamp(factor: Double, expected: Double) {
    var model = carousel(count: 1)
    _ = model.zoom(by: factor, around: model.viewSize.center)
    #expect(model.zoom == expected)
  }

  @Test("Pinching in at 1× or out at 4× around the centre changes nothing")
  func zoomAtClampIsNoChange() {
    var model = carousel(count: 1)
    #expect(model.zoom(by: 0.8, around: model.viewSize.center) == nil)
    _ = model.zoom(by: 4, around: model.viewSize.center)
    #expect(model.zoom(by: 1.2, around: model.viewSize.center) == nil)
    #expect(model.zoom(by: .nan, around: model.viewSize.center) == nil)
    #expect(model.zoom(by: 0, around: model.viewSize.center) == nil)
  }

  @Test("The point under the fingers stays put while zooming")
  func focalPointStays() {
    var model = carousel(count: 1)
    let focus = CarouselPoint(x: 80, y: 40)
    let before = imagePoint(model, at: focus)
    let change = model.zoom(by: 1.8, around: focus)
    #expect(close(imagePoint(model, at: focus), before))
    #expect(change == .zoom(scale: 1.8, focus: focus, offset: model.offset))
    let step = imagePoint(model, at: CarouselPoint(x: 120, y: 70))
    _ = model.zoom(by: 1.5, around: CarouselPoint(x: 120, y: 70))
    #expect(close(imagePoint(model, at: CarouselPoint(x: 120, y: 70)), step))
  }

  @Test("A moving focal point drags the image point under it")
  func focalPointMoves() {
    var model = carousel(count: 1)
    _ = model.zoom(by: 2, around: model.viewSize.center)
    let from = CarouselPoint(x: 100, y: 50)
    let to = CarouselPoint(x: 110, y: 45)
    let held = imagePoint(model, at: from)
    _ = model.zoom(by: 1.25, from: from, to: to)
    #expect(close(imagePoint(model, at: to), held))
  }

  @Test("Zooming near a corner clamps the offset so the image still covers the view")
  func offsetClampOnZoom() {
    var model = carousel(count: 1)
    _ = model.zoom(by: 2, around: CarouselPoint(x: 0, y: 0))
    #expect(model.offset == CarouselPoint(x: 100, y: 50))
    _ = model.zoom(by: 0.75, around: CarouselPoint(x: 200, y: 100))
    #expect(model.zoom == 1.5)
    #expect(model.offset == CarouselPoint(x: 50, y: 25))
    _ = model.zoom(by: 0.1, around: CarouselPoint(x: 0, y: 0))
    #expect(model.zoom == 1 && model.offset == .zero)
  }

  @Test("Panning moves the image only while zoomed, up to W(s−1)/2 and H(s−1)/2")
  func panClamp() {
    var model = carousel(count: 1)
    #expect(model.pan(by: CarouselPoint(x: 10, y: 0)) == nil)
    _ = model.zoom(by: 1.5, around: model.viewSize.center)
    #expect(model.pan(by: CarouselPoint(x: 12, y: -4.5)) == .offset(CarouselPoint(x: 12, y: -4.5)))
    #expect(
      model.pan(by: CarouselPoint(x: 1000, y: -1000)) == .offset(CarouselPoint(x: 50, y: -25)))
    #expect(model.pan(by: CarouselPoint(x: 1, y: -1)) == nil)
    #expect(model.maximumOffset(scale: 1.5) == CarouselPoint(x: 50, y: 25))
  }

  @Test("A double tap toggles 1× ↔ 2× keeping the tapped point in place")
  func doubleTapToggle() {
    var model = carousel(count: 1)
    let point = CarouselPoint(x: 150, y: 30)
    let held = imagePoint(model, at: point)
    #expect(
      model.doubleTap(at: point)
        == .zoom(scale: 2, focus: point, offset: CarouselPoint(x: -50, y: 20)))
    #expect(close(imagePoint(model, at: point), held))
    #expect(model.doubleTap(at: point) == .zoom(scale: 1, focus: point, offset: .zero))
    _ = model.zoom(by: 3.5, around: point)
    #expect(model.doubleTap(at: point) == .zoom(scale: 1, focus: point, offset: .zero))
  }

  @Test("A custom zoom range is honoured by pinches and double taps")
  func customRange() {
    var model = ImageCarousel(
      images: [CarouselImage(name: "a.png")], viewSize: CarouselSize(width: 10, height: 10),
      zoomRange: 1...1.5)
    _ = model.doubleTap(at: CarouselPoint(x: 5, y: 5))
    #expect(model.zoom == 1.5)
    _ = model.zoom(by: 3, around: CarouselPoint(x: 5, y: 5))
    #expect(model.zoom == 1.5)
  }
}
