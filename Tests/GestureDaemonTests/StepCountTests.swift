import Foundation
import GestureDaemon
import GestureRecognition
import GestureTestSupport
import Testing

/// `every=` steps are counted, not firings: a frame that moves several steps says so, and a
/// slow command loses none of them.
@Suite struct StepCountTests {
  /// A 60 mm drag up in 10 ms frames of `perFrame` mm, then lifted.
  func drag(perFrame: Double) -> TouchScript {
    var script = TouchScript()
    script.down(1, at: 0, x: 50, y: 120)
    let frames = Int((60 / perFrame).rounded())
    for frame in 1...frames {
      script.move(1, at: Double(frame) * 10, x: 50, y: 120 - Double(frame) * perFrame)
    }
    script.up(1, at: Double(frames) * 10 + 10)
    return script
  }

  @Test(
    "a fast drag of 12 steps of 5 mm fires fewer times but GESTURE_STEPS sums to 12",
    arguments: [2.0, 7.5, 15.0])
  func stepsPerFrame(perFrame: Double) throws {
    let harness = try MatcherHarness("pan direction=up every=5mm run volume-up")
    harness.play(drag(perFrame: perFrame))
    let steps = harness.firings.compactMap { harness.value("STEPS", in: $0).flatMap(Int.init) }
    #expect(steps.count == harness.firings.count)
    #expect(steps.reduce(0, +) == 12)
    if perFrame > 5 { #expect(harness.firings.count < 12) }
    let last = try #require(harness.firings.last)
    #expect(harness.value("REPEAT", in: last) == String(steps.reduce(0, +)))
  }

  @Test("a 100 ms volume command and a 60 mm drag: the command steps as far as the finger")
  func slowCommand() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "steps-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    ).path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let harness = try MatcherHarness(
      "pan direction=up every=5mm shell \"sleep 0.1; echo $GESTURE_STEPS >> \(file)\"")
    harness.play(drag(perFrame: 2))
    let stepped = harness.firings.compactMap {
      harness.value("STEPS", in: $0).flatMap(Int.init)
    }.reduce(0, +)
    let runner = ActionRunner(dryRun: false, log: { _ in }, output: { _ in })
    for firing in harness.firings {
      runner.run(firing.binding, environment: firing.environment, device: "/dev/input/event5")
    }
    for _ in 0..<2000 where runner.runningCount > 0 || runner.pendingCount > 0 {
      runner.reap()
      usleep(5000)
    }
    let ran = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(ran.count == 2)
    #expect(ran.compactMap { Int($0) }.reduce(0, +) == stepped)
    #expect(stepped == 12)
  }

  @Test(
    "under run, a slow command on a drag steps as far as the dry run says the finger went",
    .enabled(if: DaemonUmockdev.isAvailable))
  func slowCommandLive() throws {
    let binding = "pan every=5mm shell \"sleep 0.15; echo $GESTURE_STEPS >> OUT\"\n"
    let dry = try DaemonUmockdev.run(
      "slow-pan", bindings: binding, expected: 0, arguments: ["--dry-run"])
    let said = dry.result.stdout.split(separator: "\n").compactMap { line -> Int? in
      guard let range = line.range(of: "GESTURE_STEPS=") else { return nil }
      return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
    let total = said.reduce(0, +)
    #expect(total >= 4)
    let live = try DaemonUmockdev.run("slow-pan", bindings: binding, expected: 1)
    print("slow-pan: \(said.count) firings of \(total) steps; live: \(live.lines)")
    #expect(live.lines.compactMap { Int($0) }.reduce(0, +) == total)
    #expect(live.lines.count <= said.count)
  }
}
