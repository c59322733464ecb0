/// A cursor over the bytes of one text line, with the few number parsers the evemu format needs.
///
/// Fields are separated by blanks (space, tab, carriage return). Every parser reads one whole
/// field and fails, leaving the cursor at the field's start, if the field is not entirely a
/// number of the expected kind. Nothing here allocates; `token()` builds a `String` for error
/// messages only.
struct ByteScanner {
  /// The next byte to read.
  private(set) var position: UnsafePointer<UInt8>
  /// One past the last byte of the line.
  let end: UnsafePointer<UInt8>

  /// Creates a scanner over the bytes from `start` up to, not including, `end`.
  @inline(__always)
  init(start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
    self.position = start
    self.end = end
  }

  /// Whether every byte has been read.
  @inline(__always)
  var isAtEnd: Bool { position >= end }

  /// Whether `byte` separates fields.
  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0d
  }

  /// The value of a hexadecimal digit (either case), or 0xff for any other byte.
  @inline(__always)
  static func hexDigitValue(_ byte: UInt8) -> UInt8 {
    let digit = byte &- 0x30
    if digit <= 9 { return digit }
    let letter = (byte | 0x20) &- 0x61
    return letter < 6 ? letter &+ 10 : 0xff
  }

  /// Skips `count` bytes the caller has already checked.
  @inline(__always)
  mutating func skip(_ count: Int) {
    position += count
  }

  /// Skips blanks; returns whether any were skipped.
  @inline(__always)
  @discardableResult
  mutating func skipBlanks() -> Bool {
    let start = position
    while position < end && ByteScanner.isBlank(position.pointee) { position += 1 }
    return position != start
  }

  /// Whether only blanks and possibly a `#` comment remain.
  @inline(__always)
  mutating func restIsBlankOrComment() -> Bool {
    skipBlanks()
    return position >= end || position.pointee == UInt8(ascii: "#")
  }

  /// Whether the cursor stands at the end of a field (a blank or the end of the line).
  @inline(__always)
  private func atFieldEnd(_ pointer: UnsafePointer<UInt8>) -> Bool {
    pointer >= end || ByteScanner.isBlank(pointer.pointee)
  }

  /// Reads a field of 1 to 8 hexadecimal digits; `nil` if the field is anything else.
  @inline(__always)
  mutating func hex() -> UInt32? {
    let start = position
    var pointer = start
    var value: UInt32 = 0
    while pointer < end {
      let digit = ByteScanner.hexDigitValue(pointer.pointee)
      guard digit != 0xff else { break }
      value = value &<< 4 | UInt32(truncatingIfNeeded: digit)
      pointer += 1
    }
    let digits = start.distance(to: pointer)
    guard digits > 0 && digits <= 8 && atFieldEnd(pointer) else { return nil }
    position = pointer
    return value
  }

  /// Reads a decimal integer field with an optional sign and up to 18 digits (leading zeros
  /// included, so `-001` is -1); `nil` if the field is anything else.
  @inline(__always)
  mutating func decimal() -> Int64? {
    var pointer = position
    var negative = false
    if pointer < end && (pointer.pointee == 0x2d || pointer.pointee == 0x2b) {
      negative = pointer.pointee == 0x2d
      pointer += 1
    }
    let digitsStart = pointer
    var value: Int64 = 0
    while pointer < end {
      let digit = pointer.pointee &- 0x30
      guard digit < 10 else { break }
      value = value &* 10 &+ Int64(truncatingIfNeeded: digit)
      pointer += 1
    }
    let digits = digitsStart.distance(to: pointer)
    guard digits > 0 && digits <= 18 && atFieldEnd(pointer) else { return nil }
    position = pointer
    return negative ? 0 &- value : value
  }

  /// Reads a `sec.usec` timestamp field as microseconds; `nil` if the field is anything else.
  ///
  /// The digits after the dot are a decimal fraction of a second: fewer than six are padded
  /// (`0.5` is 500 000 µs), more than six are truncated. Up to 12 digits of seconds.
  @inline(__always)
  mutating func timestamp() -> Int64? {
    var pointer = position
    let negative = pointer < end && pointer.pointee == 0x2d
    if negative { pointer += 1 }
    let digitsStart = pointer
    var seconds: Int64 = 0
    while pointer < end {
      let digit = pointer.pointee &- 0x30
      guard digit < 10 else { break }
      seconds = seconds &* 10 &+ Int64(truncatingIfNeeded: digit)
      pointer += 1
    }
    let digits = digitsStart.distance(to: pointer)
    guard digits > 0 && digits <= 12 else { return nil }
    var micros: Int64 = 0
    if pointer < end && pointer.pointee == 0x2e {
      pointer += 1
      let fractionStart = pointer
      while pointer < end {
        let digit = pointer.pointee &- 0x30
        guard digit < 10 else { break }
        if fractionStart.distance(to: pointer) < 6 {
          micros = micros &* 10 &+ Int64(truncatingIfNeeded: digit)
        }
        pointer += 1
      }
      var places = fractionStart.distance(to: pointer)
      while places < 6 {
        micros = micros &* 10
        places &+= 1
      }
    }
    guard atFieldEnd(pointer) else { return nil }
    position = pointer
    let time = seconds &* 1_000_000 &+ micros
    return negative ? 0 &- time : time
  }

  /// Reads the field at the cursor as text for an error message (at most 40 bytes shown).
  mutating func token() -> String {
    skipBlanks()
    let start = position
    while position < end && !ByteScanner.isBlank(position.pointee) { position += 1 }
    let count = min(position - start, 40)
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    return position - start > count ? text + "…" : text
  }

  /// The rest of the line as text, without surrounding blanks.
  mutating func rest() -> String {
    skipBlanks()
    var last = end
    while last > position && ByteScanner.isBlank((last - 1).pointee) { last -= 1 }
    let text = String(
      decoding: UnsafeBufferPointer(start: position, count: last - position),
      as: UTF8.self)
    position = end
    return text
  }
}

/// `0x1f` for 31: how error messages show a hexadecimal type or code.
func hexLiteral(_ value: some BinaryInteger) -> String {
  "0x" + String(value, radix: 16)
}
