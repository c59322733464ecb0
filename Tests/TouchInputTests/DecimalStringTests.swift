import Testing
import TextOutput

/// What a sink writes for `write`: the hot printers' path, which `fixed` and `seconds` must
/// match byte for byte.
private func sinkText(_ write: (inout OutputSpan<UInt64>) -> Void) -> String {
  let sink = ByteSink()
  sink.append(atMost: 512, write)
  return sink.text
}

@Suite("fixed and seconds as strings: the small-string path matches the sink at every length")
struct DecimalStringTests {
  /// Values whose text is 1 to 25 characters long, both signs, with halves that round.
  static let magnitudes: [Double] = {
    var values: [Double] = [0, -0.0, 0.004, -0.004, 0.5, 0.05, 0.0005, 1.5, 9.995, 94.62]
    var power = 1.0
    for _ in 0..<19 {
      values += [power, power * 1.234_567_5, power * 9.999_999_5, power - 0.000_05]
      power *= 10
    }
    values += [.infinity, -.infinity, .nan, 1e300, -1e300]
    return values + values.map { -$0 }
  }()

  @Test("fixed(_:places:) equals the sink's put(fixed:places:) for 0…9 places")
  func fixedMatchesSink() {
    var checked = 0
    for value in Self.magnitudes {
      for places in 0...9 {
        let expected = sinkText { $0.put(fixed: value, places: places) }
        #expect(fixed(value, places: places) == expected, "\(value) with \(places) places")
        checked += 1
      }
    }
    #expect(checked > 1_500)
    // Lengths on both sides of the small string's 15 bytes.
    #expect(fixed(123_456_789.123_4, places: 4) == "123456789.1234")
    #expect(fixed(-123_456_789.123_4, places: 4) == "-123456789.1234")
    #expect(fixed(1_234_567_890.123_4, places: 4) == "1234567890.1234")
    #expect(fixed(-1_234_567_890.123_4, places: 4) == "-1234567890.1234")
    #expect(fixed(155.25, places: 2) == "155.25")
    #expect(fixed(-0.004, places: 2) == "0.00")
    #expect(fixed(0.523_45, places: 4) == "0.5235")
  }

  @Test("seconds(_:) equals the sink's put(seconds:) for every length and sign")
  func secondsMatchesSink() {
    var times: [Int64] = [0, 1, 999_999, 1_000_000, 1_346_787, Int64.max, Int64.min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      times += [power, power - 1, power + 123_456, power * 9]
      power *= 10
    }
    times += times.map { -$0 }
    for time in times {
      #expect(seconds(time) == sinkText { $0.put(seconds: time) }, "\(time)")
    }
    #expect(seconds(4_776_171_533) == "4776.171533")
    #expect(seconds(-12_000_001) == "-12.000001")
    #expect(seconds(123_456_789_000_000) == "123456789.000000")
  }
}
