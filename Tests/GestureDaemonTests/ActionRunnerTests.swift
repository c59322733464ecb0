import Foundation
import GestureDaemon
import Testing

/// The action runner with real processes: environment, the busy rule, failures, dry runs.
@Suite struct ActionRunnerTests {
  /// A runner collecting its log and output.
  final class Probe: @unchecked Sendable {
    var log: [String] = []
    var output: [String] = []
    lazy var runner = ActionRunner(
      dryRun: dryRun, log: { [unowned self] in log.append($0) },
      output: { [unowned self] in output.append($0) })
    let dryRun: Bool
    init(dryRun: Bool = false) { self.dryRun = dryRun }

    /// Reaps until no command runs (waiting for processes, at most 10 s).
    func waitForAll() {
      for _ in 0..<2000 where runner.runningCount > 0 || runner.pendingCount > 0 {
        runner.reap()
        usleep(5000)
      }
    }
  }

  /// A binding on `line` running `action`.
  func binding(_ line: Int, _ action: BindingAction) -> Binding {
    Binding(gesture: .tap(taps: 1, fingers: 1), action: action, line: line)
  }

  @Test("a command gets the gesture's variables and no shell unless asked")
  func environment() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "runner-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    ).path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let probe = Probe()
    probe.runner.run(
      binding(1, .shell("echo \"$GESTURE_KIND $GESTURE_FINGERS\" >> \(file)")),
      environment: ["GESTURE_KIND=tap", "GESTURE_FINGERS=2"])
    probe.waitForAll()
    probe.runner.run(
      binding(2, .argv(["sh", "-c", "echo $1 >> \(file)", "-", "a b; c"])), environment: [])
    probe.waitForAll()
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "tap 2\na b; c\n")
    #expect(probe.log == [])
  }

  @Test("a binding whose command still runs runs once more when it ends; others at once")
  func busyRule() throws {
    let file = scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let probe = Probe()
    let slow = binding(1, .shell("sleep 0.3; echo \"$GESTURE_TAPS\" >> \(file)"))
    probe.runner.run(slow, environment: ["GESTURE_TAPS=1"])
    probe.runner.run(slow, environment: ["GESTURE_TAPS=2"])
    probe.runner.run(slow, environment: ["GESTURE_TAPS=3"])
    probe.runner.run(binding(2, .argv(["true"])), environment: [])
    #expect(probe.runner.runningCount == 2)
    #expect(probe.runner.pendingCount == 1)
    probe.waitForAll()
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "1\n3\n")
    #expect(probe.log == [])
  }

  @Test("steps kept while a command runs are summed: the total is every step fired")
  func coalescedSteps() throws {
    let file = scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let probe = Probe()
    let volume = binding(1, .shell("sleep 0.1; echo \"$GESTURE_STEPS\" >> \(file)"))
    for repeatCount in 1...12 {
      probe.runner.run(
        volume, environment: ["GESTURE_REPEAT=\(repeatCount)", "GESTURE_STEPS=1"])
    }
    probe.waitForAll()
    let steps = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(steps == ["1", "11"])
  }

  @Test("the busy rule holds per device: the same binding on another device runs at once")
  func perDevice() throws {
    let probe = Probe()
    let slow = binding(1, .argv(["sleep", "0.3"]))
    probe.runner.run(slow, environment: [], device: "/dev/input/event5")
    probe.runner.run(slow, environment: [], device: "/dev/input/event6")
    #expect(probe.runner.runningCount == 2)
    #expect(probe.runner.pendingCount == 0)
    probe.waitForAll()
  }

  @Test("a command's output goes to /dev/null, not to the daemon's log")
  func outputDiscarded() throws {
    let file = scratchFile()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let probe = Probe()
    probe.runner.run(
      binding(1, .shell("a=$(readlink /proc/$$/fd/1 /proc/$$/fd/2); echo \"$a\" > \(file)")),
      environment: [])
    probe.waitForAll()
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines == ["/dev/null", "/dev/null"])
  }

  @Test("with captureOutput a command's output reaches the log by line, 20 lines a run")
  func capturedOutput() throws {
    var log: [String] = []
    let runner = ActionRunner(
      dryRun: false, captureOutput: true, log: { log.append($0) }, output: { _ in })
    runner.run(
      binding(4, .shell("echo hello; printf 'bell\\a\\n' >&2; seq 1 30")), environment: [])
    for _ in 0..<2000 where runner.runningCount > 0 || !runner.outputDescriptors.isEmpty {
      for descriptor in runner.outputDescriptors { runner.readOutput(descriptor) }
      runner.reap()
      usleep(2000)
    }
    #expect(log.count == 21)
    #expect(
      log.prefix(3) == ["line 4: output: hello", "line 4: output: bell\\u{7}", "line 4: output: 1"])
    #expect(log.last == "line 4: output: 12 more lines not logged (at most 20 a run)")
  }

  /// A path for a scratch file.
  func scratchFile() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "runner-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    ).path
  }

  @Test("failures are logged with the binding's line")
  func failures() throws {
    let probe = Probe()
    probe.runner.run(binding(3, .argv(["false"])), environment: [])
    probe.runner.run(binding(4, .argv(["/nonexistent/program"])), environment: [])
    probe.runner.run(binding(5, .shell("kill -9 $$")), environment: [])
    probe.waitForAll()
    #expect(
      probe.log.sorted() == [
        "warning: line 3: false (pid \(pidOf(probe.log, 3))) failed: exit status 1",
        "warning: line 4: cannot run /nonexistent/program: posix_spawn(/nonexistent/program): "
          + "No such file or directory (errno 2)",
        "warning: line 5: /bin/sh (pid \(pidOf(probe.log, 5))) failed: killed by signal 9",
      ])
  }

  /// The pid a log line of `line` names.
  func pidOf(_ log: [String], _ line: Int) -> String {
    guard let entry = log.first(where: { $0.hasPrefix("warning: line \(line):") }),
      let open = entry.range(of: "(pid "),
      let close = entry.range(of: ")", range: open.upperBound..<entry.endIndex)
    else { return "?" }
    return String(entry[open.upperBound..<close.lowerBound])
  }

  @Test("--dry-run prints the command and its variables instead of running it")
  func dryRun() {
    let probe = Probe(dryRun: true)
    probe.runner.run(
      binding(7, .argv(["notify-send", "two words"])), environment: ["GESTURE_KIND=tap"])
    #expect(probe.output == ["dry-run: line 7: notify-send \"two words\" (GESTURE_KIND=tap)"])
    #expect(probe.runner.runningCount == 0)
  }
}
