extension EvemuReader {
  /// Parses an `E:` line of the form evemu writes, the fast way.
  ///
  /// The accepted form is `E: SEC.USEC TYPE CODE VALUE`, with 1–12 digits of seconds, exactly
  /// 6 of microseconds, 1–4 hex digits of type (at most `EV_MAX`) and code, a decimal value
  /// of 1–10 digits within `Int32`, spaces between the fields, then blanks and an optional
  /// comment. Any other line, valid or not, gets `nil` and goes to the careful parser, which
  /// also finds the reason when a line is bad.
  ///
  /// Plain bounds-checked reads of the span. Every scan stops at a byte that cannot continue
  /// its field, at the latest the line's newline, which `bytes` holds at `line.upperBound`.
  ///
  /// - Parameters:
  ///   - bytes: the buffer; `bytes[line.upperBound]` is the line's newline.
  ///   - line: the line without its newline.
  /// - Returns: the event, or `nil`.
  static func parseCommonEvent(_ bytes: Span<UInt8>, _ line: Range<Int>) -> InputEvent? {
    var index = line.lowerBound
    guard line.count >= 3, bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == 0x3a
    else { return nil }
    index += 2
    guard skipSpaces(bytes, &index) else { return nil }

    let secondsStart = index
    let seconds = decimalRun(bytes, &index)
    let secondsDigits = index - secondsStart
    guard secondsDigits > 0 && secondsDigits <= 12 && bytes[index] == 0x2e else { return nil }
    index += 1
    var micros: Int64 = 0
    for _ in 0..<6 {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      micros = micros &* 10 &+ Int64(truncatingIfNeeded: digit)
      index += 1
    }
    guard skipSpaces(bytes, &index), let type = shortHex(bytes, &index),
      skipSpaces(bytes, &index), let code = shortHex(bytes, &index),
      type <= UInt32(EventType.max), skipSpaces(bytes, &index)
    else { return nil }

    let negative = bytes[index] == 0x2d
    if negative { index += 1 }
    let valueStart = index
    var value = decimalRun(bytes, &index)
    let valueDigits = index - valueStart
    guard valueDigits > 0 && valueDigits <= 10 else { return nil }
    if negative { value = 0 &- value }
    guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { return nil }

    guard index == line.upperBound || ByteScanner.isBlank(bytes[index]) else { return nil }
    while index < line.upperBound && ByteScanner.isBlank(bytes[index]) { index += 1 }
    guard index == line.upperBound || bytes[index] == UInt8(ascii: "#") else { return nil }
    return InputEvent(
      time: seconds &* 1_000_000 &+ micros, type: UInt16(truncatingIfNeeded: type),
      code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value))
  }

  /// The decimal digits at `index`, read up to the first other byte (the line's newline at
  /// the latest), with `index` left on it; 0 when there is none. Overflow wraps: callers
  /// bound the digit count.
  private static func decimalRun(_ bytes: Span<UInt8>, _ index: inout Int) -> Int64 {
    var value: Int64 = 0
    while true {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return value }
      value = value &* 10 &+ Int64(truncatingIfNeeded: digit)
      index += 1
    }
  }

  /// Skips one or more spaces; `false` if there is none.
  private static func skipSpaces(_ bytes: Span<UInt8>, _ index: inout Int) -> Bool {
    guard bytes[index] == 0x20 else { return false }
    repeat { index += 1 } while bytes[index] == 0x20
    return true
  }

  /// Reads 1–4 hex digits followed by a blank; `nil` otherwise.
  private static func shortHex(_ bytes: Span<UInt8>, _ index: inout Int) -> UInt32? {
    let start = index
    var value: UInt32 = 0
    while index - start < 5 {
      let digit = ByteScanner.hexDigitValue(bytes[index])
      guard digit != 0xff else { break }
      value = value &<< 4 | UInt32(truncatingIfNeeded: digit)
      index += 1
    }
    let digits = index - start
    guard digits > 0 && digits <= 4 && ByteScanner.isBlank(bytes[index]) else { return nil }
    return value
  }
}
