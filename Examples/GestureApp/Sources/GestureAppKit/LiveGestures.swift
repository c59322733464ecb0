import EvdevDevice
import GesturePipeline
import GestureRecognition
import LiveGestures
import TouchInput

/// Recognizes gestures on a touchscreen until it is unplugged or the process gets SIGINT or
/// SIGTERM, with the library's own poll loop.
///
/// - Parameters:
///   - path: The device node, such as `/dev/input/event5`.
///   - engine: The recognizers to drive.
/// - Returns: Why the loop stopped.
/// - Throws: `EvdevError` when the device cannot be opened or read.
public func recognizeLive(path: String, engine: GestureEngine) throws(EvdevError) -> LiveExit {
  let input = try EvdevInput.open(path: path)
  var pipeline = TouchPipeline(input: input, engine: engine)
  var loop = LiveLoop(input: input, exitAfterIdle: nil, maxEvents: nil)
  return try loop.run(&pipeline)
}

/// Recognizes gestures on an opened device with a hand-written loop, the pipeline's calls an
/// event loop needs in plain sight: `feed(_:)` for each event, `fireDueDeadlines` for how
/// long it may wait (timers firing in event time), `cancelAll(at:)` when the device is gone.
///
/// - Parameters:
///   - input: The opened device.
///   - engine: The recognizers to drive.
///   - shouldStop: Asked after each wake-up.
/// - Throws: `EvdevError` when reading or polling fails.
public func recognize(
  from input: EvdevInput, engine: GestureEngine, until shouldStop: () -> Bool
) throws(EvdevError) {
  let pipeline = TouchPipeline(input: input, engine: engine)
  var events: [InputEvent] = []
  let clock = ContinuousClock()
  let start = clock.now
  // The local clock, for waiting only: event time is the device's clock.
  let now = { microseconds(start.duration(to: clock.now)) }
  var lastArrival = now()
  while !shouldStop() {
    var timeout: Int32 = -1
    if let wait = pipeline.fireDueDeadlines(now: now(), lastArrival: lastArrival) {
      timeout = Int32(clamping: (wait + 999) / 1000)
    }
    let woken = try input.wait(timeout: timeout)
    if woken == .timeout || woken == .interrupted { continue }
    events.removeAll(keepingCapacity: true)
    let status = try input.readAvailable(into: &events)
    lastArrival = now()
    for event in events {
      pipeline.feed(event)
    }
    if status == .deviceGone || woken == .hangup {
      pipeline.cancelAll(at: pipeline.lastTime)
      return
    }
  }
}

/// `duration` in whole microseconds, rounded down.
func microseconds(_ duration: Duration) -> Microseconds {
  let (seconds, attoseconds) = duration.components
  return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
}
