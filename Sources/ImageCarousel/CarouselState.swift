/// What the carousel saves between runs: which image list it was, which image shows, and how it
/// is zoomed and moved.
///
/// It is `Codable` (standard library only; the CLI encodes and decodes the file with the
/// toolchain's `FoundationEssentials` JSON coders): decoding checks every value and throws
/// `DecodingError.dataCorrupted` for anything out of range, and unknown keys are ignored. The
/// CLI writes the file (atomically) and calls `ImageCarousel.restore(_:)`, which refuses a
/// state saved for another image list. The alert is not saved.
///
/// The file's keys: `version` (1), `fingerprint` (16 hex digits, see `fingerprint(of:)`),
/// `count` and `image` (the list's length and the current image's name, for people; ignored when
/// read), `index` (from 0), `zoom` (at least 1), `offset_x` and `offset_y` (millimetres,
/// finite).
public struct CarouselState: Sendable, Hashable, Codable {
  /// The file format's version; files with another version are rejected.
  public static let version = 1

  /// The image list's fingerprint (`fingerprint(of:)`).
  public var fingerprint: UInt64
  /// The index of the image shown, from 0.
  public var index: Int
  /// The zoom scale.
  public var zoom: Double
  /// The image's offset from the view's centre, in millimetres.
  public var offset: CarouselPoint
  /// The number of images (informative only; not read back).
  public var count: Int?
  /// The current image's name (informative only; not read back).
  public var imageName: String?

  /// Creates a state from its parts.
  public init(
    fingerprint: UInt64, index: Int, zoom: Double, offset: CarouselPoint,
    count: Int? = nil, imageName: String? = nil
  ) {
    self.fingerprint = fingerprint
    self.index = index
    self.zoom = zoom
    self.offset = offset
    self.count = count
    self.imageName = imageName
  }

  /// The state of `carousel`, ready to save.
  public init(_ carousel: ImageCarousel) {
    self.init(
      fingerprint: Self.fingerprint(of: carousel.images), index: carousel.index,
      zoom: carousel.zoom, offset: carousel.offset, count: carousel.images.count,
      imageName: carousel.currentImage?.name)
  }

  /// A 64-bit FNV-1a hash of the images' names and pixel sizes, in order.
  ///
  /// Each image contributes its name's UTF-8 bytes, a 0 byte, then `WxH` (or `?` when the size
  /// is unknown) and a 0xFF byte, so renaming, reordering, adding, removing or resizing an image
  /// changes the fingerprint.
  public static func fingerprint(of images: [CarouselImage]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ byte: UInt8) {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    for image in images {
      for byte in image.name.utf8 { add(byte) }
      add(0)
      for byte in (image.pixelSize.map(\.description) ?? "?").utf8 { add(byte) }
      add(0xFF)
    }
    return hash
  }
}

extension CarouselState {
  private enum CodingKeys: String, CodingKey {
    case version, fingerprint, count, image, index, zoom
    case offsetX = "offset_x"
    case offsetY = "offset_y"
  }

  /// Reads a state, checking the version (1), the fingerprint (1–16 hexadecimal digits), the
  /// index (an integer ≥ 0), the zoom (finite, ≥ 1) and the offsets (finite).
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    func corrupt(_ key: CodingKeys, _ reason: String) -> DecodingError {
      DecodingError.dataCorruptedError(forKey: key, in: values, debugDescription: reason)
    }
    guard try values.decode(Int.self, forKey: .version) == Self.version else {
      throw corrupt(.version, "not version \(Self.version)")
    }
    let hex = try values.decode(String.self, forKey: .fingerprint)
    guard (1...16).contains(hex.utf8.count), let fingerprint = UInt64(hex, radix: 16) else {
      throw corrupt(.fingerprint, "not 1 to 16 hexadecimal digits")
    }
    let index = try values.decode(Int.self, forKey: .index)
    guard index >= 0 else { throw corrupt(.index, "negative") }
    let zoom = try values.decode(Double.self, forKey: .zoom)
    guard zoom.isFinite, zoom >= 1 else { throw corrupt(.zoom, "not a finite number ≥ 1") }
    let x = try values.decode(Double.self, forKey: .offsetX)
    let y = try values.decode(Double.self, forKey: .offsetY)
    guard x.isFinite else { throw corrupt(.offsetX, "not finite") }
    guard y.isFinite else { throw corrupt(.offsetY, "not finite") }
    self.init(
      fingerprint: fingerprint, index: index, zoom: zoom, offset: CarouselPoint(x: x, y: y),
      count: try? values.decodeIfPresent(Int.self, forKey: .count),
      imageName: try? values.decodeIfPresent(String.self, forKey: .image))
  }

  /// Writes every key of the file; the fingerprint as 16 hexadecimal digits.
  public func encode(to encoder: any Encoder) throws {
    var values = encoder.container(keyedBy: CodingKeys.self)
    let hex = String(fingerprint, radix: 16)
    try values.encode(Self.version, forKey: .version)
    try values.encode(String(repeating: "0", count: 16 - hex.count) + hex, forKey: .fingerprint)
    try values.encodeIfPresent(count, forKey: .count)
    try values.encodeIfPresent(imageName, forKey: .image)
    try values.encode(index, forKey: .index)
    try values.encode(zoom.isFinite ? zoom : 1, forKey: .zoom)
    try values.encode(offset.x.isFinite ? offset.x : 0, forKey: .offsetX)
    try values.encode(offset.y.isFinite ? offset.y : 0, forKey: .offsetY)
  }
}

extension ImageCarousel {
  /// Restores a saved state when it was saved for these images (same fingerprint, index in
  /// range), clamping zoom and offset to this carousel's limits and dismissing any alert.
  ///
  /// - Returns: `false`, leaving the carousel unchanged, when the state belongs to another image
  ///   list; the CLI then reports the mismatch and starts from the first image.
  public mutating func restore(_ state: CarouselState) -> Bool {
    guard state.fingerprint == CarouselState.fingerprint(of: images),
      images.indices.contains(state.index)
    else { return false }
    index = state.index
    zoom = clampedZoom(state.zoom)
    offset = clampedOffset(state.offset, scale: zoom)
    alert = nil
    return true
  }
}
