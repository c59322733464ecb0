/// A DEFLATE encoder (RFC 1951) with two block kinds: stored blocks, and one block of the
/// fixed Huffman codes fed by a greedy LZ77 search over hash chains, which shrinks the flat
/// colours of fixtures and sample photos about a hundred times.
enum Deflate {
  /// The longest stored block (RFC 1951, 3.2.4: LEN is 16 bits).
  static let storedBlockLimit = 65_535
  /// The window: matches reach at most this far back.
  static let window = 32_768
  /// The shortest and longest match.
  static let minimumMatch = 3
  static let maximumMatch = 258
  /// How many earlier positions with the same 3-byte hash a match search tries.
  static let chainLimit = 32

  /// `bytes` as stored blocks.
  static func stored(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / storedBlockLimit * 5 + 5)
    var start = 0
    repeat {
      let end = min(start + storedBlockLimit, bytes.count)
      let length = end - start
      out.append(end == bytes.count ? 1 : 0)  // BFINAL, BTYPE 00, padded to the byte.
      out += [UInt8(length & 0xFF), UInt8(length >> 8)]
      out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      out += bytes[start..<end]
      start = end
    } while start < bytes.count
    return out
  }

  /// `bytes` as one final block of fixed Huffman codes.
  static func fixedHuffman(_ bytes: [UInt8]) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes.
    let hashSize = 1 << 15
    var head = [Int](repeating: -1, count: hashSize)
    var previous = [Int](repeating: -1, count: bytes.count)
    func hash(_ at: Int) -> Int {
      (Int(bytes[at]) << 10 ^ Int(bytes[at + 1]) << 5 ^ Int(bytes[at + 2])) & (hashSize - 1)
    }
    func insert(_ at: Int) {
      guard at + minimumMatch <= bytes.count else { return }
      let key = hash(at)
      previous[at] = head[key]
      head[key] = at
    }
    var position = 0
    while position < bytes.count {
      var bestLength = 0
      var bestDistance = 0
      if position + minimumMatch <= bytes.count {
        var candidate = head[hash(position)]
        var tries = 0
        let longest = min(maximumMatch, bytes.count - position)
        while candidate >= 0, position - candidate <= window, tries < chainLimit {
          var length = 0
          while length < longest, bytes[candidate + length] == bytes[position + length] {
            length += 1
          }
          if length > bestLength {
            bestLength = length
            bestDistance = position - candidate
            if length == longest { break }
          }
          candidate = previous[candidate]
          tries += 1
        }
      }
      if bestLength >= minimumMatch {
        bits.writeLength(bestLength)
        bits.writeDistance(bestDistance)
        for at in position..<position + bestLength { insert(at) }
        position += bestLength
      } else {
        bits.writeLiteral(Int(bytes[position]))
        insert(position)
        position += 1
      }
    }
    bits.writeLiteral(256)  // End of block.
    return bits.finish()
  }
}

/// Bits packed least significant first (RFC 1951, 3.1.1), with the fixed Huffman codes.
struct BitWriter {
  /// The bytes written so far.
  private var bytes: [UInt8] = []
  /// Bits not yet forming a byte.
  private var pending: UInt32 = 0
  /// How many bits `pending` holds.
  private var pendingCount = 0

  /// Writes the low `count` bits of `value`, least significant first.
  mutating func write(_ value: Int, count: Int) {
    pending |= UInt32(value) << UInt32(pendingCount)
    pendingCount += count
    while pendingCount >= 8 {
      bytes.append(UInt8(pending & 0xFF))
      pending >>= 8
      pendingCount -= 8
    }
  }

  /// Writes a Huffman code of `count` bits, most significant first.
  mutating func writeCode(_ code: Int, count: Int) {
    var reversed = 0
    for bit in 0..<count { reversed |= (code >> bit & 1) << (count - 1 - bit) }
    write(reversed, count: count)
  }

  /// Writes literal/length symbol `symbol` (0 to 287) with the fixed code (RFC 1951, 3.2.6).
  mutating func writeLiteral(_ symbol: Int) {
    switch symbol {
    case 0...143: writeCode(0x30 + symbol, count: 8)
    case 144...255: writeCode(0x190 + symbol - 144, count: 9)
    case 256...279: writeCode(symbol - 256, count: 7)
    default: writeCode(0xC0 + symbol - 280, count: 8)
    }
  }

  /// The base length of codes 257 to 285 and their extra bits (RFC 1951, 3.2.5).
  static let lengthBases = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258,
  ]
  static let lengthExtra = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]
  /// The base distance of codes 0 to 29 and their extra bits.
  static let distanceBases = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
  ]
  static let distanceExtra = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
    13, 13,
  ]

  /// Writes a match length (3 to 258).
  mutating func writeLength(_ length: Int) {
    let code = (Self.lengthBases.lastIndex { $0 <= length }) ?? 0
    writeLiteral(257 + code)
    write(length - Self.lengthBases[code], count: Self.lengthExtra[code])
  }

  /// Writes a match distance (1 to 32768) with the fixed 5-bit distance codes.
  mutating func writeDistance(_ distance: Int) {
    let code = (Self.distanceBases.lastIndex { $0 <= distance }) ?? 0
    writeCode(code, count: 5)
    write(distance - Self.distanceBases[code], count: Self.distanceExtra[code])
  }

  /// The bytes, the last one padded with zero bits.
  mutating func finish() -> [UInt8] {
    if pendingCount > 0 { bytes.append(UInt8(pending & 0xFF)) }
    pending = 0
    pendingCount = 0
    return bytes
  }
}
