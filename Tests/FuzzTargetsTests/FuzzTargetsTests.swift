import Foundation
import FuzzTargets
import Testing
import TouchInput

/// The fuzz targets' properties hold on the recordings, on their events, on seeded random
/// inputs and on every input that once broke them (`Fuzz/regressions/`), so `swift test`
/// keeps what the fuzzer found.
@Suite("Fuzz targets: properties on recordings and seeded inputs")
struct FuzzTargetsTests {
  /// The package's root directory.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every recording under `Recordings/` up to 1 MB, relative to the root.
  static let recordings: [String] = files(under: "Recordings", suffix: ".evemu")
    .filter { size(of: $0) <= 1 << 20 }

  /// The files under `directory` (relative to the root) ending in `suffix`, sorted.
  static func files(under directory: String, suffix: String = "") -> [String] {
    let base = root.appendingPathComponent(directory)
    let enumerator = FileManager.default.enumerator(atPath: base.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      let full = base.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      if path.hasSuffix(suffix)
        && FileManager.default.fileExists(
          atPath: full.path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
      {
        found.append(directory + "/" + path)
      }
    }
    return found.sorted()
  }

  static func size(of path: String) -> Int {
    let attributes = try? FileManager.default.attributesOfItem(
      atPath: root.appendingPathComponent(path).path)
    return (attributes?[.size] as? Int) ?? 0
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }

  @Test("The evemu target holds on every recording", arguments: recordings)
  func evemuRecording(path: String) throws {
    #expect(fuzzEvemu(try Self.bytes(path)) == [])
  }

  /// Every libinput record YAML recording under `Recordings/` up to 1 MB.
  static let yamlRecordings: [String] = files(under: "Recordings", suffix: ".yml")
    .filter { size(of: $0) <= 1 << 20 }

  @Test("The libinput YAML target holds on every YAML recording", arguments: yamlRecordings)
  func yamlRecording(path: String) throws {
    #expect(fuzzLibinputYAML(try Self.bytes(path)) == [])
  }

  @Test(
    "The event-stream target holds on every recording's events, on each device kind",
    arguments: recordings)
  func eventStreamRecording(path: String) throws {
    let reader = try EvemuReader(bytes: try Self.bytes(path), name: path)
    var events: [InputEvent] = []
    var batch = EventBatch()
    while try reader.read(into: &batch) { events += batch.events }
    for device in UInt8(0)..<8 {
      #expect(fuzzEventStream(FuzzEventStream.encode(events, device: device)) == [])
    }
  }

  @Test("Every target holds on seeded random inputs", arguments: 0..<4)
  func seededRandom(seed: UInt64) {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
    for _ in 0..<100 {
      var bytes: [UInt8] = []
      for _ in 0..<Int(next(&state) % 2048) {
        bytes.append(UInt8(truncatingIfNeeded: next(&state)))
      }
      #expect(fuzzEventStream(bytes) == [])
      #expect(fuzzEvemu(bytes) == [])
      #expect(fuzzLibinputYAML(bytes) == [])
      // Mostly plausible events: usual codes, small values, touches that stay down at the end.
      var events: [UInt8] = [UInt8(truncatingIfNeeded: next(&state))]
      for _ in 0..<Int(next(&state) % 300) {
        let value = next(&state) % 8 == 0 ? UInt32.max : UInt32(next(&state) % 4096)
        events += [
          UInt8(next(&state) % 200), 0, UInt8(next(&state) % 6), UInt8(next(&state) % 10),
        ]
        events += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
      }
      #expect(fuzzEventStream(events) == [])
    }
  }

  /// The inputs of `Fuzz/regressions/`: under evemu/, events/ or libinput/.
  static let regressions = files(under: "Fuzz/regressions").filter {
    $0.contains("/evemu/") || $0.contains("/events/") || $0.contains("/libinput/")
  }

  @Test("Fuzz/regressions/ holds inputs for each target, so the regression test runs cases")
  func regressionsPresent() {
    for folder in ["/evemu/", "/events/", "/libinput/"] {
      #expect(Self.regressions.contains { $0.contains(folder) }, "no input under \(folder)")
    }
  }

  @Test("Inputs that once broke a target hold now", arguments: regressions)
  func regression(path: String) throws {
    let bytes = try Self.bytes(path)
    if path.contains("/evemu/") {
      #expect(fuzzEvemu(bytes) == [])
    } else if path.contains("/libinput/") {
      #expect(fuzzLibinputYAML(bytes) == [])
    } else {
      #expect(fuzzEventStream(bytes) == [])
    }
  }

  /// splitmix64: a small deterministic generator.
  private func next(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
