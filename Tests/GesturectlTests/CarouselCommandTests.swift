import Foundation
import GestureTestSupport
import Testing

/// `gesturectl carousel` end to end: golden logs of the carousel sessions, saved state.
@Suite("gesturectl carousel")
struct CarouselCommandTests {
  /// The synthetic carousel sessions, each with a `.carousel` golden log.
  static let sessions = Recording.all.filter { $0.relativePath.contains("/carousel-") }

  @Test("the catalog finds the recordings, the nine carousel sessions among them")
  func catalogFound() {
    Recording.expectCatalogFound()
    #expect(Self.sessions.count >= 9, "\(Self.sessions.map(\.relativePath))")
  }

  @Test("Each carousel session prints its golden change log", arguments: sessions)
  func goldenLog(recording: Recording) throws {
    let result = try runProduct("gesturectl", ["carousel", recording.url.path])
    #expect(result.status == 0, "\(result.stderr)")
    if let difference = compareWithGolden(result.stdout, path: recording.golden("carousel")) {
      Issue.record(Comment(rawValue: difference))
    }
  }

  @Test(
    "The readable view is the every-frame view minus zoom and pan steps, keeping each run's last",
    arguments: sessions)
  func readable(recording: Recording) throws {
    let readable = try runProduct("gesturectl", ["carousel", recording.url.path])
    let every = try runProduct("gesturectl", ["carousel", "--every-frame", recording.url.path])
    let json = try runProduct("gesturectl", ["carousel", "--json", recording.url.path])
    let shown = readable.stdout.split(separator: "\n")
    let all = every.stdout.split(separator: "\n")
    #expect(json.stdout.split(separator: "\n").count == all.count)
    func isStep(_ line: Substring) -> Bool { line.contains(" zoom ") || line.contains(" pan to ") }
    var remaining = shown[...]
    for (index, line) in all.enumerated() {
      let lastOfRun = index + 1 == all.count || !isStep(all[index + 1])
      if remaining.first == line {
        remaining.removeFirst()
      } else {
        #expect(isStep(line) && !lastOfRun, "dropped \(line)")
      }
    }
    #expect(remaining.isEmpty, "not in the every-frame view: \(Array(remaining))")
  }

  @Test("The tour flips left four times through three images and wraps around")
  func tourWraps() throws {
    let tour = packageDirectory.appendingPathComponent("Recordings/synthetic/carousel-tour.evemu")
    let result = try runProduct("gesturectl", ["carousel", tour.path])
    let images = result.stdout.split(separator: "\n").filter { $0.contains("image ") }
      .map { $0.drop { $0 == " " }.split(separator: " ", maxSplits: 1)[1].drop { $0 == " " } }
    #expect(
      images == [
        "image 1/3 \"graduation.jpg\"", "image 2/3 \"rob-nose.jpg\"", "image 3/3 \"tree.jpg\"",
        "image 1/3 \"graduation.jpg\"", "image 2/3 \"rob-nose.jpg\"",
      ])
  }

  @Test("State is saved after each change and restored at the next start")
  func stateRoundTrip() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "carousel-state-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("state.json").path
    let tour = packageDirectory.appendingPathComponent("Recordings/synthetic/carousel-tour.evemu")
    let first = try runProduct("gesturectl", ["carousel", "--state", state, tour.path])
    #expect(first.status == 0)
    let saved = try String(contentsOfFile: state, encoding: .utf8)
    #expect(saved.hasPrefix(#"{"count":3,"fingerprint":""#))
    #expect(
      saved.hasSuffix(
        #"","image":"rob-nose.jpg","index":1,"offset_x":0,"offset_y":0,"#
          + #""version":1,"zoom":1}"# + "\n"))
    let second = try runProduct("gesturectl", ["carousel", "--state", state, tour.path])
    // The first run ended on image 2; the second starts there and flips on from it.
    #expect(second.stdout.hasPrefix("   0.000000  image 2/3 \"rob-nose.jpg\""))
    #expect(second.stderr.isEmpty)
  }

  @Test("A corrupt state file is reported and ignored, never fatal")
  func corruptState() throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent(
      "corrupt-state-\(getpid()).json")
    try "{\"index\": ".write(to: state, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: state) }
    let tour = packageDirectory.appendingPathComponent("Recordings/synthetic/carousel-tour.evemu")
    let result = try runProduct("gesturectl", ["carousel", "--state", state.path, tour.path])
    #expect(result.status == 0)
    #expect(result.stderr.contains("not a carousel state"))
    #expect(result.stdout.hasPrefix("   0.000000  image 1/3 \"graduation.jpg\""))
  }

  @Test("--images uses the folder's pictures with their pixel sizes; an empty folder is an error")
  func imagesFolder() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "carousel-images-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let empty = try runProduct("gesturectl", ["carousel", "--images", directory.path, "x.evemu"])
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("no PNG, JPEG or GIF images"))
    // A minimal GIF header: 'GIF89a', width 320, height 200.
    let gif: [UInt8] = Array("GIF89a".utf8) + [0x40, 0x01, 0xC8, 0x00, 0, 0, 0]
    try Data(gif).write(to: directory.appendingPathComponent("b.gif"))
    try Data(gif).write(to: directory.appendingPathComponent("a.gif"))
    let tour = packageDirectory.appendingPathComponent("Recordings/synthetic/carousel-tour.evemu")
    let result = try runProduct("gesturectl", ["carousel", "--images", directory.path, tour.path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("image 2/2 \"b.gif\""))
  }
}
