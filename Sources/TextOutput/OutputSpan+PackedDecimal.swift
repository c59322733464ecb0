// Decimal numbers built in a register, digit by digit from the right, and appended as whole
// words: a number of up to eight characters (`94.62`, `-11.4`, `1.346787`) is one word.

extension OutputSpan where Element == UInt64 {
  /// The most bytes one number takes: `put(integer:)`, `put(fixed:places:)` (a value too large
  /// for fixed-point prints as Swift's shortest description, at most 24 bytes) and
  /// `put(seconds:)`.
  public static var longestNumber: Int { 32 }

  /// Appends a decimal integer.
  public mutating func put(integer value: Int) {
    putDecimal(UInt64(value.magnitude), places: 0, negative: value < 0)
  }

  /// Appends `value` with exactly `places` decimals (0…9), rounded half away from zero;
  /// non-finite values print as `0` (JSON has no NaN).
  public mutating func put(fixed value: Double, places: Int) {
    precondition(places >= 0 && places <= 9, "put(fixed:places:): 0…9 places")
    let scaled = value.isFinite ? Swift.abs(value) * Double(decimalPower(places)) : 0
    guard scaled < 9.0e18 else {
      put(text: String(value))
      return
    }
    // Rounded half away from zero without a libm call: `scaled - whole` is exact (Sterbenz),
    // so this is `scaled.rounded(.toNearestOrAwayFromZero)` to the bit.
    let whole = UInt64(scaled)
    let units = scaled - Double(whole) >= 0.5 ? whole + 1 : whole
    putDecimal(units, places: places, negative: value < 0 && units != 0)
  }

  /// Appends an event time as seconds with six decimals (`1.234567`), exactly.
  public mutating func put(seconds time: Int64) {
    putDecimal(time.magnitude, places: 6, negative: time < 0)
  }

  /// Appends an event time as seconds with six decimals, right-aligned in `width` columns.
  public mutating func put(seconds time: Int64, width: Int) {
    let length =
      digitCount(time.magnitude / 1_000_000) + 7 + (time < 0 ? 1 : 0)
    if length < width { put(spaces: width &- length) }
    putDecimal(time.magnitude, places: 6, negative: time < 0)
  }

  /// Appends `units` / 10^`places` with exactly `places` decimals.
  mutating func putDecimal(_ units: UInt64, places: Int, negative: Bool) {
    guard places <= 6 else {
      if negative { put(UInt8(ascii: "-")) }
      let scale = decimalPower(places)
      put(digits: units / scale, minimumDigits: 1)
      put(UInt8(ascii: "."))
      put(digits: units % scale, minimumDigits: places)
      return
    }
    // One word when it fits: the point and the decimals, then the integer digits from the
    // right, each shifting the characters after it up a byte, then the sign (the point and
    // the decimals take at most 7 bytes, so the loop below stops at 8).
    var word: UInt64 = 0
    var length = 0
    var rest = units
    if places >= 4 {
      let scale = decimalPower(places)
      word = 0x2E | lastDigits(units % scale, count: places) &<< 8
      length = places &+ 1
      rest = units / scale
    } else if places > 0 {
      while length < places {
        word = word &<< 8 | (0x30 &+ rest % 10)
        rest /= 10
        length &+= 1
      }
      word = word &<< 8 | 0x2E
      length &+= 1
    }
    repeat {
      word = word &<< 8 | (0x30 &+ rest % 10)
      rest /= 10
      length &+= 1
    } while rest > 0 && length < 8
    if rest == 0 && (!negative || length < 8) {
      if negative {
        word = word &<< 8 | 0x2D
        length &+= 1
      }
      put(word: word, length: length)
      return
    }
    // Longer (`4776.171533`): the sign and the integer's higher digits go first, then the word
    // with the rest, already built.
    if negative { put(UInt8(ascii: "-")) }
    if rest > 0 { put(digits: rest, minimumDigits: 1) }
    put(word: word, length: length)
  }

  /// Appends `value` in decimal, zero-padded to at least `minimumDigits` digits.
  mutating func put(digits value: UInt64, minimumDigits: Int) {
    if value >= 100_000_000 || minimumDigits > 8 {
      put(digits: value / 100_000_000, minimumDigits: Swift.max(1, minimumDigits &- 8))
      put(word: eightDigits(value % 100_000_000), length: 8)
      return
    }
    var word: UInt64 = 0
    var length = 0
    var rest = value
    repeat {
      word = word &<< 8 | (0x30 &+ rest % 10)
      rest /= 10
      length &+= 1
    } while rest > 0 || length < minimumDigits
    put(word: word, length: length)
  }
}

/// The eight decimal digits of `value` (below 10^8, with leading zeros) as ASCII, the first
/// digit in the low byte: the two halves of four digits, then pairs, then digits are split in
/// parallel in the lanes of one word (each quotient by a multiplication and a shift, exact for
/// these ranges: `x * 10486 >> 20` is `x / 100` below 10 000, `x * 103 >> 10` is `x / 10`
/// below 100).
private func eightDigits(_ value: UInt64) -> UInt64 {
  let halves = (value / 10_000) | (value % 10_000) &<< 32
  let hundreds = ((halves &* 10486) &>> 20) & 0x0000_007F_0000_007F
  let pairs = hundreds | (halves &- hundreds &* 100) &<< 16
  let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
  let digits = tens | (pairs &- tens &* 10) &<< 8
  return digits | 0x3030_3030_3030_3030
}

/// The last `count` (1…8) decimal digits of `value` (below 10^8) as ASCII, first in the low
/// byte.
private func lastDigits(_ value: UInt64, count: Int) -> UInt64 {
  eightDigits(value) &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count)
}

/// The number of decimal digits of `value` (1 for 0).
private func digitCount(_ value: UInt64) -> Int {
  var digits = 1
  var bound: UInt64 = 10
  while digits < 20 && value >= bound {
    digits &+= 1
    bound = bound &* 10
  }
  return digits
}

/// 10^`exponent` for 0…9 (the word packer's table), 10^10 for any other.
private func decimalPower(_ exponent: Int) -> UInt64 {
  (0...9).contains(exponent) ? wordPackerPowerOfTen(exponent) : 10_000_000_000
}
