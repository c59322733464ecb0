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
/// The order of calls copies `TracePipeline` in `gesturectl` (advance before each frame, the
/// end-of-input flush, cancellation at the last good event on an input error); when that
/// pipeline becomes a library type, this should drive it instead.
public struct CheckedReplay: ~Copyable {
  private var decoder: TouchDecoder
  private let engine: GestureEngine
  private let contract: ContractChecker
  private let log: EventLog
  private var touches = TouchInvariantChecker()
  private var lastTime = Microseconds.min

  /// The gesture events seen, for the checks that span the whole input.
  private final class EventLog {
    var lastTime = Microseconds.min
    var open: [String: Int] = [:]
    var violations: [String] = []
  }

  /// Starts a replay of `device`'s events.
  public init(device: DeviceDescription, options: DecoderOptions = DecoderOptions()) {
    decoder = TouchDecoder(device: device, options: options)
    let log = EventLog()
    self.log = log
    engine = GestureEngine.makeDefault(onEvent: { event, recognizer in
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
  }

  /// Feeds one event.
  public mutating func handle(_ event: InputEvent) {
    lastTime = max(lastTime, event.time)
    if decoder.feed(event) { deliver(decoder.frame) }
    _ = decoder.takeWarnings()
  }

  /// Ends the input normally: the flush lets pending deadlines pass, then the touches still
  /// down are cancelled. Returns every breach found, in words (empty when all held).
  public mutating func finish() -> [String] {
    if lastTime == .min { return check() }
    let flushTime = lastTime + engine.longestTimeout
    engine.flush(after: lastTime)
    if var frame = decoder.finish() {
      frame.time = max(frame.time, flushTime)
      deliver(frame)
    }
    return check()
  }

  /// Ends the input at an input error: cancels everything in flight at the last good event's
  /// time, no deadline after it. Returns every breach found, in words.
  public mutating func stopAtInputError() -> [String] {
    let time = max(lastTime, 0)
    engine.advance(to: time)
    if let frame = decoder.cancelAll(at: time) { touches.check(frame) }
    engine.cancelAll(at: time)
    return check()
  }

  private mutating func deliver(_ frame: TouchFrame) {
    touches.check(frame)
    engine.advance(to: frame.time)
    engine.process(frame)
  }

  private mutating func check() -> [String] {
    touches.finish()
    var violations = touches.violations + contract.finish() + log.violations
    for (name, open) in log.open.sorted(by: { $0.key < $1.key }) where open != 0 {
      violations.append("\(name): \(open) began without exactly one end or cancel")
    }
    return violations
  }
}
