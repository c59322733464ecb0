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

  @Test(
    "palms and pens take part in no gesture; the fingers beside them are recognized",
    arguments: [
      (
        "palm-tool-type",
        [
          "tap recognized", "pan began", "swipe recognized", "pan ended", "pan began",
          "pan cancelled", "tap recognized",
        ]
      ),
      (
        "palm-touch-major",
        [
          "tap recognized", "pan began", "swipe recognized", "pan ended", "longPress began",
          "longPress ended",
        ]
      ),
    ])
  func palms(name: String, expected: [String]) throws {
    #expect(summary(try replay(name)) == expected)
    let touches = try replay(name, ["--touches", "--no-gestures"])
    #expect(touches.contains { $0["tool"] as? String == "palm" })
  }

  @Test("--touches marks palms and pens with one extra key; fingers keep exactly their keys")
  func toolKey() throws {
    let lines = try replay("palm-tool-type", ["--touches", "--no-gestures"])
    let tools = Set(lines.compactMap { $0["tool"] as? String })
    #expect(tools == ["palm", "pen"])
    #expect(
      lines.allSatisfy { Set($0.keys).subtracting(["tool"]) == ["t", "touch", "phase", "x", "y"] })
  }

  @Test("--explain says why a touch was excluded, with the number")
  func explainExclusion() throws {
    let recording = Recording(relativePath: "Recordings/synthetic/palm-touch-major.evemu")
    let result = try runProduct("gesturectl", ["replay", "--explain", recording.url.path])
    let excluded = result.stdout.split(separator: "\n").filter { $0.contains("excluded") }
    #expect(
      excluded.map { String($0.drop { $0 != "t" }) } == [
        "touch 1 excluded: touch major 45.0 mm > 30.0 mm (a palm)",
        "touch 3 excluded: touch major 48.0 mm > 30.0 mm (a palm)",
        "touch 4 excluded: touch major 44.8 mm > 30.0 mm (a palm)",
      ])
  }

  @Test("syn-dropped: one pan and one pinch, each going on through its SYN_DROPPED")
  func synDropped() throws {
    let lines = try replay("syn-dropped", ["--touches"])
    #expect(summary(lines) == ["pan began", "pan ended", "pinch began", "pinch ended"])
    #expect(!lines.contains { ($0["phase"] as? String) == "cancelled" })
    #expect(Set(lines.compactMap { $0["touch"] as? Int }) == [1, 2, 3])
  }

  @Test("--palm-size moves the palm threshold: at 50 mm the 45 mm contact is a finger again")
  func palmSize() throws {
    let lines = try replay("palm-touch-major", ["--palm-size", "50", "--touches"])
    #expect(lines.contains { $0["touch"] as? Int == 3 && $0["tool"] as? String == nil })
    #expect(!lines.contains { $0["touch"] as? Int == 1 && $0["tool"] != nil })
    #expect(lines.contains { $0["gesture"] as? String == "longPress" })
    let bad = try runProduct("gesturectl", ["replay", "--palm-size", "-3", "x.evemu"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--palm-size expects millimetres > 0"))
  }
}
