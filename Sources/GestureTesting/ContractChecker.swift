import GestureRecognition
import TouchInput

/// Watches every state change and action of an engine and lists each breach of the recognizer
/// contract: only UIKit's legal transitions, at most one terminal action per touch sequence,
/// `changed`/`ended` only after `began`, every recognizer back to `possible` once all touches
/// lift, and no pending deadline at the end.
public final class ContractChecker {
  /// The breaches found so far, in words.
  public private(set) var violations: [String] = []
  private let engine: GestureEngine
  private var states: [String: GestureState] = [:]
  private var terminalActions: [String: Int] = [:]
  private var began: [String: Bool] = [:]

  /// Starts watching `engine`, chaining any `onEvent` and `explain` already set.
  public init(_ engine: GestureEngine) {
    self.engine = engine
    let previousExplain = engine.explain
    engine.explain = { [unowned self] entry in
      check(entry)
      previousExplain?(entry)
    }
    let previousEvent = engine.onEvent
    engine.onEvent = { [unowned self] event, recognizer in
      check(event, name: recognizer.name)
      previousEvent?(event, recognizer)
    }
  }

  private func check(_ entry: ExplainEntry) {
    let name = entry.recognizer
    let current = states[name] ?? .possible
    if entry.from != current {
      violations.append("\(name): explained from \(entry.from) but was \(current)")
    }
    let held = entry.from == .possible && entry.to == .possible
    if !held && !entry.from.canMove(to: entry.to) {
      violations.append("\(name): illegal \(entry.from) → \(entry.to)")
    }
    if entry.to == .possible && !held {
      if entry.from.isTerminal == false {
        violations.append("\(name): reset from non-terminal \(entry.from)")
      }
      terminalActions[name] = 0
      began[name] = false
    }
    states[name] = entry.to
  }

  private func check(_ event: GestureEvent, name: String) {
    switch event.state {
    case .recognized, .ended, .cancelled:
      terminalActions[name, default: 0] += 1
      if terminalActions[name, default: 0] > 1 {
        violations.append("\(name): more than one terminal action in a sequence")
      }
      if event.state != .recognized && began[name] != true {
        violations.append("\(name): \(event.state) without began")
      }
    case .began:
      if began[name] == true { violations.append("\(name): began twice") }
      began[name] = true
    case .changed:
      if began[name] != true { violations.append("\(name): changed without began") }
    case .possible, .failed:
      violations.append("\(name): action for \(event.state)")
    }
  }

  /// Checks the end of a script with every touch lifted: all recognizers possible and no timer
  /// pending. Returns every violation found so far.
  @discardableResult
  public func finish() -> [String] {
    if let deadline = engine.nextDeadline {
      violations.append("deadline still pending at \(deadline) µs")
    }
    for recognizer in engine.recognizers {
      if recognizer.state != .possible {
        violations.append("\(recognizer.name): ends in \(recognizer.state), not possible")
      }
      if recognizer.isAwaitingFailure {
        violations.append("\(recognizer.name): still holds a recognition")
      }
    }
    return violations
  }
}
