import GestureRecognition
import TouchInput

/// One device's engines when touches far apart are separate gestures (a device rule's
/// `max-spread=`): a kiosk where two visitors touch 300 mm apart.
///
/// Without a maximum spread there is one engine and frames go to it unchanged. With one,
/// each new touch joins the group (engine) whose touches all lie within the spread of it,
/// the closest such group; otherwise an engine with no touch down; otherwise (every engine
/// busy) the closest group. A touch stays in its group until it lifts. Each engine sees only
/// its group's touches, so two visitors' swipes are two one-finger swipes, not one
/// two-finger swipe, and their strokes toward each other are not a pinch. The engines are
/// the same recognizers (one plan), each arbitrating on its own; time is shared.
final class ClusteredEngine {
  /// The most groups at once: three people at one screen.
  static let groups = 3

  /// The engines, one per group.
  let engines: [GestureEngine]
  /// The largest distance between two touches of one gesture, or nil (one engine).
  let maximumSpread: Millimeters?
  private var group: [TouchID: Int] = [:]
  private var position: [TouchID: MillimeterPoint] = [:]

  /// Builds the engines with `make` (one, without a spread).
  init(maximumSpread: Millimeters?, make: () -> GestureEngine) {
    self.maximumSpread = maximumSpread
    engines = (0..<(maximumSpread == nil ? 1 : Self.groups)).map { _ in make() }
  }

  /// Receives every delivered action of every engine.
  var onEvent: ((GestureEvent, GestureRecognizer) -> Void)? {
    get { engines[0].onEvent }
    set { for engine in engines { engine.onEvent = newValue } }
  }

  /// Receives every state change of every engine's recognizers.
  var explain: ((ExplainEntry) -> Void)? {
    get { engines[0].explain }
    set { for engine in engines { engine.explain = newValue } }
  }

  /// The earliest deadline of any engine.
  var nextDeadline: Microseconds? { engines.compactMap(\.nextDeadline).min() }

  /// Advances every engine to `time`.
  func advance(to time: Microseconds) {
    for engine in engines { engine.advance(to: time) }
  }

  /// Cancels every gesture of every engine.
  func cancelAll(at time: Microseconds) {
    for engine in engines { engine.cancelAll(at: time) }
    group.removeAll()
    position.removeAll()
  }

  /// Hands each engine its group's touches of `frame`.
  func process(_ frame: TouchFrame) {
    guard let spread = maximumSpread else {
      engines[0].process(frame)
      return
    }
    for touch in frame.touches where group[touch.id] == nil {
      group[touch.id] = choose(touch.location, spread: spread)
      position[touch.id] = touch.location
    }
    var parts = [[Touch]](repeating: [], count: engines.count)
    for touch in frame.touches {
      position[touch.id] = touch.location
      parts[group[touch.id] ?? 0].append(touch)
    }
    for (index, engine) in engines.enumerated() {
      if parts[index].isEmpty {
        engine.advance(to: frame.time)
      } else {
        engine.process(TouchFrame(time: frame.time, touches: parts[index]))
      }
    }
    for touch in frame.touches where touch.phase.isTerminal {
      group[touch.id] = nil
      position[touch.id] = nil
    }
  }

  /// The group a touch landing at `point` joins.
  private func choose(_ point: MillimeterPoint, spread: Millimeters) -> Int {
    var farthest = [Millimeters?](repeating: nil, count: engines.count)
    for (id, index) in group {
      guard let other = position[id] else { continue }
      farthest[index] = max(farthest[index] ?? 0, point.distance(to: other))
    }
    let near = farthest.indices.filter { (farthest[$0] ?? .infinity) <= spread }
    if let best = near.min(by: { (farthest[$0] ?? 0) < (farthest[$1] ?? 0) }) { return best }
    if let free = farthest.firstIndex(where: { $0 == nil }) { return free }
    return farthest.indices.min { (farthest[$0] ?? 0) < (farthest[$1] ?? 0) } ?? 0
  }
}
