extension EvemuReader {
  /// Parses an `E:` line of the form evemu writes, the fast way, in one pass from its first
  /// byte to its newline.
  ///
  /// The accepted form is `E: SEC.USEC TYPE CODE VALUE`: one space after `E:`, 1–12 digits
  /// of seconds, exactly 6 of microseconds, exactly 4 hex digits of type (at most `EV_MAX`)
  /// and of code, single spaces between them, a decimal value of 1–10 digits with an optional
  /// `-` within `Int32`, then the newline, or blanks and then the newline or a comment. Any
  /// other line, valid or not, gets `nil` and goes to the careful parser, which also finds the
  /// reason when a line is bad; so does a line without its newline in `bytes`, one longer
  /// than `ByteInput.maxLineLength`, and one with fewer than 24 bytes from the seconds' dot
  /// to the end of `bytes` (at the end of a buffer or of the input).
  ///
  /// Plain bounds-checked reads of spans. The 24 bytes from the seconds' dot, `.USEC TYPE
  /// CODE VALU` and the byte after, are read as three words from a span of them whose count
  /// is tested once (then the optimizer drops the checks and joins each eight reads into one
  /// load) and decoded as words, the type and the code together (SWAR: each byte a lane, the
  /// first byte of the text in the low lane). All in this one function: the optimizer does
  /// not inline helpers of this size, and a call per field costs more than the field.
  ///
  /// - Parameters:
  ///   - bytes: the bytes read; `start` is the first byte of a line.
  ///   - start: where the line starts.
  /// - Returns: the event and the index of the line's newline, or `nil`.
  static func parseCommonEvent(_ bytes: Span<UInt8>, from start: Int)
    -> (event: InputEvent, newline: Int)?
  {
    var previous = EvemuLineStart()
    return parseCommonEvent(bytes, from: start, after: &previous)
  }

