import GestureDaemon
import GestureRecognition
import GestureTestSupport
import TouchInput

/// Bindings, the engine their plan builds and a matcher, played with scripted touches.
final class MatcherHarness {
  let configuration: BindingsConfiguration
  let engine: GestureEngine
  let matcher: BindingMatcher
  let scheduler: ManualScheduler
  /// `line KIND STATE [DIRECTION] [REPEAT=n]` per firing, in order.
  private(set) var log: [String] = []
  /// The firings, in order.
  private(set) var firings: [Firing] = []

  /// Parses `text` and builds the engine for a `width` × `height` mm surface.
  convenience init(
    _ text: String, width: Double = 100, height: Double = 160, name: String = "Panel"
  ) throws {
    self.init(
      try BindingsParser.parse(text, file: "test"), width: width, height: height, name: name)
  }

  /// Builds the engine of `configuration` for a `width` × `height` mm surface.
  init(
    _ configuration: BindingsConfiguration, width: Double = 100, height: Double = 160,
    name: String = "Panel"
  ) {
    self.configuration = configuration
    matcher = BindingMatcher(
      bindings: configuration.bindings,
      device: MatchedDevice(name: name, node: "/dev/input/event5", width: width, height: height))
    engine = RecognizerPlan.makeEngine(
      for: matcher.deviceBindings, width: width, height: height)
    scheduler = ManualScheduler(engine: engine)
    engine.onEvent = { [unowned self] event, recognizer in
      for firing in matcher.handle(event, from: ObjectIdentifier(recognizer)) {
        firings.append(firing)
        log.append(summary(firing))
      }
    }
  }

  /// Plays `script`, then lets every deadline pass when `flush` is set.
  func play(_ script: TouchScript, flush: Bool = true) {
    scheduler.play(script)
    if flush { engine.flush(after: script.endTime) }
  }

  /// The value of `GESTURE_NAME` in a firing.
  func value(_ name: String, in firing: Firing) -> String? {
    let prefix = "GESTURE_\(name)="
    return firing.environment.first { $0.hasPrefix(prefix) }.map {
      String($0.dropFirst(prefix.count))
    }
  }

  private func summary(_ firing: Firing) -> String {
    var words = [
      value("BINDING_LINE", in: firing), value("KIND", in: firing), value("STATE", in: firing),
    ].compactMap { $0 }
    if let direction = value("DIRECTION", in: firing) { words.append(direction) }
    if let count = value("REPEAT", in: firing) { words.append("REPEAT=\(count)") }
    return words.joined(separator: " ")
  }
}

/// Lands `fingers` fingers 10 mm apart at (x, y), drags them by (dx, dy) over `duration` ms
/// and lifts them.
func stroke(
  fingers: Int = 1, x: Double, y: Double, dx: Double, dy: Double, duration: Double = 200,
  at start: Double = 0
) -> TouchScript {
  var script = TouchScript()
  for f in 1...fingers { script.down(f, at: start, x: x + Double(f - 1) * 10, y: y) }
  for f in 1...fingers {
    script.drag(
      f, to: x + Double(f - 1) * 10 + dx, y + dy, from: start, to: start + duration, every: 10)
  }
  for f in 1...fingers { script.up(f, at: start + duration + 10) }
  return script
}
