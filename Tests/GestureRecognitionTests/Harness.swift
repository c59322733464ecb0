import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// The outcome of playing a script through an engine.
struct Run {
  let engine: GestureEngine
  let recorder: GestureRecorder
  let violations: [String]

  /// "name state" per action.
  var log: [String] { recorder.log }
  /// The actions.
  var events: [GestureEvent] { recorder.events }
  /// The explanations as text.
  var explained: [String] { recorder.explainLog }
}

/// Plays `script` through `engine` with a contract checker and a recorder, then flushes.
///
/// Every breach of the recognizer contract is recorded as an issue of the calling test (at
/// the caller's line), whether or not the test looks at `violations`: a test cannot pass
/// while the engine breaks the contract. Without `flush`, the end-of-input checks (back to
/// `possible`, no deadline pending) are left out, as the input did not end.
func run(
  _ engine: GestureEngine, _ script: TouchScript, flush: Bool = true,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Run {
  let checker = ContractChecker(engine)
  let recorder = GestureRecorder(engine)
  let scheduler = ManualScheduler(engine: engine)
  scheduler.play(script)
  if flush { engine.flush(after: script.endTime) }
  return checkedRun(engine, recorder, checker, ended: flush, sourceLocation: sourceLocation)
}

/// The run's outcome, with the checker's breaches recorded as issues of the calling test.
func checkedRun(
  _ engine: GestureEngine, _ recorder: GestureRecorder, _ checker: ContractChecker,
  ended: Bool = true, sourceLocation: SourceLocation
) -> Run {
  let violations = ended ? checker.finish() : checker.violations
  #expect(violations.isEmpty, "recognizer contract: \(violations)", sourceLocation: sourceLocation)
  return Run(engine: engine, recorder: recorder, violations: violations)
}

/// An engine holding just `recognizer`.
func engine(with recognizer: GestureRecognizer) -> GestureEngine {
  let engine = GestureEngine()
  engine.add(recognizer)
  return engine
}

/// Plays `script` through one recognizer alone.
func run(
  _ recognizer: GestureRecognizer, _ script: TouchScript,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Run {
  run(engine(with: recognizer), script, sourceLocation: sourceLocation)
}

/// Milliseconds as microseconds.
func ms(_ value: Double) -> Microseconds { Microseconds((value * 1000).rounded()) }

/// Lands `fingers` fingers 10 mm apart around (x, y) at `at` ms.
func downAll(_ s: inout TouchScript, _ fingers: Int, at: Double, x: Double, y: Double) {
  for f in 1...fingers { s.down(f, at: at, x: x + Double(f - 1) * 10, y: y) }
}

/// Lifts fingers 1…`fingers` at `at` ms.
func upAll(_ s: inout TouchScript, _ fingers: Int, at: Double) {
  for f in 1...fingers { s.up(f, at: at) }
}
