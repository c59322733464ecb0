import Foundation
import GestureTestSupport
import Testing

@testable import TouchInput

/// The quick parser of `- [sec, usec, type, code, value]` lines never disagrees with the
/// careful one, and takes the lines `libinput record` writes.
@Suite struct LibinputRecordQuickEventTests {
  /// A random string of `count` characters drawn from `alphabet`.
  func random(_ alphabet: String, _ count: Int, _ rng: inout SplitMix) -> String {
    let characters = Array(alphabet)
    return String(
      (0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &rng)] })
  }

  /// `text` right-aligned in `width` columns.
  func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// A random event line from its dash: half of them as libinput writes them, the others
  /// often subtly wrong.
  func randomLine(_ rng: inout SplitMix) -> String {
    if Bool.random(using: &rng) {
      let seconds = random("0123456789", Int.random(in: 1...4, using: &rng), &rng)
      let micros = random("0123456789", Int.random(in: 1...6, using: &rng), &rng)
      let type = random("0123", Int.random(in: 1...2, using: &rng), &rng)
      let code = random("0123456789", Int.random(in: 1...3, using: &rng), &rng)
      let sign = Bool.random(using: &rng) ? "-" : ""
      let value = sign + random("0123456789", Int.random(in: 1...10, using: &rng), &rng)
      let tail = Bool.random(using: &rng) ? " # EV_ABS / ABS_MT_POSITION_X  12" : ""
      return "- [\(pad(seconds, 3)), \(pad(micros, 6)), \(pad(type, 2)), \(pad(code, 3)), "
        + "\(pad(value, 7))]\(tail)"
    }
    let blanks = [" ", " ", "  ", "", "\t", "   "]
    func blank(_ rng: inout SplitMix) -> String { blanks.randomElement(using: &rng) ?? " " }
    func number(_ digits: ClosedRange<Int>, _ rng: inout SplitMix) -> String {
      let sign = ["", "", "", "-", "+", "--"].randomElement(using: &rng) ?? ""
      return sign + random("0123456789x", Int.random(in: digits, using: &rng), &rng)
    }
    let fields = [
      number(0...21, &rng), number(0...8, &rng), number(0...4, &rng), number(0...6, &rng),
      number(0...12, &rng),
    ]
    let separators = [",", ",", ",", ",", ";", ""]
    var line = "-" + blank(&rng) + (Int.random(in: 0..<10, using: &rng) == 0 ? "(" : "[")
    for (index, field) in fields.enumerated() {
      line += blank(&rng) + field + blank(&rng)
      if index < 4 { line += separators.randomElement(using: &rng) ?? "," }
    }
    let tail = ["]", "]", "] # x", "]\r", "] x", "]#", "", "]]"].randomElement(using: &rng)
    return line + (tail ?? "]")
  }

  /// What the quick and the careful parser make of `line` (from its dash).
  func parse(_ line: String) -> (quick: InputEvent?, careful: InputEvent?) {
    var bytes = Array(line.utf8)
    let end = bytes.count
    bytes.append(0x0a)
    let quick = LibinputRecordReader.quickEvent(bytes.span, from: 0, to: end)
    let careful = LibinputRecordReader.parseEvent(bytes, from: 1, to: end)
    return (quick, careful)
  }

  @Test("On 20 000 random lines the quick parser accepts only what the careful one accepts")
  func agreement() {
    var rng = SplitMix(state: 1208)
    var accepted = 0
    for _ in 0..<20_000 {
      let line = randomLine(&rng)
      let (quick, careful) = parse(line)
      guard let quick else { continue }
      accepted += 1
      #expect(quick == careful, "\(line)")
    }
    #expect(accepted > 5000)
  }

  @Test("On 20 000 mutated libinput lines the quick parser accepts only what the careful one does")
  func mutations() {
    var rng = SplitMix(state: 77)
    let alphabet = Array(" \t\r-+[],#0123456789x")
    var accepted = 0
    for _ in 0..<20_000 {
      var characters = Array("- [  1, 123456,   3,  53,    -683] # EV_ABS / ABS_MT_POSITION_X")
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let index = Int.random(in: 0..<characters.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: characters[index] = alphabet.randomElement(using: &rng) ?? " "
        case 1: characters.remove(at: index)
        default: characters.insert(alphabet.randomElement(using: &rng) ?? " ", at: index)
        }
      }
      let line = String(characters)
      let (quick, careful) = parse(line)
      guard let quick else { continue }
      accepted += 1
      #expect(quick == careful, "\(line)")
    }
    #expect(accepted > 1000)
  }

  @Test("The quick frame-start test agrees with classify's on 5 000 mutated '- evdev:' lines")
  func frameStarts() {
    var rng = SplitMix(state: 5)
    let alphabet = Array(" \t\r-#:evdxlibnput")
    var taken = 0
    for _ in 0..<5000 {
      var characters = Array("  - evdev: # frame")
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        let index = Int.random(in: 0..<characters.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: characters[index] = alphabet.randomElement(using: &rng) ?? " "
        case 1: characters.remove(at: index)
        default: characters.insert(alphabet.randomElement(using: &rng) ?? " ", at: index)
        }
      }
      var bytes = Array(String(characters).utf8)
      let end = bytes.count
      bytes.append(0x0a)
      var first = 0
      while first < end && bytes[first] == 0x20 { first += 1 }
      let careful = first == 2 && LibinputRecordReader.isEvdevEntry(bytes, from: first, to: end)
      let quick = LibinputRecordReader.isEvdevEntry(bytes.span, 0..<end, indent: 2)
      #expect(quick == careful, "\(String(characters))")
      if quick { taken += 1 }
    }
    #expect(taken > 500)
  }

  @Test("Every event line of the checked-in twins takes the quick path")
  func twinsTakeTheQuickPath() throws {
    let root = packageDirectory.appendingPathComponent("Recordings/libinput")
    var lines = 0
    for folder in ["public", "synthetic", "multi"] {
      let directory = root.appendingPathComponent(folder).path
      let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      for name in names where name.hasSuffix(".yml") {
        let text = try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)
        for line in text.split(separator: "\n") {
          let trimmed = line.drop(while: { $0 == " " })
          guard trimmed.hasPrefix("- [") else { continue }
          lines += 1
          let (quick, careful) = parse(String(trimmed))
          #expect(quick != nil && quick == careful, "\(name): \(trimmed)")
        }
      }
    }
    #expect(lines > 10_000)
  }
}
