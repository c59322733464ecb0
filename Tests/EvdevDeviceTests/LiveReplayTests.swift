import Foundation
import GestureTestSupport
import Testing

/// One recording of `Recordings/` and the options its sibling `.args` file gives.
struct LiveRecording: CustomTestStringConvertible, Sendable {
  /// The path relative to the package.
  var relativePath: String

  /// The absolute path.
  var path: String { packageDirectory.appendingPathComponent(relativePath).path }

  /// The `.args` options, one per line.
  var arguments: [String] {
    let argsPath = String(path.dropLast(".evemu".count)) + ".args"
    guard let text = try? String(contentsOfFile: argsPath, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// The options that also apply to a live device (not `--device DESC`, not `--lenient`).
  var liveArguments: [String] {
    var result: [String] = []
    var skipNext = false
    for argument in arguments {
      if skipNext {
        skipNext = false
      } else if argument == "--device" {
        skipNext = true
      } else if argument != "--lenient" && !argument.hasPrefix("--device=") {
        result.append(argument)
      }
    }
    return result
  }

  var testDescription: String { relativePath }

  /// Recordings where a slot's tracking id is replaced by another with no -1 in between:
  /// libevdev discards such an event as a device bug ("double tracking ID"), so live sees one
  /// touch jumping where replay sees a lift and a landing (see Docs/TouchDecoding.md).
  static let replacingTrackingIDs: Set<String> = ["Recordings/synthetic/same-frame-retouch.evemu"]

  /// Every `.evemu` file under `Recordings/`, sorted.
  static var all: [LiveRecording] {
    let root = packageDirectory.appendingPathComponent("Recordings")
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    var found: [LiveRecording] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".evemu") {
        found.append(LiveRecording(relativePath: "Recordings/" + path))
      }
    }
    return found.sorted { $0.relativePath < $1.relativePath }
  }
}

/// `gesturectl live` on an emulated device prints what `gesturectl replay` prints for the
/// recording the emulation comes from.
@Suite(
  "live equals replay under umockdev",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct LiveReplayTests {
  /// Recordings play 10 times faster than recorded, with at least 1 ms between frames.
  static let speed = 10.0

  @Test("the catalog finds every recording of Recordings/ (59 when this was written)")
  func catalogFound() {
    let all = LiveRecording.all
    #expect(all.count >= 59, "found \(all.count): is \(packageDirectory.path)/Recordings there?")
    let everyFrame = all.filter {
      $0.relativePath.hasSuffix("/pinch-rotate-pan.evemu")
        || $0.relativePath.hasSuffix("/long-press-then-drag.evemu")
        || $0.relativePath.hasSuffix("/carousel-demo.evemu")
    }
    #expect(everyFrame.count == 3)
  }

  @Test(
    "live prints the same touches and gestures as replay",
    arguments: LiveRecording.all.filter {
      !LiveRecording.replacingTrackingIDs.contains($0.relativePath)
    })
  func liveEqualsReplay(recording: LiveRecording) throws {
    let events = try Umockdev.eventCount(recording.path)
    // Around a SYN_DROPPED libevdev drains the cut frame, adds its sync events and discards
    // the recorded state's repeated tracking ids, so the count differs: stop when idle.
    let text = try String(contentsOfFile: recording.path, encoding: .utf8)
    let end =
      text.contains(" 0000 0003 0000")
      ? ["--exit-after-idle", "2000"]
      : ["--max-events", String(events), "--exit-after-idle", "10000"]
    let live = try Umockdev.gesturectl(
      onRecording: recording.path, speed: Self.speed, scriptOptions: deviceOption(recording),
      ["live", Umockdev.node, "--touches"] + end + recording.liveArguments)
    let replay = try runProduct(
      "gesturectl", ["replay", "--touches", recording.path] + recording.arguments)
    #expect(!live.timedOut)
    #expect(live.status == 0, "live failed: \(live.stderr)")
    #expect(replay.status == 0, "replay failed: \(replay.stderr)")
    #expect(!live.stdout.isEmpty)
    #expect(live.stdout == replay.stdout, "live stderr: \(live.stderr)")
  }

  @Test(
    "live --every-frame prints every changed event as replay --every-frame does",
    arguments: LiveRecording.all.filter {
      $0.relativePath.hasSuffix("/pinch-rotate-pan.evemu")
        || $0.relativePath.hasSuffix("/long-press-then-drag.evemu")
        || $0.relativePath.hasSuffix("/carousel-demo.evemu")
    })
  func everyFrame(recording: LiveRecording) throws {
    let events = try Umockdev.eventCount(recording.path)
    let live = try Umockdev.gesturectl(
      onRecording: recording.path, speed: Self.speed, scriptOptions: deviceOption(recording),
      [
        "live", Umockdev.node, "--every-frame", "--max-events", String(events),
        "--exit-after-idle", "10000",
      ] + recording.liveArguments)
    let replay = try runProduct(
      "gesturectl", ["replay", "--every-frame", recording.path] + recording.arguments)
    #expect(live.status == 0, "live failed: \(live.stderr)")
    #expect(replay.stdout.contains(" changed "))
    #expect(live.stdout == replay.stdout, "live stderr: \(live.stderr)")
  }

  private func deviceOption(_ recording: LiveRecording) -> [String] {
    let arguments = recording.arguments
    guard let index = arguments.firstIndex(of: "--device"), index + 1 < arguments.count else {
      return []
    }
    return ["--device", arguments[index + 1]]
  }
}

/// `gesturectl carousel --live` drives the carousel as `carousel FILE` does.
@Suite(
  "carousel --live under umockdev",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct CarouselLiveTests {
  @Test("the catalog finds the nine carousel sessions")
  func catalogFound() {
    #expect(LiveRecording.all.filter { $0.relativePath.contains("carousel") }.count >= 9)
  }

  @Test(
    "carousel --live prints the same changes as carousel FILE",
    arguments: LiveRecording.all.filter { $0.relativePath.contains("carousel") })
  func carouselLive(recording: LiveRecording) throws {
    let events = try Umockdev.eventCount(recording.path)
    let live = try Umockdev.gesturectl(
      onRecording: recording.path, speed: 10,
      [
        "carousel", "--live", Umockdev.node, "--max-events", String(events),
        "--exit-after-idle", "10000",
      ] + recording.liveArguments)
    let replay = try runProduct("gesturectl", ["carousel", recording.path] + recording.arguments)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(live.stdout.contains("image 1/3"))
    #expect(live.stdout == replay.stdout, "live stderr: \(live.stderr)")
  }
}
