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
    let fast = EvemuReader.parseCommonEvent(bytes.span, 0..<lineEnd)
    var careful = InputEvent(time: 0, type: 0, code: 0, value: 0)
    let result = EvemuReader.carefulParse(ByteScanner(bytes, 0..<lineEnd), into: &careful)
    guard let fast else { return false }
    let text = String(decoding: line, as: UTF8.self)
    guard case .event = result else {
      Issue.record("fast path accepted a line the careful parser refuses: \(text)")
      return true
    }
    #expect(fast == careful, "\(text)")
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
    let bytes = Array("E: 3.040506 0003 0aBf 0907\t# x\n".utf8)
    let fast = EvemuReader.parseCommonEvent(bytes.span, 0..<(bytes.count - 1))
    #expect(fast == InputEvent(time: 3_040_506, type: 3, code: 0x0abf, value: 907))
  }
}
