import Testing

@testable import TouchInput

/// The fast reading of evemu's own `E:` lines agrees with the careful parser on every
/// one-byte change of such a line.
@Suite struct EvemuWordPathTests {
  /// Runs both parsers on `line` and checks that the fast one accepts only what the careful
  /// one accepts, with the same event and the line's newline; returns whether it accepted.
  func agree(_ line: [UInt8]) -> Bool {
    var bytes = line
    bytes.append(0x0a)
    let lineEnd = bytes.count - 1
    // Alone in the buffer (too short for the word reads, or not) and followed by more lines.
    let alone = EvemuReader.parseCommonEvent(bytes.span, from: 0)
    bytes += followingLines
    let fast = EvemuReader.parseCommonEvent(bytes.span, from: 0)
    var careful = InputEvent(time: 0, type: 0, code: 0, value: 0)
    let result = EvemuReader.carefulParse(ByteScanner(bytes, 0..<lineEnd), into: &careful)
    let text = String(decoding: line, as: UTF8.self)
    if let alone {
      #expect(alone.event == fast?.event && alone.newline == lineEnd, "\(text)")
    }
    guard let fast else { return false }
    guard case .event = result else {
      Issue.record("fast path accepted a line the careful parser refuses: \(text)")
      return true
    }
    #expect(fast.event == careful, "\(text)")
    #expect(fast.newline == lineEnd, "\(text)")
    return true
  }

  @Test(
    "Every byte of the fixed fields, replaced by any value, is read as the careful parser does",
    arguments: [
      "E: 1284881103.690532 0003 0035 17296\t# EV_ABS / ABS_MT_POSITION_X    17296",
      "E: 0.000001 0001 014A 0001 # EV_KEY / BTN_TOUCH 1",
      "E: 12.999999 001f ffff 2147",
      "E: 7.000000 0000 0000 -001\t# EV_SYN / SYN_REPORT",
    ])
  func everyByte(line: String) {
    let original = Array(line.utf8)
    #expect(agree(original))
    let dot = original.firstIndex(of: UInt8(ascii: ".")) ?? 0
    var accepted = 0
    for position in 2..<min(original.count, dot + 24) {
      for byte in UInt8.min...UInt8.max where byte != 0x0a {
        var changed = original
        changed[position] = byte
        if agree(changed) { accepted += 1 }
      }
    }
    #expect(accepted > 50)
  }

  @Test("A line cut inside its fixed fields is left to the careful parser")
  func shortLines() {
    let line = Array("E: 1.000002 0003 0035 0683".utf8)
    for count in 3...line.count {
      _ = agree(Array(line[0..<count]))
    }
  }

  @Test("Fast-read values: micros, hex type and code, four-digit values")
  func values() throws {
    let line = Array("E: 3.040506 0003 0aBf 0907\t# x\n".utf8)
    let fast = EvemuReader.parseCommonEvent((line + followingLines).span, from: 0)
    #expect(fast?.event == InputEvent(time: 3_040_506, type: 3, code: 0x0abf, value: 907))
    #expect(fast?.newline == line.count - 1)
  }
}

/// The newline search eight bytes at a time, and the fast path's comment scan.
@Suite struct ByteWordTests {
  @Test("The newline found a word at a time is the first one, from every start, at every length")
  func newlineEverywhere() {
    var checked = 0
    for length in 0...40 {
      for newline in [nil] + Array(0..<length) {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        if let newline {
          bytes[newline] = 0x0a
          if newline + 5 < length { bytes[newline + 5] = 0x0a }
        }
        for start in 0...length {
          let expected = bytes[start...].firstIndex(of: 0x0a) ?? length
          #expect(ByteWord.newline(in: bytes.span, from: start) == expected)
          checked += 1
        }
      }
    }
    #expect(checked > 10_000)
  }

  @Test("A comment of any length ends at its newline; without one the line is not taken")
  func commentLengths() {
    for length in [0, 1, 7, 8, 9, 40, 63, 64, 65, 200] {
      let comment = "\t# " + String(repeating: "c", count: length)
      let line = Array(("E: 1.000002 0003 0035 0683" + comment + "\n").utf8)
      let fast = EvemuReader.parseCommonEvent((line + followingLines).span, from: 0)
      #expect(fast?.newline == line.count - 1, "comment of \(length)")
      #expect(fast?.event == InputEvent(time: 1_000_002, type: 3, code: 0x35, value: 683))
      // The same line cut before its newline: left for the careful path.
      let cut = Array(line.dropLast()) + Array(repeating: UInt8(ascii: "c"), count: 70)
      #expect(EvemuReader.parseCommonEvent(cut.span, from: 0) == nil, "comment of \(length)")
    }
  }

  @Test("A comment with bytes of 0x80 or more, anywhere, still ends at its first newline")
  func commentHighBytes() {
    // Such bytes pass the comment scan's cheap test for a newline: the exact one decides.
    for length in [1, 5, 8, 13, 30, 63, 64, 70] {
      for position in 0..<length {
        for high: UInt8 in [0x80, 0x81, 0x8a, 0xc3, 0xff] {
          var comment = [UInt8](repeating: UInt8(ascii: "c"), count: length)
          comment[position] = high
          let line = Array("E: 1.000002 0003 0035 0683\t#".utf8) + comment + [0x0a]
          // Bytes of 0x80 or more after the newline too, in the same word.
          let bytes = line + [0xff, 0x8a, 0x0a] + followingLines
          let fast = EvemuReader.parseCommonEvent(bytes.span, from: 0)
          #expect(fast?.newline == line.count - 1, "\(high) at \(position) of \(length)")
          #expect(fast?.event == InputEvent(time: 1_000_002, type: 3, code: 0x35, value: 683))
        }
      }
    }
  }
}
