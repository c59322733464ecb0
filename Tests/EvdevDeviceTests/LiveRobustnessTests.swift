import Foundation
import GestureTestSupport
import Testing

/// The live path when the kernel drops events, the user presses Ctrl-C, or the node is wrong.
@Suite(
  "live robustness under umockdev",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct LiveRobustnessTests {
  /// Two fingers pan, the kernel drops events while both are down, then one lifts, a third
  /// finger lands and all lift.
  static func droppedTrace() -> TestTrace {
    var trace = TestTrace()
    trace.down(slot: 0, x: 80, y: 60, at: 0)
    trace.down(slot: 1, x: 120, y: 60, at: 20)
    for step in 1...10 {
      let t = 20 + Double(step) * 10
      trace.move(slot: 0, x: 80 + Double(step), y: 60, at: t)
      trace.move(slot: 1, x: 120 + Double(step), y: 60, at: t + 1)
    }
    trace.dropped(at: 140)
    for step in 11...20 {
      trace.move(slot: 1, x: 120 + Double(step), y: 60, at: 140 + Double(step - 10) * 10)
    }
    trace.up(slot: 0, at: 260)
    trace.down(slot: 2, x: 60, y: 100, at: 300)
    trace.move(slot: 2, x: 70, y: 100, at: 320)
    trace.up(slot: 1, at: 340)
    trace.up(slot: 2, at: 400)
    return trace
  }

  @Test("SYN_DROPPED: touches whose tracking id survives go on, output stays consistent")
  func synDropped() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = Self.droppedTrace()
    let path = try trace.write(to: directory.appendingPathComponent("dropped.evemu"))
    let prefix = try Umockdev.fixture(path, in: directory, options: ["--speed", "4"])
    // No --max-events: around a drop libevdev adds resynchronisation events and filters
    // repeated releases, so the count differs from the recording's.
    let live = try Umockdev.gesturectl(
      ["live", Umockdev.node, "--json", "--touches", "--exit-after-idle", "800"],
      device: prefix)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(!live.timedOut)
    let lines = LiveOutput.lines(live.stdout)
    #expect(LiveOutput.touchViolations(lines) == [])
    #expect(LiveOutput.gestureViolations(lines) == [])
    // libevdev's sync finds both fingers still down with their tracking ids: they go on.
    let cancelled = lines.filter { ($0["phase"] as? String) == "cancelled" }
    #expect(cancelled.isEmpty, "no finger is cancelled at the drop: \(live.stdout)")
    for touch in [1, 2] {
      let phases = lines.filter { ($0["touch"] as? Int) == touch }.compactMap {
        $0["phase"] as? String
      }
      #expect(phases.first == "began" && phases.last == "ended" && phases.count > 2)
    }
    // The finger that landed after the drop is a new, whole touch.
    let third = lines.filter { ($0["touch"] as? Int) == 3 }.compactMap { $0["phase"] as? String }
    #expect(third.first == "began")
    #expect(third.last == "ended")
    #expect(live.stderr.contains("SYN_DROPPED"))
  }

  @Test("SYN_DROPPED in a replayed recording keeps the same invariants")
  func synDroppedReplay() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try Self.droppedTrace().write(to: directory.appendingPathComponent("d.evemu"))
    let replay = try runProduct("gesturectl", ["replay", "--json", "--touches", path])
    #expect(replay.status == 0, "\(replay.stderr)")
    let lines = LiveOutput.lines(replay.stdout)
    #expect(LiveOutput.touchViolations(lines) == [])
    #expect(LiveOutput.gestureViolations(lines) == [])
  }

  @Test("Ctrl-C while a finger is down cancels it and exits 0")
  func interrupt() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var trace = TestTrace()
    trace.down(slot: 0, x: 100, y: 60, at: 0)
    trace.move(slot: 0, x: 101, y: 60, at: 50)
    trace.up(slot: 0, at: 2500)
    let path = try trace.write(to: directory.appendingPathComponent("held.evemu"))
    let prefix = try Umockdev.fixture(path, in: directory, options: ["--real-time"])
    let runner = try #require(Umockdev.runner)
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    // timeout(1) sends SIGINT after 1.5 s and, with --preserve-status, exits as gesturectl did.
    let result = try runProcess(
      runner,
      [
        "-d", prefix + ".umockdev", "-i", "\(Umockdev.node)=\(prefix).ioctl",
        "-s", "\(Umockdev.node)=\(prefix).script", "--",
        "timeout", "--preserve-status", "-s", "INT", "1.5",
        gesturectl, "live", Umockdev.node, "--json", "--touches",
      ], timeout: 30)
    #expect(result.status == 0, "\(result.stderr)")
    let phases = LiveOutput.lines(result.stdout).compactMap { $0["phase"] as? String }
    #expect(phases.first == "began")
    #expect(phases.last == "cancelled")
    let lines = LiveOutput.lines(result.stdout)
    #expect(LiveOutput.touchViolations(lines) == [])
    #expect(LiveOutput.gestureViolations(lines) == [])
    // The long press began while the finger rested, and Ctrl-C cancelled it.
    let longPress = lines.filter { ($0["gesture"] as? String) == "longPress" }
    #expect(longPress.compactMap { $0["state"] as? String } == ["began", "cancelled"])
    #expect(LiveOutput.timesIncrease(lines), "cancelled at or after the long press began")
  }

  @Test("A missing node is an errno-style error naming the call, exit 1")
  func missingNode() throws {
    let result = try runProduct("gesturectl", ["live", "/nonexistent/event7"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: open(/nonexistent/event7): No such file or directory (errno 2)\n")
  }
}
