import ImageCarousel
import Testing

/// `value` as four big-endian bytes.
func bigEndian32(_ value: UInt32) -> [UInt8] {
  [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

/// The start of a PNG file: signature, then an IHDR chunk for `width`×`height`.
func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
  [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian32(13) + Array("IHDR".utf8)
    + bigEndian32(width) + bigEndian32(height) + [8, 2, 0, 0, 0] + bigEndian32(0x1234_5678)
}

/// The start of a GIF file with a logical screen of `width`×`height`.
func gifHeader(_ version: String = "89a", width: UInt16, height: UInt16) -> [UInt8] {
  Array(("GIF" + version).utf8) + [
    UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0, 0, 0,
  ]
}

/// A JPEG: SOI, an APP0 (JFIF) segment, a comment padded with fill bytes, a quantization table,
/// then a start-of-frame segment with `marker` for `width`×`height`, then start of scan.
func jpegHeader(marker: UInt8, width: UInt16, height: UInt16) -> [UInt8] {
  var bytes: [UInt8] = [0xFF, 0xD8]
  bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
  bytes += [0xFF, 0xFF, 0xFE, 0x00, 0x07] + Array("hello".utf8)
  bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + Array(repeating: 1, count: 64)
  bytes += [0xFF, marker, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF)]
  bytes += [UInt8(width >> 8), UInt8(width & 0xFF), 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
  return bytes
}

@Suite struct ImageHeaderTests {
  @Test("A PNG's size comes from its IHDR chunk")
  func png() {
    let header = ImageHeader(bytes: pngHeader(width: 1920, height: 1080))
    #expect(header == ImageHeader(format: .png, size: PixelSize(width: 1920, height: 1080)))
  }

  @Test("A GIF's size comes from its logical screen descriptor", arguments: ["87a", "89a"])
  func gif(version: String) {
    let header = ImageHeader(bytes: gifHeader(version, width: 640, height: 480))
    #expect(header == ImageHeader(format: .gif, size: PixelSize(width: 640, height: 480)))
  }

  @Test(
    "A JPEG's size comes from its start-of-frame segment (SOF0, SOF1, SOF2)",
    arguments: [UInt8(0xC0), 0xC1, 0xC2])
  func jpeg(marker: UInt8) {
    let header = ImageHeader(bytes: jpegHeader(marker: marker, width: 4032, height: 3024))
    #expect(header == ImageHeader(format: .jpeg, size: PixelSize(width: 4032, height: 3024)))
  }

  @Test("A JPEG's Huffman table segment (0xC4) is not mistaken for a frame header")
  func jpegSkipsHuffmanTable() {
    var bytes = jpegHeader(marker: 0xC0, width: 300, height: 200)
    bytes.insert(contentsOf: [0xFF, 0xC4, 0x00, 0x07, 0, 0, 9, 9, 9], at: 2)
    #expect(ImageHeader(bytes: bytes)?.size == PixelSize(width: 300, height: 200))
  }

  @Test("Every truncation of a valid header reads as nil, not a crash")
  func truncations() {
    for full in [
      pngHeader(width: 10, height: 20), gifHeader(width: 10, height: 20),
      jpegHeader(marker: 0xC2, width: 10, height: 20),
    ] {
      #expect(ImageHeader(bytes: full) != nil)
      // A JPEG needs its frame header up to the width (the last 14 bytes are the scan header,
      // and 10 frame header bytes follow the width); a PNG its IHDR size; a GIF 10 bytes.
      let needed = full[0] == 0xFF ? full.count - 24 : (full[0] == 0x89 ? 24 : 10)
      #expect(ImageHeader(bytes: Array(full.prefix(needed))) != nil)
      for length in 0..<needed {
        #expect(ImageHeader(bytes: Array(full.prefix(length))) == nil, "length \(length)")
      }
    }
  }

  @Test(
    "Corrupt, empty-sized or unknown data reads as nil",
    arguments: [
      [],
      Array("hello world, not an image".utf8),
      pngHeader(width: 0, height: 20),
      pngHeader(width: 0x8000_0000, height: 20),
      Array(pngHeader(width: 10, height: 20).dropFirst()),
      gifHeader("88a", width: 10, height: 20),
      gifHeader(width: 10, height: 0),
      jpegHeader(marker: 0xC0, width: 10, height: 0),
      [0xFF, 0xD8, 0xFF, 0xD9],
      [0xFF, 0xD8, 0x00, 0x00, 0x00, 0x00],
      [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xC0],
      [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF],
      [0xFF, 0xD8] + Array(repeating: 0xFF, count: 100),
    ] as [[UInt8]])
  func corrupt(bytes: [UInt8]) {
    #expect(ImageHeader(bytes: bytes) == nil)
  }

  @Test("Random bytes after a JPEG's start never crash the reader")
  func fuzz() {
    var generator = SplitMix64(seed: 0x00C0_FFEE)
    for _ in 0..<2000 {
      let count = Int.random(in: 0..<64, using: &generator)
      let tail = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      _ = ImageHeader(bytes: [0xFF, 0xD8] + tail)
      _ = ImageHeader(bytes: tail)
    }
  }
}

/// A small seeded generator so the fuzz test is the same on every run.
struct SplitMix64: RandomNumberGenerator {
  /// The state, advanced by a fixed odd constant per number.
  var state: UInt64

  /// Creates a generator from `seed`.
  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
