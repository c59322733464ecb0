#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension EvemuReader {
  /// Parses an `E:` line of the form evemu writes, the fast way.
  ///
  /// The accepted form is `E: SEC.USEC TYPE CODE VALUE`, with 1–12 digits of seconds, exactly
  /// 6 of microseconds, 1–4 hex digits of type (at most `EV_MAX`) and code, a decimal value
  /// of 1–10 digits within `Int32`, spaces between the fields, then blanks and an optional
  /// comment. Any other line, valid or not, gets `nil` and goes to the careful parser, which
  /// also finds the reason when a line is bad. The line needs no bounds: every scan stops at
  /// a newline, and the buffer always has one after its last byte.
  ///
  /// - Parameters:
  ///   - text: the byte after `E:`.
  ///   - limit: the sentinel newline after the buffer's last byte.
  ///   - destination: where to store the event; it may be written even when the line fails.
  /// - Returns: the position of the line's newline, or `nil`.
  @inline(__always)
  static func parseCommonEvent(
    _ text: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>,
    into destination: UnsafeMutablePointer<InputEvent>
  ) -> UnsafePointer<UInt8>? {
    var pointer = text
    guard skipSpaces(&pointer) else { return nil }

    let secondsStart = pointer
    let seconds = decimalRun(&pointer)
    let secondsDigits = secondsStart.distance(to: pointer)
    guard secondsDigits > 0 && secondsDigits <= 12 && pointer.pointee == 0x2e else { return nil }
    var micros: Int64
    var type: UInt32
    var code: UInt32
    if pointer.distance(to: limit) >= 17, let fields = fixedFields(at: pointer) {
      (micros, type, code) = fields
      pointer += 17
    } else {
      pointer += 1
      micros = 0
      for _ in 0..<6 {
        let digit = pointer.pointee &- 0x30
        guard digit < 10 else { return nil }
        micros = micros &* 10 &+ Int64(truncatingIfNeeded: digit)
        pointer += 1
      }
      guard skipSpaces(&pointer), let readType = shortHex(&pointer),
        skipSpaces(&pointer), let readCode = shortHex(&pointer)
      else { return nil }
      (type, code) = (readType, readCode)
    }
    guard type <= UInt32(EventType.max), skipSpaces(&pointer) else { return nil }

    let negative = pointer.pointee == 0x2d
    if negative { pointer += 1 }
    let valueStart = pointer
    var value: Int64 = 0
    if !negative && pointer.distance(to: limit) >= 4, let four = fourDigits(at: pointer) {
      value = four
      pointer += 4
    } else {
      value = decimalRun(&pointer)
    }
    let valueDigits = valueStart.distance(to: pointer)
    guard valueDigits > 0 && valueDigits <= 10 else { return nil }
    if negative { value = 0 &- value }
    guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { return nil }

    guard pointer.pointee == 0x0a || ByteScanner.isBlank(pointer.pointee) else { return nil }
    while ByteScanner.isBlank(pointer.pointee) { pointer += 1 }
    var newline = pointer
    if pointer.pointee != 0x0a {
      guard pointer.pointee == UInt8(ascii: "#") else { return nil }
      newline = findNewline(pointer + 1, limit: limit)
    }
    destination.initialize(
      to: InputEvent(
        time: seconds &* 1_000_000 &+ micros, type: UInt16(truncatingIfNeeded: type),
        code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value)))
    return newline
  }

  /// The decimal digits at `pointer`, read up to the first other byte (the line's newline at
  /// the latest), with `pointer` left on it; 0 when there is none. Overflow wraps: callers
  /// bound the digit count.
  @inline(__always)
  private static func decimalRun(_ pointer: inout UnsafePointer<UInt8>) -> Int64 {
    var value: Int64 = 0
    while true {
      let digit = pointer.pointee &- 0x30
      guard digit < 10 else { return value }
      value = value &* 10 &+ Int64(truncatingIfNeeded: digit)
      pointer += 1
    }
  }

  /// The middle of an `E:` line as evemu writes it, read a word at a time: from the dot of
  /// the timestamp, `.USEC TYPE CODE ` with exactly 6 digits, 4 hex digits, 4 hex digits and
  /// single spaces; `nil` for any other shape (the caller then reads the fields one by one).
  /// The 18 bytes from `dot` must be readable.
  @inline(__always)
  private static func fixedFields(at dot: UnsafePointer<UInt8>) -> (Int64, UInt32, UInt32)? {
    // `.DDDDDD ` in one little-endian word: the dot in the low byte, the space in the high.
    let word = UInt64(littleEndian: UnsafeRawPointer(dot).loadUnaligned(as: UInt64.self))
    let shape = word & 0xfff0_f0f0_f0f0_f0ff
    let carried = (word &+ 0x0006_0606_0606_0600) & 0x00f0_f0f0_f0f0_f000
    guard shape == 0x2030_3030_3030_302e && carried == 0x0030_3030_3030_3000,
      dot[12] == 0x20 && dot[17] == 0x20
    else { return nil }
    let type = fourHex(dot + 8)
    let code = fourHex(dot + 13)
    guard (type | code) <= 0xffff else { return nil }
    // Two leading zeros and the six digits, the most significant digit in the low byte.
    let digits = (word &>> 8) &<< 16 | 0x3030
    return (Int64(truncatingIfNeeded: eightDigits(digits)), type, code)
  }

  /// The value of eight decimal digits in one little-endian word, the first in the low byte.
  @inline(__always)
  private static func eightDigits(_ word: UInt64) -> UInt64 {
    var value = word &- 0x3030_3030_3030_3030
    value = (value &* 10 &+ value &>> 8) & 0x00ff_00ff_00ff_00ff
    value = (value &* 100 &+ value &>> 16) & 0x0000_ffff_0000_ffff
    return (value &* 10_000 &+ value &>> 32) & 0xffff_ffff
  }

  /// Four decimal digits at `start`, not followed by a fifth; `nil` otherwise. The 5 bytes
  /// from `start` must be readable.
  @inline(__always)
  private static func fourDigits(at start: UnsafePointer<UInt8>) -> Int64? {
    let word = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt32.self))
    guard word & 0xf0f0_f0f0 == 0x3030_3030,
      (word &+ 0x0606_0606) & 0xf0f0_f0f0 == 0x3030_3030,
      start[4] &- 0x30 >= 10
    else { return nil }
    var value = word &- 0x3030_3030
    value = (value &* 10 &+ value &>> 8) & 0x00ff_00ff
    value = (value &* 100 &+ value &>> 16) & 0xffff
    return Int64(value)
  }

  /// Four hex digits at `start` as a number, or a number above `0xffff` if one is not a hex
  /// digit. One word, no branch: event codes mix digits and letters (`002f`, `0035`), which a
  /// per-digit test mispredicts.
  @inline(__always)
  private static func fourHex(_ start: UnsafePointer<UInt8>) -> UInt32 {
    let word = UInt32(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt32.self))
    // Per byte (all below 0x80, so no sum carries into the next byte): the high bit of
    // byte + (0x80 − bound) says byte ≥ bound. Digits are 0x30…0x39; letters, once lowercased,
    // 0x61…0x66.
    let lower = word | 0x2020_2020
    let digit = (word &+ 0x5050_5050) & ~(word &+ 0x4646_4646)
    let letter = (lower &+ 0x1f1f_1f1f) & ~(lower &+ 0x1919_1919)
    guard word & 0x8080_8080 == 0, (digit | letter) & 0x8080_8080 == 0x8080_8080 else {
      return 0x10000
    }
    // A digit's value is its low nibble; a letter's is its low nibble + 9 (bit 6 marks it).
    let nibbles = (word & 0x0f0f_0f0f) &+ ((word &>> 6) & 0x0101_0101) &* 9
    // The first digit is in the low byte: pair them up, then join the two pairs.
    let pairs = (nibbles & 0x000f_000f) &<< 4 | (nibbles &>> 8) & 0x000f_000f
    return (pairs & 0xff) &<< 8 | (pairs &>> 16) & 0xff
  }

  /// The first newline at or after `start`, found sixteen (then eight) bytes at a time,
  /// reading nothing after `limit`, which is a newline.
  @inline(__always)
  static func findNewline(_ start: UnsafePointer<UInt8>, limit: UnsafePointer<UInt8>)
    -> UnsafePointer<UInt8>
  {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var pointer = start
    // Sixteen bytes at a time: a lane compare, then the two halves of its mask as words.
    let newlines = SIMD16<UInt8>(repeating: 0x0a)
    while pointer.distance(to: limit) >= 15 {
      let bytes = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
      let marks = unsafeBitCast(bytes .== newlines, to: SIMD2<UInt64>.self)
      if marks[0] != 0 { return pointer + marks[0].trailingZeroBitCount &>> 3 }
      if marks[1] != 0 { return pointer + 8 + marks[1].trailingZeroBitCount &>> 3 }
      pointer += 16
    }
    while pointer.distance(to: limit) >= 7 {
      let word = UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
      // A byte of `zeros` is 0 where the word has a newline; its lowest such byte shows up as
      // the lowest set high bit (higher ones may be false positives, never lower ones).
      let zeros = word ^ (ones &* 0x0a)
      let found = (zeros &- ones) & ~zeros & (ones &* 0x80)
      if found != 0 { return pointer + found.trailingZeroBitCount &>> 3 }
      pointer += 8
    }
    while pointer.pointee != 0x0a { pointer += 1 }
    return pointer
  }

  /// Skips one or more spaces; `false` if there is none.
  @inline(__always)
  private static func skipSpaces(_ pointer: inout UnsafePointer<UInt8>) -> Bool {
    guard pointer.pointee == 0x20 else { return false }
    repeat { pointer += 1 } while pointer.pointee == 0x20
    return true
  }

  /// Reads 1–4 hex digits followed by a blank; `nil` otherwise.
  @inline(__always)
  private static func shortHex(_ pointer: inout UnsafePointer<UInt8>) -> UInt32? {
    let start = pointer
    var value: UInt32 = 0
    while true {
      let digit = ByteScanner.hexDigitValue(pointer.pointee)
      guard digit != 0xff else { break }
      value = value &<< 4 | UInt32(truncatingIfNeeded: digit)
      pointer += 1
    }
    let digits = start.distance(to: pointer)
    guard digits > 0 && digits <= 4 && ByteScanner.isBlank(pointer.pointee) else { return nil }
    return value
  }
}
