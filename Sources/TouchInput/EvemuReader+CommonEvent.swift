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
    var seconds: Int64 = 0
    while true {
      let digit = pointer.pointee &- 0x30
      guard digit < 10 else { break }
      seconds = seconds &* 10 &+ Int64(truncatingIfNeeded: digit)
      pointer += 1
    }
    let secondsDigits = secondsStart.distance(to: pointer)
    guard secondsDigits > 0 && secondsDigits <= 12 && pointer.pointee == 0x2e else { return nil }
    pointer += 1
    var micros: Int64 = 0
    for _ in 0..<6 {
      let digit = pointer.pointee &- 0x30
      guard digit < 10 else { return nil }
      micros = micros &* 10 &+ Int64(truncatingIfNeeded: digit)
      pointer += 1
    }
    guard skipSpaces(&pointer), let type = shortHex(&pointer), type <= UInt32(EventType.max),
      skipSpaces(&pointer), let code = shortHex(&pointer), skipSpaces(&pointer)
    else { return nil }

    let negative = pointer.pointee == 0x2d
    if negative { pointer += 1 }
    let valueStart = pointer
    var value: Int64 = 0
    while true {
      let digit = pointer.pointee &- 0x30
      guard digit < 10 else { break }
      value = value &* 10 &+ Int64(truncatingIfNeeded: digit)
      pointer += 1
    }
    let valueDigits = valueStart.distance(to: pointer)
    guard valueDigits > 0 && valueDigits <= 10 else { return nil }
    if negative { value = 0 &- value }
    guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { return nil }

    guard pointer.pointee == 0x0a || ByteScanner.isBlank(pointer.pointee) else { return nil }
    while ByteScanner.isBlank(pointer.pointee) { pointer += 1 }
    var newline = pointer
    if pointer.pointee != 0x0a {
      guard pointer.pointee == UInt8(ascii: "#"),
        let found = memchr(pointer, 0x0a, pointer.distance(to: limit) + 1)
      else { return nil }
      newline = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
    }
    destination.initialize(
      to: InputEvent(
        time: seconds &* 1_000_000 &+ micros, type: UInt16(truncatingIfNeeded: type),
        code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value)))
    return newline
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
      let byte = pointer.pointee
      var digit = byte &- 0x30
      if digit > 9 {
        digit = (byte | 0x20) &- 0x61
        guard digit < 6 else { break }
        digit &+= 10
      }
      value = value &<< 4 | UInt32(truncatingIfNeeded: digit)
      pointer += 1
    }
    let digits = start.distance(to: pointer)
    guard digits > 0 && digits <= 4 && ByteScanner.isBlank(pointer.pointee) else { return nil }
    return value
  }
}
