// A line's bytes gathered in a register and stored into an `OutputSpan<UInt64>` a whole word
// at a time: the JSON Lines printer's hot path.
//
// The span's own `put` methods keep the partial word in the span, so every piece reads that
// word back, merges into it and stores it again, each access bounds-checked. A `WordPacker`
// keeps the partial word and its length in local variables instead and touches the span only
// to append a word it has completed, so writing a piece is a shift, an `or` and a compare.
// Its methods are `@inlinable` so that the optimizer may copy the small ones (a byte, a word)
// into the line's writer (`GestureEvent.writeJSON`); it does so only while they stay small,
// which is why storing a completed word is a function of its own, and the larger ones (a key,
// a number) stay calls, each on the packer's two words. Numbers are converted eight digits at
// a time in the lanes of one word (`digitLanes`), so a coordinate or a time costs no loop over
// its digits.

/// Packs the bytes of one piece of output (a line) into 64-bit words, first byte in the low
/// bits, holding the word being filled in a register and appending each completed word to
/// the span: the fast way to write a whole line into `ByteSink.appendLine(atMost:_:)`'s span.
///
/// Take the span's partial word with `init(continuing:)`, write every piece with the `put`
/// methods (each given the same span), then give the partial word back with `finish(_:)`
/// before the span is used any other way:
///
/// ```swift
/// sink.appendLine(atMost: 64) { line in
///   var packer = WordPacker(continuing: &line)
///   packer.put(PackedText("{\"x\": "), to: &line)
///   packer.put(fixed: x, places: 2, to: &line)
///   packer.put(UInt8(ascii: "}"), to: &line)
///   packer.finish(&line)
/// }
/// ```
///
/// The bytes are exactly those of the span's `put` methods of the same names.
public struct WordPacker {
  /// The bytes of the word being filled, first in the low bits; the bits above are zero.
  @usableFromInline var pending: UInt64
  /// The number of bits of `pending` in use: 0, 8, …, 56.
  @usableFromInline var bits: Int

  /// Starts packing where `line` ends: takes its last word, the partial one (its byte count
  /// in the top byte, as `OutputSpan<UInt64>.put(word:length:)` keeps it), into the packer.
  @inlinable
  public init(continuing line: inout OutputSpan<UInt64>) {
    let last = line.removeLast()
    pending = last & 0x00FF_FFFF_FFFF_FFFF
    bits = Int(truncatingIfNeeded: last &>> 56) &* 8
  }

  /// Gives the partial word back to `line`, with its byte count in the top byte, so that the
  /// span's own methods and the sink continue after the packed bytes.
  @inlinable
  public func finish(_ line: inout OutputSpan<UInt64>) {
    line.append(pending | UInt64(truncatingIfNeeded: bits &>> 3) &<< 56)
  }

  /// Appends the low `length` bytes of `word` (0…8), whose higher bytes are zero.
  ///
  /// Small enough for the optimizer to inline at every call: only a completed word takes
  /// the call to `append(completed:carrying:bits:to:)`, which stores it.
  @inlinable
  public mutating func put(word: UInt64, length: Int, to line: inout OutputSpan<UInt64>) {
    let merged = pending | word &<< UInt64(truncatingIfNeeded: bits)
    let total = bits &+ length &* 8
    if total < 64 {
      pending = merged
      bits = total
    } else {
      append(completed: merged, carrying: word, bits: total, to: &line)
    }
  }

  /// Stores a completed word and keeps the bytes of `word` that did not fit in it.
  @usableFromInline
  mutating func append(
    completed merged: UInt64, carrying word: UInt64, bits total: Int,
    to line: inout OutputSpan<UInt64>
  ) {
    line.append(merged)
    // `word >> (64 - bits)`, written as two shifts so that it is zero, not `word`, when
    // nothing was pending (a shift by 64 is masked to 0).
    pending = (word &>> 1) &>> UInt64(truncatingIfNeeded: 63 &- bits)
    bits = total &- 64
  }

  /// Appends one byte.
  @inlinable
  public mutating func put(_ byte: UInt8, to line: inout OutputSpan<UInt64>) {
    put(word: UInt64(byte), length: 1, to: &line)
  }

