import Foundation
import GestureTestSupport
import Testing

/// `gesturectl run` with key, key-hold and button bindings, under umockdev: the touchscreen
/// replayed from a recording, `/dev/uinput` emulated (Tools/umockdev-uinput.py through
/// Tools/umockdev-hotplug.py's `uinput` step), every event the daemon writes to its virtual
/// keyboard and pointer captured.
@Suite(
  "gesturectl run: key and button actions through the emulated /dev/uinput",
  .serialized,
  .enabled(
    if: DaemonUmockdev.isAvailable && UinputCapture.isAvailable,
    "umockdev is not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"))
struct KeyActionLiveTests {
  /// super+Right: KEY_LEFTMETA 125 (0x7d), KEY_RIGHT 106 (0x6a), each event its own frame.
  static let superRight = [
    "0001 007d 1", "0000 0000 0", "0001 006a 1", "0000 0000 0", "0001 006a 0", "0000 0000 0",
    "0001 007d 0", "0000 0000 0",
  ]
  /// KEY_LEFTSHIFT (42 = 0x2a) pressed, then released.
  static let shiftHeld = ["0001 002a 1", "0000 0000 0", "0001 002a 0", "0000 0000 0"]

  /// One daemon run: the plan's steps between adding the device and the end.
  struct Run {
    let directory: URL
    var out: String { directory.appendingPathComponent("out").path }
    var config: String { directory.appendingPathComponent("bindings").path }
    var log: String { directory.appendingPathComponent("log").path }
    var capture: String { directory.appendingPathComponent("capture").path }

    init(bindings: String) throws {
      directory = try DaemonUmockdev.scratchDirectory()
      try bindings.replacingOccurrences(of: "OUT", with: out).write(
        toFile: config, atomically: true, encoding: .utf8)
    }

