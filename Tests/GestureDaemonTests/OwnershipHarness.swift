import Foundation
import GestureTestSupport
import Testing

/// Running `gesturectl run` with `own` on a device emulated by umockdev and an emulated
/// `/dev/uinput` (Tools/umockdev-uinput.py), and reading what reached the clone.
enum OwnershipHarness {
  /// Whether umockdev, its Python bindings and the wrapper are installed.
  static var isAvailable: Bool { DaemonUmockdev.isAvailable && UinputCapture.isAvailable }

  /// One run: the daemon's result, the clone's capture and the commands' lines.
  struct Outcome {
    var result: ProcessResult
    var devices: [UinputCapture.Device]
    var lines: [String]
    /// The capture of the clone (the one virtual device).
    var clone: UinputCapture.Device? { devices.first }
  }

  /// Runs `gesturectl run` on `recording` (played `speed` times faster than recorded) with
  /// `bindings` (`OUT` stands for the file commands append to), the device owned.
  static func run(
    _ recording: String, bindings: String, speed: Double = 4, expected: Int = 0,
    arguments: [String] = [], keepIn kept: URL? = nil
  ) throws -> Outcome {
    let directory = try kept ?? DaemonUmockdev.scratchDirectory()
    defer { if kept == nil { try? FileManager.default.removeItem(at: directory) } }
    let out = directory.appendingPathComponent("out").path
    let config = directory.appendingPathComponent("bindings").path
    try bindings.replacingOccurrences(of: "OUT", with: out).write(
      toFile: config, atomically: true, encoding: .utf8)
    let prefix = try DaemonUmockdev.fixture(recording, in: directory, speed: speed)
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    let capture = directory.appendingPathComponent("capture").path
    let run = try UinputCapture.run(
      gesturectl,
      ["run", "--config", config, "--exit-after-idle", "1000"] + arguments + [DaemonUmockdev.node],
      capture: capture, devices: [(prefix, "event5")])
    return Outcome(
      result: run.result, devices: run.devices,
      lines: DaemonUmockdev.lines(of: out, atLeast: expected))
  }

  /// The `TYPE CODE VALUE` lines of a recording's events (hex type and code, as captured).
  static func sourceLines(_ recording: String) throws -> [String] {
    let text = try String(contentsOfFile: DaemonUmockdev.recording(recording), encoding: .utf8)
    return text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("E: ") else { return nil }
      let fields = line.dropFirst(3).split(separator: "\t")[0].split(separator: " ")
      guard fields.count == 4, let type = UInt16(fields[1], radix: 16),
        let code = UInt16(fields[2], radix: 16), let value = Int32(fields[3])
      else { return nil }
      return String(format: "%04x %04x %d", type, code, value)
    }
  }

  /// The events of each touch, by tracking id: its MT events (`CODE VALUE`, slot selections
  /// left out), from the event that gave it its tracking id to the one that lifted it.
  static func touches(_ lines: [String]) -> [Int32: [String]] {
    var slot: Int32 = 0
    var current: [Int32: Int32] = [:]
    var touches: [Int32: [String]] = [:]
    for line in lines {
      let fields = line.split(separator: " ")
      guard fields.count == 3, fields[0] == "0003", let code = UInt16(fields[1], radix: 16),
        let value = Int32(fields[2]), code >= 0x2f, code <= 0x3d
      else { continue }
      if code == 0x2f {
        slot = value
        continue
      }
      if code == 0x39 && value >= 0 { current[slot] = value }
      guard let id = current[slot] else { continue }
      touches[id, default: []].append("\(fields[1]) \(value)")
      if code == 0x39 && value < 0 { current[slot] = nil }
    }
    return touches
  }

  /// The added latency the daemon reported at its end (`… added latency p50 X µs, p99 Y µs`):
  /// (p50, p99) in µs.
  static func latency(_ log: String) -> (p50: Int, p99: Int)? {
    guard let line = log.split(separator: "\n").first(where: { $0.contains("added latency") })
    else { return nil }
    let words = line.split(separator: " ")
    func after(_ label: String) -> Int? {
      guard let index = words.firstIndex(of: Substring(label)), index + 1 < words.count else {
        return nil
      }
      return Int(words[index + 1])
    }
    guard let p50 = after("p50"), let p99 = after("p99") else { return nil }
    return (p50, p99)
  }

  /// libinput's touch events (`TOUCH_DOWN`, `TOUCH_UP`, `TOUCH_CANCEL`, with their text) for
  /// an evemu recording played into it by Tools/libinput-events.sh.
  static func libinputTouches(_ recording: String) throws -> [String] {
    let script = packageDirectory.appendingPathComponent("Tools/libinput-events.sh").path
    let result = try runProcess(
      "/bin/bash", [script, recording], environment: ["BIN": productsDirectory.path],
      timeout: 60)
    return result.stdout.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 2, ["TOUCH_DOWN", "TOUCH_UP", "TOUCH_CANCEL"].contains(words[1])
      else { return nil }
      return String(line)
    }
  }

  /// Whether libinput-tools, unshare and a C compiler (cc, or the Swift toolchain's clang) are
  /// installed (for libinputTouches).
  static var hasLibinput: Bool {
    isAvailable && DaemonUmockdev.executable("libinput") != nil
      && DaemonUmockdev.executable("unshare") != nil
      && (DaemonUmockdev.executable("cc") ?? DaemonUmockdev.executable("clang")) != nil
  }

  /// Whether the stream leaves every slot lifted (each tracking id ended by -1) and
  /// `BTN_TOUCH` at 0.
  static func nothingDown(_ lines: [String]) -> Bool {
    let down = touches(lines).values.filter { $0.last != "0039 -1" }
    let touch = lines.last { $0.hasPrefix("0001 014a ") }
    return down.isEmpty && (touch == nil || touch == "0001 014a 0")
  }
}