  /// Appends a piece packed once beforehand (a key of a JSON object): its words shifted by
  /// the bits pending, each word completed stored once, with no loop and no call.
  @inlinable
  public mutating func put(_ text: PackedText, to line: inout OutputSpan<UInt64>) {
    let shift = UInt64(truncatingIfNeeded: bits)
    // What a word leaves for the next one: `word >> (64 - bits)`, zero when nothing was
    // pending (two shifts, as a shift by 64 is masked to 0).
    let back = UInt64(truncatingIfNeeded: 63 &- bits)
    let total = bits &+ text.count &* 8
    var word = pending | text.first &<< shift
    if total >= 64 {
      line.append(word)
      word = (text.first &>> 1) &>> back | text.second &<< shift
      if total >= 128 {
        line.append(word)
        word = (text.second &>> 1) &>> back | text.third &<< shift
        if total >= 192 {
          line.append(word)
          word = (text.third &>> 1) &>> back
        }
      }
    }
    pending = word
    bits = total & 63
  }

  /// Appends a literal (a name), eight bytes at a time.
  @inlinable
  public mutating func put(_ literal: StaticString, to line: inout OutputSpan<UInt64>) {
    let length = literal.utf8CodeUnitCount
    guard length <= 16 else {
      put(longLiteral: literal, to: &line)
      return
    }
    // A gesture's name (`pan`, `longPress`) is one or two words, gathered in a closure that
    // only reads.
    let (low, high) = literal.withUTF8Buffer { utf8 in
      var low: UInt64 = 0
      var high: UInt64 = 0
      var shift: UInt64 = 0
      for byte in utf8 {
        if shift < 64 {
          low |= UInt64(byte) &<< shift
        } else {
          high |= UInt64(byte) &<< (shift &- 64)
        }
        shift &+= 8
      }
      return (low, high)
    }
    if length <= 8 {
      put(word: low, length: length, to: &line)
    } else {
      put(word: low, length: 8, to: &line)
      put(word: high, length: length &- 8, to: &line)
    }
  }

  /// Appends a literal longer than two words.
  @usableFromInline
  mutating func put(longLiteral literal: StaticString, to line: inout OutputSpan<UInt64>) {
    literal.withUTF8Buffer { utf8 in
      var word: UInt64 = 0
      var length = 0
      for byte in utf8 {
        if length == 8 {
          put(word: word, length: 8, to: &line)
          word = 0
          length = 0
        }
        word |= UInt64(byte) &<< UInt64(truncatingIfNeeded: length &* 8)
        length &+= 1
      }
      put(word: word, length: length, to: &line)
    }
  }

  /// Appends the UTF-8 bytes of `text`.
  public mutating func put(text: String, to line: inout OutputSpan<UInt64>) {
    var word: UInt64 = 0
    var length = 0
    for byte in text.utf8 {
      word |= UInt64(byte) &<< UInt64(truncatingIfNeeded: length &* 8)
      length &+= 1
      if length == 8 {
        put(word: word, length: 8, to: &line)
        word = 0
        length = 0
      }
    }
    put(word: word, length: length, to: &line)
  }

  // MARK: Numbers

  /// Appends a decimal integer.
  @inlinable
  public mutating func put(integer value: Int, to line: inout OutputSpan<UInt64>) {
    if value >= 0 && value < 10 {
      // A count of touches or taps: one digit.
      put(word: 0x30 | UInt64(truncatingIfNeeded: value), length: 1, to: &line)
    } else if value > -10_000_000 && value < 100_000_000 {
      if value < 0 { put(UInt8(ascii: "-"), to: &line) }
      let (word, length) = decimalDigits(UInt64(value.magnitude), minimumDigits: 1)
      put(word: word, length: length, to: &line)
    } else {
      packNumber(&line) { $0.put(integer: value) }
    }
  }

