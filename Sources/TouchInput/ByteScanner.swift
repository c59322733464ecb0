/// A cursor over the bytes of one text line, with the few number parsers the evemu format needs.
///
/// Fields are separated by blanks (space, tab, carriage return). Every parser reads one whole
/// field and fails, leaving the cursor at the field's start, if the field is not entirely a
/// number of the expected kind. Plain bounds-checked array indexing; nothing here allocates
/// (the array is shared, not copied); `token()` builds a `String` for error messages only.
struct ByteScanner {
  /// The bytes the line is part of.
  let bytes: [UInt8]
  /// The index of the next byte to read.
  private(set) var position: Int
  /// One past the index of the line's last byte.
  let end: Int

  /// Creates a scanner over `bytes[line]`.
  init(_ bytes: [UInt8], _ line: Range<Int>) {
    self.bytes = bytes
    self.position = line.lowerBound
    self.end = line.upperBound
  }

  /// A scanner over all of `bytes` (tests).
  init(_ bytes: [UInt8]) {
    self.init(bytes, 0..<bytes.count)
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= end }

  /// The number of bytes not yet read.
  var remaining: Int { end - position }

  /// The byte `offset` places after the cursor, which the caller knows is on the line.
  subscript(offset: Int) -> UInt8 { bytes[position + offset] }

  /// Whether `byte` separates fields.
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0d
  }

  /// The value of a hexadecimal digit (either case), or 0xff for any other byte.
  static func hexDigitValue(_ byte: UInt8) -> UInt8 {
    let digit = byte &- 0x30
    if digit <= 9 { return digit }
    let letter = (byte | 0x20) &- 0x61
    return letter < 6 ? letter &+ 10 : 0xff
  }

  /// Skips `count` bytes the caller has already checked.
  mutating func skip(_ count: Int) {
    position += count
  }

  /// Skips blanks; returns whether any were skipped.
  @discardableResult
  mutating func skipBlanks() -> Bool {
    let start = position
    while position < end && ByteScanner.isBlank(bytes[position]) { position += 1 }
    return position != start
  }

  /// Whether only blanks and possibly a `#` comment remain.
  mutating func restIsBlankOrComment() -> Bool {
    skipBlanks()
    return position >= end || bytes[position] == UInt8(ascii: "#")
  }

  /// Whether `index` stands at the end of a field (a blank or the end of the line).
  private func atFieldEnd(_ index: Int) -> Bool {
    index >= end || ByteScanner.isBlank(bytes[index])
  }

  /// Reads a field of 1 to 8 hexadecimal digits; `nil` if the field is anything else.
  mutating func hex() -> UInt32? {
    var index = position
    var value: UInt32 = 0
    while index < end {
      let digit = ByteScanner.hexDigitValue(bytes[index])
      guard digit != 0xff else { break }
      value = value &<< 4 | UInt32(truncatingIfNeeded: digit)
      index += 1
    }
    let digits = index - position
    guard digits > 0 && digits <= 8 && atFieldEnd(index) else { return nil }
    position = index
    return value
  }

  /// Reads a decimal integer field with an optional sign and up to 18 digits (leading zeros
  /// included, so `-001` is -1); `nil` if the field is anything else.
  mutating func decimal() -> Int64? {
    var index = position
    var negative = false
    if index < end && (bytes[index] == 0x2d || bytes[index] == 0x2b) {
      negative = bytes[index] == 0x2d
      index += 1
    }
    let digitsStart = index
    var value: Int64 = 0
    while index < end {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { break }
      value = value &* 10 &+ Int64(truncatingIfNeeded: digit)
      index += 1
    }
    let digits = index - digitsStart
    guard digits > 0 && digits <= 18 && atFieldEnd(index) else { return nil }
    position = index
    return negative ? 0 &- value : value
  }

  /// Reads a `sec.usec` timestamp field as microseconds; `nil` if the field is anything else.
  ///
  /// The digits after the dot are a decimal fraction of a second: fewer than six are padded
  /// (`0.5` is 500 000 µs), more than six are truncated. Up to 12 digits of seconds.
  mutating func timestamp() -> Int64? {
    var index = position
    let negative = index < end && bytes[index] == 0x2d
    if negative { index += 1 }
    let digitsStart = index
    var seconds: Int64 = 0
    while index < end {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { break }
      seconds = seconds &* 10 &+ Int64(truncatingIfNeeded: digit)
      index += 1
    }
    let digits = index - digitsStart
    guard digits > 0 && digits <= 12 else { return nil }
    var micros: Int64 = 0
    if index < end && bytes[index] == 0x2e {
      index += 1
      let fractionStart = index
      while index < end {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { break }
        if index - fractionStart < 6 {
          micros = micros &* 10 &+ Int64(truncatingIfNeeded: digit)
        }
        index += 1
      }
      var places = index - fractionStart
      while places < 6 {
        micros = micros &* 10
        places &+= 1
      }
    }
    guard atFieldEnd(index) else { return nil }
    position = index
    let time = seconds &* 1_000_000 &+ micros
    return negative ? 0 &- time : time
  }

  /// Reads the field at the cursor as text for an error message (at most 40 bytes shown).
  mutating func token() -> String {
    skipBlanks()
    let start = position
    while position < end && !ByteScanner.isBlank(bytes[position]) { position += 1 }
    let count = min(position - start, 40)
    let text = String(decoding: bytes[start..<(start + count)], as: UTF8.self)
    return position - start > count ? text + "…" : text
  }

  /// The bytes from the cursor to the end of the line without trailing blanks.
  func restTrimmed() -> ArraySlice<UInt8> {
    var last = end
    while last > position && ByteScanner.isBlank(bytes[last - 1]) { last -= 1 }
    return bytes[position..<last]
  }

  /// The rest of the line as text, without surrounding blanks.
  mutating func rest() -> String {
    skipBlanks()
    let text = String(decoding: restTrimmed(), as: UTF8.self)
    position = end
    return text
  }
}

/// `0x1f` for 31: how error messages show a hexadecimal type or code.
func hexLiteral(_ value: some BinaryInteger) -> String {
  "0x" + String(value, radix: 16)
}
