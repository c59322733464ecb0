/// Finds the EXIF orientation tag in a JPEG, PNG, WebP or TIFF file by walking its headers:
/// each step reads a few bytes at an offset, the total is bounded by
/// ``PhotoOrientation/readLimit`` and the steps by ``stepLimit``, so a corrupt or hostile
/// file costs little and can only give ``PhotoOrientation/Reading/invalid(reason:)``.
struct ExifScanner {
  /// Why a scan stopped early.
  enum Stop: Error {
    /// The file could not be read.
    case io(PhotoError)
    /// The metadata is corrupt or truncated.
    case invalid(String)
  }

  /// The most segments or chunks walked.
  static let stepLimit = 4096
  /// The most entries of an IFD looked at (a camera's IFD0 has about 10 to 20).
  static let entryLimit = 1024

  /// The file.
  let file: any ReadableFile
  /// Bytes still allowed.
  private var budget = PhotoOrientation.readLimit

  /// Scans `file`.
  init(file: any ReadableFile) { self.file = file }

  /// The reading, or the read failure.
  mutating func reading() throws(PhotoError) -> PhotoOrientation.Reading {
    do {
      let head = try read(0, PhotoKind.signatureLength)
      switch PhotoKind(signature: head) {
      case .jpeg: return try jpeg()
      case .png: return try png()
      case .webp: return try webp()
      case .tiff: return try tiff(base: 0, limit: Int.max)
      case .bmp, .gif, nil: return .untagged
      }
    } catch {
      switch error {
      case .io(let failure): throw failure
      case .invalid(let reason): return .invalid(reason: reason)
      }
    }
  }

  /// Up to `count` bytes at `offset`, charged to the budget.
  private mutating func read(_ offset: Int, _ count: Int) throws(Stop) -> [UInt8] {
    guard count <= budget else {
      throw .invalid(
        "no orientation within the first \(PhotoOrientation.readLimit) bytes of metadata")
    }
    budget -= count
    do {
      return try file.read(at: offset, count: count)
    } catch {
      throw .io(error)
    }
  }

  /// Exactly `count` bytes at `offset`, or `invalid("truncated WHAT")`.
  private mutating func exact(_ offset: Int, _ count: Int, _ what: String) throws(Stop) -> [UInt8] {
    let bytes = try read(offset, count)
    guard bytes.count == count else { throw .invalid("truncated " + what + " at byte \(offset)") }
    return bytes
  }

  /// JPEG: the marker segments from SOI to SOS; the first `APP1` that starts `Exif\0\0`.
  private mutating func jpeg() throws(Stop) -> PhotoOrientation.Reading {
    var position = 2
    for _ in 0..<Self.stepLimit {
      let marker = try exact(position, 2, "JPEG marker")
      guard marker[0] == 0xFF else {
        throw .invalid("JPEG marker expected at byte \(position)")
      }
      switch marker[1] {
      case 0xFF:  // A fill byte before the marker.
        position += 1
        continue
      case 0xDA, 0xD9:  // Start of scan, end of image: no Exif segment before the image data.
        return .untagged
      case 0x01, 0xD0...0xD8:  // Markers without a length.
        position += 2
        continue
      default: break
      }
      let lengthBytes = try exact(position + 2, 2, "JPEG segment length")
      let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
      guard length >= 2 else {
        throw .invalid("JPEG segment length \(length) at byte \(position + 2)")
      }
      if marker[1] == 0xE1, length >= 8 + 6,
        try read(position + 4, 6) == Array("Exif".utf8) + [0, 0]
      {
        return try tiff(base: position + 10, limit: length - 8)
      }
      position += 2 + length
    }
    return .untagged
  }