    /// Runs `recording` on /dev/input/event20 at `speed` with `steps` after it is added, then
    /// stops the daemon (SIGTERM) unless the steps did; returns the log and the captures.
    func play(
      _ recording: String, speed: Double = 4, beforeAdd: [[Any]] = [], steps: [[Any]] = []
    )
      throws -> (log: String, devices: [UinputCapture.Device], output: String)
    {
      let prefix = try DaemonUmockdev.fixture(
        recording, in: directory, name: "event20", node: "/dev/input/event20", speed: speed)
      let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
      var plan: [[Any]] = [
        ["uinput", capture],
        ["start", log, gesturectl, "run", "--verbose", "--config", config],
        ["wait-log", "in use", 1],
      ]
      plan += beforeAdd
      plan.append(["add", prefix, "event20"])
      plan += steps
      if !steps.contains(where: { ($0.first as? String) == "wait-exit" }) {
        plan += [["signal", "TERM"], ["wait-exit"]]
      }
      let planPath = directory.appendingPathComponent("plan.json").path
      try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planPath))
      let wrapper = try #require(DaemonUmockdev.executable("umockdev-wrapper"))
      let driver = packageDirectory.appendingPathComponent("Tools/umockdev-hotplug.py").path
      let result = try runProcess(wrapper, ["/usr/bin/python3", driver, planPath], timeout: 120)
      let log = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      return (log, try UinputCapture.devices(capture: capture), result.stdout + result.stderr)
    }
  }

  /// The lines of `log` that contain `text`, by index.
  func index(of text: String, in log: String) -> Int? {
    log.split(separator: "\n").firstIndex { $0.contains(text) }
  }

  @Test("key super+Right writes exactly press, press, release, release on one virtual keyboard")
  func chord() throws {
    let run = try Run(bindings: "swipe direction=right key super+Right\n")
    defer { try? FileManager.default.removeItem(at: run.directory) }
    let outcome = try run.play("swipe-right", steps: [["wait-log", "line 1: sent", 1]])
    try #require(outcome.devices.count == 1, "\(outcome.output)\n\(outcome.log)")
    let keyboard = outcome.devices[0]
    #expect(keyboard.name == "gesturectl virtual keyboard")
    #expect(keyboard.eventLines == Self.superRight, "\(outcome.log)")
    #expect(keyboard.destroyed)
    #expect(outcome.log.contains("virtual keyboard \"gesturectl virtual keyboard\" created"))
    #expect(outcome.output.contains("exit 0"))
  }

  @Test("a reload that brings the first key binding makes the virtual keyboard then")
  func keyboardMadeOnReload() throws {
    let run = try Run(bindings: "tap run true\n")
    defer { try? FileManager.default.removeItem(at: run.directory) }
    let outcome = try run.play(
      "swipe-right",
      beforeAdd: [
        ["write", run.config, "swipe direction=right key super+Right\n"], ["signal", "HUP"],
        ["wait-log", "reloaded:", 1],
      ],
      steps: [["wait-log", "line 1: sent", 1]])
    try #require(outcome.devices.count == 1, "\(outcome.output)\n\(outcome.log)")
    #expect(outcome.devices[0].eventLines == Self.superRight, "\(outcome.log)")
    let made = try #require(index(of: "virtual keyboard", in: outcome.log))
    let reloaded = try #require(index(of: "reloaded:", in: outcome.log))
    #expect(made < reloaded)
  }

  @Test("button right clicks BTN_RIGHT on a virtual pointer; every= repeats a key per step")
  func buttonAndRepeat() throws {
    let click = try Run(bindings: "tap fingers=2 button right\n")
    defer { try? FileManager.default.removeItem(at: click.directory) }
    let clicked = try click.play("two-finger-tap", steps: [["wait-log", "line 1: sent", 1]])
    try #require(clicked.devices.count == 1, "\(clicked.output)\n\(clicked.log)")
    #expect(clicked.devices[0].name == "gesturectl virtual pointer")
    #expect(
      clicked.devices[0].eventLines == ["0001 0111 1", "0000 0000 0", "0001 0111 0", "0000 0000 0"])

    // slow-pan moves 80.1 mm right: four 20 mm steps, each a press and release of KEY_VOLUMEUP.
    let steps = try Run(bindings: "pan direction=right every=20mm key XF86AudioRaiseVolume\n")
    defer { try? FileManager.default.removeItem(at: steps.directory) }
    let repeated = try steps.play("slow-pan", steps: [["wait-log", "line 1: sent", 4]])
    try #require(repeated.devices.count == 1, "\(repeated.output)\n\(repeated.log)")
    let volume = ["0001 0073 1", "0000 0000 0", "0001 0073 0", "0000 0000 0"]
    #expect(repeated.devices[0].eventLines == Array(repeating: volume, count: 4).flatMap { $0 })
  }

  /// The bindings of the key-hold runs: shift held while a pan goes right, and a line in OUT
  /// when it begins (so a step can wait for the pan to be under way).
  static let holdBindings = """
    pan direction=right key-hold shift
    pan direction=right on=begin shell "echo began >> OUT"

    """

  @Test("key-hold: pressed when the pan begins, released when it ends")
  func holdUntilEnd() throws {
    let run = try Run(bindings: Self.holdBindings)
    defer { try? FileManager.default.removeItem(at: run.directory) }
    let outcome = try run.play("slow-pan", steps: [["wait-log", "line 1: sent", 2]])
    try #require(outcome.devices.count == 1, "\(outcome.output)\n\(outcome.log)")
    #expect(outcome.devices[0].eventLines == Self.shiftHeld, "\(outcome.log)")
    let released = try #require(index(of: "line 1: sent release KEY_LEFTSHIFT", in: outcome.log))
    let stopping = try #require(index(of: "stopping:", in: outcome.log))
    #expect(released < stopping)
  }

  @Test("key-hold: released when the touch turns into a palm (the pan is cancelled)")
  func holdUntilCancel() throws {
    // The second pan of palm-tool-type goes right and ends cancelled; the first goes left.
    let run = try Run(bindings: Self.holdBindings)
    defer { try? FileManager.default.removeItem(at: run.directory) }
    let outcome = try run.play("palm-tool-type", steps: [["wait-log", "line 1: sent", 2]])
    try #require(outcome.devices.count == 1, "\(outcome.output)\n\(outcome.log)")
    #expect(outcome.devices[0].eventLines == Self.shiftHeld, "\(outcome.log)")
    #expect(index(of: "line 1: sent release KEY_LEFTSHIFT", in: outcome.log) != nil)
  }

  @Test(
    "key-hold: released mid-pan on unplug, on SIGHUP reload and on SIGTERM stop",
    arguments: ["unplug", "reload", "stop"])
  func holdUntilInterrupted(interruption: String) throws {
    let run = try Run(bindings: Self.holdBindings)
    defer { try? FileManager.default.removeItem(at: run.directory) }
    // At a quarter of recorded speed the pan lasts 4.6 s: it is interrupted well before it ends.
    var steps: [[Any]] = [["wait-lines", run.out, 1]]
    let marker: String
    switch interruption {
    case "unplug":
      let prefix = run.directory.appendingPathComponent("event20").path
      steps += [["remove", prefix], ["wait-log", "): removed", 1]]
      marker = "): removed"
    case "reload":
      steps += [["signal", "HUP"], ["wait-log", "reloaded:", 1]]
      marker = "reloaded:"
    default:
      steps += [["signal", "TERM"], ["wait-exit"]]
      marker = "stopping:"
    }
    let outcome = try run.play("slow-pan", speed: 0.25, steps: steps)
    try #require(outcome.devices.count == 1, "\(outcome.output)\n\(outcome.log)")
    #expect(outcome.devices[0].eventLines == Self.shiftHeld, "\(outcome.log)")
    let released = try #require(
      index(of: "line 1: sent release KEY_LEFTSHIFT", in: outcome.log), "\(outcome.log)")
    let interrupted = try #require(index(of: marker, in: outcome.log), "\(outcome.log)")
    #expect(released < interrupted, "\(outcome.log)")
    // Not at the pan's end: the pan did not end before the interruption.
    #expect(!outcome.log.contains("pan ended"))
  }
}
