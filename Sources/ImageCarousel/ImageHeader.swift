/// An image file format whose header `ImageHeader` reads.
public enum ImageFormat: String, Sendable, Hashable {
  /// Portable Network Graphics.
  case png
  /// JPEG (JFIF or Exif), baseline, extended or progressive.
  case jpeg
  /// GIF87a or GIF89a.
  case gif
}

/// The format and pixel size of an image, read from the first bytes of its file.
///
/// Pure: bytes in, value out; the CLI reads the files. Unknown, truncated or corrupt data gives
/// `nil`, never a crash. Sizes come from:
/// - PNG: the IHDR chunk that must follow the 8-byte signature (big-endian width, height);
/// - GIF: the logical screen descriptor after `GIF87a`/`GIF89a` (little-endian width, height);
/// - JPEG: the first start-of-frame segment (SOF0 baseline, SOF1 extended, SOF2 progressive and
///   the other SOFn), found by walking the marker segments from SOI. Exif thumbnails can push it
///   past 64 KiB, so pass the whole file when it is a JPEG.
public struct ImageHeader: Sendable, Hashable {
  /// The file's format.
  public var format: ImageFormat
  /// The image's size in pixels (both dimensions at least 1).
  public var size: PixelSize

  /// Creates a header value.
  public init(format: ImageFormat, size: PixelSize) {
    self.format = format
    self.size = size
  }

  /// Reads the format and size from a file's first bytes, or returns `nil` when they are not a
  /// PNG, JPEG or GIF header with a positive size.
  public init?(bytes: [UInt8]) {
    if let size = pngSize(bytes) {
      self.init(format: .png, size: size)
    } else if let size = gifSize(bytes) {
      self.init(format: .gif, size: size)
    } else if let size = jpegSize(bytes) {
      self.init(format: .jpeg, size: size)
    } else {
      return nil
    }
  }
}

/// `bytes[at]` and `bytes[at + 1]` as a big-endian number, or `nil` past the end.
private func bigEndian16(_ bytes: [UInt8], at: Int) -> Int? {
  guard at >= 0, at + 2 <= bytes.count else { return nil }
  return Int(bytes[at]) << 8 | Int(bytes[at + 1])
}

/// A positive size, or `nil` when a dimension is zero or absurd (above 2³¹ − 1).
private func positiveSize(_ width: Int, _ height: Int) -> PixelSize? {
  let limit = Int(Int32.max)
  guard (1...limit).contains(width), (1...limit).contains(height) else { return nil }
  return PixelSize(width: width, height: height)
}

/// The PNG signature, then IHDR's length (13) and type.
private let pngPrefix: [UInt8] = [
  0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]

/// The size in a PNG's IHDR chunk.
private func pngSize(_ bytes: [UInt8]) -> PixelSize? {
  guard bytes.count >= 24, bytes[0..<16].elementsEqual(pngPrefix) else { return nil }
  var width = 0
  var height = 0
  for i in 0..<4 {
    width = width << 8 | Int(bytes[16 + i])
    height = height << 8 | Int(bytes[20 + i])
  }
  return positiveSize(width, height)
}

/// The logical screen size of a GIF.
private func gifSize(_ bytes: [UInt8]) -> PixelSize? {
  guard bytes.count >= 10 else { return nil }
  let signature = Array("GIF87a".utf8)
  let signature89 = Array("GIF89a".utf8)
  let prefix = bytes[0..<6]
  guard prefix.elementsEqual(signature) || prefix.elementsEqual(signature89) else { return nil }
  let width = Int(bytes[6]) | Int(bytes[7]) << 8
  let height = Int(bytes[8]) | Int(bytes[9]) << 8
  return positiveSize(width, height)
}

/// The size in a JPEG's first start-of-frame segment, walking segments from SOI.
private func jpegSize(_ bytes: [UInt8]) -> PixelSize? {
  guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
  var position = 2
  while position < bytes.count {
    // Every segment starts with 0xFF; more 0xFF bytes before the marker are fill.
    guard bytes[position] == 0xFF else { return nil }
    while position < bytes.count, bytes[position] == 0xFF { position += 1 }
    guard position < bytes.count else { return nil }
    let marker = bytes[position]
    position += 1
    switch marker {
    case 0xD8, 0x01, 0xD0...0xD7:
      continue  // SOI, TEM and RSTn stand alone, with no length.
    case 0xD9, 0xDA, 0x00:
      return nil  // EOI or start of scan before any frame header, or a stuffed zero: corrupt.
    default:
      guard let length = bigEndian16(bytes, at: position), length >= 2 else { return nil }
      if isStartOfFrame(marker) {
        // Length, precision (1 byte), height, width.
        guard length >= 7, let height = bigEndian16(bytes, at: position + 3),
          let width = bigEndian16(bytes, at: position + 5)
        else { return nil }
        return positiveSize(width, height)
      }
      position += length
    }
  }
  return nil
}

/// Whether `marker` is a start-of-frame (SOF0…SOF15 except DHT 0xC4, JPG 0xC8 and DAC 0xCC).
private func isStartOfFrame(_ marker: UInt8) -> Bool {
  (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
}
