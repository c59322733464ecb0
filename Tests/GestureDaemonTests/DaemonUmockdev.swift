import Foundation
import GestureTestSupport
import Testing

/// Running `gesturectl run` against devices emulated by umockdev, with bindings whose
/// commands append to a file the test reads.
enum DaemonUmockdev {
  /// The emulated node.
  static let node = "/dev/input/event5"

  /// An executable found in `PATH`, if any.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Whether `umockdev-run` is installed.
  static var isAvailable: Bool { executable("umockdev-run") != nil }

  /// A fresh scratch directory.
  static func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "daemon-live-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The path of a recording of the package: a name under `Recordings/synthetic`, a path
  /// from the package's directory without `.evemu` (`Recordings/sxmo/phone-corners`), or an
  /// absolute path, taken as it is.
  static func recording(_ name: String) -> String {
    if name.hasPrefix("/") { return name }
    let relative = name.hasPrefix("Recordings/") ? name : "Recordings/synthetic/\(name)"
    return packageDirectory.appendingPathComponent(relative + ".evemu").path
  }

  /// Writes the umockdev triple of `recording` for `node` and returns its prefix.
  static func fixture(
    _ recording: String, in directory: URL, name: String = "device", node: String = node,
    speed: Double
  ) throws -> String {
    let prefix = directory.appendingPathComponent(name).path
    let result = try runProduct(
      "umockdev-script",
      [self.recording(recording), "-o", prefix, "--node", node, "--speed", String(speed)])
    try #require(result.status == 0, "umockdev-script failed: \(result.stderr)")
    return prefix
  }

  /// The lines of `file`, waiting (at most 5 s) until there are `count` of them, for commands
  /// the daemon left running when it stopped.
  static func lines(of file: String, atLeast count: Int) -> [String] {
    var lines: [String] = []
    for _ in 0..<500 {
      let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      lines = text.split(separator: "\n").map(String.init)
      if lines.count >= count { break }
      usleep(10_000)
    }
    return lines
  }

  /// The outcome of one daemon run.
  struct Outcome {
    /// The process's result.
    var result: ProcessResult
    /// The lines the commands appended.
    var lines: [String]
  }

  /// The log line of a device dropped because a read got a partial `input_event`: umockdev
  /// splits one when the reader stalled on a loaded machine and the backlog passed 4095 bytes
  /// (a kernel never does this; see Docs/LivePath.md).
  static let splitEvent = "dropped after a read error: "

  /// Whether `log` says the read got a partial event (the error names the node between the
  /// two parts: `dropped after a read error: /dev/input/event5: read: Invalid argument …`, or
  /// `libevdev_next_event` for libevdev's read at a resynchronisation).
  static func splitAnEvent(_ log: String) -> Bool {
    log.split(separator: "\n").contains { line in
      line.contains(splitEvent) && line.contains("Invalid argument (errno 22)")
    }
  }

  /// The log line of events that came after a timer they precede had fired: umockdev's writer
  /// stalled on a loaded machine for longer than the timer's wait (a kernel stamps events as
  /// they happen, so this only happens to it when the daemon itself stalls that long).
  static let lateEvents = "events arrived after a timer they precede had fired"

  /// Runs `gesturectl run` on `recording` with `bindings`, where `OUT` in a binding stands for
  /// the file the commands append to. When umockdev split an event or delivered events after
  /// a timer they precede (the machine was too busy to emulate the device faithfully), runs
  /// again at recorded speed, twice at most.
  ///
  /// - Parameters:
  ///   - recording: A recording name under `Recordings/synthetic`.
  ///   - bindings: The bindings file's text.
  ///   - expected: How many lines to wait for in the output file.
  ///   - arguments: More `gesturectl run` arguments.
  ///   - speed: How much faster than recorded the events come.
  ///   - holdBack: Make the longest pause between two frames last this many milliseconds
  ///     (no second run then).
  ///   - environment: More variables for the daemon (and so its commands); `OUT` in a value
  ///     stands for the output file.
  static func run(
    _ recording: String, bindings: String, expected: Int, arguments: [String] = [],
    speed: Double = 4, holdBack: Int? = nil, environment: [String: String] = [:]
  ) throws -> Outcome {
    var outcome = try runOnce(
      recording, bindings, expected, arguments, speed, holdBack, environment)
    for _ in 0..<2 where holdBack == nil {
      let log = outcome.result.stderr
      guard splitAnEvent(log) || log.contains(lateEvents) else { break }
      print("umockdev could not keep pace at \(speed)x (machine busy); retrying at 1x")
      outcome = try runOnce(recording, bindings, expected, arguments, 1, nil, environment)
    }
    return outcome
  }

  private static func runOnce(
    _ recording: String, _ bindings: String, _ expected: Int, _ arguments: [String],
    _ speed: Double, _ holdBack: Int?, _ environment: [String: String] = [:]
  ) throws -> Outcome {
    let runner = try #require(executable("umockdev-run"), "umockdev-run is not installed")
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out").path
    let config = directory.appendingPathComponent("bindings").path
    try bindings.replacingOccurrences(of: "OUT", with: out).write(
      toFile: config, atomically: true, encoding: .utf8)
    let prefix = try fixture(recording, in: directory, speed: speed)
    if let holdBack {
      try UmockdevScript.holdBackLongestGap(in: prefix + ".script", to: holdBack)
    }
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    let result = try runProcess(
      runner,
      [
        "-d", prefix + ".umockdev", "-i", "\(node)=\(prefix).ioctl",
        "-s", "\(node)=\(prefix).script", "--", gesturectl, "run", "--config", config,
        "--exit-after-idle", "1500",
      ] + arguments.map { $0.replacingOccurrences(of: "OUT", with: out) } + [node],
      environment: environment.mapValues { $0.replacingOccurrences(of: "OUT", with: out) },
      timeout: 60)
    return Outcome(result: result, lines: lines(of: out, atLeast: expected))
  }
}
