/// Writes a ``PixelImage`` as a PNG file's bytes: 8-bit RGB or RGBA, no interlace, each row
/// filtered with `Sub` (a flat colour becomes zeros), zlib-wrapped DEFLATE with an Adler-32,
/// and a CRC-32 on every chunk (PNG specification, 3rd edition; RFC 1950 and 1951).
public enum PNGWriter {
  /// How the image data is compressed.
  public enum Compression: Sendable, Hashable {
    /// Stored (uncompressed) DEFLATE blocks: big, and trivially checked.
    case stored
    /// One DEFLATE block of fixed Huffman codes with LZ77 matches: small for flat colours.
    case fixedHuffman
  }

  /// The PNG signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The PNG file of `image`.
  ///
  /// - Parameters:
  ///   - image: The picture.
  ///   - compression: How the pixels are compressed; fixed Huffman by default.
  ///   - orientation: When given, an `eXIf` chunk (before `IDAT`) tags the file with it, as
  ///     a phone's photo is tagged.
  public static func encode(
    _ image: PixelImage, compression: Compression = .fixedHuffman,
    orientation: PhotoOrientation? = nil
  ) -> [UInt8] {
    var out = signature
    var header: [UInt8] = []
    header += bigEndian32(image.width) + bigEndian32(image.height)
    // Bit depth 8, colour type 2 (RGB) or 6 (RGBA), deflate, adaptive filtering, no interlace.
    header += [8, image.hasAlpha ? 6 : 2, 0, 0, 0]
    appendChunk("IHDR", header, to: &out)
    if let orientation { appendChunk("eXIf", exif(orientation), to: &out) }
    let filtered = subFiltered(image)
    let deflated =
      switch compression {
      case .stored: Deflate.stored(filtered)
      case .fixedHuffman: Deflate.fixedHuffman(filtered)
      }
    // zlib header: deflate with a 32 KiB window (0x78), check bits making it a multiple of 31.
    let zlib = [0x78, 0x01] + deflated + bigEndian32(Int(Checksum.adler32(filtered)))
    appendChunk("IDAT", zlib, to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// A minimal big-endian TIFF structure with one IFD holding the `Orientation` tag.
  static func exif(_ orientation: PhotoOrientation) -> [UInt8] {
    // "MM", 42, IFD at 8; one entry: tag 0x0112, type SHORT, count 1, value; no next IFD.
    [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
      + [0, UInt8(orientation.rawValue), 0, 0, 0, 0, 0, 0]
  }

  /// The rows, each prefixed with filter type 1 (`Sub`: each byte minus the byte one pixel to
  /// its left).
  static func subFiltered(_ image: PixelImage) -> [UInt8] {
    let step = image.bytesPerPixel
    let rowLength = image.width * step
    var out = [UInt8]()
    out.reserveCapacity((rowLength + 1) * image.height)
    for row in 0..<image.height {
      let start = row * rowLength
      out.append(1)
      for at in start..<start + rowLength {
        out.append(at - start < step ? image.bytes[at] : image.bytes[at] &- image.bytes[at - step])
      }
    }
    return out
  }

  /// Appends a chunk: length, type, data, CRC-32 of type and data.
  static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    out += bigEndian32(data.count) + typeBytes + data
    out += bigEndian32(Int(Checksum.crc32(data, continuing: Checksum.crc32(typeBytes))))
  }

  /// `value` as four big-endian bytes.
  static func bigEndian32(_ value: Int) -> [UInt8] {
    [
      UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
}
