import Foundation
import GestureTestSupport
import Testing

/// Running the real `gesturectl` against a device emulated by umockdev.
///
/// `umockdev-script` turns a recording into the `.umockdev` + `.ioctl` + `.script` triple;
/// `umockdev-run` preloads its library so `/dev/input/event5` opens, answers libevdev's ioctls
/// and delivers the script's blocks at their pace. The whole process group is killed on
/// timeout (umockdev-run can outlive its child).
enum Umockdev {
  /// The emulated node.
  static let node = "/dev/input/event5"

  /// The `umockdev-run` executable, or `nil` when it is not installed.
  static let runner: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/umockdev-run"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// Whether the live tests can run.
  static var isAvailable: Bool { runner != nil }

  /// A fresh temporary directory for one test's files.
  static func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "evdev-tests-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes the umockdev triple for `recording` under `directory` and returns its prefix.
  ///
  /// - Parameters:
  ///   - recording: An evemu recording, or `nil` with `["--keyboard"]` in `options`.
  ///   - options: Extra `umockdev-script` options (`--speed 20`, `--real-time`, …).
  static func fixture(
    _ recording: String?, in directory: URL, name: String = "device", options: [String] = []
  ) throws -> String {
    let prefix = directory.appendingPathComponent(name).path
    var arguments = ["-o", prefix, "--node", node] + options
    if let recording { arguments.insert(recording, at: 0) }
    let result = try runProduct("umockdev-script", arguments, timeout: 60)
    try #require(result.status == 0, "umockdev-script failed: \(result.stderr)")
    return prefix
  }

  /// Runs `gesturectl ARGUMENTS` with the emulated device of `prefix`, through `launcher`
  /// (`prlimit --fsize=4096`, say) when one is given.
  static func gesturectl(
    _ arguments: [String], device prefix: String, launcher: [String] = [], timeout: Double = 60
  ) throws -> ProcessResult {
    let runner = try #require(runner, "umockdev-run is not installed")
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    return try runProcess(
      runner,
      [
        "-d", prefix + ".umockdev", "-i", "\(node)=\(prefix).ioctl",
        "-s", "\(node)=\(prefix).script", "--",
      ] + launcher + [gesturectl] + arguments, timeout: timeout)
  }

  /// The end of the `EINVAL` message when umockdev split an `input_event`: a `read()` of the
  /// node returns at most 4095 bytes, and the pty can hand a block over in pieces, so a read
  /// can end inside a struct: `NODE: libevdev_next_event: …` from libevdev's read at a
  /// resynchronisation, `NODE: read: …` from the live path's own read only when the rest
  /// never came (it waits for it). A kernel never does this; see Docs/LivePath.md.
  static let splitEventError = ": Invalid argument (errno 22)"

  /// The warning of `gesturectl live` when events came after a timer they precede had fired:
  /// umockdev's writer stalled on a loaded machine for longer than the timer's wait.
  static let lateEvents = "arrived after a timer they precede had fired"

  /// Emulates `recording` paced by `pacing` and runs `gesturectl ARGUMENTS` on it. When
  /// umockdev split an event (`splitEventError`) or delivered events after a timer they
  /// precede (`lateEvents`), runs once more at a fifth of the speed.
  ///
  /// - Parameters:
  ///   - recording: The evemu recording.
  ///   - speed: The speed-up factor of the first attempt.
  ///   - scriptOptions: Other `umockdev-script` options (`--device DESC`).
  ///   - launcher: What runs `gesturectl` (`prlimit --fsize=4096`, say), as in
  ///     `gesturectl(_:device:launcher:timeout:)`.
  ///   - arguments: The `gesturectl` arguments.
  static func gesturectl(
    onRecording recording: String, speed: Double, scriptOptions: [String] = [],
    launcher: [String] = [], _ arguments: [String]
  ) throws -> ProcessResult {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let prefix = try fixture(
      recording, in: directory, options: ["--speed", String(speed)] + scriptOptions)
    let first = try gesturectl(arguments, device: prefix, launcher: launcher)
    let split = first.status != 0 && first.stderr.contains(splitEventError)
    guard split || first.stderr.contains(lateEvents) else { return first }
    let slower = max(1, speed / 5)
    print("umockdev could not keep pace at \(speed)x (machine busy); retrying at \(slower)x")
    let slowPrefix = try fixture(
      recording, in: directory, name: "slower",
      options: ["--speed", String(slower)] + scriptOptions)
    return try gesturectl(arguments, device: slowPrefix, launcher: launcher)
  }

  /// The number of `E:` lines of an evemu recording.
  static func eventCount(_ path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .isoLatin1)
    var count = 0
    for line in text.split(separator: "\n") where line.hasPrefix("E:") { count += 1 }
    return count
  }
}
