import EvdevDevice
import GesturePipeline
import GestureRecognition
import TextOutput
import TouchInput

/// One touchscreen in the daemon: its opened node, its `TouchPipeline` (decoder with the
/// device rule's rotation, size and calibration, and the engine its bindings need) and their
/// matcher.
///
/// The pipeline is the one join of decoder, engine and time, as in `gesturectl live` and
/// `replay`: it holds the latest time, fires deadlines against the local clock
/// (`fireDueDeadlines(now:lastArrival:)`, event time never compared with it), reports frames
/// that came after a timer they precede, and cancels on unplug, reload and stop the way a
/// recording's input error does (`cancelAll(at:)`: the touches' cancellation frame does not
/// reach the engine, so a double tap held behind a triple tap is not released by it).
final class DeviceSession {
  let input: EvdevInput
  /// The device's name and surface, as bindings and commands see it.
  private(set) var device: MatchedDevice
  private var pipeline: TouchPipeline
  private var matcher: BindingMatcher
  private let act: (Firing) -> Void
  private let log: (String) -> Void
  private let explain: Bool
  /// The local clock when events last arrived.
  private var lastArrival: Microseconds = 0
  private var buffer: [InputEvent] = []
  /// Whether frames older than a timer already fired were reported (once per device).
  private var reportedLateFrames = false
  /// With a device rule's `own`: what the clone the compositor sees gets.
  let forwarder: TouchForwarder?

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
    act: @escaping (Firing) -> Void, log: @escaping (String) -> Void,
    explain: Bool = false, clone: VirtualDevice? = nil
  ) {
    self.input = input
    forwarder = clone.map { TouchForwarder(clone: $0, log: log) }
    self.act = act
    self.log = log
    self.explain = explain
    let geometry = SurfaceGeometry(device: input.device, options: options)
    device = MatchedDevice(
      name: input.device.name, node: input.path, width: geometry.width, height: geometry.height)
    matcher = BindingMatcher(bindings: bindings, device: device)
    pipeline = Self.makePipeline(
      input: input, options: options, matcher: matcher, device: device, act: act, log: log,
      explain: explain, forwarder: forwarder)
    pipeline.onLateFrame = { [weak self] frame, latest in self?.reportLateFrame(frame, latest) }
    lastArrival = localNow()
  }

  /// The number of bindings this device uses.
  var bindingCount: Int { matcher.deviceBindings.count }

  /// A pipeline for the device whose engine has the recognizers `matcher`'s bindings need.
  private static func makePipeline(
    input: EvdevInput, options: DecoderOptions, matcher: BindingMatcher, device: MatchedDevice,
    act: @escaping (Firing) -> Void, log: @escaping (String) -> Void, explain: Bool,
    forwarder: TouchForwarder?
  ) -> TouchPipeline {
    let pipeline = makePipeline(
      input: input, options: options, matcher: matcher, device: device, act: act, log: log,
      explain: explain, claim: forwarder.map { forwarder in { forwarder.claim() } })
    if let forwarder {
      pipeline.onFrame = { forwarder.noteFrame($0) }
      forwarder.configure(
        bindings: matcher.deviceBindings, engines: pipeline.engines, device: device)
    }
    return pipeline
  }

  private static func makePipeline(
    input: EvdevInput, options: DecoderOptions, matcher: BindingMatcher, device: MatchedDevice,
    act: @escaping (Firing) -> Void, log: @escaping (String) -> Void, explain: Bool,
    claim: (() -> Void)?
  ) -> TouchPipeline {
    let node = input.path
    let bindings = matcher.deviceBindings
    let makeEngine = { (_: SurfaceGeometry) -> GestureEngine in
      let engine = RecognizerPlan.makeEngine(
        for: bindings, width: device.width, height: device.height)
      engine.onEvent = { event, recognizer in
        let firings = matcher.handle(event, from: ObjectIdentifier(recognizer))
        // With `own`, a binding that fires claims the touches down (cancelled on the clone);
        // a key-hold's release, at the gesture's end, claims nothing.
        if firings.contains(where: { !$0.releases }), let claim { claim() }
        for firing in firings { act(firing) }
      }
      if explain {
        engine.explain = { entry in log("\(node): \(seconds(entry.time)) \(entry)") }
      }
      return engine
    }
    // A device rule's `max-spread=`: touches farther apart are separate gestures, each group
    // with an engine of its own (two visitors at a kiosk).
    if let spread = bindings.lazy.compactMap(\.tunables.maximumSpread).first {
      return TouchPipeline(
        device: input.device, options: options, groups: TouchGroups(maximumSpread: spread),
        engine: makeEngine)
    }
    return TouchPipeline(device: input.device, options: options, engine: makeEngine)
  }

  /// Replaces the bindings and decoder options (SIGHUP); gestures in flight are cancelled.
  func reconfigure(options: DecoderOptions, bindings: [Binding]) {
    cancel()
    let geometry = SurfaceGeometry(device: input.device, options: options)
    device.width = geometry.width
    device.height = geometry.height
    matcher = BindingMatcher(bindings: bindings, device: device)
    pipeline = Self.makePipeline(
      input: input, options: options, matcher: matcher, device: device, act: act, log: log,
      explain: explain, forwarder: forwarder)
    pipeline.onLateFrame = { [weak self] frame, latest in self?.reportLateFrame(frame, latest) }
  }

  /// Reads and handles what is queued (one read; after a hang-up, `untilEmpty`: everything);
  /// returns false when the device is gone.
  func readAvailable(untilEmpty: Bool = false) throws(EvdevError) -> Bool {
    buffer.removeAll(keepingCapacity: true)
    let status = try input.readAvailable(into: &buffer, untilEmpty: untilEmpty)
    if !buffer.isEmpty { lastArrival = localNow() }
    if let forwarder {
      // Each frame reaches the clone as soon as the engine has seen it: in this loop turn.
      forwarder.readTime = lastArrival
      for event in buffer {
        forwarder.append(event)
        pipeline.feed(event)
        if event.type == EventType.syn && event.code == SynCode.report { forwarder.endFrame() }
      }
    } else {
      for event in buffer { pipeline.feed(event) }
    }
    for warning in pipeline.takeWarnings() {
      log("warning: \(input.path): \(warning.message)")
    }
    return status == .drained
  }

  /// A frame came in that is older than a timer the engine already fired: events were queued
  /// longer than the timer's own wait (the machine or the driver stalled), so a tap may have
  /// been taken for single that a replay would see as double. Said once per device.
  private func reportLateFrame(_ time: Microseconds, _ latest: Microseconds) {
    guard !reportedLateFrames else { return }
    reportedLateFrames = true
    let late = fixed(Double(latest - time) / 1000, places: 1)
    log(
      "warning: \(input.path): events arrived after a timer they precede had fired "
        + "(by \(late) ms); "
        + "gestures around them may differ from a replay of the same events")
  }

  /// Fires the deadlines that are due by the local clock `now` and returns how long (local
  /// µs) until the next one, or nil when none is pending (a finger-free device: no timeout).
  func settleDeadlines(now: Microseconds) -> Microseconds? {
    let wait = pipeline.fireDueDeadlines(now: now, lastArrival: lastArrival)
    forwarder?.settle()
    return wait
  }

  /// Cancels every touch and gesture in flight (device gone, reload, stop) at the latest time,
  /// as `TouchPipeline.cancelAll(at:)` does for every other live input: the deadlines due by
  /// then fire, nothing later; no binding fires for a gesture the cancellation would complete.
  /// Keys held by `key-hold` bindings are released.
  func cancel() {
    pipeline.cancelAll(at: pipeline.lastTime)
    for release in matcher.cancelAll() { act(release) }
    _ = pipeline.takeWarnings()
    forwarder?.cancelAll()
  }

  /// The device is gone or the daemon stops: the clone (if any) is destroyed after
  /// ``cancel()`` lifted its touches.
  func close() { forwarder?.clone.close() }
}
