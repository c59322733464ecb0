import Foundation
import GestureTestSupport
import Testing

/// `gesturectl run` with devices that come and go (umockdev's testbed, driven from Python
/// under umockdev-wrapper by Tools/umockdev-hotplug.py), several screens, signals.
@Suite(
  "gesturectl run: hotplug, several screens, signals",
  .enabled(
    if: DaemonUmockdev.isAvailable && DaemonUmockdev.executable("umockdev-wrapper") != nil,
    "umockdev is not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"))
struct HotplugTests {
  /// A scratch directory, a bindings file and the plan's helpers.
  struct Session {
    let directory: URL
    var out: String { directory.appendingPathComponent("out").path }
    var config: String { directory.appendingPathComponent("bindings").path }
    var log: String { directory.appendingPathComponent("log").path }

    init() throws { directory = try DaemonUmockdev.scratchDirectory() }

    /// A fixture of `recording` for /dev/input/`node`, returned as its prefix.
    func device(_ recording: String, _ node: String, speed: Double = 4) throws -> String {
      try DaemonUmockdev.fixture(
        recording, in: directory, name: node, node: "/dev/input/\(node)", speed: speed)
    }

    /// The daemon's start step.
    var start: [String] {
      [
        "start", log, productsDirectory.appendingPathComponent("gesturectl").path, "run",
        "--config", config,
      ]
    }

    /// Runs the plan; returns the driver's output and the daemon's log.
    func run(_ plan: [[Any]]) throws -> (output: String, log: String) {
      let planPath = directory.appendingPathComponent("plan.json").path
      let data = try JSONSerialization.data(withJSONObject: plan)
      try data.write(to: URL(fileURLWithPath: planPath))
      let wrapper = try #require(DaemonUmockdev.executable("umockdev-wrapper"))
      let driver = packageDirectory.appendingPathComponent("Tools/umockdev-hotplug.py").path
      let result = try runProcess(wrapper, ["/usr/bin/python3", driver, planPath], timeout: 120)
      let log = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      return (result.stdout + result.stderr, log)
    }

    /// What the commands appended.
    func lines(atLeast count: Int = 0) -> [String] { DaemonUmockdev.lines(of: out, atLeast: count) }
  }

