import Foundation
import GestureTestSupport
import Testing

/// The readable text view of `replay`: the `--every-frame` view thinned by the README's rule.
@Suite("Readable text view of replay")
struct ReadableViewTests {
  @Test("the recordings' catalog is found: every recording of Recordings/ is a case")
  func catalogFound() { Recording.expectCatalogFound() }

  /// Recordings whose readable view is pinned by a `.readable` golden file.
  static let pinned = [
    "public/nexus4-drag-pinch", "public/egalax-single-touch-hold-drag",
    "synthetic/pinch-rotate-pan", "synthetic/long-press-then-drag",
  ].map { Recording(relativePath: "Recordings/" + $0 + ".evemu") }

  @Test("The readable view matches its golden file", arguments: pinned)
  func golden(recording: Recording) throws {
    let result = try runProduct(
      "gesturectl", ["replay"] + recording.arguments + [recording.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    if let difference = compareWithGolden(result.stdout, path: recording.golden("readable")) {
      Issue.record(Comment(rawValue: difference))
    }
  }

  @Test(
    "Readable lines are the every-frame lines minus some changed lines, 0.25 s apart at least",
    arguments: Recording.all)
  func thinned(recording: Recording) throws {
    let readable = try lines(["replay"] + recording.arguments + [recording.url.path])
    let every = try lines(
      ["replay", "--every-frame"] + recording.arguments + [recording.url.path])
    var remaining = readable[...]
    for line in every {
      if remaining.first == line {
        remaining.removeFirst()
      } else {
        #expect(line.contains(" changed "), "dropped a line that is not a change: \(line)")
      }
    }
    #expect(remaining.isEmpty, "lines not in the every-frame view: \(Array(remaining))")
    var lastChange: [String: Double] = [:]
    for line in readable {
      let fields = line.split(separator: " ")
      guard fields.count > 2, let time = Double(fields[0]) else { continue }
      let gesture = fields[1] == "long" ? "long press" : String(fields[1])
      if line.contains(" changed ") {
        if let last = lastChange[gesture] { #expect(time - last >= 0.25 - 1e-9, "\(line)") }
        lastChange[gesture] = time
      } else if line.contains(" began ") {
        lastChange[gesture] = time
      }
    }
  }

  @Test("Ended and cancelled lines carry the gesture's duration since it began")
  func duration() throws {
    let path = packageDirectory.appendingPathComponent("Recordings/synthetic/long-press.evemu")
    let text = try lines(["replay", path.path])
    let began = text.first { $0.contains("long press  began") }
    let ended = text.first { $0.contains("long press  ended") }
    let start = Double(began?.split(separator: " ").first ?? "") ?? -1
    let end = Double(ended?.split(separator: " ").first ?? "") ?? -1
    let duration = ended?.split(separator: "=").last.flatMap { Double($0) } ?? -1
    #expect(abs(duration - (end - start)) < 0.0015, "\(text)")
  }

  @Test("JSON prints every event: as many objects as every-frame text lines")
  func jsonKeepsEverything() throws {
    let path = packageDirectory.appendingPathComponent("Recordings/public/nexus4-drag-pinch.evemu")
    let json = try lines(["replay", "--json", path.path])
    let every = try lines(["replay", "--every-frame", path.path])
    let readable = try lines(["replay", path.path])
    #expect(json.count == every.count)
    #expect(readable.count * 10 < every.count)
    #expect(!json.contains { $0.contains("duration") })
  }

  private func lines(_ arguments: [String]) throws -> [String] {
    let result = try runProduct("gesturectl", arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map { String($0.drop { $0 == " " }) }
  }
}
