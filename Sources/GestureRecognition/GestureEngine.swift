import TouchInput

/// Feeds touch frames and time to recognizers, arbitrates between them and delivers their
/// actions.
///
/// Time is event time only: `process(_:)` first fires every deadline up to the frame's time,
/// `advance(to:)` fires deadlines with no frame, and `nextDeadline` tells a live loop how long
/// it may wait. Actions are delivered after each transition completes, from one place
/// (`deliver()`), to `onEvent` and then to the recognizer's targets.
public final class GestureEngine {
  /// The recognizers, in the order added (which is also the order they see each frame).
  public private(set) var recognizers: [GestureRecognizer] = []
  /// Receives every state change of every recognizer with its reason; nil costs nothing.
  public var explain: ((ExplainEntry) -> Void)?
  /// Receives every delivered action, before the recognizer's targets.
  public var onEvent: ((GestureEvent, GestureRecognizer) -> Void)?
  /// The latest event time seen.
  public private(set) var time: Microseconds = .min

  /// Bit j of `simultaneous[i]`: recognizers i and j may both be recognized.
  var simultaneous: [UInt64] = []
  /// Bit j of `requirements[i]`: recognizer i waits for recognizer j to fail.
  var requirements: [UInt64] = []
  /// Bit i of `dependents[j]`: recognizer i waits for recognizer j to fail.
  var dependents: [UInt64] = []
  private var outbox: [(GestureRecognizer, GestureEvent)] = []
  private var delivering = false

  /// The most recognizers one engine holds.
  public static let capacity = 64

  /// Creates an engine with no recognizers.
  public init() {
    outbox.reserveCapacity(64)
  }

  /// Adds a recognizer (after those already added) and returns it.
  ///
  /// - Parameter region: If given, the recognizer only sees touches that began inside it.
  @discardableResult
  public func add<Recognizer: GestureRecognizer>(
    _ recognizer: Recognizer, region: MillimeterRect? = nil
  ) -> Recognizer {
    precondition(recognizer.slot < 0, "gesture engine: recognizer added twice")
    precondition(recognizers.count < Self.capacity, "gesture engine: more than 64 recognizers")
    if let region { recognizer.region = region }
    recognizer.slot = recognizers.count
    recognizers.append(recognizer)
    simultaneous.append(0)
    requirements.append(0)
    dependents.append(0)
    return recognizer
  }

  /// Feeds one frame: fires every deadline up to its time (in deadline order), then lets every
  /// recognizer see it, arbitrates, delivers the actions and resets finished recognizers.
  public func process(_ frame: TouchFrame) {
    precondition(!delivering, "gesture engine: process called from an action")
    advance(to: frame.time)
    let shared = frame.activeTouchCount
    for recognizer in recognizers {
      let active = recognizer.region == nil ? shared : recognizer.admit(frame)
      if !recognizer.state.isTerminal {
        apply(recognizer.handle(frame), to: recognizer, at: frame.time)
      }
      recognizer.release(frame)
      recognizer.activeTouches = active
    }
    deliver()
    resetFinished(at: frame.time)
  }

  /// Fires every deadline up to and including `time`, in deadline order, with no new frame.
  public func advance(to time: Microseconds) {
    while let recognizer = earliestDue(by: time), let deadline = recognizer.deadline {
      self.time = max(self.time, deadline)
      apply(recognizer.handleDeadline(deadline), to: recognizer, at: deadline)
      deliver()
      resetFinished(at: deadline)
    }
    self.time = max(self.time, time)
  }

  /// When the next deadline is due (event time), or nil if no timer runs.
  public var nextDeadline: Microseconds? {
    var earliest: Microseconds?
    for recognizer in recognizers {
      if let d = recognizer.deadline, d < (earliest ?? .max) { earliest = d }
    }
    return earliest
  }

  /// The longest any recognizer's deadline can lie after an input.
  public var longestTimeout: Microseconds {
    recognizers.reduce(0) { max($0, $1.longestTimeout) }
  }

  /// End of input: advances to `lastEventTime` plus the longest timeout, so a trailing tap or
  /// long press is still reported. Cancels nothing.
  public func flush(after lastEventTime: Microseconds) {
    advance(to: lastEventTime + longestTimeout)
  }

  /// Cancels gestures in flight and fails undecided ones (the device vanished), then resets
  /// every recognizer as if all touches lifted at `time`.
  public func cancelAll(at time: Microseconds) {
    for recognizer in recognizers {
      if recognizer.state.isActive {
        recognizer.forceCancel()
        move(recognizer, to: .cancelled, .cancelledByEngine, at: time)
        outbox.append((recognizer, recognizer.makeEvent(.cancelled, at: time)))
      } else if recognizer.state == .possible && (recognizer.isEngaged || recognizer.isHeld) {
        fail(recognizer, .cancelledByEngine, at: time)
      }
      recognizer.activeTouches = 0
      recognizer.regionTouches.removeAll(keepingCapacity: true)
      recognizer.deadline = nil
    }
    deliver()
    resetFinished(at: time)
  }

  // MARK: Transitions and delivery

  /// Moves `recognizer` to `state`, checking UIKit's legal transitions, and explains why.
  func move(
    _ recognizer: GestureRecognizer, to state: GestureState, _ reason: GestureReason,
    at time: Microseconds
  ) {
    guard recognizer.state.canMove(to: state) else {
      preconditionFailure(
        "\(recognizer.name): illegal transition \(recognizer.state) → \(state)")
    }
    if let explain {
      explain(
        ExplainEntry(
          time: time, recognizer: recognizer.name, kind: recognizer.kind, from: recognizer.state,
          to: state, reason: reason))
    }
    recognizer.state = state
  }

  /// Queues an action for delivery after the current transition completes.
  func enqueue(_ recognizer: GestureRecognizer, _ event: GestureEvent) {
    outbox.append((recognizer, event))
  }

  /// Explains a held recognition (possible stays possible).
  func explainHeld(_ recognizer: GestureRecognizer, _ reason: GestureReason, at time: Microseconds) {
    guard let explain else { return }
    explain(
      ExplainEntry(
        time: time, recognizer: recognizer.name, kind: recognizer.kind, from: .possible,
        to: .possible, reason: reason))
  }

  /// Delivers the queued actions, in order: `onEvent`, then the targets in the order added.
  private func deliver() {
    guard !outbox.isEmpty else { return }
    delivering = true
    var index = 0
    while index < outbox.count {
      let (recognizer, event) = outbox[index]
      recognizer.event = event
      onEvent?(event, recognizer)
      recognizer.sendActions()
      index += 1
    }
    outbox.removeAll(keepingCapacity: true)
    delivering = false
  }

  /// Returns every finished recognizer whose touches are all gone to possible.
  private func resetFinished(at time: Microseconds) {
    for recognizer in recognizers where recognizer.state.isTerminal && recognizer.activeTouches == 0 {
      move(recognizer, to: .possible, .allTouchesGone, at: time)
      recognizer.reset()
      recognizer.isHeld = false
      recognizer.heldEvents.removeAll(keepingCapacity: true)
    }
  }

  private func earliestDue(by time: Microseconds) -> GestureRecognizer? {
    var best: GestureRecognizer?
    var bestDeadline = time
    for recognizer in recognizers {
      guard let d = recognizer.deadline, d <= bestDeadline else { continue }
      if best == nil || d < bestDeadline {
        best = recognizer
        bestDeadline = d
      }
    }
    return best
  }
}
