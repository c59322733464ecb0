import Foundation
import GestureDaemon
import GesturePipeline
import GestureRecognition
import GestureTestSupport
import Testing
import TouchInput

/// A device session of `gesturectl run` assembled from the public API (the bindings' plan, a
/// matcher, `TouchPipeline`), cancelled as the daemon cancels on unplug, SIGHUP and SIGTERM.
@Suite("The daemon's pieces, public API: a cancel does not release a held double tap")
struct PipelineCancelTests {
  /// The lines of the bindings fired by the held-tap recording, cancelled at `cancelTime` µs.
  static func firedLines(thirdFingerDown: Bool, cancelAt cancelTime: Microseconds) throws
    -> [Int]
  {
    let configuration = try BindingsParser.parse(
      "tap taps=2 run double\ntap taps=3 run triple\n", file: "test")
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "daemon-held-taps-\(getpid())-\(UUID().uuidString)-\(thirdFingerDown).evemu"
    ).path
    try HeldTapRecording.write(to: path, thirdFingerDown: thirdFingerDown)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try openRecording(path: path)
    let fired = FiredLines()
    let pipeline = TouchPipeline(device: reader.device) { geometry in
      let matcher = BindingMatcher(
        bindings: configuration.bindings,
        device: MatchedDevice(
          name: reader.device.name, node: "/dev/input/event5", width: geometry.width,
          height: geometry.height))
      let engine = RecognizerPlan.makeEngine(
        for: matcher.deviceBindings, width: geometry.width, height: geometry.height)
      engine.onEvent = { event, recognizer in
        for firing in matcher.handle(event, from: ObjectIdentifier(recognizer)) {
          fired.lines.append(firing.binding.line)
        }
      }
      return engine
    }
    var batch = EventBatch()
    while try reader.read(into: &batch) {
      for event in batch.events { pipeline.feed(event) }
    }
    pipeline.cancelAll(at: cancelTime)
    pipeline.advance(to: cancelTime + 5_000_000)
    return fired.lines
  }

  @Test("two taps, a third finger down, a cancel at 350 ms: no binding; the two taps alone fire")
  func heldDoubleTap() throws {
    #expect(try Self.firedLines(thirdFingerDown: true, cancelAt: 350_001) == [])
    // Positive control: with no third finger, the double-tap binding (line 1) fires once the
    // triple tap's interval has passed, before the cancel.
    #expect(try Self.firedLines(thirdFingerDown: false, cancelAt: 600_000) == [1])
  }
}

/// The lines of the bindings fired, collected from the engine's `onEvent`.
private final class FiredLines {
  var lines: [Int] = []
}
