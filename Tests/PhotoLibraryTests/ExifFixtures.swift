@testable import PhotoLibrary

/// Files of each format with EXIF metadata laid out as cameras and tools write them.
enum ExifFixtures {
  /// A TIFF structure (the body of an Exif block): IFD0 with Make, Orientation (when given),
  /// XResolution and an Exif IFD pointer, then the values they point to.
  static func tiff(orientation: Int?, bigEndian: Bool, orientationType: Int = 3) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] {
      bigEndian
        ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
    }
    func u32(_ v: Int) -> [UInt8] {
      let b = [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
      return bigEndian ? b : b.reversed()
    }
    var entries: [(tag: Int, type: Int, count: Int, value: [UInt8])] = []
    let count = orientation == nil ? 3 : 4
    let dataStart = 8 + 2 + 12 * count + 4
    entries.append((0x010F, 2, 6, u32(dataStart)))  // Make: "Canon\0" at dataStart.
    if let orientation {
      let value = orientationType == 3 ? u16(orientation) + [0, 0] : u32(orientation)
      entries.append((0x0112, orientationType, 1, value))
    }
    entries.append((0x011A, 5, 1, u32(dataStart + 6)))  // XResolution: 72/1.
    entries.append((0x8769, 4, 1, u32(dataStart + 14)))  // Exif IFD.
    var out = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8)
    out += u16(entries.count)
    for entry in entries {
      out += u16(entry.tag) + u16(entry.type) + u32(entry.count) + entry.value
    }
    out += u32(0)
    out += Array("Canon".utf8) + [0] + u32(72) + u32(1)
    out += u16(1) + u16(0x9000) + u16(7) + u32(4) + Array("0230".utf8) + u32(0)  // Exif IFD.
    return out
  }

  /// The offset, inside `tiff(…)`, just past IFD0's entries.
  static func tiffEntriesEnd(orientation: Int?) -> Int {
    8 + 2 + 12 * (orientation == nil ? 3 : 4)
  }

  /// A JPEG: SOI, APP0 JFIF, APP1 Exif, DQT, SOF0, SOS, scan data, EOI.
  static func jpeg(orientation: Int?, bigEndian: Bool = false) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    out += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    out += segment(
      0xE1, Array("Exif".utf8) + [0, 0] + tiff(orientation: orientation, bigEndian: bigEndian))
    out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    out += segment(0xC0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0])
    out += segment(0xDA, [1, 1, 0, 0, 63, 0])
    out += [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD9]
    return out
  }

  /// Where the Exif block's TIFF structure starts in `jpeg(…)`.
  static let jpegTIFFStart = 2 + 18 + 10

  /// A marker segment: FF, marker, big-endian length (counting itself), payload.
  static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// A WebP: RIFF, VP8X with the EXIF flag, an odd-sized VP8 chunk (padded), then EXIF.
  static func webp(orientation: Int?, exifPrefix: Bool = false) -> [UInt8] {
    func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
      let size = payload.count
      return Array(type.utf8) + [
        UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
      ] + payload + (size % 2 == 1 ? [0] : [])
    }
    var body = Array("WEBP".utf8)
    body += chunk("VP8X", [0x08, 0, 0, 0, 15, 0, 0, 15, 0, 0])
    body += chunk("VP8 ", [UInt8](repeating: 0x9D, count: 37))
    body += chunk(
      "EXIF",
      (exifPrefix ? Array("Exif".utf8) + [0, 0] : [])
        + tiff(orientation: orientation, bigEndian: false))
    let size = body.count
    return Array("RIFF".utf8) + [
      UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
    ] + body
  }

  /// A PNG with an eXIf chunk from PNGWriter.
  static func png(orientation: PhotoOrientation) -> [UInt8] {
    PNGWriter.encode(
      PixelImage(width: 4, height: 2, color: RGBColor(red: 1, green: 2, blue: 3)),
      orientation: orientation)
  }
}