  /// PNG: the chunks from IHDR to the first IDAT; the `eXIf` chunk.
  private mutating func png() throws(Stop) -> PhotoOrientation.Reading {
    var position = 8
    for _ in 0..<Self.stepLimit {
      let header = try exact(position, 8, "PNG chunk header")
      let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: header[4..<8], as: UTF8.self)
      guard length <= Int(Int32.max) else {
        throw .invalid("PNG chunk length \(length) at byte \(position)")
      }
      switch type {
      case "eXIf": return try tiff(base: position + 8, limit: length)
      case "IDAT", "IEND": return .untagged
      default: position += 12 + length
      }
    }
    return .untagged
  }

  /// WebP: the RIFF chunks; the `EXIF` chunk (with or without an `Exif\0\0` prefix).
  private mutating func webp() throws(Stop) -> PhotoOrientation.Reading {
    let head = try exact(4, 4, "RIFF size")
    let end = 8 + littleEndian32(head, 0)
    var position = 12
    for _ in 0..<Self.stepLimit {
      guard position + 8 <= end else { return .untagged }
      let header = try exact(position, 8, "WebP chunk header")
      let size = littleEndian32(header, 4)
      let type = String(decoding: header[0..<4], as: UTF8.self)
      if type == "EXIF" {
        let prefix = Array("Exif".utf8) + [0, 0]
        var skip = 0
        if size >= 6, try read(position + 8, 6) == prefix { skip = 6 }
        return try tiff(base: position + 8 + skip, limit: size - skip)
      }
      position += 8 + size + (size & 1)
    }
    return .untagged
  }

  /// A TIFF structure at `base`, `limit` bytes long: the byte order, then the first IFD's
  /// entries; the `Orientation` entry (tag 0x0112, one SHORT).
  private mutating func tiff(base: Int, limit: Int) throws(Stop) -> PhotoOrientation.Reading {
    guard limit >= 8 else { throw .invalid("Exif block of \(limit) bytes at byte \(base)") }
    let header = try exact(base, 8, "TIFF header")
    let bigEndian: Bool
    switch (header[0], header[1]) {
    case (0x49, 0x49): bigEndian = false
    case (0x4D, 0x4D): bigEndian = true
    default: throw .invalid("TIFF byte order expected at byte \(base)")
    }
    func number(_ bytes: [UInt8], _ at: Int, _ width: Int) -> Int {
      let field = bytes[at..<at + width]
      return bigEndian
        ? field.reduce(0) { $0 << 8 | Int($1) }
        : field.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
    guard number(header, 2, 2) == 42 else {
      throw .invalid("TIFF magic number 42 expected at byte \(base + 2)")
    }
    let directory = number(header, 4, 4)
    guard directory >= 8, directory <= limit - 2 else {
      throw .invalid("IFD offset \(directory) outside the Exif block at byte \(base + 4)")
    }
    let countBytes = try exact(base + directory, 2, "IFD")
    let count = number(countBytes, 0, 2)
    guard count <= Self.entryLimit, directory + 2 + 12 * count <= limit else {
      throw .invalid("IFD of \(count) entries past the Exif block at byte \(base + directory)")
    }
    let entries = try exact(base + directory + 2, 12 * count, "IFD entries")
    for index in 0..<count {
      let entry = 12 * index
      guard number(entries, entry, 2) == 0x0112 else { continue }
      let type = number(entries, entry + 2, 2)
      let value =
        switch type {
        case 3: number(entries, entry + 8, 2)  // SHORT, the type EXIF gives the tag.
        case 4: number(entries, entry + 8, 4)  // LONG, written by some tools.
        default:
          throw .invalid("orientation of TIFF type \(type) at byte \(base + directory + 2 + entry)")
        }
      guard let orientation = PhotoOrientation(rawValue: value) else {
        throw .invalid("orientation \(value) is not 1 to 8")
      }
      return .tagged(orientation)
    }
    return .untagged
  }
}

/// Four bytes from `at` as a little-endian number.
private func littleEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
  bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
}

extension ExifScanner.Stop {
  /// The reason in words.
  var reason: String {
    switch self {
    case .io(let error): error.reason
    case .invalid(let reason): reason
    }
  }
}
