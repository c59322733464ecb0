import GestureRecognition
import TouchInput

/// Records an engine's actions (and optionally its explanations) as comparable values.
public final class GestureRecorder {
  /// Every delivered action, in order.
  public private(set) var events: [GestureEvent] = []
  /// The name of the recognizer of each action in `events`.
  public private(set) var names: [String] = []
  /// Every explanation, in order.
  public private(set) var explanations: [ExplainEntry] = []

  /// Starts recording `engine`'s actions, chaining any `onEvent` and `explain` already set.
  public init(_ engine: GestureEngine, explaining: Bool = true) {
    let previous = engine.onEvent
    engine.onEvent = { [unowned self] event, recognizer in
      events.append(event)
      names.append(recognizer.name)
      previous?(event, recognizer)
    }
    if explaining {
      let previousExplain = engine.explain
      engine.explain = { [unowned self] entry in
        explanations.append(entry)
        previousExplain?(entry)
      }
    }
  }

  /// Each action as "name state" ("double tap recognized", "pan changed").
  public var log: [String] {
    zip(names, events).map { $0 + " " + $1.state.description }
  }

  /// The actions as text lines with times since 0.
  public var lines: [String] { events.map { $0.text(origin: 0) } }

  /// The explanations as "name verb: reason" lines.
  public var explainLog: [String] { explanations.map(\.description) }

  /// Forgets everything recorded.
  public func clear() {
    events.removeAll()
    names.removeAll()
    explanations.removeAll()
  }
}
