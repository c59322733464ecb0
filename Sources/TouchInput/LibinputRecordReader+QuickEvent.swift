extension LibinputRecordReader {
  /// The event of the line at `range` if it is an event indented more than `item` that
  /// `quickEvent` takes; `nil` otherwise (`classify` then reads the line).
  static func quickEventLine(_ bytes: Span<UInt8>, _ range: Range<Int>, deeperThan item: Int)
    -> InputEvent?
  {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end && bytes[index] == 0x20 { index += 1 }
    guard index - range.lowerBound > item && index < end && bytes[index] == 0x2d else {
      return nil
    }
    return quickEvent(bytes, from: index, to: end)
  }

  /// Parses an event line of the form `libinput record` writes, the quick way: from the dash
  /// at `start`, `- [SEC, USEC, TYPE, CODE, VALUE]`, then blanks and an optional comment, up to
  /// the newline at `end`.
  ///
  /// The accepted form: spaces after the dash and around the fields, 1–13 digits of seconds,
  /// 1–6 of microseconds, 1–5 of type (at most `EV_MAX`) and code (at most 65535), a value of
  /// 1–10 digits with an optional `-` within `Int32`. Any other line, valid or not, gets `nil`
  /// and goes to `parseEvent`, which reads every valid spelling (leading zeros, tabs…); when
  /// this accepts a line, `parseEvent` accepts it with the same event (tested on random
  /// lines). `bytes[end]` must be the line's newline: it stops every scan, so the loops need
  /// no end test besides the span's own bounds check, and no overflow checks (digit counts
  /// bound every number).
  static func quickEvent(_ bytes: Span<UInt8>, from start: Int, to end: Int) -> InputEvent? {
    guard end < bytes.count && bytes[end] == 0x0a else { return nil }
    var index = start + 1
    guard bytes[index] == 0x20 else { return nil }
    index += 1
    while bytes[index] == 0x20 { index += 1 }
    guard bytes[index] == 0x5b else { return nil }
    index += 1
    let seconds = quickNumber(bytes, &index, maxDigits: 13, separator: 0x2c)
    let micros = quickNumber(bytes, &index, maxDigits: 6, separator: 0x2c)
    let type = quickNumber(bytes, &index, maxDigits: 5, separator: 0x2c)
    let code = quickNumber(bytes, &index, maxDigits: 5, separator: 0x2c)
    guard seconds >= 0 && micros >= 0 && type >= 0 && code >= 0,
      type <= Int64(EventType.max) && code <= 0xffff
    else { return nil }
    while bytes[index] == 0x20 { index += 1 }
    let negative = bytes[index] == 0x2d
    if negative {
      index += 1
      guard bytes[index] &- 0x30 < 10 else { return nil }  // no blank after the sign
    }
    let magnitude = quickNumber(bytes, &index, maxDigits: 10, separator: 0x5d)
    guard magnitude >= 0 else { return nil }
    let value = negative ? -magnitude : magnitude
    guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { return nil }
    while true {
      let byte = bytes[index]
      if byte == 0x23 || byte == 0x0a { break }
      guard byte == 0x20 || byte == 0x09 || byte == 0x0d else { return nil }
      index += 1
    }
    return InputEvent(
      time: seconds &* 1_000_000 &+ micros, type: UInt16(truncatingIfNeeded: type),
      code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value))
  }

  /// Reads spaces, 1 to `maxDigits` decimal digits, spaces and `separator`; -1 if the text
  /// is anything else. A newline stops it.
  private static func quickNumber(
    _ bytes: Span<UInt8>, _ index: inout Int, maxDigits: Int, separator: UInt8
  ) -> Int64 {
    while bytes[index] == 0x20 { index += 1 }
    let digitsStart = index
    var value: Int64 = 0
    while true {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { break }
      value = value &* 10 &+ Int64(digit)
      index += 1
    }
    let digits = index - digitsStart
    while bytes[index] == 0x20 { index += 1 }
    guard digits > 0 && digits <= maxDigits && bytes[index] == separator else { return -1 }
    index += 1
    return value
  }
}

extension LibinputRecordReader {
  /// Whether the line at `range` is `indent` spaces, then `- evdev:` with nothing after it but
  /// blanks or a comment (what `classify` takes for a frame's start at that column).
  static func isEvdevEntry(_ bytes: Span<UInt8>, _ range: Range<Int>, indent: Int) -> Bool {
    let start = range.lowerBound + indent
    let end = range.upperBound
    guard end - start >= 8 else { return false }
    var index = range.lowerBound
    while index < start {
      guard bytes[index] == 0x20 else { return false }
      index += 1
    }
    // `- evdev:`
    guard bytes[start] == 0x2d && bytes[start + 1] == 0x20 && bytes[start + 2] == 0x65,
      bytes[start + 3] == 0x76 && bytes[start + 4] == 0x64 && bytes[start + 5] == 0x65,
      bytes[start + 6] == 0x76 && bytes[start + 7] == 0x3a
    else { return false }
    index = start + 8
    while index < end && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0d) {
      index += 1
    }
    return index == end || bytes[index] == 0x23
  }
}