  /// Appends `value` with exactly `places` decimals (1…9), rounded half away from zero;
  /// non-finite values print as `0` (JSON has no NaN). The same bytes as
  /// `OutputSpan<UInt64>.put(fixed:places:)`, which also takes 0 places.
  @inlinable
  public mutating func put(fixed value: Double, places: Int, to line: inout OutputSpan<UInt64>) {
    let scaled = Swift.abs(value) * Double(wordPackerPowerOfTen(places))
    // Up to seven digits (`12345.67`), so the digits and the point are one word; NaN, the
    // infinities, 0 places and longer values go the general way.
    guard places > 0 && places <= 6 && scaled < 9_999_999 else {
      packNumber(&line) { $0.put(fixed: value, places: places) }
      return
    }
    // Rounded half away from zero as the span's method does: `scaled - whole` is exact.
    // (Through `Int64`, which converts in one instruction where `UInt64` takes several.)
    let whole = Int64(scaled)
    let units = UInt64(truncatingIfNeeded: scaled - Double(whole) >= 0.5 ? whole &+ 1 : whole)
    // The digits, at least one before the point: the number's own, zero-padded to
    // `places + 1`, taken from the right of the eight lanes.
    let lanes = digitLanes(units)
    let shown = Swift.max(8 &- lanes.trailingZeroBitCount &>> 3, places &+ 1)
    let digits = (lanes | 0x3030_3030_3030_3030) &>> UInt64(truncatingIfNeeded: 64 &- shown &* 8)
    // The point after the integer digits: the decimals move up a byte.
    let cut = UInt64(truncatingIfNeeded: (shown &- places) &* 8)
    var word = digits & (1 &<< cut &- 1) | 0x2E &<< cut | (digits &>> cut) &<< (cut &+ 8)
    var length = shown &+ 1
    if value < 0 && units != 0 {
      if length < 8 {
        word = word &<< 8 | 0x2D
        length &+= 1
      } else {
        put(UInt8(ascii: "-"), to: &line)
      }
    }
    put(word: word, length: length, to: &line)
  }

  /// Appends an event time as seconds with six decimals (`1.234567`), exactly.
  @inlinable
  public mutating func put(seconds time: Int64, to line: inout OutputSpan<UInt64>) {
    let magnitude = time.magnitude
    let whole = magnitude / 1_000_000
    guard time >= 0 && whole < 100_000_000 else {
      packNumber(&line) { $0.put(seconds: time) }
      return
    }
    // The point and six decimals: seven bytes.
    let decimals =
      0x2E | ((digitLanes(magnitude % 1_000_000) | 0x3030_3030_3030_3030) &>> 16) &<< 8
    if whole < 10 {
      put(word: 0x30 | whole | decimals &<< 8, length: 8, to: &line)
    } else {
      let (word, length) = decimalDigits(whole, minimumDigits: 1)
      put(word: word, length: length, to: &line)
      put(word: decimals, length: 7, to: &line)
    }
  }

  /// Writes a number the general way (`OutputSpan<UInt64>`'s methods): gives the partial word
  /// back to `line`, lets `body` write, and takes it again.
  @usableFromInline
  mutating func packNumber(
    _ line: inout OutputSpan<UInt64>, _ body: (inout OutputSpan<UInt64>) -> Void
  ) {
    finish(&line)
    body(&line)
    self = WordPacker(continuing: &line)
  }
}

/// `value` (below 10^8) in decimal, zero-padded to at least `minimumDigits` (1…8) digits, as
/// ASCII in a word, first digit in the low byte, and the number of digits.
@inlinable
func decimalDigits(_ value: UInt64, minimumDigits: Int) -> (word: UInt64, length: Int) {
  let lanes = digitLanes(value)
  let length = Swift.max(8 &- lanes.trailingZeroBitCount &>> 3, minimumDigits)
  let word = (lanes | 0x3030_3030_3030_3030) &>> UInt64(truncatingIfNeeded: 64 &- length &* 8)
  return (word, length)
}

/// The eight decimal digits of `value` (below 10^8, with leading zeros) as the values 0…9 in
/// the bytes of a word, the first digit in the low byte, so that the leading zeros are its
/// trailing zero bytes. The two halves of four digits, then pairs, then digits are split in
/// parallel in the lanes (each quotient by a multiplication and a shift, exact for these
/// ranges: `x * 10486 >> 20` is `x / 100` below 10 000, `x * 103 >> 10` is `x / 10` below 100).
@inlinable
func digitLanes(_ value: UInt64) -> UInt64 {
  let halves = (value / 10_000) | (value % 10_000) &<< 32
  let hundreds = ((halves &* 10486) &>> 20) & 0x0000_007F_0000_007F
  let pairs = hundreds | (halves &- hundreds &* 100) &<< 16
  let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
  return tens | (pairs &- tens &* 10) &<< 8
}

/// 10^`exponent` for 0…9 (1 otherwise: such a call goes the general way).
@inlinable
func wordPackerPowerOfTen(_ exponent: Int) -> UInt64 {
  switch exponent {
  case 1: 10
  case 2: 100
  case 3: 1_000
  case 4: 10_000
  case 5: 100_000
  case 6: 1_000_000
  case 7: 10_000_000
  case 8: 100_000_000
  case 9: 1_000_000_000
  default: 1
  }
}
