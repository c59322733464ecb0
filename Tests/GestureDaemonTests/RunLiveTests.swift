import Foundation
import GestureTestSupport
import Testing

/// `gesturectl run` on one emulated touchscreen: recordings drive bindings of every kind
/// whose commands append a word to a file.
@Suite(
  "gesturectl run on one device under umockdev",
  .enabled(if: DaemonUmockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct RunLiveTests {
  /// One case: a recording, bindings as `(gesture line, word)`, and the words expected
  /// (sorted: commands run asynchronously, so close ones may append in either order).
  struct Case: Sendable, CustomTestStringConvertible {
    var recording: String
    var bindings: [(String, String)]
    var expected: [String]
    var speed = 4.0
    var testDescription: String { recording }

    /// The bindings file: each binding appends its word to OUT.
    var text: String {
      bindings.map { "\($0.0) shell \"echo \($0.1) >> OUT\"\n" }.joined()
    }
  }

  static let cases: [Case] = [
    Case(
      recording: "tap", bindings: [("tap", "single"), ("tap taps=2", "double")],
      expected: ["single"]),
    Case(
      recording: "triple-tap", bindings: [("tap", "single"), ("tap taps=3", "triple")],
      expected: ["triple"]),
    Case(
      recording: "long-press",
      bindings: [("long-press on=begin", "begin"), ("long-press on=end", "end"), ("tap", "tap")],
      expected: ["begin", "end"]),
    Case(
      recording: "swipe-left",
      bindings: [("swipe direction=left", "left"), ("swipe direction=right", "right")],
      expected: ["left"]),
    Case(
      recording: "two-finger-swipe-left",
      bindings: [("swipe direction=left", "one"), ("swipe direction=left fingers=2", "two")],
      expected: ["two"]),
    Case(
      recording: "three-finger-tap", bindings: [("tap fingers=3", "three")], expected: ["three"]),
    Case(
      recording: "slow-pan",
      bindings: [
        ("pan direction=right on=end", "end"), ("pan direction=right distance=40mm", "forty"),
        ("pan direction=left", "left"),
      ],
      expected: ["end", "forty"]),
    Case(
      recording: "pinch-out",
      bindings: [("pinch direction=out scale=2", "out"), ("pinch direction=in", "in")],
      expected: ["out"]),
    Case(recording: "pinch-in", bindings: [("pinch direction=in scale=2", "in")], expected: ["in"]),
    Case(
      recording: "rotate-cw",
      bindings: [("rotation direction=cw angle=45", "cw"), ("rotation direction=ccw", "ccw")],
      expected: ["cw"]),
    Case(recording: "rotate-ccw", bindings: [("rotation direction=ccw", "ccw")], expected: ["ccw"]),
    Case(
      recording: "edge-swipe-from-right",
      bindings: [
        ("edge-pan edge=right", "edge"), ("pan direction=left", "pan"),
        ("swipe direction=left", "swipe"), ("edge-pan edge=left", "wrong-edge"),
      ],
      // The pan and the swipe wait for the edge pan to fail: a stroke in from an edge is only
      // an edge pan.
      expected: ["edge"]),
    Case(
      recording: "edge-drag-up-right",
      bindings: [("edge-pan edge=right direction=up every=10mm", "volume-up")],
      expected: ["volume-up", "volume-up", "volume-up", "volume-up"], speed: 1),
  ]

  @Test("each kind of binding runs its command", arguments: cases)
  func bindingKinds(_ test: Case) throws {
    let outcome = try DaemonUmockdev.run(
      test.recording, bindings: test.text, expected: test.expected.count, speed: test.speed)
    #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    #expect(outcome.lines.sorted() == test.expected.sorted(), "\(outcome.result.stderr)")
  }

  @Test("lisgd bindings work from the file and from -g, through sh -c")
  func lisgd() throws {
    let file = try DaemonUmockdev.run(
      "edge-swipe-from-right",
      bindings: "lisgd \"1,RL,R,*,R,echo from-edge $((1+1)) >> OUT\"\nlisgd 1,RL,L,*,R,wrong\n",
      expected: 1)
    #expect(file.lines == ["from-edge 2"], "\(file.result.stderr)")
    let option = try DaemonUmockdev.run(
      "swipe-up", bindings: "", expected: 1, arguments: ["-g", "1,DU,*,*,R,echo up >> OUT"])
    #expect(option.lines == ["up"], "\(option.result.stderr)")
  }

  @Test("a command that sleeps does not delay the next gesture's command")
  func slowCommand() throws {
    let outcome = try DaemonUmockdev.run(
      "tap-then-long-press",
      bindings: """
        tap shell "sleep 2; echo slept >> OUT"
        long-press shell "echo held >> OUT"
        """, expected: 2)
    #expect(outcome.lines == ["held", "slept"], "\(outcome.result.stderr)")
  }

  @Test("a failing command is logged and the daemon carries on")
  func failingCommand() throws {
    let outcome = try DaemonUmockdev.run(
      "tap-then-long-press",
      bindings: """
        tap run false
        long-press shell "echo held >> OUT"
        """, expected: 1)
    #expect(outcome.lines == ["held"])
    #expect(outcome.result.status == 0)
    #expect(outcome.result.stderr.contains("line 1: false (pid "))
    #expect(outcome.result.stderr.contains(") failed: exit status 1\n"))
  }

  @Test("--dry-run prints the commands with their variables and runs nothing")
  func dryRun() throws {
    let outcome = try DaemonUmockdev.run(
      "tap", bindings: "tap run touch OUT\n", expected: 0, arguments: ["--dry-run"])
    #expect(outcome.lines.isEmpty)
    #expect(outcome.result.stdout.hasPrefix("dry-run: line 1: touch "))
    #expect(
      outcome.result.stdout.contains("GESTURE_KIND=tap GESTURE_STATE=recognized GESTURE_FINGERS=1"))
    #expect(
      outcome.result.stdout.contains("GESTURE_DEVICE=\"TouchGestures Synthetic Touchscreen\""))
  }

  @Test("--verbose logs why recognizers did what they did and each command started")
  func verbose() throws {
    let outcome = try DaemonUmockdev.run(
      "double-tap", bindings: "tap run true\ntap taps=2 shell \"echo two >> OUT\"\n", expected: 1,
      arguments: ["--verbose"])
    #expect(outcome.lines == ["two"])
    let log = outcome.result.stderr
    #expect(log.contains(" tap held: held until double tap fails\n"))
    #expect(log.contains(" double tap recognized: 2 taps of 1 touch\n"))
    #expect(log.contains(" tap failed: double tap (required to fail) succeeded\n"))
    #expect(log.contains("line 2: started /bin/sh (pid "))
  }

  @Test("events that arrive after a timer they precede had fired are logged")
  func lateEvents() throws {
    // The second tap of a double tap is held back a second: the window closed by the clock.
    let outcome = try DaemonUmockdev.run(
      "double-tap", bindings: "tap shell \"echo one >> OUT\"\ntap taps=2 run true\n",
      expected: 2, speed: 1, holdBack: 1000)
    #expect(outcome.lines == ["one", "one"], "\(outcome.result.stderr)")
    #expect(
      outcome.result.stderr.contains(
        "\(DaemonUmockdev.node): events arrived after a timer they precede had fired (by "),
      "\(outcome.result.stderr)")
  }

  @Test("a bad bindings file stops the daemon before it starts, naming file and line")
  func badFile() throws {
    let directory = try DaemonUmockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("bindings").path
    try "tap run a\nswipe direction=sideways run b\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let result = try runProduct("gesturectl", ["run", "--config", config, "/dev/null"])
    #expect(result.status == 1)
    #expect(
      result.stderr == "error: \(config):2: expected direction= one of left, right, up, down, "
        + "up-left, up-right, down-left, down-right or any, not 'sideways'\n")
  }
}
