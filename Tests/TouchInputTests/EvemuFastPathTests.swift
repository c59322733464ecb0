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

/// The reader's fast loop over many lines: the types and codes it has decoded already, the
/// numbers of the lines, comments between events.
@Suite struct EvemuFastLoopTests {
  /// Lines as evemu writes them, with a few types and codes again and again, some of them
  /// subtly wrong in the type or code (then read by the careful parser), and comments.
  func randomText(_ rng: inout SplitMix, lines count: Int) -> (text: String, lines: [String]) {
    let kinds = [
      "0003 0035", "0003 0036", "0003 0039", "0003 002f", "0000 0000", "0001 014a",
      "0003 003A", "0003 003a", "001f ffff", "0003 0000", "0003 0001",
    ]
    let odd = ["0003 00g5", "0020 0000", "0003  035", "00030 035", "0003 0x35"]
    var lines: [String] = []
    var seconds = 0
    var micros = 0
    for _ in 0..<count {
      switch Int.random(in: 0..<40, using: &rng) {
      case 0: lines.append("# a comment between events")
      case 1: lines.append("E: \(seconds).\(micros) \(odd.randomElement(using: &rng) ?? "") 0001")
      default:
        if Int.random(in: 0..<5, using: &rng) == 0 {
          micros = Int.random(in: 0...999_999, using: &rng)
          if Bool.random(using: &rng) { seconds += Int.random(in: 0...200_000, using: &rng) }
        }
        let fraction = String(micros + 1_000_000).dropFirst()
        let kind = kinds.randomElement(using: &rng) ?? ""
        let value = Int.random(in: -20...20_000, using: &rng)
        let comment = Bool.random(using: &rng) ? "\t# EV_ABS / ABS_MT_POSITION_X    \(value)" : ""
        lines.append("E: \(seconds).\(fraction) \(kind) \(evemuValue(value))\(comment)")
      }
    }
    return (smallHeader + lines.joined(separator: "\n") + "\n", lines)
  }

  @Test("Reading a long recording gives what the careful parser gives line by line")
  func agreement() throws {
    var rng = SplitMix(state: 515)
    let (text, lines) = randomText(&rng, lines: 30_000)
    let headerLines = smallHeader.split(separator: "\n", omittingEmptySubsequences: false).count
    var expected = ReadResult()
    var problems: [Int] = []
    for (index, line) in lines.enumerated() {
      let bytes = Array(line.utf8)
      var event = InputEvent(time: 0, type: 0, code: 0, value: 0)
      switch EvemuReader.carefulParse(ByteScanner(bytes), into: &event) {
      case .event:
        expected.events.append(event)
        expected.lines.append(Int32(headerLines + index))
      case .skip: break
      case .problem: problems.append(headerLines + index)
      }
    }
    #expect(problems.count > 100)
    for chunkSize in [100, 4096, 1 << 20] {
      var reader = try EvemuReader(
        bytes: Array(text.utf8), name: "t", description: nil, lenient: true,
        chunkSize: chunkSize)
      let result = try readAll(&reader, batchSize: 1000)
      #expect(result == expected, "chunk size \(chunkSize)")
      #expect(reader.skippedLineCount == problems.count)
      #expect(reader.warnings.map(\.line) == Array(problems.prefix(EvemuReader.warningLimit)))
    }
  }

  @Test("The types and codes touch devices send most have a slot each")
  func commonKinds() {
    let kinds: [(type: Int, codes: [Int])] = [
      (0, [0, 2, 3]),
      (1, [0x14a, 0x145, 0x140, 0x14d, 0x14e, 0x14f, 0x148, 0x110, 0x111, 0x112]),
      (2, [0, 1, 8]),
      (3, [0, 1, 0x18, 0x1c] + Array(0x2f...0x3d)),
      (4, [4, 5]),
    ]
    var slots = Set<Int>()
    var count = 0
    for (type, codes) in kinds {
      for code in codes {
        let text = Array((hex4(type) + " " + hex4(code)).utf8)
        var middle: UInt64 = 0
        for lane in 0..<8 { middle |= UInt64(text[lane]) << (8 * UInt64(lane)) }
        let digits = middle ^ UInt64(text[8]) << 32
        #expect(EvemuReader.eventKind(digits) == UInt32(type << 16 | code))
        slots.insert(EventKinds.slot(of: digits))
        count += 1
      }
    }
    #expect(count == 37)
    #expect(slots.count == 37)
    #expect(EvemuReader.eventKind(EventKinds.zeros) == 0)
  }

  /// `value` as four lowercase hex digits.
  func hex4(_ value: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

/// `value` as evemu writes it, `%04d`.
func evemuValue(_ value: Int) -> String {
  let digits = String(value.magnitude)
  let width = value < 0 ? 3 : 4
  let zeros = String(repeating: "0", count: max(0, width - digits.count))
  return (value < 0 ? "-" : "") + zeros + digits
}