  @Test("a device added later is used; removed, then back on a new node, used again; no zombies")
  func hotplug() throws {
    let session = try Session()
    defer { try? FileManager.default.removeItem(at: session.directory) }
    try "tap shell \"echo $GESTURE_DEVICE_NODE >> \(session.out)\"\n".write(
      toFile: session.config, atomically: true, encoding: .utf8)
    let first = try session.device("tap", "event10")
    let again = try session.device("tap", "event11")
    let run = try session.run([
      session.start, ["wait-log", "watching for touchscreens", 1], ["add", first, "event10"],
      ["wait-lines", session.out, 1], ["wait-reaped"], ["remove", first],
      ["wait-log", "): removed", 1], ["add", again, "event11"], ["wait-lines", session.out, 2],
      ["wait-reaped"], ["signal", "TERM"], ["wait-exit"],
    ])
    #expect(run.output == "exit 0\n", "\(run.log)")
    #expect(session.lines() == ["/dev/input/event10", "/dev/input/event11"])
    #expect(
      run.log.contains("/dev/input/event10 (\"TouchGestures Synthetic Touchscreen\"): removed"))
  }

  @Test("a device named on the command line that vanishes is dropped; the daemon carries on")
  func namedDeviceVanishes() throws {
    let session = try Session()
    defer { try? FileManager.default.removeItem(at: session.directory) }
    try "tap shell \"echo tapped >> \(session.out)\"\n".write(
      toFile: session.config, atomically: true, encoding: .utf8)
    let device = try session.device("tap", "event10")
    let run = try session.run([
      ["add", device, "event10"], session.start + ["/dev/input/event10"],
      ["wait-lines", session.out, 1], ["remove", device], ["wait-log", "): removed", 1],
      ["signal", "TERM"], ["wait-exit"],
    ])
    #expect(run.output == "exit 0\n", "\(run.log)")
    #expect(run.log.contains("watching for the devices named (udev): 1 in use\n"))
  }

  @Test("SIGHUP reloads bindings and device rules; a bad file keeps the old ones and says why")
  func reload() throws {
    let session = try Session()
    defer { try? FileManager.default.removeItem(at: session.directory) }
    let binding = { (word: String) in "tap shell \"echo \(word) >> \(session.out)\"\n" }
    try binding("old").write(toFile: session.config, atomically: true, encoding: .utf8)
    let devices = try (10...12).map { try session.device("tap", "event\($0)") }
    let run = try session.run([
      session.start, ["wait-log", "watching", 1], ["add", devices[0], "event10"],
      ["wait-lines", session.out, 1],
      ["write", session.config, "device path=/dev/input/event10 ignore\n" + binding("new")],
      ["signal", "HUP"], ["wait-log", "reloaded", 1], ["add", devices[1], "event11"],
      ["wait-lines", session.out, 2], ["write", session.config, "tap fingers=0 run x\n"],
      ["signal", "HUP"], ["wait-log", "reload failed", 1], ["add", devices[2], "event12"],
      ["wait-lines", session.out, 3], ["signal", "TERM"], ["wait-exit"],
    ])
    #expect(run.output == "exit 0\n", "\(run.log)")
    #expect(session.lines() == ["old", "new", "new"])
    // The new file's device rule applies to the device already in use.
    #expect(
      run.log.contains(
        "/dev/input/event10 (\"TouchGestures Synthetic Touchscreen\"): ignored by a device rule\n"
          + "reloaded: 1 binding, 1 device rule\n"))
    #expect(
      run.log.contains(
        "error: reload failed, keeping the previous bindings: \(session.config):1: expected fingers= "
          + "a whole number from 1 to 5, not '0'\n"))
  }

  @Test(
    "SIGTERM and SIGINT cancel the gesture in flight, leave commands running and exit 0",
    arguments: ["TERM", "INT"])
  func terminate(signal: String) throws {
    let session = try Session()
    defer { try? FileManager.default.removeItem(at: session.directory) }
    try """
    long-press on=begin shell "echo begin >> \(session.out); sleep 1; echo late >> \(session.out)"
    long-press on=end shell "echo end >> \(session.out)"
    """.write(toFile: session.config, atomically: true, encoding: .utf8)
    let press = try session.device("long-press", "event10", speed: 1)
    let run = try session.run([
      session.start, ["wait-log", "watching", 1], ["add", press, "event10"],
      ["wait-lines", session.out, 1], ["signal", signal], ["wait-exit"],
    ])
    #expect(run.output == "exit 0\n", "\(run.log)")
    #expect(run.log.contains("stopping: gestures in flight cancelled, 1 command left running"))
    #expect(session.lines(atLeast: 2) == ["begin", "late"])
  }

  @Test("two screens at once, each with its own rotation from a device rule")
  func twoScreens() throws {
    let session = try Session()
    defer { try? FileManager.default.removeItem(at: session.directory) }
    let echo = { (word: String) in "shell \"echo \(word) $GESTURE_DEVICE_NODE >> \(session.out)\"" }
    try """
    device path=/dev/input/event21 rotation=90
    swipe direction=left \(echo("left"))
    swipe direction=up \(echo("up"))
    """.write(toFile: session.config, atomically: true, encoding: .utf8)
    let plain = try session.device("swipe-left", "event20")
    let turned = try session.device("swipe-left", "event21")
    let runner = try #require(DaemonUmockdev.executable("umockdev-run"))
    let result = try runProcess(
      runner,
      [
        "-d", plain + ".umockdev", "-d", turned + ".umockdev",
        "-i", "/dev/input/event20=\(plain).ioctl", "-i", "/dev/input/event21=\(turned).ioctl",
        "-s", "/dev/input/event20=\(plain).script", "-s", "/dev/input/event21=\(turned).script",
        "--", productsDirectory.appendingPathComponent("gesturectl").path, "run", "--config",
        session.config, "--exit-after-idle", "1500",
      ], timeout: 60)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      session.lines(atLeast: 2).sorted() == ["left /dev/input/event20", "up /dev/input/event21"])
    #expect(
      result.stderr.contains(
        "/dev/input/event21 (\"TouchGestures Synthetic Touchscreen\"): added, 134.9 x 239.9 mm"))
  }
}
