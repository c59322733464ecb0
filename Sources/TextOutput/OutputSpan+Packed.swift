// Output bytes packed eight to a 64-bit word, written into the `OutputSpan<UInt64>` that
// `ByteSink.append(atMost:_:)` lends from its buffer's free capacity.
//
// A piece of output (a key, a number, a name) is built in a register, first byte in the low
// bits, then shifted into the span's last word, which is always the partly filled one and
// keeps how many bytes it holds (0…7) in its top byte, which those bytes never reach. So
// appending a piece costs a few shifts, one bounds-checked word store and at most one append,
// where a byte-by-byte copy into an `OutputSpan<UInt8>` pays a bounds check for every byte
// (the standard library has no safe bulk copy into a span yet). Numbers are built so too,
// digit by digit from the right, with no `String` in between.

extension OutputSpan where Element == UInt64 {
  /// The number of bytes in the span, from the start of the partial word it continues: a
  /// line's columns count from this value taken where the line began (`pad(from:to:)`).
  public var byteCount: Int {
    (count &- 1) &* 8 &+ Int(truncatingIfNeeded: self[count &- 1] &>> 56)
  }

  /// Appends the low `length` bytes of `word` (0…8), whose higher bytes are zero.
  @inlinable
  mutating func put(word: UInt64, length: Int) {
    let last = self[count &- 1]
    let filled = Int(truncatingIfNeeded: last &>> 56)
    let shift = UInt64(truncatingIfNeeded: filled &* 8)
    let merged = (last & 0x00FF_FFFF_FFFF_FFFF) | word &<< shift
    let total = filled &+ length
    if total < 8 {
      self[count &- 1] = merged | UInt64(truncatingIfNeeded: total) &<< 56
    } else {
      self[count &- 1] = merged
      // What did not fit in the completed word (nothing when it was empty), and its length.
      let rest = filled == 0 ? 0 : word &>> (64 &- shift)
      append(rest | UInt64(truncatingIfNeeded: total &- 8) &<< 56)
    }
  }

  /// Appends one byte.
  public mutating func put(_ byte: UInt8) {
    put(word: UInt64(byte), length: 1)
  }

  /// Appends a literal, eight bytes at a time.
  public mutating func put(_ literal: StaticString) {
    literal.withUTF8Buffer { utf8 in
      var start = 0
      while start < utf8.count {
        let length = Swift.min(8, utf8.count &- start)
        var word: UInt64 = 0
        var index = start &+ length
        while index > start {
          index &-= 1
          word = word &<< 8 | UInt64(utf8[index])
        }
        put(word: word, length: length)
        start &+= length
      }
    }
  }

  /// Appends a piece packed once beforehand (a key of a JSON object).
  public mutating func put(_ text: PackedText) {
    // The piece's three words shifted by the bytes already in the last word, as a stream of
    // up to four words: the last word completed, then whole words, then the new partial one.
    let last = self[count &- 1]
    let filled = Int(truncatingIfNeeded: last &>> 56)
    let shift = UInt64(truncatingIfNeeded: filled &* 8)
    let back = 64 &- shift  // 64 when nothing is filled: nothing carries over (see below)
    let carry: (UInt64) -> UInt64 = { filled == 0 ? 0 : $0 &>> back }
    let stream = (
      (last & 0x00FF_FFFF_FFFF_FFFF) | text.first &<< shift,
      carry(text.first) | text.second &<< shift,
      carry(text.second) | text.third &<< shift,
      carry(text.third)
    )
    let total = filled &+ text.count
    let full = total &>> 3
    let left = UInt64(truncatingIfNeeded: total & 7) &<< 56
    switch full {
    case 0:
      self[count &- 1] = stream.0 | left
    case 1:
      self[count &- 1] = stream.0
      append(stream.1 | left)
    case 2:
      self[count &- 1] = stream.0
      append(stream.1)
      append(stream.2 | left)
    default:
      self[count &- 1] = stream.0
      append(stream.1)
      append(stream.2)
      append(stream.3 | left)
    }
  }

  /// Appends the UTF-8 bytes of `text`.
  public mutating func put(text: String) {
    var word: UInt64 = 0
    var length = 0
    for byte in text.utf8 {
      word |= UInt64(byte) &<< UInt64(truncatingIfNeeded: length &* 8)
      length &+= 1
      if length == 8 {
        put(word: word, length: 8)
        word = 0
        length = 0
      }
    }
    put(word: word, length: length)
  }

  /// Appends `count` spaces.
  public mutating func put(spaces count: Int) {
    var left = count
    while left > 0 {
      let length = Swift.min(8, left)
      put(
        word: 0x2020_2020_2020_2020 &>> UInt64(truncatingIfNeeded: 64 &- 8 &* length),
        length: length)
      left &-= length
    }
  }

  /// Appends spaces until the bytes since `lineStart` (a `byteCount` taken before) are
  /// `width` long: at least one space.
  public mutating func pad(from lineStart: Int, to width: Int) {
    put(spaces: Swift.max(1, width &- (byteCount &- lineStart)))
  }
}

/// A short piece of output (up to 24 bytes) packed into words once, so that appending it to
/// an output span is three word shifts at most: the keys and words that every line repeats.
public struct PackedText: Sendable {
  /// Bytes 0…7, 8…15 and 16…23, first byte in the low bits; unused bytes are zero.
  @usableFromInline let first: UInt64, second: UInt64, third: UInt64
  /// The number of bytes (0…24).
  public let count: Int

  /// Packs `literal`, which must be at most 24 bytes long.
  public init(_ literal: StaticString) {
    precondition(literal.utf8CodeUnitCount <= 24, "PackedText: at most 24 bytes")
    var words: [UInt64] = [0, 0, 0]
    literal.withUTF8Buffer { utf8 in
      for (index, byte) in utf8.enumerated() {
        words[index / 8] |= UInt64(byte) &<< UInt64(8 * (index % 8))
      }
    }
    first = words[0]
    second = words[1]
    third = words[2]
    count = literal.utf8CodeUnitCount
  }
}
