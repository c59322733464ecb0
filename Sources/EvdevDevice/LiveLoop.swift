import TouchInput

/// What the live loop drives: a decoder and gesture engine, a recorder, or a test probe.
///
/// Every time it is given is event time (microseconds on the device's clock), so a sink run
/// live produces exactly what it produces when a recording of the same events is replayed.
/// A sink need not be copyable: a noncopyable struct of your own can be one.
public protocol LiveEventSink: ~Copyable {
  /// Handles one event read from the device, in order.
  mutating func handle(_ event: InputEvent)
  /// The event time of the next timer (a long press, a double-tap window), if any.
  var nextDeadline: Microseconds? { get }
  /// Fires timers up to `time` with no new event: the device was quiet until then.
  mutating func advance(to time: Microseconds)
  /// The device was unplugged; cancel what is in flight at `time` (the last event's time, or
  /// the last deadline the sink advanced to when that is later).
  mutating func deviceVanished(at time: Microseconds)
  /// The user asked to stop (SIGINT or SIGTERM); `time` is as in `deviceVanished(at:)`.
  mutating func interrupted(at time: Microseconds)
  /// Everything read so far was handled and the loop is about to wait for the device: the
  /// moment to flush buffered output, so a reader of a pipe sees it as it happens.
  mutating func willWait()
}

extension LiveEventSink where Self: ~Copyable {
  /// Does nothing: a sink without buffered output has nothing to flush.
  public mutating func willWait() {}
}

/// Why `LiveLoop.run(_:)` returned.
public enum LiveExit: Sendable, Equatable {
  /// No event arrived for the idle limit (`--exit-after-idle`).
  case idle
  /// The event limit was reached (`--max-events`).
  case maxEvents
  /// The stop descriptor became readable (the caller's SIGINT or SIGTERM handler); the sink
  /// was told with `interrupted(at:)`.
  case interrupted
  /// The device vanished; the sink was told with `deviceVanished(at:)`.
  case deviceGone
}

/// The poll loop of the live path: reads events into a sink and turns the sink's deadlines
/// into poll timeouts, so a timer fires while a finger rests with no event arriving.
///
/// Event time and the local monotonic clock are never assumed to agree. A deadline is mapped
/// to local time relative to when the last event arrived:
/// `timeout = (deadline − last event time) − (now − last arrival)`; when it expires the sink
/// advances to the deadline itself, in event time.
public struct LiveLoop {
  /// The device being read.
  public let input: EvdevInput
  /// Stop after this many milliseconds of local time without an event, or never.
  public var exitAfterIdle: Int?
  /// Stop after this many events, or never.
  public var maxEvents: Int?
  /// How late (local µs after it was due) each deadline fired: from a poll timeout, or when
  /// events arrived after it was due. Only the first `latencySampleLimit` are kept, so a long
  /// session stays small.
  public private(set) var deadlineLateness: [Microseconds] = []
  /// The most lateness samples kept.
  public static let latencySampleLimit = 100_000
  /// The number of events handed to the sink so far.
  public private(set) var eventCount = 0
  /// The number of events that arrived after a deadline later than their own time had fired:
  /// they sat queued longer than the timer's wait (the machine or the driver stalled), so the
  /// gestures around them may differ from a replay of the same events.
  public private(set) var eventsAfterTheirTimers = 0
  /// The most such an event was behind the deadline fired before it, in microseconds.
  public private(set) var mostBehindTimer: Microseconds = 0

  private var lastEventTime: Microseconds?
  /// The latest event time the sink has seen: the last event's, or a deadline it advanced to.
  private var sinkTime: Microseconds = 0
  private var lastArrival: Microseconds = 0
  /// The latest deadline the sink advanced to with no event (a poll timeout).
  private var firedDeadline: Microseconds = .min
  private var buffer: [InputEvent] = []

  /// Creates a loop over an opened device.
  ///
  /// - Parameters:
  ///   - input: The device.
  ///   - exitAfterIdle: Milliseconds of local time without events after which `run` returns
  ///     `.idle`; `nil` waits forever.
  ///   - maxEvents: The number of events after which `run` returns `.maxEvents`.
  public init(input: EvdevInput, exitAfterIdle: Int?, maxEvents: Int?) {
    self.input = input
    self.exitAfterIdle = exitAfterIdle
    self.maxEvents = maxEvents
    buffer.reserveCapacity(256)
  }

  /// A descriptor whose becoming readable stops `run(_:)` with `.interrupted`: the read end of
  /// the caller's signal self-pipe, an eventfd. The loop installs no signal handler itself;
  /// it never reads this descriptor (draining it is the caller's business).
  public var stopDescriptor: Int32?

