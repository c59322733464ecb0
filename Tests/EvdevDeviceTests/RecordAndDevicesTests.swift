import Foundation
import GestureTestSupport
import Testing

/// `gesturectl record` and `gesturectl devices` on an emulated device, and the refusal of a
/// device that is not a touchscreen.
@Suite(
  "record and devices under umockdev",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct RecordAndDevicesTests {
  static let recordings = [
    "Recordings/public/wetab-taps.evemu", "Recordings/public/nexus4-drag-pinch.evemu",
    "Recordings/public/ntrig-xt2-4-finger-tap.evemu", "Recordings/synthetic/pinch-rotate-pan.evemu",
  ]

  @Test("record writes a file that replays to the same output", arguments: recordings)
  func recordReplays(relativePath: String) throws {
    let original = packageDirectory.appendingPathComponent(relativePath).path
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("recorded.evemu").path
    let events = try Umockdev.eventCount(original)
    let record = try Umockdev.gesturectl(
      onRecording: original, speed: 10,
      [
        "record", Umockdev.node, "-o", output, "--max-events", String(events),
        "--exit-after-idle", "10000",
      ])
    #expect(record.status == 0, "\(record.stderr)")
    #expect(record.stderr.contains("recorded \(events) events from \(Umockdev.node)"))
    #expect(try Umockdev.eventCount(output) == events)
    let replayed = try runProduct("gesturectl", ["replay", "--touches", output])
    let expected = try runProduct("gesturectl", ["replay", "--touches", original])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(!replayed.stdout.isEmpty)
    #expect(replayed.stdout == expected.stdout)
  }

  @Test("devices lists the emulated touchscreen with its protocol, slots and size")
  func devicesListsTouchscreen() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var trace = TestTrace()
    trace.down(slot: 0, x: 10, y: 10, at: 0)
    trace.up(slot: 0, at: 10)
    let path = try trace.write(to: directory.appendingPathComponent("panel.evemu"))
    let prefix = try Umockdev.fixture(path, in: directory)
    let result = try Umockdev.gesturectl(["devices"], device: prefix)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "/dev/input/event5  \"TouchGestures Live Test Panel\"  touchscreen  MT-B  10 slots"
        + "  255.9 x 143.9 mm\n")
  }

  @Test("devices says when the size is unknown")
  func devicesWithoutResolution() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = packageDirectory.appendingPathComponent("Recordings/public/wetab-taps.evemu")
    let prefix = try Umockdev.fixture(original.path, in: directory)
    let result = try Umockdev.gesturectl(["devices"], device: prefix)
    #expect(
      result.stdout
        == "/dev/input/event5  \"eGalax-Inc.-USB-TouchController Virtual Device\"  touchscreen"
        + "  MT-B  2 slots  220.0 x 123.8 mm (guessed: no resolution)\n")
  }

  @Test("live with no DEVICE uses the only touchscreen")
  func liveFindsTheTouchscreen() throws {
    let original = packageDirectory.appendingPathComponent("Recordings/public/wetab-taps.evemu")
    let events = try Umockdev.eventCount(original.path)
    let live = try Umockdev.gesturectl(
      onRecording: original.path, speed: 10,
      ["live", "--touches", "--max-events", String(events), "--exit-after-idle", "10000"])
    let replay = try runProduct("gesturectl", ["replay", "--touches", original.path])
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stdout == replay.stdout)
  }

  @Test("a keyboard is listed as not a touch device and refused", arguments: ["live", "record"])
  func keyboardRefused(subcommand: String) throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let prefix = try Umockdev.fixture(nil, in: directory, options: ["--keyboard"])
    let devices = try Umockdev.gesturectl(["devices"], device: prefix)
    #expect(
      devices.stdout
        == "/dev/input/event5  \"AT Translated Set 2 keyboard\"  not a touch device\n")
    var arguments = [subcommand, Umockdev.node]
    if subcommand == "record" { arguments += ["-o", directory.appendingPathComponent("k").path] }
    let refused = try Umockdev.gesturectl(arguments, device: prefix)
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "error: /dev/input/event5 (\"AT Translated Set 2 keyboard\"): not a touchscreen: "
        + "no ABS_MT_POSITION_X/Y or ABS_X/ABS_Y with BTN_TOUCH\n")
    let search = try Umockdev.gesturectl(["live"], device: prefix)
    #expect(search.status == 1)
    #expect(search.stderr == "error: no touchscreen found under /dev/input; name a DEVICE\n")
  }
}
