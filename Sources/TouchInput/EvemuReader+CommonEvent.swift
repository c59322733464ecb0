extension EvemuReader {
  /// Takes the lines from `start` on while they are whole, well-formed `E:` lines of the form
  /// evemu writes (read the fast way, below) or plain comments (`plainComment`), and `events`
  /// has room: their events go to `events` and their numbers to `numbers`; `start` moves past
  /// each line taken and `number` (the last line's) counts them. `previous` holds the start
  /// of the last `E:` line read, whose time a line that starts with the same 16 bytes shares
  /// (the events of one frame share their time).
  ///
  /// The fast way accepts `E: SEC.USEC TYPE CODE VALUE`: one space after `E:`, 1–12 digits
  /// of seconds, exactly 6 of microseconds, exactly 4 hex digits of type (at most `EV_MAX`)
  /// and of code, single spaces between them, a decimal value of 1–10 digits with an optional
  /// `-` within `Int32`, then the newline, or blanks and then the newline or a comment. Any
  /// other line, valid or not, stops the loop and goes to the careful parser, which also finds
  /// the reason when a line is bad; so does a line without its newline in `bytes`, one longer
  /// than `ByteInput.maxLineLength`, and one with fewer than 24 bytes from the seconds' dot
  /// to the end of `bytes` (at the end of a buffer or of the input).
  ///
  /// Plain bounds-checked reads of spans, but few: the first 16 bytes of the line (`E:
  /// SEC.USEC TYPE` for evemu's short times) and the 24 bytes from the seconds' dot (`.USEC
  /// TYPE CODE VALU` and the byte after) are read as words from spans whose counts are tested
  /// once, and decoded as words: the seconds, the microseconds, the type and the code
  /// together, a four-digit value and what follows it (SWAR: each byte a lane, the first
  /// byte of the text in the low lane). No byte of those words is read again on its own: that
  /// would keep the optimizer from joining the word's eight reads into one load.
  ///
  /// Less work for what repeats from line to line: a line that starts with the same 16 bytes
  /// as the `E:` line before has its time (`previous`); a type and code already decoded since
  /// the call began are looked up (`EventKinds`), as a recording uses a handful of them; a
  /// comment's newline is searched in the 64 bytes after the fixed fields, from the same span;
  /// the numbers of a run of event lines are written after the run, in a loop of their own.
  ///
  /// All in this one function, the loop and the line's parser: the optimizer inlines neither
  /// a parser of this size nor even the eight reads of a word as a helper, and a call per
  /// line or per word costs more than the work. The line's start and number stay in locals
  /// while the loop runs; the start of the line before stays where `previous` is (a local
  /// copy would be copied from register to register with every line).
  static func takeCommonLines(
    _ bytes: Span<UInt8>, _ start: inout Int, _ number: inout Int,
    _ events: inout OutputSpan<InputEvent>, _ numbers: inout OutputSpan<Int32>,
    _ previous: inout EvemuLineStart
  ) {
    var lineStart = start
    var lineNumber = number
    var kinds = EventKinds()
    // The events whose numbers are not written yet: those of the last lines read.
    var unnumbered = 0
    defer {
      numbers.appendNumbers(count: unnumbered, through: lineNumber)
      start = lineStart
      number = lineNumber
    }
    lines: while !events.isFull {
      let line = bytes.extracting(droppingFirst: lineStart)
      fast: do {
        // The line and what follows it, at least 16 bytes (`E: `, 12 digits and one more).
        guard line.count >= 16 else { break fast }
        var head: UInt64 = 0
        var tail: UInt64 = 0
        for lane in 0..<8 { head |= UInt64(line[lane]) &<< UInt64(lane &* 8) }
        for lane in 0..<8 { tail |= UInt64(line[8 &+ lane]) &<< UInt64(lane &* 8) }
        let dot: Int
        let time: Int64
        if previous.dot != 0 && head == previous.head && tail == previous.tail {
          // `E: SEC.USEC ` as the line before, already checked.
          dot = previous.dot
          time = previous.time
        } else {
          guard let found = lineTime(line, head: head, tail: tail, after: previous) else {
            break fast
          }
          dot = found.dot
          time = found.time
          // Reusable when `E: SEC.USEC ` lies within the 16 bytes compared.
          previous = EvemuLineStart(
            head: head, tail: tail, dot: dot <= 8 ? dot : 0, time: time, seconds: found.seconds)
        }

        // Bytes 8–15 and 16–23 from the dot, each one load (no checks: the count of `fields`
        // is tested).
        let fields = line.extracting(droppingFirst: dot)
        guard fields.count >= 24 else { break fast }
        var middle: UInt64 = 0
        var high: UInt64 = 0
        for lane in 0..<8 { middle |= UInt64(fields[8 &+ lane]) &<< UInt64(lane &* 8) }
        for lane in 0..<8 { high |= UInt64(fields[16 &+ lane]) &<< UInt64(lane &* 8) }
        // Spaces at 12 and 17.
        guard (middle &>> 32) & 0xff | high & 0xff00 == 0x2020 else { break fast }

        // The type and the code (bytes 8–11 and 13–16): decoded already, or checked and
        // decoded now. Their digits are `middle` with the space between them (lane 4)
        // changed by the code's last digit: as unique as the nine bytes, in a word.
        let digits = middle ^ (high & 0xff) &<< 32
        let slot = EventKinds.slot(of: digits)
        var kind = kinds.kinds[slot]
        if kinds.digits[slot] != digits {
          guard let decoded = eventKind(digits) else { break fast }
          kind = decoded
          kinds.digits[slot] = digits
          kinds.kinds[slot] = kind
        }
        let type = kind &>> 16
        let code = kind & 0xffff

        // The value: four digits and a byte that is not one (bytes 18–22), as evemu writes
        // most values, or else digit by digit. `index` becomes the line's offset after it.
        var index = dot &+ 18
        var value: Int64
        // The offset of the line's newline once known; else of the comment's first byte once
        // known (0 if not).
        var newline = -1
        var comment = 0
        let four = UInt32(truncatingIfNeeded: high &>> 16)
        if four & 0xf0f0_f0f0 == 0x3030_3030
          && (four &+ 0x0606_0606) & 0xf0f0_f0f0 == 0x3030_3030,
          UInt8(truncatingIfNeeded: high &>> 48) &- 0x30 >= 10
        {
          var digits = four &- 0x3030_3030
          digits = (digits &* 10 &+ digits &>> 8) & 0x00ff_00ff
          digits = (digits &* 100 &+ digits &>> 16) & 0xffff
          value = Int64(digits)
          index &+= 4
          // What follows, from the word too (bytes 22–23): the newline, or a tab or space and
          // a comment, as evemu writes them.
          let after = high &>> 48
          if after & 0xff == 0x0a {
            newline = index
          } else if after == 0x2309 || after == 0x2320 {
            comment = index &+ 2
          }
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
          guard digits > 0 && digits <= 10 else { break fast }
          if negative { value = 0 &- value }
          guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { break fast }
        }

        // Else the newline, or blanks and then the newline or a comment, byte by byte.
        if newline < 0 && comment == 0 {
          guard index < line.count else { break fast }
          var byte = line[index]
          if byte == 0x0a {
            newline = index
          } else {
            guard ByteScanner.isBlank(byte) else { break fast }
            repeat {
              index &+= 1
              guard index < line.count else { break fast }
              byte = line[index]
            } while ByteScanner.isBlank(byte)
            if byte == 0x0a {
              newline = index
            } else {
              guard byte == UInt8(ascii: "#") else { break fast }
              comment = index &+ 1
            }
          }
        }
        // The comment's newline. Right after the fixed fields (as evemu writes it), in the 64
        // bytes after them: eight bytes at a time from `fields`, whose count is tested once
        // (an index there is far below `ByteInput.maxLineLength`). Else `ByteWord.newline`.
        //
        // A word is first tested the cheap way: `flagged` has the high bit of each lane
        // below the first newline whose byte, xored with a newline, is at least 0x81 (a byte
        // of 0x80 or more, which text rarely has), and of the first newline's lane; one
        // instruction fewer than the exact test, for the four or five words a comment
        // takes. Only a flagged word gets the exact test, whose lowest bit is the newline's;
        // a word flagged by such bytes alone ends the search too, and `ByteWord.newline`
        // searches the comment from its start.
        if newline < 0 && comment == dot &+ 24 && fields.count >= 88 {
          let window = fields.extracting(24..<88)
          var offset = 0
          while offset < 64 {
            var word: UInt64 = 0
            for lane in 0..<8 { word |= UInt64(window[offset &+ lane]) &<< UInt64(lane &* 8) }
            let zeros = word ^ (ByteWord.ones &* 0x0a)
            let flagged = (zeros &- ByteWord.ones) & (ByteWord.ones &* 0x80)
            if flagged != 0 {
              let found = flagged & ~zeros
              if found != 0 { newline = comment &+ offset &+ found.trailingZeroBitCount &>> 3 }
              break
            }
            offset &+= 8
          }
        }
        if newline < 0 {
          newline = ByteWord.newline(in: line, from: comment)
          guard newline < line.count && newline <= ByteInput.maxLineLength else { break fast }
        }

        lineNumber &+= 1
        events.append(
          InputEvent(
            time: time,
            type: UInt16(truncatingIfNeeded: type), code: UInt16(truncatingIfNeeded: code),
            value: Int32(truncatingIfNeeded: value)))
        unnumbered &+= 1
        lineStart &+= newline &+ 1
        continue lines
      }
      // Not such an `E:` line: a plain comment, or the end of the fast path.
      guard let newline = plainComment(bytes, from: lineStart) else { break }
      numbers.appendNumbers(count: unnumbered, through: lineNumber)
      unnumbered = 0
      lineNumber &+= 1
      lineStart = newline &+ 1
    }
  }

  /// The type (high half) and code (low half) of the fields `TTTT CCCC` of an `E:` line, as
  /// `takeCommonLines` holds their digits (`middle` with the space changed by the code's
  /// last digit); `nil` unless both are four hex digits and the type is at most `EV_MAX`.
  ///
  /// Out of line, for the first line with each type and code: were it inlined, the optimizer
  /// would read the fields of every line byte by byte, not as words, and keep fewer of the
  /// loop's values in registers.
  @inline(never)
  static func eventKind(_ digits: UInt64) -> UInt32? {
    // The type's four hex digits (bytes 8–11 of the line from the dot) in the low half, the
    // code's (13–16) above.
    let hex =
      digits & 0xffff_ffff | (digits &>> 40) &<< 32 | ((digits &>> 32) & 0xff ^ 0x20) &<< 56
    // Per lane (all below 0x80, so no sum carries into the next lane): the high bit of
    // byte + (0x80 − bound) says byte ≥ bound. Digits are 0x30…0x39; letters, once
    // lowercased, 0x61…0x66.
    let lower = hex | 0x2020_2020_2020_2020
    let digit = (hex &+ 0x5050_5050_5050_5050) & ~(hex &+ 0x4646_4646_4646_4646)
    let letter = (lower &+ 0x1f1f_1f1f_1f1f_1f1f) & ~(lower &+ 0x1919_1919_1919_1919)
    guard hex & 0x8080_8080_8080_8080 == 0,
      (digit | letter) & 0x8080_8080_8080_8080 == 0x8080_8080_8080_8080
    else { return nil }
    // A digit's value is its low nibble; a letter's is its low nibble + 9 (bit 6 marks
    // it).
    let nibbles = (hex & 0x0f0f_0f0f_0f0f_0f0f) &+ ((hex &>> 6) & 0x0101_0101_0101_0101) &* 9
    // Pairs of digits in the low byte of each 16-bit lane, then two pairs to a number.
    let pairs =
      (nibbles & 0x000f_000f_000f_000f) &<< 4 | (nibbles &>> 8) & 0x000f_000f_000f_000f
    let type = (pairs & 0xff) &<< 8 | (pairs &>> 16) & 0xff
    let code = (pairs &>> 24) & 0xff00 | (pairs &>> 48) & 0xff
    guard type <= UInt64(EventType.max) else { return nil }
    return UInt32(truncatingIfNeeded: type &<< 16 | code)
  }

  /// The seconds' dot, the time and the seconds of the `E:` line `line`, whose first 16
  /// bytes are `head` and `tail`, read the fast way (`takeCommonLines`), or `nil` if the line
  /// does not start with `E: SEC.USEC ` as evemu writes it. When its first bytes up to the
  /// dot are those of the line before (`previous`), as in the first line of each frame, only
  /// the microseconds are read.
  ///
  /// Out of line, for the lines whose start differs from the line before's (one in five in
  /// a recording of several touches): were it inlined, the optimizer would read the bytes of
  /// `head` and `tail` this needs on their own for every line, not the two words in two loads.
  @inline(never)
  static func lineTime(
    _ line: Span<UInt8>, head: UInt64, tail: UInt64, after previous: EvemuLineStart
  ) -> (dot: Int, time: Int64, seconds: Int64)? {
    let known = previous.dot
    var seconds: UInt64
    var index: Int
    // Bytes 0 to the dot of the line before (at most 7: in `head`).
    if known != 0 && known < 8
      && (head ^ previous.head) & (UInt64.max &>> UInt64(56 &- known &* 8)) == 0
    {
      // `E: SEC.` as the line before, already checked.
      seconds = UInt64(truncatingIfNeeded: previous.seconds)
      index = known
    } else {
      guard let found = secondsField(head: head, tail: tail) else { return nil }
      seconds = found.seconds
      index = found.dot
    }
    // `.DDDDDD ` (bytes 0–7 from the dot, one load): the dot, the high nibble 3 in the
    // six digit lanes, a space. Adding 6 keeps a digit's lane (0x30…0x39) in the 0x3_
    // row and carries any other out of it.
    let fraction = line.extracting(droppingFirst: index)
    guard fraction.count >= 8 else { return nil }
    var low: UInt64 = 0
    for lane in 0..<8 { low |= UInt64(fraction[lane]) &<< UInt64(lane &* 8) }
    let shape = low & 0xfff0_f0f0_f0f0_f0ff
    let carried = (low &+ 0x0006_0606_0606_0600) & 0x00f0_f0f0_f0f0_f000
    guard shape == 0x2030_3030_3030_302e && carried == 0x0030_3030_3030_3000 else {
      return nil
    }
    // The six digits, after two zeros, to their value.
    var micros = ((low &>> 8) &<< 16 | 0x3030) &- 0x3030_3030_3030_3030
    micros = (micros &* 10 &+ micros &>> 8) & 0x00ff_00ff_00ff_00ff
    micros = (micros &* 100 &+ micros &>> 16) & 0x0000_ffff_0000_ffff
    micros = (micros &* 10_000 &+ micros &>> 32) & 0xffff_ffff
    let time =
      Int64(truncatingIfNeeded: seconds) &* 1_000_000 &+ Int64(truncatingIfNeeded: micros)
    return (index, time, Int64(truncatingIfNeeded: seconds))
  }

  /// The seconds of an `E:` line whose first 16 bytes are `head` and `tail` and the offset
  /// of the dot after them: `E: ` and 1–12 digits; `nil` for any other start.
  static func secondsField(head: UInt64, tail: UInt64) -> (seconds: UInt64, dot: Int)? {
    guard head & 0xff_ffff == 0x20_3a45 else { return nil }
    // Bytes 3–10, where the seconds start. A digit's lane has the high nibble 3 before
    // and after adding 6; the lowest lane that has not is exact (a carry out of a lane
    // spoils only the lanes above it).
    let digits = head &>> 24 | tail &<< 40
    let notDigit =
      (digits & 0xf0f0_f0f0_f0f0_f0f0 ^ 0x3030_3030_3030_3030)
      | ((digits &+ 0x0606_0606_0606_0606) & 0xf0f0_f0f0_f0f0_f0f0
        ^ 0x3030_3030_3030_3030)
    let count = notDigit.trailingZeroBitCount &>> 3
    guard count > 0 else { return nil }
    // The digits, moved to the high lanes above zeros, to their value: pairs, fours,
    // eight.
    let shift = UInt64(64 &- 8 &* count)
    var seconds = (digits &<< shift) &- (0x3030_3030_3030_3030 &<< shift)
    seconds = (seconds &* 10 &+ seconds &>> 8) & 0x00ff_00ff_00ff_00ff
    seconds = (seconds &* 100 &+ seconds &>> 16) & 0x0000_ffff_0000_ffff
    seconds = (seconds &* 10_000 &+ seconds &>> 32) & 0xffff_ffff
    var index = 3 &+ count
    // Eight digits so far: up to four more in bytes 11–14 (a 13th, at 15, refuses the
    // line), so the dot stands at most at 15.
    if count == 8 {
      while index < 16 {
        let digit = UInt8(truncatingIfNeeded: tail &>> UInt64((index &- 8) &* 8)) &- 0x30
        guard digit < 10 else { break }
        seconds = seconds &* 10 &+ UInt64(digit)
        index &+= 1
      }
      guard index <= 15 else { return nil }
    }
    return (seconds, index)
  }

  /// Parses an `E:` line of the form evemu writes, the fast way (`takeCommonLines`): the
  /// event and the index of the line's newline in `bytes`, or `nil` for any other line.
  ///
  /// For tests: the reader's own loop, taking at most one line.
  ///
  /// - Parameters:
  ///   - bytes: the bytes read; `start` is the first byte of a line.
  ///   - start: where the line starts.
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
    // Not a comment, which the loop would skip to read the line after it.
    guard start >= 0 && start < bytes.count && bytes[start] != UInt8(ascii: "#") else {
      return nil
    }
    var events: [InputEvent] = []
    var numbers: [Int32] = []
    var next = start
    var number = 0
    events.append(addingCapacity: 1) { events in
      numbers.append(addingCapacity: 1) { numbers in
        takeCommonLines(bytes, &next, &number, &events, &numbers, &previous)
      }
    }
    guard let event = events.first, number == 1 else { return nil }
    return (event, next &- 1)
  }
}

