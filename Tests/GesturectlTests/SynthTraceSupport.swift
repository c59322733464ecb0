import Foundation
import Testing

/// The output of one run of the built `synth-trace` binary.
struct SynthTraceRun {
  /// The exit status.
  var status: Int32
  /// Standard output.
  var stdout: Data
  /// Standard error, as text.
  var stderr: String
}

/// The `synth-trace` binary next to the test bundle (`.build/<config>/synth-trace`), or `nil`.
func synthTraceBinary() -> URL? {
  var candidates: [URL] = []
  if let arg0 = CommandLine.arguments.first {
    candidates.append(URL(fileURLWithPath: arg0).deletingLastPathComponent())
  }
  candidates.append(Bundle.main.bundleURL)
  candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  candidates.append(root.appendingPathComponent(".build/debug"))
  for directory in candidates {
    let binary = directory.appendingPathComponent("synth-trace")
    if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
  }
  return nil
}

/// Runs `synth-trace` with `arguments`; records an issue and returns `nil` if it cannot start.
func runSynthTrace(_ arguments: [String]) throws -> SynthTraceRun? {
  guard let binary = synthTraceBinary() else {
    Issue.record("the synth-trace binary was not found next to the tests; run swift build")
    return nil
  }
  let process = Process()
  process.executableURL = binary
  process.arguments = arguments
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let stdout = output.fileHandleForReading.readDataToEndOfFile()
  let stderr = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return SynthTraceRun(
    status: process.terminationStatus, stdout: stdout,
    stderr: String(decoding: stderr, as: UTF8.self))
}

/// A fresh empty directory for one test's files.
func synthScratchDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("synth-trace-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// One `E:` line of a recording.
struct SynthEvent {
  var time: Int64
  var type: UInt16
  var code: UInt16
  var value: Int32
}

/// The parts of an evemu recording the tests look at: axis ranges and events.
struct SynthRecording {
  /// `A:` lines: code → (minimum, maximum, resolution).
  var axes: [UInt16: (minimum: Int32, maximum: Int32, resolution: Int32)] = [:]
  /// Every event, in order.
  var events: [SynthEvent] = []

  /// Parses evemu text (only what the generator writes).
  init(_ text: String) {
    for line in text.split(separator: "\n") {
      if line.hasPrefix("A: ") {
        let fields = line.split(separator: " ")
        guard fields.count >= 7, let code = UInt16(fields[1], radix: 16),
          let minimum = Int32(fields[2]), let maximum = Int32(fields[3]),
          let resolution = Int32(fields[6])
        else { continue }
        axes[code] = (minimum, maximum, resolution)
      } else if line.hasPrefix("E: ") {
        let fields = line.split(separator: "\t")[0].split(separator: " ")
        let clock = fields[1].split(separator: ".")
        guard fields.count == 5, clock.count == 2, let seconds = Int64(clock[0]),
          let micros = Int64(clock[1]), let type = UInt16(fields[2], radix: 16),
          let code = UInt16(fields[3], radix: 16), let value = Int32(fields[4])
        else {
          Issue.record("bad event line: \(line)")
          continue
        }
        events.append(
          SynthEvent(time: seconds * 1_000_000 + micros, type: type, code: code, value: value))
      }
    }
  }

  /// The times of every `SYN_REPORT`, in µs.
  var frameTimes: [Int64] {
    events.filter { $0.type == 0 && $0.code == 0 }.map(\.time)
  }

  /// The times at which a finger landed (a tracking id ≥ 0), in µs.
  var landings: [Int64] {
    events.filter { $0.type == 3 && $0.code == 0x39 && $0.value >= 0 }.map(\.time)
  }

  /// The times at which a finger lifted (tracking id −1), in µs.
  var lifts: [Int64] {
    events.filter { $0.type == 3 && $0.code == 0x39 && $0.value < 0 }.map(\.time)
  }
}
