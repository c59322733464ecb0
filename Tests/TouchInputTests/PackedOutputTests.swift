import Testing
import TextOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The bytes a sink holds after `prefix` bytes of filler and then `write`: every piece is
/// checked at every offset in a word (0…7) and across word boundaries.
private func written(after prefix: Int, _ write: (inout OutputSpan<UInt64>) -> Void) -> String {
  let sink = ByteSink()
  sink.put(text: String(repeating: "~", count: prefix))
  sink.append(atMost: 512, write)
  return String(sink.text.dropFirst(prefix))
}

/// `value` with `places` decimals by the standard library (half away from zero).
private func reference(_ value: Double, places: Int) -> String {
  var scale = 1.0
  for _ in 0..<places { scale *= 10 }
  let units = UInt64((abs(value) * scale).rounded(.toNearestOrAwayFromZero))
  var digits = String(units)
  while digits.count < places + 1 { digits = "0" + digits }
  if places > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places)) }
  return (value < 0 && units != 0 ? "-" : "") + digits
}

@Suite("Packed output: bytes shifted into 64-bit words, at every offset in a word")
struct PackedOutputTests {
  @Test("keys, literals and text of every length land intact at every offset", arguments: 0..<9)
  func piecesAtEveryOffset(prefix: Int) {
    let keys: [(PackedText, String)] = [
      (PackedText(""), ""), (PackedText("}"), "}"), (PackedText(", \"x\": "), ", \"x\": "),
      (PackedText("\", \"state\": \"began"), "\", \"state\": \"began"),
      (PackedText("\", \"state\": \"recognized"), "\", \"state\": \"recognized"),
      (PackedText("12345678"), "12345678"), (PackedText("123456789"), "123456789"),
      (PackedText("1234567812345678"), "1234567812345678"),
    ]
    for (key, text) in keys {
      #expect(written(after: prefix) { $0.put(key) } == text)
      #expect(
        written(after: prefix) {
          $0.put(key); $0.put(key)
        } == text + text)
    }
    for length in 0...40 {
      let text = String((0..<length).map { Character(UnicodeScalar(0x41 + $0 % 26)!) })
      #expect(written(after: prefix) { $0.put(text: text) } == text)
    }
    #expect(written(after: prefix) { $0.put("long press …") } == "long press …")
    #expect(written(after: prefix) { $0.put(spaces: 13) } == String(repeating: " ", count: 13))
  }

  @Test("numbers of every length and sign at every offset", arguments: 0..<8)
  func numbersAtEveryOffset(prefix: Int) {
    var integers = [0, 1, -1, 9, 10, -10, Int.max, Int.min + 1, 12_345_678, -12_345_678]
    var power = 1
    for _ in 0..<18 {
      integers += [power, power - 1, -power, -(power - 1)]
      power *= 10
    }
    for value in integers {
      #expect(written(after: prefix) { $0.put(integer: value) } == String(value))
    }
    let values = [
      0, 0.004, -0.004, 94.62, 167.94, -11.4, 1.5, 9_999.995, -1_234_567.5, 12_345_678.25,
      -0.05, 123_456.789_012_5,
    ]
    for value in values {
      for places in 0...9 {
        #expect(
          written(after: prefix) { $0.put(fixed: value, places: places) }
            == reference(value, places: places), "\(value) with \(places) places")
      }
    }
    #expect(written(after: prefix) { $0.put(seconds: 1_346_787) } == "1.346787")
    #expect(written(after: prefix) { $0.put(seconds: 912_345_678) } == "912.345678")
    #expect(written(after: prefix) { $0.put(seconds: -12_000_001) } == "-12.000001")
    #expect(written(after: prefix) { $0.put(seconds: 5, width: 11) } == "   0.000005")
  }

  @Test("a line's columns count from where it began, across a sink's earlier bytes")
  func columns() {
    for prefix in 0..<8 {
      let line = written(after: prefix) { line in
        let start = line.byteCount
        line.put("tap")
        line.pad(from: start, to: 6)
        line.put("x")
        line.pad(from: start, to: 3)
      }
      #expect(line == "tap   x ")
    }
    // The sink's own padding counts from a position in all its pending bytes.
    let sink = ByteSink()
    sink.put(text: String(repeating: "-", count: 21))
    let start = sink.count
    sink.put("touch 1")
    sink.pad(from: start, to: 12)
    sink.put("|")
    #expect(sink.text == String(repeating: "-", count: 21) + "touch 1     |")
  }

  @Test("a sink's lines and flushes keep every byte in order")
  func manyLines() {
    let sink = ByteSink()
    var expected = ""
    for index in 0..<300 {
      sink.appendLine(atMost: 64) { line in
        line.put(integer: index)
        line.put(PackedText(", \"y\": "))
        line.put(fixed: Double(index) / 7, places: 2)
      }
      expected += "\(index), \"y\": \(reference(Double(index) / 7, places: 2))\n"
    }
    #expect(sink.count == expected.utf8.count)
    #expect(sink.text == expected)
    sink.removeAll()
    #expect(sink.text.isEmpty && sink.count == 0)
  }
}

/// The bytes a sink holds after `prefix` bytes of filler and then `write` through a
/// `WordPacker` that takes and gives back the span's partial word.
private func packed(
  after prefix: Int, _ write: (inout WordPacker, inout OutputSpan<UInt64>) -> Void
)
  -> String
{
  written(after: prefix) { line in
    var packer = WordPacker(continuing: &line)
    write(&packer, &line)
    packer.finish(&line)
  }
}

