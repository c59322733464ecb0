// Formatting straight into an `OutputSpan<UInt8>`, the safe view of a buffer's free capacity
// that `ByteSink.write(atMost:_:)` lends: every write is bounds-checked, and a whole line costs
// one access to the sink's buffer instead of one per byte.

extension OutputSpan where Element == UInt8 {
  /// The most bytes one number takes: `put(integer:)`, `put(fixed:places:)` (a value too large
  /// for fixed-point prints as Swift's shortest description, at most 24 bytes) and
  /// `put(seconds:)`.
  public static var longestNumber: Int { 32 }

  /// Appends one byte.
  @inlinable
  public mutating func put(_ byte: UInt8) {
    append(byte)
  }

  /// Appends a literal.
  @inlinable
  public mutating func put(_ literal: StaticString) {
    literal.withUTF8Buffer { utf8 in
      var index = 0
      while index < utf8.count {
        self.append(utf8[index])
        index += 1
      }
    }
  }

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
      for byte in String(value).utf8 { append(byte) }
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
    let length = decimalLength(time.magnitude, places: 6, negative: time < 0)
    if length < width { append(repeating: 0x20, count: width - length) }
    putDecimal(time.magnitude, places: 6, negative: time < 0, length: length)
  }

  /// Appends spaces until the span holds `width` bytes (at least one space): a column, when
  /// the span began the line.
  public mutating func pad(to width: Int) {
    append(repeating: 0x20, count: Swift.max(1, width - count))
  }

  /// Appends `units` / 10^`places` with exactly `places` decimals: `length` digits' places,
  /// filled right to left.
  private mutating func putDecimal(
    _ units: UInt64, places: Int, negative: Bool, length known: Int? = nil
  ) {
    let length = known ?? decimalLength(units, places: places, negative: negative)
    let first = count
    for _ in 0..<length { append(0x30) }
    var position = first + length
    var rest = units
    var fraction = places
    while fraction > 0 {
      position -= 1
      self[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
      rest /= 10
      fraction -= 1
    }
    if places > 0 {
      position -= 1
      self[position] = UInt8(ascii: ".")
    }
    let end = negative ? first + 1 : first  // the integer digits fill the rest
    while position > end {
      position -= 1
      self[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
      rest /= 10
    }
    if negative { self[first] = UInt8(ascii: "-") }
  }
}

/// The length of `units` / 10^`places` written with exactly `places` decimals.
private func decimalLength(_ units: UInt64, places: Int, negative: Bool) -> Int {
  // At least `places + 1` digits: count on from there.
  var digits = places + 1
  var bound = decimalPower(digits)
  while digits < 20 && units >= bound {
    digits += 1
    bound = bound &* 10
  }
  return digits + (places > 0 ? 1 : 0) + (negative ? 1 : 0)
}

/// 10^`exponent` for 0…10.
private func decimalPower(_ exponent: Int) -> UInt64 {
  switch exponent {
  case 0: 1
  case 1: 10
  case 2: 100
  case 3: 1_000
  case 4: 10_000
  case 5: 100_000
  case 6: 1_000_000
  case 7: 10_000_000
  case 8: 100_000_000
  case 9: 1_000_000_000
  default: 10_000_000_000
  }
}
