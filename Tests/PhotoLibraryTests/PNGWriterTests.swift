import Foundation
import GestureTestSupport
import Testing

@testable import PhotoLibrary

/// Python's zlib checks what the writer produces: chunk CRCs, the zlib stream and its
/// Adler-32, and the pixels after undoing the `Sub` filter.
@Suite struct PNGWriterTests {
  /// Decodes the PNG at `path` with Python (zlib and struct only) and prints its chunk types,
  /// its size and its pixels in hex, or fails with a reason.
  static let decoder = """
    import sys, struct, zlib
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
    p, chunks = 8, []
    while p < len(data):
        n, = struct.unpack('>I', data[p:p+4]); t = data[p+4:p+8]; d = data[p+8:p+8+n]
        crc, = struct.unpack('>I', data[p+8+n:p+12+n])
        assert zlib.crc32(t + d) == crc, 'crc of ' + t.decode()
        chunks.append((t, d)); p += 12 + n
    w, h, depth, ctype, _, _, _ = struct.unpack('>IIBBBBB', chunks[0][1])
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(b''.join(d for t, d in chunks if t == b'IDAT'))
    row, out = w * bpp, bytearray()
    for y in range(h):
        line = raw[y * (row + 1):(y + 1) * (row + 1)]
        assert line[0] == 1, 'filter'
        cur = bytearray(line[1:])
        for i in range(bpp, row): cur[i] = (cur[i] + cur[i - bpp]) & 255
        out += cur
    assert len(raw) == h * (row + 1), 'length'
    print(' '.join(t.decode() for t, _ in chunks), w, h, depth, ctype)
    print(out.hex())
    """

  /// Runs the decoder on `bytes`.
  static func decode(_ bytes: [UInt8]) throws -> ProcessResult {
    let folder = try TemporaryFolder("png")
    defer { folder.remove() }
    let path = try folder.write("image.png", bytes)
    let script = try folder.write("decode.py", Array(decoder.utf8))
    return try runProcess("/usr/bin/python3", [script, path])
  }

  /// A picture with a gradient, noise and flat areas: every kind of byte and match.
  static func picture(width: Int, height: Int, alpha: Bool) -> PixelImage {
    var image = PixelImage(
      width: width, height: height, hasAlpha: alpha, color: RGBColor(red: 9, green: 9, blue: 9))
    var seed: UInt32 = 12345
    for y in 0..<height {
      for x in 0..<width where (x / 7 + y / 5) % 3 != 0 {
        seed = seed &* 1_103_515_245 &+ 12345
        let noise = UInt8(truncatingIfNeeded: seed >> 16)
        image.fill(
          x: x, y: y, width: 1, height: 1,
          color: RGBColor(red: UInt8(x & 255), green: UInt8(y & 255), blue: noise, alpha: noise | 1)
        )
      }
    }
    return image
  }

  @Test(
    "stored and fixed-Huffman PNGs decode to the same pixels, RGB and RGBA",
    arguments: [PNGWriter.Compression.stored, .fixedHuffman], [false, true])
  func roundTrip(compression: PNGWriter.Compression, alpha: Bool) throws {
    let image = Self.picture(width: 61, height: 37, alpha: alpha)
    let result = try Self.decode(PNGWriter.encode(image, compression: compression))
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "IHDR IDAT IEND 61 37 8 \(alpha ? 6 : 2)")
    let hex = image.bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    #expect(lines.last == hex)
  }

  @Test("a flat sample-sized picture compresses about a hundredfold and still decodes")
  func compression() throws {
    let photo = SamplePhotos.all[0]
    let image = SamplePhotos.picture(of: photo, scale: 0.25)
    let bytes = PNGWriter.encode(image, orientation: .right)
    #expect(bytes.count * 50 < image.bytes.count)
    let result = try Self.decode(bytes)
    #expect(result.stdout.hasPrefix("IHDR eXIf IDAT IEND 300 200 8 2\n"))
    let hex = image.bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    #expect(result.stdout.hasSuffix(hex + "\n"))
  }

  @Test("raw DEFLATE streams of long runs, far matches and all byte values inflate exactly")
  func deflate() throws {
    var seed: UInt32 = 7
    let noise = (0..<40_000).map { _ in
      seed = seed &* 1_103_515_245 &+ 12345
      return UInt8(truncatingIfNeeded: seed >> 16)
    }
    // Noise repeated 32,768 and 32,769 bytes later: one at the window's edge, one past it.
    let far =
      Array(noise.prefix(32_768)) + Array(noise.prefix(300)) + [1]
      + Array(noise.prefix(32_768)).dropFirst(1) + Array(noise.prefix(300))
    let inputs: [[UInt8]] = [
      [], [0], [UInt8](repeating: 0, count: 100_000), Array(0...255) + Array(0...255), noise, far,
    ]
    let folder = try TemporaryFolder("deflate")
    defer { folder.remove() }
    var script = "import sys, zlib\n"
    for (index, input) in inputs.enumerated() {
      try folder.write("in\(index)", input)
      try folder.write("out\(index)", Deflate.fixedHuffman(input))
      try folder.write("stored\(index)", Deflate.stored(input))
      script += """
        i = open('\(folder.path)/in\(index)', 'rb').read()
        assert zlib.decompress(open('\(folder.path)/out\(index)', 'rb').read(), -15) == i, \(index)
        assert zlib.decompress(open('\(folder.path)/stored\(index)', 'rb').read(), -15) == i, \(index)

        """
    }
    script += "print('ok')\n"
    let path = try folder.write("check.py", Array(script.utf8))
    let result = try runProcess("/usr/bin/python3", [path])
    #expect(result.stderr == "")
    #expect(result.stdout == "ok\n")
    // 100,000 zeros: a literal and 388 matches of 258 bytes, about 13 bits each.
    #expect(Deflate.fixedHuffman([UInt8](repeating: 0, count: 100_000)).count < 700)
  }

  @Test("the checksums match their published values")
  func checksums() {
    // PNG's IEND chunk always ends with AE 42 60 82; Adler-32 of "Wikipedia" is 0x11E60398.
    #expect(Checksum.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    #expect(Checksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(Checksum.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    #expect(Checksum.adler32([UInt8](repeating: 255, count: 100_000)) == 0x149A_302C)
  }
}