  /// `parseCommonEvent(_:from:)`, reusing the time of the line before when this one starts
  /// with the same 16 bytes (the events of one frame share their time); `previous` becomes
  /// this line's start.
  static func parseCommonEvent(
    _ bytes: Span<UInt8>, from start: Int, after previous: inout EvemuLineStart
  ) -> (event: InputEvent, newline: Int)? {
    // The line and what follows it, at least 16 bytes (`E: `, 12 digits and one more), so
    // that the reads up to the seconds' dot need no checks.
    guard start >= 0 else { return nil }
    let line = bytes.extracting(droppingFirst: start)
    guard line.count >= 16 else { return nil }
    var head: UInt64 = 0
    var tail: UInt64 = 0
    for offset in 0..<8 { head |= UInt64(line[offset]) &<< UInt64(offset &* 8) }
    for offset in 0..<8 { tail |= UInt64(line[8 &+ offset]) &<< UInt64(offset &* 8) }
    let dot: Int
    let time: Int64
    if previous.dot != 0 && head == previous.head && tail == previous.tail {
      // `E: SEC.USEC ` as the line before, already checked.
      dot = previous.dot
      time = previous.time
    } else {
      guard head & 0xff_ffff == 0x20_3a45 else { return nil }
      var index = 3
      var seconds: Int64 = 0
      // At most 13 digits read (a 13th refuses the line), so the dot stands at most at 15.
      while index < 16 {
        let digit = line[index] &- 0x30
        guard digit < 10 else { break }
        seconds = seconds &* 10 &+ Int64(truncatingIfNeeded: digit)
        index &+= 1
      }
      guard index > 3 && index <= 15 else { return nil }
      // `.DDDDDD ` (bytes 0–7 from the dot, one load): the dot, the high nibble 3 in the six
      // digit lanes, a space. Adding 6 keeps a digit's lane (0x30…0x39) in the 0x3_ row and
      // carries any other out of it.
      let fraction = line.extracting(droppingFirst: index)
      guard fraction.count >= 8 else { return nil }
      var low: UInt64 = 0
      for offset in 0..<8 { low |= UInt64(fraction[offset]) &<< UInt64(offset &* 8) }
      let shape = low & 0xfff0_f0f0_f0f0_f0ff
      let carried = (low &+ 0x0006_0606_0606_0600) & 0x00f0_f0f0_f0f0_f000
      guard shape == 0x2030_3030_3030_302e && carried == 0x0030_3030_3030_3000 else {
        return nil
      }
      // The six digits, after two zeros, to their value: pairs, fours, eight.
      var micros = ((low &>> 8) &<< 16 | 0x3030) &- 0x3030_3030_3030_3030
      micros = (micros &* 10 &+ micros &>> 8) & 0x00ff_00ff_00ff_00ff
      micros = (micros &* 100 &+ micros &>> 16) & 0x0000_ffff_0000_ffff
      micros = (micros &* 10_000 &+ micros &>> 32) & 0xffff_ffff
      dot = index
      time = seconds &* 1_000_000 &+ Int64(truncatingIfNeeded: micros)
      // Reusable when `E: SEC.USEC ` lies within the 16 bytes compared.
      previous = EvemuLineStart(head: head, tail: tail, dot: dot <= 8 ? dot : 0, time: time)
    }

    // Bytes 8–15 and 16–23 from the dot, each loop one load (no checks: the count of
    // `fields` is tested).
    let fields = line.extracting(droppingFirst: dot)
    guard fields.count >= 24 else { return nil }
    var middle: UInt64 = 0
    var high: UInt64 = 0
    for offset in 0..<8 { middle |= UInt64(fields[8 &+ offset]) &<< UInt64(offset &* 8) }
    for offset in 0..<8 { high |= UInt64(fields[16 &+ offset]) &<< UInt64(offset &* 8) }
    // Spaces at 12 and 17.
    guard (middle &>> 32) & 0xff | high & 0xff00 == 0x2020 else { return nil }

    // The type's four hex digits (bytes 8–11) in the low half, the code's (13–16) above.
    let hex = middle & 0xffff_ffff | (middle &>> 40) &<< 32 | (high & 0xff) &<< 56
    // Per lane (all below 0x80, so no sum carries into the next lane): the high bit of
    // byte + (0x80 − bound) says byte ≥ bound. Digits are 0x30…0x39; letters, once
    // lowercased, 0x61…0x66.
    let lower = hex | 0x2020_2020_2020_2020
    let digit = (hex &+ 0x5050_5050_5050_5050) & ~(hex &+ 0x4646_4646_4646_4646)
    let letter = (lower &+ 0x1f1f_1f1f_1f1f_1f1f) & ~(lower &+ 0x1919_1919_1919_1919)
    guard hex & 0x8080_8080_8080_8080 == 0,
      (digit | letter) & 0x8080_8080_8080_8080 == 0x8080_8080_8080_8080
    else { return nil }
    // A digit's value is its low nibble; a letter's is its low nibble + 9 (bit 6 marks it).
    let nibbles = (hex & 0x0f0f_0f0f_0f0f_0f0f) &+ ((hex &>> 6) & 0x0101_0101_0101_0101) &* 9
    // Pairs of digits in the low byte of each 16-bit lane, then two pairs to a number.
    let pairs = (nibbles & 0x000f_000f_000f_000f) &<< 4 | (nibbles &>> 8) & 0x000f_000f_000f_000f
    let type = (pairs & 0xff) &<< 8 | (pairs &>> 16) & 0xff
    let code = (pairs &>> 24) & 0xff00 | (pairs &>> 48) & 0xff
    guard type <= UInt64(EventType.max) else { return nil }

    // The value: four digits and a byte that is not one (bytes 18–22), as evemu writes most
    // values, or else digit by digit. `index` becomes the line's offset after it.
    var index = dot &+ 18
    var value: Int64
    let four = UInt32(truncatingIfNeeded: high &>> 16)
    if four & 0xf0f0_f0f0 == 0x3030_3030 && (four &+ 0x0606_0606) & 0xf0f0_f0f0 == 0x3030_3030,
      UInt8(truncatingIfNeeded: high &>> 48) &- 0x30 >= 10
    {
      var digits = four &- 0x3030_3030
      digits = (digits &* 10 &+ digits &>> 8) & 0x00ff_00ff
      digits = (digits &* 100 &+ digits &>> 16) & 0xffff
      value = Int64(digits)
      index &+= 4
    } else {
      let negative = line[index] == 0x2d
      if negative { index &+= 1 }
      let valueStart = index
      value = 0
      while index < line.count {
        let digit = line[index] &- 0x30
        guard digit < 10 else { break }
        value = value &* 10 &+ Int64(truncatingIfNeeded: digit)
        index &+= 1
      }
      let digits = index &- valueStart
      guard digits > 0 && digits <= 10 else { return nil }
      if negative { value = 0 &- value }
      guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { return nil }
    }

    // The newline, or blanks and then the newline or a comment.
    guard index < line.count else { return nil }
    var byte = line[index]
    if byte != 0x0a {
      guard ByteScanner.isBlank(byte) else { return nil }
      repeat {
        index &+= 1
        guard index < line.count else { return nil }
        byte = line[index]
      } while ByteScanner.isBlank(byte)
      if byte != 0x0a {
        guard byte == UInt8(ascii: "#") else { return nil }
        index &+= 1
        // The comment's newline: in its first 64 bytes, as in evemu's own comments, eight
        // bytes at a time from a span whose count is tested once; else `ByteWord.newline`.
        let comment = line.extracting(droppingFirst: index)
        var offset = 64
        if comment.count >= 64 {
          offset = 0
          while offset < 64 {
            var word: UInt64 = 0
            for lane in 0..<8 {
              word |= UInt64(comment[offset &+ lane]) &<< UInt64(lane &* 8)
            }
            let zeros = word ^ (ByteWord.ones &* 0x0a)
            let found = (zeros &- ByteWord.ones) & ~zeros & (ByteWord.ones &* 0x80)
            if found != 0 {
              offset &+= found.trailingZeroBitCount &>> 3
              break
            }
            offset &+= 8
          }
        }
        index = offset < 64 ? index &+ offset : ByteWord.newline(in: line, from: index)
        guard index < line.count && index <= ByteInput.maxLineLength else { return nil }
      }
    }
    let event = InputEvent(
      time: time,
      type: UInt16(truncatingIfNeeded: type), code: UInt16(truncatingIfNeeded: code),
      value: Int32(truncatingIfNeeded: value))
    return (event, start &+ index)
  }
}

/// The first 16 bytes of the last `E:` line the fast path read, where its seconds' dot stood
/// (at most at 8, so that `E: SEC.USEC ` lies within them; 0 for none) and its time: a line
/// that starts with the same 16 bytes has the same time, already checked.
struct EvemuLineStart {
  var head: UInt64 = 0
  var tail: UInt64 = 0
  var dot = 0
  var time: Int64 = 0
}
