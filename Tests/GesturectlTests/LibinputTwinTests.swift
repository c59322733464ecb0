import Foundation
import GestureTestSupport
import Testing

/// The libinput-record twins in `Recordings/libinput/` (made by the real `libinput record` with
/// `Tools/make-libinput-twins.sh`) replay exactly as their evemu originals, and the CLI reads
/// libinput recordings wherever it reads evemu ones.
@Suite("libinput record twins of Recordings/")
struct LibinputTwinTests {
  @Test("the recordings' catalog is found: every recording of Recordings/ is a case")
  func catalogFound() { Recording.expectCatalogFound() }

  /// The twin of `recording`: `Recordings/libinput/<folder>/<name>.yml`.
  static func twin(of recording: Recording) -> URL {
    let folder = recording.url.deletingLastPathComponent().lastPathComponent
    let name = recording.url.deletingPathExtension().lastPathComponent
    return packageDirectory.appendingPathComponent("Recordings/libinput/\(folder)/\(name).yml")
  }

  @Test("The twin replays to the same touches and gestures", arguments: Recording.all)
  func sameReplay(recording: Recording) throws {
    let twin = Self.twin(of: recording)
    #expect(FileManager.default.fileExists(atPath: twin.path), "no twin \(twin.path)")
    let arguments = ["replay", "--json", "--touches"] + recording.arguments
    let original = try runProduct("gesturectl", arguments + [recording.url.path])
    let replayed = try runProduct("gesturectl", arguments + [twin.path])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    #expect(!replayed.stdout.isEmpty)
    #expect(replayed.stdout == original.stdout)
  }

  @Test("Two devices recorded together: the only touchscreen is replayed, and said so")
  func twoDevices() throws {
    let multi = packageDirectory.appendingPathComponent(
      "Recordings/libinput/multi/keyboard-and-wetab-taps.yml")
    let original = packageDirectory.appendingPathComponent("Recordings/public/wetab-taps.evemu")
    let replayed = try runProduct("gesturectl", ["replay", "--json", multi.path])
    let expected = try runProduct("gesturectl", ["replay", "--json", original.path])
    #expect(replayed.status == 0)
    #expect(replayed.stdout == expected.stdout)
    #expect(
      replayed.stderr.contains(
        "2 devices (0 \"AT Translated Set 2 keyboard\" (not a touch device), 1 \"eGalax-Inc."
          + "-USB-TouchController Virtual Device\" (touchscreen)); reading 1, the only touch "
          + "device (choose another with --device-index N)"))
    let chosen = try runProduct(
      "gesturectl", ["replay", "--json", "--device-index", "1", multi.path])
    #expect(chosen.stdout == expected.stdout)
    #expect(!chosen.stderr.contains("reading 1"))
    let keyboard = try runProduct("gesturectl", ["info", "--device-index", "0", multi.path])
    #expect(keyboard.stdout.contains("AT Translated Set 2 keyboard"))
    let outside = try runProduct("gesturectl", ["info", "--device-index", "2", multi.path])
    #expect(outside.status == 1)
    #expect(outside.stderr.contains("device index 2 is out of range: the file has 2 devices"))
  }

  @Test(
    "A recording on standard input (a pipe) is read once, in either format",
    arguments: ["Recordings/libinput/synthetic/tap.yml", "Recordings/synthetic/tap.evemu"])
  func pipe(relativePath: String) throws {
    let path = packageDirectory.appendingPathComponent(relativePath).path
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    let piped = try runProcess(
      "/bin/sh", ["-c", "cat \"$1\" | \"$0\" replay --json /dev/stdin", gesturectl, path])
    let direct = try runProduct("gesturectl", ["replay", "--json", path])
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(!piped.stdout.isEmpty)
    #expect(piped.stdout == direct.stdout)
  }

  @Test("info and carousel read a libinput recording")
  func otherCommands() throws {
    let twin = packageDirectory.appendingPathComponent(
      "Recordings/libinput/synthetic/carousel-demo.yml")
    let original = packageDirectory.appendingPathComponent(
      "Recordings/synthetic/carousel-demo.evemu")
    let info = try runProduct("gesturectl", ["info", twin.path])
    #expect(info.status == 0)
    #expect(info.stdout.contains("name:       TouchGestures Synthetic Touchscreen\n"))
    #expect(info.stdout.contains("events:     1696\n"))
    let carousel = try runProduct("gesturectl", ["carousel", twin.path])
    let expected = try runProduct("gesturectl", ["carousel", original.path])
    #expect(carousel.status == 0)
    #expect(carousel.stdout == expected.stdout)
  }

  @Test("--device-index on an evemu file, and --device on a libinput file, are errors")
  func optionsOfTheOtherFormat() throws {
    let yaml = packageDirectory.appendingPathComponent("Recordings/libinput/synthetic/tap.yml")
    let evemu = packageDirectory.appendingPathComponent("Recordings/synthetic/tap.evemu")
    let index = try runProduct("gesturectl", ["replay", "--device-index", "0", evemu.path])
    #expect(index.status == 1)
    #expect(
      index.stderr
        == "error: \(evemu.path): --device-index applies to libinput recordings; "
        + "this is an evemu recording\n")
    let device = try runProduct("gesturectl", ["replay", "--device", evemu.path, yaml.path])
    #expect(device.status == 1)
    #expect(device.stderr.contains("--device applies to header-less evemu files"))
    let bad = try runProduct("gesturectl", ["replay", "--device-index", "-1", yaml.path])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("--device-index expects a device number from 0, not '-1'"))
    let format = try runProduct(
      "gesturectl", ["record", "--format", "yaml", "/dev/input/event5", "-o", "/tmp/never"])
    #expect(format.status == 2)
    #expect(format.stderr.contains("--format expects evemu or libinput, not 'yaml'"))
  }

  @Test("synth-trace to-libinput rewrites a stress trace that replays the same")
  func convertedStressTrace() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "twin-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let evemu = directory.appendingPathComponent("stress.evemu").path
    let yaml = directory.appendingPathComponent("stress.yml").path
    #expect(try runProduct("synth-trace", ["stress", "-o", evemu, "--events", "5000"]).status == 0)
    #expect(try runProduct("synth-trace", ["to-libinput", evemu, "-o", yaml]).status == 0)
    let original = try runProduct("gesturectl", ["replay", "--json", "--touches", evemu])
    let converted = try runProduct("gesturectl", ["replay", "--json", "--touches", yaml])
    #expect(converted.status == 0)
    #expect(!converted.stdout.isEmpty)
    #expect(converted.stdout == original.stdout)
  }
}