/// The type and code fields the fast path decoded lately (`takeCommonLines`), for the lines
/// after them with the same fields: a recording uses a handful of types and codes, one line
/// after another.
///
/// A small table with a slot for each: the digits of the two fields, as `takeCommonLines`
/// holds them in a word, and their values. A slot is found from the digits and holds the last
/// of them that went there; the digits are compared whole, so a line whose fields are not in
/// the table is checked and decoded as ever.
struct EventKinds {
  /// The digits of `0000 0000` (type 0, code 0), which every slot holds at first: any digits
  /// a slot holds are true ones, found with their values (every word is the digits of some
  /// nine bytes, so no word could stand for none).
  static let zeros: UInt64 = 0x3030_3010_3030_3030
  /// The digits of each slot.
  var digits = InlineArray<64, UInt64>(repeating: zeros)
  /// The type (high half) and code (low half) each slot's digits read as.
  var kinds = InlineArray<64, UInt32>(repeating: 0)

  /// The slot for `digits`: the high bits of a multiplicative hash, which all the digits
  /// change. Its factor gives a slot of its own to each of the 37 types and codes touch
  /// devices send most, as evemu writes them (lowercase), so that they never evict one
  /// another: `SYN_REPORT`, `SYN_MT_REPORT`, `SYN_DROPPED`; `BTN_TOUCH`, the `BTN_TOOL_*` of
  /// fingers and pens, the taps of two to five fingers, the three mouse buttons; `REL_X`,
  /// `REL_Y`, `REL_WHEEL`; `ABS_X`, `ABS_Y`, `ABS_PRESSURE`, `ABS_TOOL_WIDTH` and the
  /// multi-touch axes from `ABS_MT_SLOT` to `ABS_MT_TOOL_Y`; `MSC_SCAN`, `MSC_TIMESTAMP`.
  static func slot(of digits: UInt64) -> Int {
    Int(truncatingIfNeeded: (digits &* 0x39cd_8586_53d4_e3f7) &>> 58)
  }
}

extension OutputSpan<Int32> {
  /// Appends the `count` line numbers up to `number`: `number - count + 1` to `number`, each
  /// at most `Int32.max`.
  mutating func appendNumbers(count: Int, through number: Int) {
    var next = number &- count
    for _ in 0..<count {
      next &+= 1
      append(Int32(clamping: next))
    }
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
  /// The whole seconds of `time`.
  var seconds: Int64 = 0
}
