import FoundationEssentials
import ImageCarousel
import Testing

/// The state decoded from JSON text by the toolchain's decoder, or nil when it throws.
private func decoded(_ text: String) -> CarouselState? {
  try? JSONDecoder().decode(CarouselState.self, from: Data(text.utf8))
}

/// The state as JSON text, keys sorted (as the CLI writes it).
private func encoded(_ state: CarouselState) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return String(decoding: try encoder.encode(state), as: UTF8.self)
}

@Suite struct CarouselStateTests {
  /// A carousel on image 2 of 3 at 1.5× moved by (12.25, −4.5) mm.
  func savedCarousel() -> ImageCarousel {
    var model = ImageCarousel(
      images: [
        CarouselImage(name: "a.png", pixelSize: PixelSize(width: 640, height: 480)),
        CarouselImage(name: "b \"quoted\".jpg"), CarouselImage(name: "c.gif"),
      ], viewSize: CarouselSize(width: 200, height: 100))
    _ = model.swipe(.left)
    _ = model.zoom(by: 1.5, around: model.viewSize.center)
    _ = model.pan(by: CarouselPoint(x: 12.25, y: -4.5))
    return model
  }

  @Test("A state survives a JSON round trip exactly and restores the carousel")
  func roundTrip() throws {
    let model = savedCarousel()
    let state = CarouselState(model)
    let text = try encoded(state)
    #expect(decoded(text) == state)
    var fresh = ImageCarousel(images: model.images, viewSize: model.viewSize)
    let restored = fresh.restore(state)
    #expect(restored)
    #expect(fresh == model)
  }

  @Test("The JSON is one documented flat object")
  func jsonText() throws {
    let text = try encoded(CarouselState(savedCarousel()))
    #expect(text.hasPrefix(#"{"count":3,"fingerprint":""#))
    #expect(
      text.hasSuffix(
        #"","image":"b \"quoted\".jpg","index":1,"offset_x":12.25,"offset_y":-4.5,"#
          + #""version":1,"zoom":1.5}"#))
  }

  @Test("Reading tolerates whitespace, key order, unknown keys and escapes")
  func tolerantRead() {
    let text = """
       {
        "zoom" : 2e0, "offset_y": -1.25E+1, "offset_x":0,
        "note": "caf\\u00e9 \\ud83d\\ude00 \\/", "flag": true, "nothing": null,
        "index": 2, "fingerprint": "00000000000000FF", "version": 1.0
      }\t
      """
    let state = decoded(text)
    #expect(
      state
        == CarouselState(
          fingerprint: 255, index: 2, zoom: 2, offset: CarouselPoint(x: 0, y: -12.5)))
  }

  @Test(
    "Corrupt state JSON reads as nil",
    arguments: [
      "", "null", "[]", "{", "{}", "not json",
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 1, "offset_x": 0}"#,
      #"{"version": 2, "fingerprint": "ff", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "fg", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "12345678901234567", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": -1, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 1.5, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 0.5, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": "1", "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 1e999, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 01, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 1., "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0} x"#,
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 1, "offset_x": [0], "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "f\x", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "\ud800", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 1, "offset_x": NaN, "offset_y": 0}"#,
    ])
  func corrupt(text: String) {
    #expect(decoded(text) == nil)
  }

  @Test(
    "Foundation's decoder also takes a trailing comma and a repeated key (values still checked)",
    arguments: [
      #"{"version": 1, "fingerprint": "ff", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0,}"#,
      #"{"version": 1, "version": 1, "fingerprint": "ff", "index": 0, "zoom": 1, "offset_x": 0, "offset_y": 0}"#,
    ])
  func lenient(text: String) {
    #expect(decoded(text) == CarouselState(fingerprint: 255, index: 0, zoom: 1, offset: .zero))
  }

  @Test("Truncating a valid state at any byte reads as nil")
  func truncated() throws {
    let text = try encoded(CarouselState(savedCarousel()))
    let bytes = Array(text.utf8)
    for length in 0..<bytes.count {
      let prefix = String(decoding: bytes.prefix(length), as: UTF8.self)
      #expect(decoded(prefix) == nil, "length \(length)")
    }
  }

  @Test("A state saved for another image list is refused and leaves the carousel unchanged")
  func mismatch() {
    let state = CarouselState(savedCarousel())
    for images in [
      [CarouselImage(name: "a.png"), CarouselImage(name: "b.jpg"), CarouselImage(name: "c.gif")],
      Array(savedCarousel().images.reversed()),
      Array(savedCarousel().images.prefix(2)),
      CarouselImage.placeholders,
    ] {
      var model = ImageCarousel(images: images, viewSize: CarouselSize(width: 200, height: 100))
      let before = model
      let restored = model.restore(state)
      #expect(!restored)
      #expect(model == before)
    }
    var model = savedCarousel()
    var outOfRange = CarouselState(model)
    outOfRange.index = 3
    let restored = model.restore(outOfRange)
    #expect(!restored)
  }

  @Test("A restored zoom and offset are clamped to this carousel's limits")
  func restoreClamps() {
    var model = savedCarousel()
    var state = CarouselState(model)
    state.zoom = 10
    state.offset = CarouselPoint(x: -1000, y: 1000)
    let restored = model.restore(state)
    #expect(restored)
    #expect(model.zoom == 4 && model.offset == CarouselPoint(x: -300, y: 150))
  }

  @Test("The fingerprint changes with names, order and pixel sizes")
  func fingerprint() {
    let a = CarouselImage(name: "a.png", pixelSize: PixelSize(width: 1, height: 2))
    let b = CarouselImage(name: "b.png")
    let values = [
      [a, b], [b, a], [a], [], [CarouselImage(name: "a.png"), b],
      [CarouselImage(name: "a.png", pixelSize: PixelSize(width: 2, height: 1)), b],
    ].map(CarouselState.fingerprint(of:))
    #expect(Set(values).count == values.count)
    #expect(CarouselState.fingerprint(of: [a, b]) == CarouselState.fingerprint(of: [a, b]))
  }
}
