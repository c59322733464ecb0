import Foundation
import GestureTestSupport
import Testing

/// Every recording in `Recordings/` replays to its checked-in expected outputs.
@Suite("Golden replays of Recordings/")
struct GoldenReplayTests {
  @Test("the recordings' catalog is found: every recording of Recordings/ is a case")
  func catalogFound() { Recording.expectCatalogFound() }

  @Test("Decoded touch changes match the golden file", arguments: Recording.all)
  func touches(recording: Recording) throws {
    let result = try runProduct(
      "gesturectl",
      ["replay", "--touches", "--no-gestures"] + recording.arguments + [recording.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    if let difference = compareWithGolden(result.stdout, path: recording.golden("touches")) {
      Issue.record(Comment(rawValue: difference))
    }
  }

  @Test("Replaying the same file twice gives byte-identical output", arguments: Recording.all)
  func determinism(recording: Recording) throws {
    let arguments = ["replay", "--json", "--touches"] + recording.arguments + [recording.url.path]
    let first = try runProduct("gesturectl", arguments)
    let second = try runProduct("gesturectl", arguments)
    #expect(first.status == 0)
    #expect(first == second)
  }
}
