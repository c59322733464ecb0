import Foundation
import GestureTestSupport
import Testing

@testable import GestureDaemon

/// `gesturectl run` under umockdev: a log nobody reads, the panel size from udev, the device
/// rule in the log's hints, lisgd's `-o`.
@Suite(.serialized) struct DaemonOpsLiveTests {
  /// One emulated run: the recording (optionally with its resolution taken out), extra udev
  /// properties, the bindings, more arguments; `unreadLog` sends the daemon's standard error
  /// into a pipe that nothing reads.
  func run(
    _ recording: String, noResolution: Bool = false, properties: [String] = [],
    bindings: String = "tap run true\n", arguments: [String] = [], unreadLog: Bool = false,
    expected: Int = 0
  ) throws -> (result: ProcessResult, lines: [String]) {
    let umockdev = try #require(DaemonUmockdev.executable("umockdev-run"))
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var evemu = try String(contentsOfFile: DaemonUmockdev.recording(recording), encoding: .utf8)
    if noResolution {
      for axis in ["00", "01", "35", "36"] {
        evemu = evemu.replacingOccurrences(
          of: "\nA: \(axis) 0 \(axis == "00" || axis == "35" ? 1919 : 1079) 0 0 8\n",
          with: "\nA: \(axis) 0 \(axis == "00" || axis == "35" ? 1919 : 1079) 0 0 0\n")
      }
    }
    let source = directory.appendingPathComponent("recording.evemu").path
    try evemu.write(toFile: source, atomically: true, encoding: .utf8)
    let prefix = directory.appendingPathComponent("device").path
    let node = DaemonUmockdev.node
    let made = try runProduct(
      "umockdev-script", [source, "-o", prefix, "--node", node, "--speed", "2"])
    try #require(made.status == 0, "umockdev-script failed: \(made.stderr)")
    if !properties.isEmpty {
      let udev = try String(contentsOfFile: prefix + ".umockdev", encoding: .utf8)
      try udev.replacingOccurrences(
        of: "E: ID_INPUT_TOUCHSCREEN=1\n",
        with: "E: ID_INPUT_TOUCHSCREEN=1\n" + properties.map { "E: \($0)\n" }.joined(),
        options: [], range: udev.range(of: "E: ID_INPUT_TOUCHSCREEN=1\n")
      ).write(toFile: prefix + ".umockdev", atomically: true, encoding: .utf8)
    }
    let out = directory.appendingPathComponent("out").path
    let config = directory.appendingPathComponent("bindings").path
    try bindings.replacingOccurrences(of: "OUT", with: out).write(
      toFile: config, atomically: true, encoding: .utf8)
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    let command =
      [
        umockdev, "-d", prefix + ".umockdev", "-i", "\(node)=\(prefix).ioctl",
        "-s", "\(node)=\(prefix).script", "--", gesturectl, "run", "--config", config,
        "--exit-after-idle", "1500",
      ] + arguments + [node]
    let result: ProcessResult
    if unreadLog {
      let fifo = directory.appendingPathComponent("log").path
      // `sleep` holds the pipe's read end open and never reads it.
      let script = """
        mkfifo "$1"; shift
        sleep 120 < "$FIFO" & reader=$!
        "$@" 2> "$FIFO"; status=$?
        kill $reader; exit $status
        """
      result = try runProcess(
        "/bin/sh",
        ["-c", script.replacingOccurrences(of: "$FIFO", with: "\"\(fifo)\""), "-", fifo]
          + command, timeout: 60)
    } else {
      result = try runProcess(command[0], Array(command.dropFirst()), timeout: 60)
    }
    return (result, DaemonUmockdev.lines(of: out, atLeast: expected))
  }

  @Test(
    "with a log pipe nobody reads and a chatty command, every tap still fires",
    .enabled(if: DaemonUmockdev.isAvailable))
  func unreadLog() throws {
    let outcome = try run(
      "triple-tap",
      bindings:
        "tap shell \"echo tap >> OUT; head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2\"\n",
      arguments: ["--verbose"], unreadLog: true, expected: 3)
    #expect(outcome.result.timedOut == false)
    #expect(outcome.result.status == 0)
    #expect(outcome.lines == ["tap", "tap", "tap"])
  }

