import GesturePipeline
import GestureRecognition
import GestureTestSupport
import TouchInput

/// Decoder and default recognizer set run the way `gesturectl replay` runs them, with every
/// property the fuzz targets check watched on the way.
///
/// The properties: the touch invariants of each frame (`TouchInvariantChecker`), the
/// recognizer contract (`ContractChecker`: legal transitions only, one terminal action per
/// sequence, all recognizers back to `possible` and no deadline pending at the end), every
/// continuous gesture that began ends or is cancelled exactly once, and gesture times that
/// never decrease. `finish()` and `stopAtInputError()` return the breaches; the libFuzzer entry
/// points stop the process on any, which libFuzzer reports as a crash with the input.
///
/// It drives the library's `TouchPipeline`, the join `gesturectl replay` uses too (deadlines
/// before each frame, the end-of-input flush, the cancellation at the last good event on an
/// input error), watching every frame it hands on, the cancellation frames included.
public struct CheckedReplay: ~Copyable {
  private let pipeline: TouchPipeline
  private let contract: ContractChecker
  private let log: EventLog
  private let touches: TouchLog

  /// The gesture events seen, for the checks that span the whole input.
  private final class EventLog {
    var lastTime = Microseconds.min
    var open: [String: Int] = [:]
    var violations: [String] = []
  }

  /// The touch invariants of every frame, checked from the pipeline's `onFrame`.
  private final class TouchLog {
    var checker = TouchInvariantChecker()
  }

  /// Starts a replay of `device`'s events.
  public init(device: DeviceDescription, options: DecoderOptions = DecoderOptions()) {
    let log = EventLog()
    self.log = log
    let engine = GestureEngine.makeDefault(onEvent: { event, recognizer in
      if event.time < log.lastTime {
        log.violations.append("\(recognizer.name): time went back to \(event.time) µs")
      }
      log.lastTime = max(log.lastTime, event.time)
      switch event.state {
      case .began: log.open[recognizer.name, default: 0] += 1
      case .ended, .cancelled: log.open[recognizer.name, default: 0] -= 1
      default: break
      }
    })
    contract = ContractChecker(engine)
    pipeline = TouchPipeline(device: device, options: options, engine: engine)
    let touches = TouchLog()
    self.touches = touches
    pipeline.onFrame = { frame in touches.checker.check(frame) }
  }

  /// Feeds one event.
  public mutating func handle(_ event: InputEvent) {
    pipeline.feed(event)
    if pipeline.hasWarnings { _ = pipeline.takeWarnings() }
  }

  /// Ends the input normally: the flush lets pending deadlines pass, then the touches still
  /// down are cancelled. Returns every breach found, in words (empty when all held).
  public mutating func finish() -> [String] {
    if pipeline.firstEventTime == nil { return check() }
    pipeline.finish()
    return check()
  }

  /// Ends the input at an input error: cancels everything in flight at the last good event's
  /// time, no deadline after it. Returns every breach found, in words.
  public mutating func stopAtInputError() -> [String] {
    pipeline.cancelAll(at: pipeline.lastTime)
    return check()
  }

  private mutating func check() -> [String] {
    touches.checker.finish()
    var violations = touches.checker.violations + contract.finish() + log.violations
    for (name, open) in log.open.sorted(by: { $0.key < $1.key }) where open != 0 {
      violations.append("\(name): \(open) began without exactly one end or cancel")
    }
    return violations
  }
}
