import Foundation
import Testing

/// Every scenario the generator must offer.
private let requiredScenarios = [
  "tap", "double-tap", "triple-tap", "two-finger-tap", "three-finger-tap", "long-press",
  "long-press-then-drag", "swipe-left", "swipe-right", "swipe-up", "swipe-down",
  "two-finger-swipe-left", "three-finger-swipe-up", "slow-pan", "two-finger-pan", "pinch-out",
  "pinch-in", "rotate-cw", "rotate-ccw", "pinch-rotate-pan", "finger-added-during-pan",
  "tap-then-long-press", "carousel-demo", "carousel-tour", "carousel-back-and-forth",
  "carousel-long-press-twice", "carousel-tap-dismiss", "carousel-pinch-clamps",
  "carousel-pan-zoomed",
  "carousel-double-tap-zoom", "carousel-swipe-while-zoomed", "same-frame-retouch",
  "multi-finger-long-press", "edge-pans", "palm-tool-type", "palm-touch-major",
  "syn-dropped", "finger-down-at-open",
  // gesturectl run (issue 11)
  "edge-swipe-from-right", "edge-drag-up-right",
  // photo-carousel (issue 18)
  "viewer-grid-tap", "viewer-double-tap", "viewer-drag-back",
]

/// The command line of `synth-trace`: listing, determinism, files and errors.
@Suite struct SynthTraceTests {
  @Test("list names every required scenario")
  func listsScenarios() throws {
    guard let run = try runSynthTrace(["list"]) else { return }
    #expect(run.status == 0)
    let names = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(names.sorted() == requiredScenarios.sorted())
  }

  @Test("The same seed gives byte-identical recordings", arguments: ["tap", "pinch-rotate-pan"])
  func deterministic(name: String) throws {
    guard let first = try runSynthTrace([name, "--seed", "42"]),
      let second = try runSynthTrace([name, "--seed", "42"]),
      let other = try runSynthTrace([name, "--seed", "43"])
    else { return }
    #expect(first.status == 0)
    #expect(first.stdout.count > 1000)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout != other.stdout)
  }

  @Test("all writes every scenario, each the same as a single run and under 200 KB")
  func writesAll() throws {
    let directory = try synthScratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let run = try runSynthTrace(["all", "-o", directory.path, "--seed", "5"]) else { return }
    #expect(run.status == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(files == requiredScenarios.map { $0 + ".evemu" }.sorted())
    for file in files {
      let size = try Data(contentsOf: directory.appendingPathComponent(file)).count
      #expect(size > 1000 && size < 200_000, "\(file): \(size) bytes")
    }
    let single = try runSynthTrace(["swipe-up", "--seed", "5"])
    let written = try Data(contentsOf: directory.appendingPathComponent("swipe-up.evemu"))
    #expect(single?.stdout == written)
  }

  @Test("stress writes at least the requested number of events")
  func stress() throws {
    let directory = try synthScratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("stress.evemu").path
    guard let run = try runSynthTrace(["stress", "-o", path, "--events", "20000"]) else { return }
    #expect(run.status == 0)
    #expect(run.stderr.hasPrefix("synth-trace: "))
    let recording = SynthRecording(try String(contentsOfFile: path, encoding: .utf8))
    #expect(recording.events.count >= 20000)
    #expect(recording.events.count < 21000)
    checkKernelRules(recording, label: "stress")
  }

  @Test("session writes a phone session with touches landing near each of the four edges")
  func session() throws {
    let directory = try synthScratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("session.evemu").path
    guard let run = try runSynthTrace(["session", "-o", path, "--events", "20000"]) else { return }
    #expect(run.status == 0)
    let recording = SynthRecording(try String(contentsOfFile: path, encoding: .utf8))
    #expect(recording.events.count >= 20000)
    checkKernelRules(recording, label: "session")
    // 8 units/mm on a 1920 x 1080 panel: within 3 mm is within 24 units of a side.
    let xs = recording.events.filter { $0.type == 3 && $0.code == 0x35 }.map(\.value)
    let ys = recording.events.filter { $0.type == 3 && $0.code == 0x36 }.map(\.value)
    #expect(xs.contains { $0 <= 24 } && xs.contains { $0 >= 1919 - 24 })
    #expect(ys.contains { $0 <= 24 } && ys.contains { $0 >= 1079 - 24 })
  }

  @Test(
    "Bad usage prints one error line and exits with status 2",
    arguments: [
      ["no-such-gesture"], ["tap", "--rate", "1000"], ["tap", "--jsno"], [], ["stress", "-o", "x"],
      ["session", "-o", "x"],
    ])
  func badUsage(arguments: [String]) throws {
    guard let run = try runSynthTrace(arguments) else { return }
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("error: "))
    #expect(run.stdout.isEmpty)
  }
}
