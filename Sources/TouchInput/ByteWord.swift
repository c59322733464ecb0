/// Eight bytes of a span at a time, in plain safe Swift: how the readers find a line's
/// newline.
///
/// Eight bytes are read from a span of the rest whose count is tested first: the optimizer
/// then sees that the eight reads are in bounds and joins them into one load. The test is
/// arithmetic on the word (SWAR: each byte a lane, the first byte of the text in the low
/// lane).
enum ByteWord {
  /// A byte of 1 in every lane.
  static let ones: UInt64 = 0x0101_0101_0101_0101

  /// The index of the first newline of `bytes` from `start` on, or `bytes.count`.
  static func newline(in bytes: Span<UInt8>, from start: Int) -> Int {
    var index = max(start, 0)
    // 64 bytes at a time from a span of the rest whose count is tested: eight words read
    // unchecked.
    while true {
      let rest = bytes.extracting(droppingFirst: index)
      guard rest.count >= 64 else { break }
      var offset = 0
      while offset < 64 {
        var word: UInt64 = 0
        for lane in 0..<8 { word |= UInt64(rest[offset &+ lane]) &<< UInt64(lane &* 8) }
        // A lane of `zeros` is 0 where the word has a newline; the lowest such lane shows up
        // as the lowest set high bit of `found` (higher ones may be false, never lower ones).
        let zeros = word ^ (ones &* 0x0a)
        let found = (zeros &- ones) & ~zeros & (ones &* 0x80)
        if found != 0 { return index &+ offset &+ found.trailingZeroBitCount &>> 3 }
        offset &+= 8
      }
      index &+= 64
    }
    // Then eight at a time, then one.
    while true {
      let rest = bytes.extracting(droppingFirst: index)
      guard rest.count >= 8 else { break }
      var word: UInt64 = 0
      for lane in 0..<8 { word |= UInt64(rest[lane]) &<< UInt64(lane &* 8) }
      let zeros = word ^ (ones &* 0x0a)
      let found = (zeros &- ones) & ~zeros & (ones &* 0x80)
      if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
      index &+= 8
    }
    while index < bytes.count {
      if bytes[index] == 0x0a { return index }
      index &+= 1
    }
    return bytes.count
  }
}