@Suite("Word packer: the JSON printer's register-held words write what the span's methods write")
struct WordPackerTests {
  @Test("keys, literals, bytes and words at every offset", arguments: 0..<9)
  func pieces(prefix: Int) {
    let keys: [(PackedText, String)] = [
      (PackedText(""), ""), (PackedText("}"), "}"), (PackedText(", \"x\": "), ", \"x\": "),
      (PackedText("\", \"state\": \"began"), "\", \"state\": \"began"),
      (PackedText("\", \"state\": \"recognized"), "\", \"state\": \"recognized"),
      (PackedText("12345678"), "12345678"), (PackedText("123456789"), "123456789"),
      (PackedText("1234567812345678"), "1234567812345678"),
      (PackedText("123456781234567812345678"), "123456781234567812345678"),
    ]
    for (key, text) in keys {
      #expect(packed(after: prefix) { $0.put(key, to: &$1) } == text)
      #expect(
        packed(after: prefix) {
          $0.put(key, to: &$1)
          $0.put(key, to: &$1)
        } == text + text)
    }
    #expect(packed(after: prefix) { $0.put("rotation", to: &$1) } == "rotation")
    #expect(packed(after: prefix) { $0.put("longPress", to: &$1) } == "longPress")
    #expect(packed(after: prefix) { $0.put("1234567812345678", to: &$1) } == "1234567812345678")
    #expect(packed(after: prefix) { $0.put("long press …", to: &$1) } == "long press …")
    #expect(packed(after: prefix) { $0.put("twoFingerHoldDrag", to: &$1) } == "twoFingerHoldDrag")
    #expect(packed(after: prefix) { $0.put(UInt8(ascii: "{"), to: &$1) } == "{")
    #expect(packed(after: prefix) { $0.put(word: 0x202C, length: 2, to: &$1) } == ", ")
    #expect(
      packed(after: prefix) { $0.put(text: "\"file\": \"a\", ", to: &$1) } == "\"file\": \"a\", ")
    // The span's methods continue after packed bytes, and the packer after theirs.
    #expect(
      packed(after: prefix) { packer, line in
        packer.put(PackedText("{\"t\": "), to: &line)
        packer.finish(&line)
        line.put(integer: 42)
        packer = WordPacker(continuing: &line)
        packer.put(UInt8(ascii: "}"), to: &line)
      } == "{\"t\": 42}")
  }

  @Test("numbers of every length and sign, as the span's methods print them", arguments: 0..<8)
  func numbers(prefix: Int) {
    var integers = [0, 1, -1, 9, 10, -10, Int.max, Int.min, 12_345_678, -12_345_678, 99_999_999]
    var power = 1
    for _ in 0..<18 {
      integers += [power, power - 1, -power, -(power - 1), power + 1]
      power *= 10
    }
    for value in integers {
      #expect(packed(after: prefix) { $0.put(integer: value, to: &$1) } == String(value))
    }
    var values = [
      0, -0.0, 0.004, -0.004, 0.005, -0.005, 94.62, 167.94, -11.4, 1.5, 9_999.995, 99_999.994,
      99_999.995, -99_999.995, 999_999.5, 9_999_998.9, 9_999_999.4, -1_234_567.5, 12_345_678.25,
      -0.05, 123_456.789_012_5, .nan, .infinity, -.infinity, 1e300, -1e19,
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      values.append(Double.random(in: -2_000...2_000, using: &generator))
      values.append(Double.random(in: -1...1, using: &generator))
    }
    for value in values {
      for places in 0...9 {
        #expect(
          packed(after: prefix) { $0.put(fixed: value, places: places, to: &$1) }
            == written(after: prefix) { $0.put(fixed: value, places: places) },
          "\(value) with \(places) places")
      }
    }
    let times: [Int64] = [
      0, 5, 1_346_787, 9_999_999, 10_000_000, 912_345_678, -12_000_001, 99_999_999_999_999,
      100_000_000_000_000, .max, .min,
    ]
    for time in times {
      #expect(
        packed(after: prefix) { $0.put(seconds: time, to: &$1) }
          == written(after: prefix) { $0.put(seconds: time) }, "\(time)")
    }
  }

  @Test(
    "a descriptor's sink writes every packed line in order, flush after flush, its last partial word too"
  )
  func descriptorFlushes() {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    var expected = ""
    do {
      // A small threshold: a flush every two or three lines, each continuing a partial word.
      let sink = ByteSink(descriptor: ends[1], flushThreshold: 40)
      for index in 0..<100 {
        sink.appendLine(atMost: 64) { line in
          var packer = WordPacker(continuing: &line)
          packer.put(integer: index, to: &line)
          packer.put(PackedText(", \"y\": "), to: &line)
          packer.put(fixed: Double(index) / 7, places: 2, to: &line)
          packer.finish(&line)
        }
        expected += "\(index), \"y\": \(reference(Double(index) / 7, places: 2))\n"
      }
      sink.put("tail")
      sink.flush()
      #expect(sink.count == 0)
    }
    close(ends[1])
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(ends[0], &chunk, chunk.count)
      if count <= 0 { break }
      received += chunk[0..<count]
    }
    close(ends[0])
    #expect(String(decoding: received, as: UTF8.self) == expected + "tail")
  }
}
