/// The CRC-32 of PNG chunks and zlib's Adler-32, computed the plain way.
enum Checksum {
  /// The CRC-32 table of the reflected polynomial 0xEDB88320 (PNG specification, annex D).
  static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The CRC-32 of `bytes`, continuing from `crc` (start at 0).
  static func crc32(_ bytes: some Sequence<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    var value = ~crc
    for byte in bytes { value = crcTable[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
    return ~value
  }

  /// The Adler-32 of `bytes` (RFC 1950, section 8.2).
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var index = 0
    while index < bytes.count {
      // 5552 bytes is the longest run whose sums cannot overflow 32 bits (zlib's NMAX).
      let end = min(index + 5552, bytes.count)
      while index < end {
        a &+= UInt32(bytes[index])
        b &+= a
        index += 1
      }
      a %= 65521
      b %= 65521
    }
    return b << 16 | a
  }
}
