import Foundation
import GestureAppKit
import GesturePipeline
import GestureRecognition
import Testing
import TouchInput

/// The repository's `Recordings/` folder, found from this file's place in it.
let recordings: String = {
  var path = #filePath
  for _ in 0..<5 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
  return path + "/Recordings"
}()

/// Replays a recording through the library's default recognizers and returns every gesture
/// event as a line of text, times counted from the recording's first event.
func gestureLines(of path: String) throws -> [String] {
  var events: [GestureEvent] = []
  let engine = GestureEngine.makeDefault(onEvent: { event, _ in
    events.append(event)
  })
  let pipeline = try TouchPipeline.replay(recording: path, engine: engine)
  let origin = pipeline.firstEventTime ?? 0
  return events.map { $0.text(origin: origin) }
}

/// A golden line without the ` duration=…` that `gesturectl` adds to the last line of a
/// continuous gesture.
func withoutDuration(_ line: Substring) -> String {
  guard let range = line.range(of: " duration=") else { return String(line) }
  return String(line[..<range.lowerBound])
}

@Suite struct ReplayTests {
  @Test("A real double tap is one double tap, never two single taps")
  func doubleTap() throws {
    let lines = try gestureLines(of: recordings + "/public/isdv4-e6-double-tap-center.evemu")
    #expect(lines == ["   0.232004  tap         recognized  1 touch at (104.85, 60.63) taps=2"])
  }

  @Test(
    "Replays match the repository's golden files",
    arguments: ["atmel-fast-taps", "ep0430m09-2-finger-scroll", "nexus4-drag-pinch"])
  func golden(name: String) throws {
    let lines = try gestureLines(of: recordings + "/public/\(name).evemu")
    let golden = try String(
      contentsOfFile: recordings + "/public/\(name).gestures", encoding: .utf8)
    #expect(lines == golden.split(separator: "\n").map(withoutDuration))
  }

  @Test("A bad line is an error naming the file and the line")
  func badLine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gesture-app-bad-line.evemu"
    ).path
    let original = try String(
      contentsOfFile: recordings + "/public/isdv4-e6-double-tap-center.evemu", encoding: .utf8)
    try (original + "E: not an event\n").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let error = #expect(throws: TraceError.self) {
      _ = try TouchPipeline.replay(recording: path, engine: GestureEngine())
    }
    #expect(error?.file == path)
    #expect(error?.line == original.split(separator: "\n", omittingEmptySubsequences: false).count)
  }
}
