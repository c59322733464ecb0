import Testing

@testable import TouchInput

/// A small deterministic random generator (SplitMix64), so failures reproduce.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What follows a line in the tests of the fast path, as the next lines follow it in a
/// reader's buffer: the fast path reads a line's fixed fields eight bytes at a time and needs
/// 24 bytes from the seconds' dot.
let followingLines = Array(String(repeating: "E: 0.000000 0000 0000 0000\n", count: 2).utf8)

/// The fast parser of common `E:` lines never disagrees with the careful one.
@Suite struct EvemuFastPathTests {
  /// A random string of `count` characters drawn from `alphabet`.
  func random(_ alphabet: String, _ count: Int, _ rng: inout SplitMix) -> String {
    let characters = Array(alphabet)
    return String(
      (0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &rng)] })
  }

  /// A random `E:` line: half of them as evemu writes them, the others often subtly wrong.
  func randomLine(_ rng: inout SplitMix) -> String {
    if Bool.random(using: &rng) {
      let seconds = random("0123456789", Int.random(in: 1...10, using: &rng), &rng)
      let micros = random("0123456789", 6, &rng)
      let type = "00" + random("01", 1, &rng) + random("0123456789abcdef", 1, &rng)
      let code = random("0123456789abcdef", 4, &rng)
      let value = random("0123456789", Int.random(in: 1...10, using: &rng), &rng)
      let sign = Bool.random(using: &rng) ? "-" : ""
      let tail = Bool.random(using: &rng) ? "\t# EV_ABS / ABS_X" : ""
      return "E: \(seconds).\(micros) \(type) \(code) \(sign)\(value)\(tail)"
    }
    let separators = [" ", " ", " ", "  ", "\t", ""]
    func separator(_ rng: inout SplitMix) -> String { separators.randomElement(using: &rng) ?? " " }
    let seconds = random("0123456789", Int.random(in: 0...14, using: &rng), &rng)
    let fraction = random("0123456789", [6, 6, 6, 0, 3, 7].randomElement(using: &rng) ?? 6, &rng)
    let dot = Int.random(in: 0..<8, using: &rng) == 0 ? "" : "."
    let type = random("0123", Int.random(in: 0...5, using: &rng), &rng)
    let code = random("0123456789abcdefABCDEFg", Int.random(in: 0...6, using: &rng), &rng)
    let sign = ["", "", "-", "+", "--"].randomElement(using: &rng) ?? ""
    let value = random("0123456789", Int.random(in: 0...12, using: &rng), &rng)
    let tail = ["", "", "\t# EV_ABS / ABS_X 12", " ", "\r", " x", "#"].randomElement(using: &rng)
    return "E:" + separator(&rng) + seconds + dot + fraction + separator(&rng) + type
      + separator(&rng) + code + separator(&rng) + sign + value + (tail ?? "")
  }

  @Test("On 20 000 random lines the fast parser accepts only what the careful one accepts")
  func agreement() {
    var rng = SplitMix(state: 2024)
    var accepted = 0
    for _ in 0..<20_000 {
      let line = randomLine(&rng)
      var bytes = Array(line.utf8)
      bytes.append(0x0a)
      let lineEnd = bytes.count - 1
      bytes += followingLines
      let fast = EvemuReader.parseCommonEvent(bytes.span, from: 0)
      var careful = InputEvent(time: 0, type: 0, code: 0, value: 0)
      let result = EvemuReader.carefulParse(ByteScanner(bytes, 0..<lineEnd), into: &careful)
      guard let fast else { continue }
      accepted += 1
      guard case .event = result else {
        Issue.record("fast path accepted a line the careful parser refuses: \(line)")
        continue
      }
      #expect(fast.event == careful, "\(line)")
      #expect(fast.newline == lineEnd, "\(line)")
    }
    #expect(accepted > 5000)
  }

  @Test("Reusing the time of the line before changes nothing, whatever byte of a line differs")
  func reusedTime() {
    var rng = SplitMix(state: 77)
    var previous = EvemuLineStart()
    var reused = 0
    for _ in 0..<4000 {
      // A line as evemu writes it, then lines that differ from it in one byte.
      var line = Array(
        ("E: \(Int.random(in: 0...99_999, using: &rng)).\(Int.random(in: 100_000...999_999, using: &rng))"
          + " 0003 0035 0683\t# EV_ABS").utf8)
      for round in 0..<4 {
        if round > 0 {
          line[Int.random(in: 0..<30, using: &rng)] = UInt8.random(in: 0x20...0x7e, using: &rng)
        }
        let bytes = line + [0x0a] + followingLines
        let before = previous
        let chained = EvemuReader.parseCommonEvent(bytes.span, from: 0, after: &previous)
        let fresh = EvemuReader.parseCommonEvent(bytes.span, from: 0)
        let text = String(decoding: line, as: UTF8.self)
        #expect(chained?.event == fresh?.event && chained?.newline == fresh?.newline, "\(text)")
        let head = (0..<8).reduce(UInt64(0)) { $0 | UInt64(line[$1]) << (8 * UInt64($1)) }
        let tail = (0..<8).reduce(UInt64(0)) { $0 | UInt64(line[8 + $1]) << (8 * UInt64($1)) }
        if before.dot != 0 && head == before.head && tail == before.tail {
          reused += 1
        }
      }
    }
    #expect(reused > 1000)
  }

  @Test("A line cut by the end of the buffer is never taken as whole by the fast path")
  func cutLine() throws {
    let line = "E: 1284881103.690532 0003 0035 17296\n"
    let text = smallHeader + String(repeating: line, count: 50)
    let whole = try EvemuReader(bytes: Array(text.utf8), name: "t")
    var wholeReader = whole
    let expected = try readAll(&wholeReader)
    for chunkSize in [5, 17, 36, 37, 38, 100] {
      var reader = try EvemuReader(
        bytes: Array(text.utf8), name: "t", description: nil, lenient: false,
        chunkSize: chunkSize)
      #expect(try readAll(&reader, batchSize: 3) == expected, "chunk size \(chunkSize)")
    }
    #expect(expected.events.count == 50)
    #expect(expected.events.allSatisfy { $0.value == 17296 })
  }
}
