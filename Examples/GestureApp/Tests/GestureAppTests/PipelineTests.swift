import Foundation
import GestureAppKit
import GestureRecognition
import Testing
import TouchInput

/// The library's public input pipeline, its async sequence and its non-blocking live API,
/// used as an application would.
@Suite struct PipelineTests {
  /// The golden lines of a recording without times and durations: what a live run must print
  /// too, whatever its clock.
  static func goldenWithoutTimes(_ name: String) throws -> [String] {
    let golden = try String(
      contentsOfFile: recordings + "/public/\(name).gestures", encoding: .utf8)
    return golden.split(separator: "\n").map { withoutTime(withoutDuration($0)) }
  }

  /// A line of text without its leading time.
  static func withoutTime<S: StringProtocol>(_ line: S) -> String {
    String(line.drop { $0 == " " }.drop { $0 != " " }.drop { $0 == " " })
  }

  @Test("One call replays a recording through the public pipeline, as the golden file says")
  func oneCallReplay() throws {
    let path = recordings + "/public/atmel-fast-taps.evemu"
    let events = try pipelineEvents(replaying: path, engine: GestureEngine.makeDefault())
    #expect(
      events.map { Self.withoutTime($0.text(origin: 0)) }
        == (try Self.goldenWithoutTimes("atmel-fast-taps")))
  }

  @Test("The app's own actor receives the events of a recording, in order")
  func eventsOnOwnActor() async throws {
    let path = recordings + "/public/atmel-fast-taps.evemu"
    let inbox = GestureInbox()
    try await inbox.receive(recording: path)
    let expected = try pipelineEvents(replaying: path, engine: GestureEngine.makeDefault())
    #expect(await inbox.events.map(\.event) == expected)
  }

  @Test(
    "The stream's events carry their recognizer's name and print times since the recording began")
  func namedEventsWithOrigin() async throws {
    let path = recordings + "/public/atmel-fast-taps.evemu"
    let inbox = GestureInbox()
    try await inbox.receive(recording: path)
    let events = await inbox.events
    // The default set's triple tap is a recognizer of its own, named so.
    #expect(!events.isEmpty && events.allSatisfy { $0.recognizer == "triple tap" })
    let golden = try String(
      contentsOfFile: recordings + "/public/atmel-fast-taps.gestures", encoding: .utf8)
    #expect(events.map { $0.text() } == golden.split(separator: "\n").map(withoutDuration))
  }

  /// `umockdev-run`, or nil when umockdev is not installed.
  static let umockdevRun: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/umockdev-run" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  @Test(
    "An emulated device read from the app's own poll loop gives the recording's gestures",
    .enabled(if: umockdevRun != nil, "umockdev-run is not installed"))
  func emulatedDevice() throws {
    let result = try Self.runAppOnEmulatedDevice { node in ["--live", node] }
    #expect(result.status == 0)
    #expect(result.lines.map(Self.withoutTime) == (try Self.goldenWithoutTimes("atmel-fast-taps")))
  }

  @Test(
    "An actor of the app receives an emulated device's gestures through the async sequence",
    .enabled(if: umockdevRun != nil, "umockdev-run is not installed"))
  func emulatedDeviceOnActor() throws {
    let golden = try Self.goldenWithoutTimes("atmel-fast-taps")
    let result = try Self.runAppOnEmulatedDevice { node in
      ["--live-async", node, String(golden.count)]
    }
    #expect(result.status == 0)
    #expect(result.lines.map(Self.withoutTime) == golden)
  }

  /// Runs gesture-app with `arguments(node)` under umockdev-run, on an emulated touchscreen
  /// playing `Recordings/public/atmel-fast-taps.evemu`.
  static func runAppOnEmulatedDevice(_ arguments: (String) -> [String]) throws
    -> (status: Int32, lines: [Substring])
  {
    let runner = try #require(Self.umockdevRun)
    // The test binary and gesture-app are built in the same folder.
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let app = products.appendingPathComponent("gesture-app").path
    // Made by `umockdev-script Recordings/public/atmel-fast-taps.evemu -o … --node
    // /dev/input/event5` (the main package's tool).
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/atmel-fast-taps").path
    let node = "/dev/input/event5"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: runner)
    process.arguments =
      [
        "-d", fixture + ".umockdev", "-i", "\(node)=\(fixture).ioctl",
        "-s", "\(node)=\(fixture).script", "--", app,
      ] + arguments(node)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // A run that never ends (fewer events than expected) fails instead of hanging the suite.
    let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n"))
  }
}
