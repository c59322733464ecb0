import Foundation
import GestureTestSupport
import Testing

/// Issue 15: `gesturectl run` cancels through `TouchPipeline.cancelAll(at:)`, so a double tap
/// held behind a triple tap (a third finger down) fires no binding when the device is
/// unplugged, the bindings are reloaded or the daemon is stopped; the same two taps with no
/// third finger do fire it.
@Suite(
  "gesturectl run: a cancel does not release a double tap held behind a triple tap",
  .enabled(
    if: DaemonUmockdev.isAvailable && DaemonUmockdev.executable("umockdev-wrapper") != nil,
    "umockdev is not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"))
struct CancelDoubleTapTests {
  /// The bindings: line 1 is the double tap whose command must not start; the edge pan's
  /// failure at each landing ("landed … from the nearest edge", logged with `--verbose`) tells
  /// the test when the daemon has read a finger.
  static let bindings = """
    tap taps=2 shell "echo double >> OUT"
    tap taps=3 shell "echo triple >> OUT"
    edge-pan edge=left shell "echo edge >> OUT"

    """

  /// The log line of a started double-tap command (`--verbose`: logged as it is spawned).
  static let doubleStarted = "line 1: started"

  /// Log text that shows the machine too busy to emulate the device in time: events after a
  /// timer they precede (the third finger came after the triple tap's interval), a split
  /// event, or the third finger held past the triple tap's 750 ms before the test's step
  /// reached the daemon (then the double tap is rightly released).
  static let tooBusy = [DaemonUmockdev.lateEvents, DaemonUmockdev.splitEvent, "still down after"]

  /// One run of `steps` (what follows the landings) on the held-tap recording, retried twice
  /// when the machine was too busy; returns the daemon's log and the commands' lines.
  static func run(thirdFingerDown: Bool, then steps: (HotplugTests.Session, String) -> [[Any]])
    throws -> (output: String, log: String, lines: [String])
  {
    var outcome: (output: String, log: String, lines: [String]) = ("", "", [])
    for attempt in 0..<3 {
      let session = try HotplugTests.Session()
      defer { try? FileManager.default.removeItem(at: session.directory) }
      try bindings.replacingOccurrences(of: "OUT", with: session.out).write(
        toFile: session.config, atomically: true, encoding: .utf8)
      let recording = session.directory.appendingPathComponent("held.evemu").path
      try HeldTapRecording.write(to: recording, thirdFingerDown: thirdFingerDown)
      let prefix = session.directory.appendingPathComponent("event10").path
      let script = try runProduct(
        "umockdev-script", [recording, "-o", prefix, "--node", "/dev/input/event10"])
      try #require(script.status == 0, "umockdev-script failed: \(script.stderr)")
      let run = try session.run(
        [
          session.start + ["--verbose"], ["wait-log", "watching", 1], ["add", prefix, "event10"],
          ["wait-log", "failed: landed", thirdFingerDown ? 3 : 2],
        ] + steps(session, prefix) + [["wait-exit"]])
      outcome = (run.output, run.log, session.lines())
      guard tooBusy.contains(where: run.log.contains), attempt < 2 else { break }
      print("the machine was too busy to emulate the taps in time; running again")
    }
    return outcome
  }

  @Test(
    "no double-tap binding fires on unplug, SIGHUP or SIGTERM with a third finger down",
    arguments: ["unplug", "reload", "stop"])
  func cancelKeepsDoubleTapHeld(cancel: String) throws {
    let run = try Self.run(thirdFingerDown: true) { session, prefix in
      switch cancel {
      case "unplug":
        [["remove", prefix], ["wait-log", "): removed", 1], ["signal", "TERM"]]
      case "reload": [["signal", "HUP"], ["wait-log", "reloaded", 1], ["signal", "TERM"]]
      default: [["signal", "TERM"]]
      }
    }
    #expect(run.output == "exit 0\n", "\(run.log)")
    #expect(run.log.contains("stopping: gestures in flight cancelled"), "\(run.log)")
    #expect(!run.log.contains(Self.doubleStarted), "\(run.log)")
    #expect(!run.lines.contains("double"), "\(run.log)")
    // The double tap was held behind the triple tap and the three landings were seen, so the
    // cancel came while the third finger was down and the double tap waited.
    #expect(run.log.contains("held until triple tap fails"), "\(run.log)")
    #expect(run.log.components(separatedBy: "failed: landed").count - 1 == 3, "\(run.log)")
  }

  @Test("positive control: the same two taps with no third finger fire the double-tap binding")
  func twoTapsFireDoubleTap() throws {
    let run = try Self.run(thirdFingerDown: false) { session, _ in
      [["wait-log", Self.doubleStarted, 1], ["wait-lines", session.out, 1], ["signal", "TERM"]]
    }
    #expect(run.output == "exit 0\n", "\(run.log)")
    #expect(run.log.contains(Self.doubleStarted), "\(run.log)")
    #expect(run.lines == ["double"], "\(run.log)")
  }
}