  @Test(
    "--command-output logs a command's output prefixed by its binding's line",
    .enabled(if: DaemonUmockdev.isAvailable))
  func commandOutput() throws {
    let bindings = "tap shell \"echo tapped at $GESTURE_X; echo done >> OUT\"\n"
    let quiet = try run("tap", bindings: bindings, expected: 1)
    #expect(quiet.lines == ["done"])
    #expect(!quiet.result.stderr.contains("tapped at"))
    let logged = try run("tap", bindings: bindings, arguments: ["--command-output"], expected: 1)
    #expect(logged.lines == ["done"])
    #expect(logged.result.stderr.contains("line 1: output: tapped at "))
  }

  @Test(
    "a panel with no resolution takes its size from udev's ID_INPUT_WIDTH_MM/HEIGHT_MM",
    .enabled(if: DaemonUmockdev.isAvailable))
  func udevSize() throws {
    let outcome = try run(
      "tap", noResolution: true, properties: ["ID_INPUT_WIDTH_MM=136", "ID_INPUT_HEIGHT_MM=68"])
    #expect(
      outcome.result.stderr.contains(
        "added, 136.0 x 68.0 mm (from udev's ID_INPUT_WIDTH_MM, ID_INPUT_HEIGHT_MM)"))
    #expect(!outcome.result.stderr.contains("reports no resolution"))
  }

  @Test(
    "hwdb's EVDEV_ABS_* resolution overrides the one the device reports",
    .enabled(if: DaemonUmockdev.isAvailable))
  func evdevAbsOverride() throws {
    let outcome = try run("tap", properties: ["EVDEV_ABS_35=::4", "EVDEV_ABS_36=::4"])
    #expect(
      outcome.result.stderr.contains(
        "added, 479.8 x 269.8 mm (from udev's EVDEV_ABS_35, EVDEV_ABS_36)"))
  }

  @Test(
    "without a size anywhere, the log's hint names the device rule, not --size",
    .enabled(if: DaemonUmockdev.isAvailable))
  func deviceRuleHint() throws {
    let outcome = try run("tap", noResolution: true)
    #expect(
      outcome.result.stderr.contains(
        "mm surface (set it: device name=\"TouchGestures Synthetic Touchscreen\" size=WxH)"))
    #expect(!outcome.result.stderr.contains("--size"))
  }

  @Test("lisgd's -o 1 turns the screen as rotation=270", .enabled(if: DaemonUmockdev.isAvailable))
  func lisgdOrientation() throws {
    let outcome = try run("tap", arguments: ["-o", "1"])
    #expect(outcome.result.status == 0)
    #expect(outcome.result.stderr.contains("added, 134.9 x 239.9 mm"))
    let plain = try run("tap", bindings: "device name=* rotation=270\ntap run true\n")
    #expect(plain.result.stderr.contains("added, 134.9 x 239.9 mm"))
  }

  @Test("run --help shows --exit-after-idle and -o in its usage line; a bad -o is refused")
  func help() throws {
    let help = try runProduct("gesturectl", ["run", "--help"])
    let usage = try #require(help.stdout.split(separator: "\n").first)
    #expect(usage.contains("[-o N]"))
    #expect(usage.contains("[--exit-after-idle MS]"))
    let bad = try runProduct("gesturectl", ["run", "-o", "4", "--dry-run"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("-o expects lisgd's orientation 0, 1, 2 or 3, not '4'"))
  }

  @Test("a device rule's axes= maps a single-touch panel's position, and is printed back")
  func axesRule() throws {
    let configuration = try BindingsParser.parse(
      "device name=eGalax* axes=ABS_Z,ABS_RX\n", file: "b")
    #expect(configuration.devices.first?.axes?.x == 0x02)
    #expect(configuration.devices.first?.axes?.y == 0x03)
    #expect(configuration.normalizedText == "device name=eGalax* axes=ABS_Z,ABS_RX\n")
    #expect(throws: BindingsError.self) {
      try BindingsParser.parse("device name=x axes=ABS_Z\n", file: "b")
    }
  }

  @Test("the hint for single-touch axes names the device rule")
  func axesHint() {
    #expect(
      UdevSize.deviceRuleHint(
        "touch down but ABS_X/ABS_Y never arrived (… e.g. --axes ABS_Z,ABS_RX)",
        name: "eGalax \"x\"")
        == "touch down but ABS_X/ABS_Y never arrived (… e.g. device name=\"eGalax \\\"x\\\"\" axes="
        + "ABS_Z,ABS_RX)")
  }
}
