/// How a photo's stored pixels must be turned to appear upright: the EXIF `Orientation` tag
/// (0x0112), values 1 to 8, with UIKit's names (`UIImage.Orientation`).
///
/// To show a photo upright, mirror its stored pixels left to right when ``isMirrored`` (about
/// the vertical axis), then rotate them clockwise by ``clockwiseQuarterTurns`` quarter turns.
/// This is the order of SDL's `SDL_RenderCopyEx` (flip, then rotate by
/// ``clockwiseDegrees``). The names and values follow the EXIF 2.3 specification (CIPA
/// DC-008, table of tag 274) and exiftool's descriptions ("Mirror horizontal and rotate
/// 270 CW" for 5).
public enum PhotoOrientation: Int, Sendable, Hashable, CaseIterable {
  /// 1: stored upright (the default when a photo has no tag).
  case up = 1
  /// 2: mirrored left to right.
  case upMirrored = 2
  /// 3: upside down (rotate 180°).
  case down = 3
  /// 4: mirrored top to bottom (mirror, then rotate 180°).
  case downMirrored = 4
  /// 5: transposed (mirror, then rotate 270° clockwise).
  case leftMirrored = 5
  /// 6: rotate 90° clockwise (a phone held upright, the usual portrait photo).
  case right = 6
  /// 7: transversed (mirror, then rotate 90° clockwise).
  case rightMirrored = 7
  /// 8: rotate 270° clockwise (90° counter-clockwise).
  case left = 8

  /// Whether the stored pixels are mirrored left to right before the rotation.
  public var isMirrored: Bool {
    switch self {
    case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: true
    case .up, .down, .right, .left: false
    }
  }

  /// The clockwise quarter turns (0 to 3) that follow the mirroring.
  public var clockwiseQuarterTurns: Int {
    switch self {
    case .up, .upMirrored: 0
    case .right, .rightMirrored: 1
    case .down, .downMirrored: 2
    case .left, .leftMirrored: 3
    }
  }

  /// The rotation in degrees clockwise (0, 90, 180 or 270), as `SDL_RenderCopyEx` takes it.
  public var clockwiseDegrees: Int { clockwiseQuarterTurns * 90 }

  /// Whether the upright photo's width is the stored height (a quarter or three-quarter turn).
  public var swapsDimensions: Bool { clockwiseQuarterTurns % 2 == 1 }

  /// The upright size of a photo whose stored pixels are `width` × `height`.
  public func displayedSize(width: Int, height: Int) -> (width: Int, height: Int) {
    swapsDimensions ? (height, width) : (width, height)
  }

  /// Where the stored pixel (`x`, `y`) of a `width` × `height` photo appears in the upright
  /// photo.
  public func displayedPosition(ofStoredX x: Int, y: Int, width: Int, height: Int) -> (
    x: Int, y: Int
  ) {
    var (x, y, width, height) = (x, y, width, height)
    if isMirrored { x = width - 1 - x }
    for _ in 0..<clockwiseQuarterTurns {
      // A clockwise quarter turn of a width × height picture: (x, y) → (height − 1 − y, x).
      (x, y) = (height - 1 - y, x)
      (width, height) = (height, width)
    }
    return (x, y)
  }

  /// What a file's metadata says about its orientation.
  public enum Reading: Sendable, Hashable {
    /// The file has an orientation tag with a valid value.
    case tagged(PhotoOrientation)
    /// The file has no orientation tag (or no EXIF metadata, or a format without it).
    case untagged
    /// The metadata is truncated or corrupt; `reason` says where. The photo is shown as
    /// stored (``PhotoOrientation/up``).
    case invalid(reason: String)

    /// The orientation to show the photo with: the tag's, else ``PhotoOrientation/up``.
    public var orientation: PhotoOrientation {
      if case .tagged(let orientation) = self { return orientation }
      return .up
    }
  }

  /// The most bytes one reading reads from a file: the EXIF block of a JPEG is at most 64 KiB,
  /// plus the headers walked to find it.
  public static let readLimit = 256 * 1024

  /// The orientation of the photo in the file at `path`: its tag, or ``up`` when it has none
  /// or the metadata is corrupt.
  ///
  /// Reads only the headers on the way to the tag (at most ``readLimit`` bytes), never the
  /// image data: JPEG `APP1` Exif segments (both byte orders), TIFF's first IFD, PNG `eXIf`
  /// chunks (before the first `IDAT`, as the PNG specification places them) and WebP `EXIF`
  /// chunks (after the image data, found by skipping chunks).
  ///
  /// - Throws: ``PhotoError`` when the file cannot be opened or read.
  public static func read(fromFileAt path: String) throws(PhotoError) -> PhotoOrientation {
    try inspect(fileAt: path).orientation
  }

  /// The orientation in a file's bytes (the whole file or its beginning), or ``up``.
  public static func read(from bytes: [UInt8]) -> PhotoOrientation {
    inspect(bytes: bytes).orientation
  }

  /// What the metadata of the file at `path` says, with the reason when it is corrupt.
  ///
  /// - Throws: ``PhotoError`` when the file cannot be opened or read.
  public static func inspect(fileAt path: String) throws(PhotoError) -> Reading {
    try inspect(fileAt: path, files: SystemFiles())
  }

  /// ``inspect(fileAt:)`` through `files`.
  static func inspect(fileAt path: String, files: some FileAccess) throws(PhotoError) -> Reading {
    var scanner = ExifScanner(file: try files.open(path))
    return try scanner.reading()
  }

  /// What the metadata in `bytes` says, with the reason when it is corrupt.
  public static func inspect(bytes: [UInt8]) -> Reading {
    var scanner = ExifScanner(file: MemoryFile(bytes))
    do {
      return try scanner.reading()
    } catch {
      return .invalid(reason: error.reason)  // A memory file never fails to read.
    }
  }
}

/// Bytes in memory, read like a file.
final class MemoryFile: ReadableFile {
  /// The bytes.
  let bytes: [UInt8]

  /// Wraps `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func read(at offset: Int, count: Int) throws(PhotoError) -> [UInt8] {
    guard offset >= 0, count > 0, offset < bytes.count else { return [] }
    let end = count >= bytes.count - offset ? bytes.count : offset + count
    return Array(bytes[offset..<end])
  }
}
