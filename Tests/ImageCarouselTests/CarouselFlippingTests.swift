import ImageCarousel
import Testing

/// A carousel of `count` images named `0.jpg`, `1.jpg`, … on a 200×100 mm view.
func carousel(count: Int) -> ImageCarousel {
  let images = (0..<count).map { CarouselImage(name: "\($0).jpg") }
  return ImageCarousel(images: images, viewSize: CarouselSize(width: 200, height: 100))
}

@Suite struct CarouselFlippingTests {
  @Test(
    "Swiping left walks forward and wraps from the last image to the first", arguments: [1, 2, 3])
  func leftWraps(count: Int) {
    var model = carousel(count: count)
    var seen: [Int] = []
    for _ in 0..<(count + 1) {
      let change = model.swipe(.left)
      #expect(change == .image(index: model.index, count: count, name: "\(model.index).jpg"))
      seen.append(model.index)
    }
    #expect(seen == Array(1..<count) + [0, count == 1 ? 0 : 1])
  }

  @Test(
    "Swiping right walks backward and wraps from the first image to the last", arguments: [1, 2, 3])
  func rightWraps(count: Int) {
    var model = carousel(count: count)
    var seen: [Int] = []
    for _ in 0..<(count + 1) {
      #expect(model.swipe(.right) != nil)
      seen.append(model.index)
    }
    #expect(seen == Array((0..<count).reversed()) + [count - 1])
    #expect(seen.allSatisfy { $0 >= 0 && $0 < count })
  }

  @Test("Up and down swipes change nothing", arguments: [CarouselSwipeDirection.up, .down])
  func verticalSwipes(direction: CarouselSwipeDirection) {
    var model = carousel(count: 3)
    _ = model.swipe(.left)
    let before = model
    #expect(model.swipe(direction) == nil)
    #expect(model == before)
  }

  @Test("With no images every gesture changes nothing")
  func emptyList() {
    var model = carousel(count: 0)
    #expect(model.swipe(.left) == nil)
    #expect(model.swipe(.right) == nil)
    #expect(model.longPress() == nil)
    #expect(model.doubleTap(at: CarouselPoint(x: 10, y: 10)) == nil)
    #expect(model.zoom(by: 2, around: CarouselPoint(x: 10, y: 10)) == nil)
    #expect(model.currentImage == nil && model.imageChange == nil)
  }

  @Test("Changing image resets zoom and offset")
  func imageChangeResetsZoom() {
    var model = carousel(count: 3)
    _ = model.zoom(by: 3, around: CarouselPoint(x: 20, y: 20))
    _ = model.pan(by: CarouselPoint(x: 5, y: 5))
    #expect(model.zoom == 3 && model.offset != .zero)
    #expect(model.swipe(.right) == .image(index: 2, count: 3, name: "2.jpg"))
    #expect(model.zoom == 1 && model.offset == .zero && !model.isZoomed)
  }

  @Test("The built-in list is the lecture's three photos")
  func placeholders() {
    let model = ImageCarousel(viewSize: CarouselSize(width: 100, height: 60))
    #expect(model.images.map(\.name) == ["graduation.jpg", "rob-nose.jpg", "tree.jpg"])
    #expect(model.imageChange?.description == "image 1/3 \"graduation.jpg\"")
  }

  @Test(
    "Image file names are picked by extension, ignoring case",
    arguments: [
      ("a.PNG", true), ("b.jpeg", true), ("c.Jpg", true), ("d.gif", true),
      ("e.txt", false), ("png", false), (".hidden.png", false), ("f.png.bak", false),
    ])
  func fileNames(name: String, isImage: Bool) {
    #expect(CarouselImage.isImageFileName(name) == isImage)
  }
}

@Suite struct CarouselAlertTests {
  @Test("A long press shows an alert naming the image; a second one shows no second alert")
  func alertLock() {
    var model = ImageCarousel(viewSize: CarouselSize(width: 100, height: 60))
    _ = model.swipe(.left)
    var log: [CarouselChange?] = []
    log.append(model.longPress())
    log.append(model.longPress())
    log.append(model.tap())
    log.append(model.tap())
    log.append(model.longPress())
    #expect(
      log == [
        .alert("Stop that! (rob-nose.jpg)"), nil, .alertDismissed, nil,
        .alert("Stop that! (rob-nose.jpg)"),
      ])
    #expect(model.alert == "Stop that! (rob-nose.jpg)")
  }

  @Test("While the alert shows, swipes, pinches and pans change nothing; a double tap dismisses it")
  func alertIsModal() {
    var model = carousel(count: 3)
    _ = model.doubleTap(at: CarouselPoint(x: 100, y: 50))
    #expect(model.longPress() == .alert("Stop that! (0.jpg)"))
    let before = model
    #expect(model.swipe(.left) == nil)
    #expect(model.zoom(by: 1.5, around: CarouselPoint(x: 10, y: 10)) == nil)
    #expect(model.pan(by: CarouselPoint(x: 5, y: 0)) == nil)
    #expect(model == before)
    #expect(model.doubleTap(at: CarouselPoint(x: 1, y: 1)) == .alertDismissed)
    #expect(model.alert == nil && model.zoom == 2)
  }
}