  /// Runs until the device vanishes, `stopDescriptor` becomes readable, or an idle or event
  /// limit is reached. Blocks the calling thread; ``readReady(_:)`` and
  /// ``fireDueDeadlines(_:)`` are the same steps for a caller's own event loop.
  ///
  /// - Parameter sink: Receives the events, timer advances and the ending.
  /// - Returns: Why the loop stopped.
  /// - Throws: `EvdevError` when reading or polling fails.
  public mutating func run<S: LiveEventSink & ~Copyable>(_ sink: inout S) throws(EvdevError)
    -> LiveExit
  {
    lastArrival = monotonicNow()
    while true {
      let now = monotonicNow()
      var timeout: Int64 = -1
      if let wait = fireDueDeadlines(&sink) {
        // Linux lets a poll timeout expire up to 0.1 % late (0.5 ms on a 500 ms long press);
        // wake that much early and wait out the rest, which gets the minimum slack.
        timeout = wait - wait / 1000
      }
      if let exitAfterIdle {
        let idleLeft = Int64(exitAfterIdle) * 1000 - (now - lastArrival)
        if idleLeft <= 0 { return .idle }
        if timeout < 0 || idleLeft < timeout { timeout = idleLeft }
      }
      sink.willWait()
      switch try input.wait(microseconds: timeout, stop: stopDescriptor ?? -1) {
      case .timeout:
        continue  // The top of the loop fires the deadline that is due, or waits the rest.
      case .interrupted:
        stop(&sink)
        return .interrupted
      case .hangup:
        return try hangUp(&sink)
      case .readable:
        if let exit = try readReady(&sink) { return exit }
      }
    }
  }

  /// Fires the sink's deadlines that are due by now (in local time since the last event
  /// arrived) and returns how long to wait for the next one: microseconds of local time, or
  /// `nil` when no timer runs. For a caller's event loop: the timeout of its poll, its timer
  /// source or its `Task.sleep`, after which it calls this again.
  public mutating func fireDueDeadlines<S: LiveEventSink & ~Copyable>(_ sink: inout S)
    -> Microseconds?
  {
    if lastArrival == 0 { lastArrival = monotonicNow() }
    while let deadline = sink.nextDeadline, let lastEventTime {
      let wait = (deadline - lastEventTime) - (monotonicNow() - lastArrival)
      guard wait <= 0 else { return wait }
      recordLateness(-wait)
      sink.advance(to: deadline)
      sinkTime = max(sinkTime, deadline)
      firedDeadline = max(firedDeadline, deadline)
    }
    return nil
  }

  /// Reads the events the device has queued (one `read(2)`, see
  /// `EvdevInput.readAvailable(into:untilEmpty:)`), without blocking, and hands them to the sink
  /// (deadlines that passed meanwhile fire in event-time order as the sink handles them). For a
  /// caller's event loop: call it when `input.descriptor` is readable.
  ///
  /// - Returns: `.deviceGone` (the sink was told) or `.maxEvents`, or `nil` to go on.
  /// - Throws: `EvdevError` when reading fails.
  public mutating func readReady<S: LiveEventSink & ~Copyable>(_ sink: inout S)
    throws(EvdevError) -> LiveExit?
  {
    if lastArrival == 0 { lastArrival = monotonicNow() }
    // A deadline already due when events arrive (the process was not scheduled in time)
    // is fired by the sink while it handles them, in event-time order; count it too.
    let pending = sink.nextDeadline
    var overdue: Microseconds?
    if let pending, let lastEventTime {
      let late = monotonicNow() - (lastArrival + (pending - lastEventTime))
      if late > 0 { overdue = late }
    }
    if let exit = try readBatch(into: &sink) { return exit }
    if let overdue, let pending, let lastEventTime, lastEventTime >= pending,
      sink.nextDeadline != pending
    {
      recordLateness(overdue)
    }
    return nil
  }

  /// The device's descriptor hung up (`POLLHUP`/`POLLERR`): reads what is still queued, then
  /// tells the sink the device vanished.
  ///
  /// A pty keeps what was written before it closed; a kernel node answers `ENODEV` at once.
  /// After a hang-up a read may return 0 bytes, which libevdev reports as "nothing queued", so
  /// a caller's loop must not wait for the descriptor again.
  public mutating func hangUp<S: LiveEventSink & ~Copyable>(_ sink: inout S) throws(EvdevError)
    -> LiveExit
  {
    if let exit = try readBatch(into: &sink, untilEmpty: true) { return exit }
    sink.deviceVanished(at: sinkTime)
    return .deviceGone
  }

  /// The caller stops (a signal, a quit button): the sink cancels what is in flight at the
  /// latest event time it saw (`interrupted(at:)`).
  public mutating func stop<S: LiveEventSink & ~Copyable>(_ sink: inout S) {
    sink.interrupted(at: sinkTime)
  }

  private mutating func recordLateness(_ lateness: Microseconds) {
    if deadlineLateness.count < Self.latencySampleLimit { deadlineLateness.append(lateness) }
  }

  private mutating func readBatch<S: LiveEventSink & ~Copyable>(
    into sink: inout S, untilEmpty: Bool = false
  ) throws(EvdevError) -> LiveExit? {
    buffer.removeAll(keepingCapacity: true)
    let status = try input.readAvailable(into: &buffer, untilEmpty: untilEmpty)
    if !buffer.isEmpty { lastArrival = monotonicNow() }
    for event in buffer {
      if event.time < firedDeadline {
        eventsAfterTheirTimers += 1
        mostBehindTimer = max(mostBehindTimer, firedDeadline - event.time)
      }
      sink.handle(event)
      lastEventTime = event.time
      sinkTime = max(sinkTime, event.time)
      eventCount += 1
      if let maxEvents, eventCount >= maxEvents { return .maxEvents }
    }
    if status == .deviceGone {
      sink.deviceVanished(at: sinkTime)
      return .deviceGone
    }
    return nil
  }
}
