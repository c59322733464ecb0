import EvdevDevice
import GestureRecognition
import TouchInput

/// Decodes a live device's events into touch frames and feeds them to a gesture engine: the
/// sink that `LiveLoop` drives.
public struct GestureSink: LiveEventSink, ~Copyable {
  private let decoder: TouchDecoder
  private let engine: GestureEngine

  /// Creates a sink for the device's events and the engine's recognizers.
  public init(device: DeviceDescription, engine: GestureEngine) {
    decoder = TouchDecoder(device: device)
    self.engine = engine
  }

  /// Decodes one event; a completed frame goes to the engine.
  public mutating func handle(_ event: InputEvent) {
    if let frame = decoder.decode(event) {
      engine.process(frame)
    }
  }

  /// The engine's next timer, in event time.
  public var nextDeadline: Microseconds? { engine.nextDeadline }

  /// Fires the engine's timers up to `time`: the device was quiet until then.
  public mutating func advance(to time: Microseconds) {
    engine.advance(to: time)
  }

  /// Cancels the touches and gestures in flight.
  public mutating func deviceVanished(at time: Microseconds) {
    cancelEverything(at: time)
  }

  /// Cancels the touches and gestures in flight.
  public mutating func interrupted(at time: Microseconds) {
    cancelEverything(at: time)
  }

  private mutating func cancelEverything(at time: Microseconds) {
    // Timers due by then fire; the touches' cancellation is no frame for the engine (it would
    // fail a triple tap and so release the double tap held behind it).
    engine.advance(to: time)
    _ = decoder.cancelAll(at: time)
    engine.cancelAll(at: time)
  }
}

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
  var sink = GestureSink(device: input.device, engine: engine)
  var loop = LiveLoop(input: input, exitAfterIdle: nil, maxEvents: nil)
  return try loop.run(&sink)
}

/// Recognizes gestures on an opened device with a hand-written loop, the three calls an event
/// loop needs from the engine in plain sight: `process(_:)` for each frame, `nextDeadline` for
/// how long it may wait, `advance(to:)` when that time has come with no event.
///
/// - Parameters:
///   - input: The opened device.
///   - engine: The recognizers to drive.
///   - shouldStop: Asked after each wake-up.
/// - Throws: `EvdevError` when reading or polling fails.
public func recognize(
  from input: EvdevInput, engine: GestureEngine, until shouldStop: () -> Bool
) throws(EvdevError) {
  let decoder = TouchDecoder(device: input.device)
  var events: [InputEvent] = []
  let clock = ContinuousClock()
  var lastEventTime: Microseconds?
  var lastArrival = clock.now
  while !shouldStop() {
    var timeout: Int32 = -1
    if let deadline = engine.nextDeadline, let lastEventTime {
      // Event time is the device's clock: count the wait from when the last event arrived.
      let wait = .microseconds(deadline - lastEventTime) - lastArrival.duration(to: clock.now)
      if wait <= .zero {
        engine.advance(to: deadline)
        continue
      }
      timeout = milliseconds(roundingUp: wait)
    }
    let woken = try input.wait(timeout: timeout)
    if woken == .timeout || woken == .interrupted { continue }
    events.removeAll(keepingCapacity: true)
    let status = try input.readAvailable(into: &events)
    lastArrival = clock.now
    for event in events {
      lastEventTime = event.time
      if let frame = decoder.decode(event) {
        engine.process(frame)
      }
    }
    if status == .deviceGone || woken == .hangup {
      let time = lastEventTime ?? 0
      if let frame = decoder.cancelAll(at: time) {
        engine.process(frame)
      }
      engine.cancelAll(at: time)
      return
    }
  }
}

/// `duration` in whole milliseconds, rounded up so a timer is never woken early.
func milliseconds(roundingUp duration: Duration) -> Int32 {
  let (seconds, attoseconds) = duration.components
  let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
  let rest = (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
  return Int32(clamping: seconds * 1000 + rest)
}
