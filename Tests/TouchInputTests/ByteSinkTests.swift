import Testing
import TextOutput
import TouchInput

/// The formatting a reference implementation gives, built from the standard library's own
/// rounding and integer printing (independent of `ByteSink`'s digit pairs).
private func referenceFixed(_ value: Double, places: Int) -> String {
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  let scaled = value.isFinite ? (abs(value) * scale).rounded(.toNearestOrAwayFromZero) : 0
  guard scaled < 9.0e18 else { return String(value) }  // too large for fixed digits
  let units = UInt64(scaled)
  var digits = String(units)
  while digits.count < places + 1 { digits = "0" + digits }
  if places > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places)) }
  return (value < 0 && units != 0 ? "-" : "") + digits
}

private func formatted(_ write: (ByteSink) -> Void) -> String {
  let sink = ByteSink()
  write(sink)
  return sink.text
}

@Suite("ByteSink: numbers written digit pair by digit pair")
struct ByteSinkTests {
  @Test(
    "fixed decimals match the standard library's rounding, half away from zero", arguments: 0...9)
  func fixedMatchesReference(places: Int) {
    var generator = SplitMix(state: UInt64(places) &+ 7)
    var values: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, 2.5, 0.05, 0.15, 0.25, 0.35, 0.45, 9.995, 99.5,
    ]
    values += [99.5, 1e-7, -1e-7, 123_456.789_012_5, 8.9e17, Double.nan, .infinity, -.infinity]
    for _ in 0..<2_000 {
      let magnitude = Double(generator.next() % 1_000_000_000) / 1000
      let half = (Double(generator.next() % 100_000) + 0.5) / 10  // on a rounding boundary
      values += [magnitude, -magnitude, half, -half]
    }
    for value in values {
      #expect(
        formatted { $0.put(fixed: value, places: places) } == referenceFixed(value, places: places),
        "\(value) with \(places) places")
    }
  }

  /// Every write takes the pending bytes out of the sink and puts them back (no exclusivity
  /// check per line): what was pending before a write, across a line of more than a word, must
  /// still be there, in order, and `removeAll()` must really empty the sink.
  @Test("values, lines and line ends keep their order across writes; removeAll empties the sink")
  func writesKeepPendingBytes() {
    let sink = ByteSink()
    sink.put("ab")
    sink.appendLine(atMost: 24) { line in
      line.put(" the line: ")
      line.put(text: "héllo")
    }
    sink.put(integer: -42)
    sink.endLine()
    #expect(sink.text == "ab the line: héllo\n-42\n")
    #expect(sink.count == 24)
    sink.removeAll()
    #expect(sink.count == 0)
    #expect(sink.text.isEmpty)
    sink.appendLine(atMost: 1) { $0.put(UInt8(ascii: "x")) }
    #expect(sink.text == "x\n")
  }

  @Test("integers of every length and sign")
  func integers() {
    var values = Array(-1_000...1_000) + [Int.max, Int.min + 1, 1 << 40, -(1 << 40)]
    var power = 1
    for _ in 0..<18 {
      values += [power, power - 1, -power, -(power - 1)]
      power *= 10
    }
    for value in values {
      #expect(formatted { $0.put(integer: value) } == String(value))
    }
  }

  @Test("seconds are exact, right-aligned when a width is given; padding fills to a column")
  func secondsAndPadding() {
    #expect(formatted { $0.put(seconds: 1_234_567) } == "1.234567")
    #expect(formatted { $0.put(seconds: 7) } == "0.000007")
    #expect(formatted { $0.put(seconds: -1_500_000) } == "-1.500000")
    #expect(formatted { $0.put(seconds: 1_234_567, width: 10) } == "  1.234567")
    #expect(formatted { $0.put(seconds: 12_345_678_901, width: 10) } == "12345.678901")
    let padded = formatted { sink in
      sink.put("ab")
      sink.pad(from: 0, to: 6)
      sink.put("c")
      sink.pad(from: 0, to: 3)
    }
    #expect(padded == "ab    c ")
  }
}
