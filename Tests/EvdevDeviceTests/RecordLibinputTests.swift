import Foundation
import GestureTestSupport
import Testing

/// `gesturectl record --format libinput` and the real `libinput record` on an emulated device:
/// both files replay as the evemu original.
@Suite(
  "libinput record format under umockdev",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct RecordLibinputTests {
  /// `libinput` (Debian libinput-tools), or `nil`.
  static let libinput: String? = ["/usr/bin/libinput", "/usr/local/bin/libinput"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    "record --format libinput writes YAML that replays to the same output",
    arguments: [
      "Recordings/public/wetab-taps.evemu", "Recordings/synthetic/pinch-rotate-pan.evemu",
    ])
  func recordLibinput(relativePath: String) throws {
    let original = packageDirectory.appendingPathComponent(relativePath).path
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("recorded.yml").path
    let events = try Umockdev.eventCount(original)
    let record = try Umockdev.gesturectl(
      onRecording: original, speed: 10,
      [
        "record", Umockdev.node, "--format", "libinput", "-o", output, "--max-events",
        String(events), "--exit-after-idle", "10000",
      ])
    #expect(record.status == 0, "\(record.stderr)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.hasPrefix("# libinput record\n"))
    #expect(text.contains("\n- node: \(Umockdev.node)\n  evdev:\n"))
    #expect(text.contains("\n  events:\n  - evdev:\n    - [  0,      0, "))
    #expect(text.split(separator: "\n").filter { $0.hasPrefix("    - [") }.count == events)
    let replayed = try runProduct("gesturectl", ["replay", "--json", "--touches", output])
    let expected = try runProduct("gesturectl", ["replay", "--json", "--touches", original])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(replayed.stdout == expected.stdout)
  }

  @Test(
    "The real libinput record, run as Tools/make-libinput-twins.sh runs it, replays the same",
    .enabled(if: libinput != nil, "libinput is not installed (apt install libinput-tools)"))
  func realLibinputRecord() throws {
    let script = packageDirectory.appendingPathComponent("Tools/make-libinput-twins.sh").path
    let original = "Recordings/synthetic/two-finger-tap.evemu"
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try runProcess(
      "/bin/bash", [script, packageDirectory.appendingPathComponent(original).path],
      environment: ["BIN": productsDirectory.path, "OUT": directory.path], timeout: 300)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("82 events, same gestures as"))
    let twin = directory.appendingPathComponent("synthetic/two-finger-tap.yml")
    let text = try String(contentsOf: twin, encoding: .utf8)
    #expect(text.hasPrefix("# libinput record\nversion: 1\nndevices: 1\nlibinput:\n"))
  }

  @Test("umockdev-script plays a libinput twin: live prints what replay of the original prints")
  func liveFromTwin() throws {
    let twin = packageDirectory.appendingPathComponent(
      "Recordings/libinput/public/ntrig-xt2-4-finger-tap.yml"
    ).path
    let original = packageDirectory.appendingPathComponent(
      "Recordings/public/ntrig-xt2-4-finger-tap.evemu"
    ).path
    let events = try Umockdev.eventCount(original)
    let live = try Umockdev.gesturectl(
      onRecording: twin, speed: 10,
      ["live", "--json", "--touches", "--max-events", String(events), "--exit-after-idle", "10000"])
    let replay = try runProduct("gesturectl", ["replay", "--json", "--touches", original])
    #expect(live.status == 0, "\(live.stderr)")
    #expect(!live.stdout.isEmpty)
    #expect(live.stdout == replay.stdout)
  }
}
