/// What the carousel saves between runs: which image list it was, which image shows, and how it
/// is zoomed and moved.
///
/// `json()` writes one flat JSON object; `init?(json:)` reads one back, tolerating whitespace,
/// key order and unknown keys, and returning `nil` for anything corrupt. The CLI writes the file
/// (atomically) and calls `ImageCarousel.restore(_:)`, which refuses a state saved for another
/// image list. The alert is not saved.
///
/// The file's keys: `version` (1), `fingerprint` (16 hex digits, see `fingerprint(of:)`),
/// `count` and `image` (the list's length and the current image's name, for people; ignored when
/// read), `index` (from 0), `zoom`, `offset_x` and `offset_y` (millimetres). Numbers are written
/// with the shortest text that reads back exactly.
public struct CarouselState: Sendable, Hashable {
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

  /// The state as one line of JSON (no trailing newline).
  public func json() -> String {
    var hex = String(fingerprint, radix: 16)
    hex = String(repeating: "0", count: 16 - hex.count) + hex
    var out = "{\"version\": \(Self.version), \"fingerprint\": \"" + hex + "\""
    if let count { out += ", \"count\": \(count)" }
    if let imageName { out += ", \"image\": " + quoted(imageName) }
    out += ", \"index\": \(index), \"zoom\": " + exact(zoom)
    out += ", \"offset_x\": " + exact(offset.x) + ", \"offset_y\": " + exact(offset.y) + "}"
    return out
  }

  /// Reads a state written by `json()`, or returns `nil` when `json` is not one flat JSON object
  /// with version 1, a 1–16 digit hexadecimal fingerprint, a non-negative integer index, a zoom
  /// of at least 1, and finite offsets.
  public init?(json: String) {
    guard let fields = FlatJSONParser.parse(json),
      case .number(let version)? = fields["version"], version == Double(Self.version),
      case .string(let hex)? = fields["fingerprint"], (1...16).contains(hex.utf8.count),
      let fingerprint = UInt64(hex, radix: 16),
      case .number(let indexValue)? = fields["index"], let index = Int(exactly: indexValue),
      index >= 0,
      case .number(let zoom)? = fields["zoom"], zoom >= 1,
      case .number(let x)? = fields["offset_x"], case .number(let y)? = fields["offset_y"]
    else { return nil }
    var count: Int?
    if case .number(let value)? = fields["count"] { count = Int(exactly: value) }
    var imageName: String?
    if case .string(let name)? = fields["image"] { imageName = name }
    self.init(
      fingerprint: fingerprint, index: index, zoom: zoom, offset: CarouselPoint(x: x, y: y),
      count: count, imageName: imageName)
  }
}

/// A finite number as the shortest JSON text that reads back exactly (non-finite as 0).
private func exact(_ value: Double) -> String {
  value.isFinite ? String(value) : "0"
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
