import EvdevDevice
import GestureRecognition
import TextOutput
import TouchInput

/// One touchscreen in the daemon: its opened node, decoder (with the device rule's rotation,
/// size and calibration), the engine its bindings need and their matcher.
///
/// Time is handled as in `LiveLoop`: event time is never compared with the local clock; a
/// deadline is turned into a poll timeout relative to when the last event arrived, and when
/// it expires the engine advances to the deadline itself, in event time.
final class DeviceSession {
  let input: EvdevInput
  /// The device's name and surface, as bindings and commands see it.
  private(set) var device: MatchedDevice
  private var decoder: TouchDecoder
  private var engine: ClusteredEngine
  private var matcher: BindingMatcher
  private let act: (Binding, [String]) -> Void
  private let log: (String) -> Void
  private let explain: Bool
  private var lastEventTime: Microseconds?
  private var lastArrival: Microseconds = 0
  /// The latest event time the engine has seen: the last event's, or a deadline it fired.
  private var engineTime: Microseconds = 0
  private var buffer: [InputEvent] = []
  /// Whether frames older than a timer already fired were reported (once per device).
  private var reportedLateFrames = false

  /// Builds the session for an opened device.
  ///
  /// - Parameters:
  ///   - input: The device.
  ///   - options: Rotation, size and calibration from the device rules.
  ///   - bindings: Every binding; the matcher keeps the ones whose device glob matches.
  ///   - act: Runs a fired binding with its variables.
  ///   - log: Receives decoder warnings (and state changes with `explain`).
  ///   - explain: Log every recognizer state change with its reason.
  init(
    input: EvdevInput, options: DecoderOptions, bindings: [Binding],
    act: @escaping (Binding, [String]) -> Void, log: @escaping (String) -> Void,
    explain: Bool = false
  ) {
    self.input = input
    self.act = act
    self.log = log
    self.explain = explain
    decoder = TouchDecoder(device: input.device, options: options)
    device = MatchedDevice(
      name: input.device.name, node: input.path, width: decoder.geometry.width,
      height: decoder.geometry.height)
    matcher = BindingMatcher(bindings: bindings, device: device)
    engine = ClusteredEngine(maximumSpread: nil) { GestureEngine() }
    engine = makeEngine()
    lastArrival = localNow()
  }

  /// The number of bindings this device uses.
  var bindingCount: Int { matcher.deviceBindings.count }

  private func makeEngine() -> ClusteredEngine {
    let bindings = matcher.deviceBindings
    let engine = ClusteredEngine(
      maximumSpread: bindings.lazy.compactMap(\.tunables.maximumSpread).first
    ) { [device] in
      RecognizerPlan.makeEngine(for: bindings, width: device.width, height: device.height)
    }
    let matcher = self.matcher
    let act = self.act
    engine.onEvent = { event, recognizer in
      for firing in matcher.handle(event, from: ObjectIdentifier(recognizer)) {
        act(firing.binding, firing.environment)
      }
    }
    if explain {
      let log = self.log
      let node = input.path
      engine.explain = { entry in log("\(node): \(seconds(entry.time)) \(entry)") }
    }
    return engine
  }

  /// Replaces the bindings and decoder options (SIGHUP); gestures in flight are cancelled.
  func reconfigure(options: DecoderOptions, bindings: [Binding]) {
    cancel()
    decoder = TouchDecoder(device: input.device, options: options)
    device.width = decoder.geometry.width
    device.height = decoder.geometry.height
    matcher = BindingMatcher(bindings: bindings, device: device)
    engine = makeEngine()
  }

  /// Reads and handles everything queued; returns false when the device is gone.
  func readAvailable() throws(EvdevError) -> Bool {
    buffer.removeAll(keepingCapacity: true)
    let status = try input.readAvailable(into: &buffer)
    if !buffer.isEmpty { lastArrival = localNow() }
    for event in buffer {
      if decoder.feed(event) {
        let frame = decoder.frame
        if frame.time < engineTime { reportLateFrame(frame.time) }
        engine.advance(to: frame.time)
        engine.process(frame)
      }
      lastEventTime = event.time
      engineTime = max(engineTime, event.time)
    }
    for warning in decoder.takeWarnings() { log("warning: \(input.path): \(warning.message)") }
    return status == .drained
  }

  /// A frame came in that is older than a timer the engine already fired: events were queued
  /// longer than the timer's own wait (the machine or the driver stalled), so a tap may have
  /// been taken for single that a replay would see as double. Said once per device.
  private func reportLateFrame(_ time: Microseconds) {
    guard !reportedLateFrames else { return }
    reportedLateFrames = true
    let late = fixed(Double(engineTime - time) / 1000, places: 1)
    log(
      "warning: \(input.path): events arrived after a timer they precede had fired (by \(late) ms); "
        + "gestures around them may differ from a replay of the same events")
  }

  /// Fires the deadlines that are due by the local clock `now` and returns how long (local
  /// µs) until the next one, or nil when none is pending (a finger-free device: no timeout).
  func settleDeadlines(now: Microseconds) -> Microseconds? {
    while let deadline = engine.nextDeadline, let lastEventTime {
      let wait = (deadline - lastEventTime) - (now - lastArrival)
      if wait > 0 { return wait }
      engine.advance(to: deadline)
      engineTime = max(engineTime, deadline)
    }
    return nil
  }

  /// Cancels every touch and gesture in flight (device gone, reload, stop).
  func cancel() {
    if let frame = decoder.cancelAll(at: engineTime) {
      engine.advance(to: frame.time)
      engine.process(frame)
    }
    engine.cancelAll(at: engineTime)
    matcher.cancelAll()
    _ = decoder.takeWarnings()
  }
}
