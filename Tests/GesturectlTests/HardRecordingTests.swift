import Foundation
import GestureTestSupport
import Testing

/// The recordings of the hard real-world cases (issue 9): what a person would name in each,
/// read from `gesturectl replay --json`.
@Suite struct HardRecordingTests {
  /// One JSON line: its keys and values.
  typealias Object = [String: Any]

  /// Replays `Recordings/synthetic/NAME.evemu` with `options` and parses the JSON lines.
  func replay(_ name: String, _ options: [String] = []) throws -> [Object] {
    let recording = Recording(relativePath: "Recordings/synthetic/" + name + ".evemu")
    let result = try runProduct(
      "gesturectl", ["replay", "--json"] + options + recording.arguments + [recording.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").compactMap { line in
      try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? Object
    }
  }

  /// "gesture state" of each line, changed ones left out.
  func summary(_ lines: [Object]) -> [String] {
    lines.compactMap { line in
      guard let gesture = line["gesture"] as? String, let state = line["state"] as? String,
        state != "changed"
      else { return nil }
      return gesture + " " + state
    }
  }

  @Test("same-frame-retouch: each gesture ends where its finger lifted; the new one is recognized")
  func retouch() throws {
    let lines = try replay("same-frame-retouch")
    #expect(
      summary(lines) == [
        "longPress began", "longPress ended", "tap recognized", "pan began", "pan ended",
        "tap recognized", "longPress began", "longPress ended", "pan began", "swipe recognized",
        "pan ended",
      ])
    // Every gesture that ended did so near where it was, not at the new finger.
    let ends = lines.filter { ($0["state"] as? String) == "ended" }
    let taps = lines.filter { ($0["gesture"] as? String) == "tap" }
    #expect(ends.compactMap { $0["x"] as? Double }.map { ($0 / 10).rounded() } == [6, 10, 17, 20])
    #expect(taps.compactMap { $0["x"] as? Double }.map { ($0 / 10).rounded() } == [15, 10])
    #expect(
      lines.first { ($0["gesture"] as? String) == "swipe" }?["direction"] as? String == "down")
  }

  @Test("multi-finger-long-press: a two-finger and a three-finger long press, nothing else")
  func multiFingerLongPress() throws {
    let lines = try replay("multi-finger-long-press")
    #expect(
      summary(lines) == [
        "longPress began", "longPress ended", "longPress began", "longPress ended",
      ])
    let began = lines.filter { ($0["state"] as? String) == "began" }
    #expect(began.compactMap { $0["touches"] as? Int } == [2, 3])
  }

  @Test(
    "edge-pans: strokes inwards from an edge are edge pans of that edge (after --rotate too)",
    arguments: [
      ([String](), ["left", "bottom", "right"]), (["--rotate", "90"], ["top", "left", "bottom"]),
    ])
  func edgePans(options: [String], edges: [String]) throws {
    let lines = try replay("edge-pans", options)
    #expect(
      summary(lines) == [
        "edgePan began", "edgePan ended", "edgePan began", "edgePan ended", "edgePan began",
        "edgePan ended", "tap recognized", "longPress began", "longPress ended", "pan began",
        "pan ended",
      ])
    let began = lines.filter {
      ($0["gesture"] as? String) == "edgePan" && ($0["state"] as? String) == "began"
    }
    #expect(began.compactMap { $0["edge"] as? String } == edges)
    // The pan's keys, and `edge` only on edge pans.
    #expect(began.allSatisfy { $0["translation"] != nil && $0["velocity"] != nil })
    #expect(
      lines.filter { $0["edge"] != nil }.count
        == lines.filter { ($0["gesture"] as? String) == "edgePan" }.count)
  }
}
