/// The state of a gesture recognizer, with UIKit's names.
///
/// Discrete recognizers (tap, swipe) go `possible → recognized | failed`. Continuous recognizers
/// (long press, pan, pinch, rotation) go `possible → began → changed* → ended | cancelled`, or
/// `possible → failed`. Every terminal state returns to `possible` once all the recognizer's
/// touches are gone.
public enum GestureState: UInt8, Sendable, Hashable, CustomStringConvertible {
  /// Watching touches; nothing decided yet.
  case possible
  /// A continuous gesture started.
  case began
  /// A continuous gesture moved on.
  case changed
  /// A continuous gesture finished normally.
  case ended
  /// A continuous gesture was interrupted (a touch was cancelled, or the engine cancelled it).
  case cancelled
  /// The touches are not this gesture; no action is sent.
  case failed
  /// A discrete gesture happened.
  case recognized

  /// The name as printed (a constant, so printers write it with no `String` in between).
  var name: StaticString {
    switch self {
    case .possible: "possible"
    case .began: "began"
    case .changed: "changed"
    case .ended: "ended"
    case .cancelled: "cancelled"
    case .failed: "failed"
    case .recognized: "recognized"
    }
  }
  /// The state's name as printed: `possible`, `began`, `changed`, `ended`, `cancelled`,
  /// `failed` or `recognized`.
  public var description: String { name.description }

  /// Whether the recognizer waits in this state for its touches to lift before resetting.
  public var isTerminal: Bool {
    switch self {
    case .ended, .cancelled, .failed, .recognized: true
    case .possible, .began, .changed: false
    }
  }

  /// Whether a continuous gesture is in progress.
  public var isActive: Bool {
    self == .began || self == .changed
  }

  /// Whether UIKit's state machine allows going from `self` to `next`.
  ///
  /// `possible → possible` is not a transition; terminal → `possible` is the reset.
  public func canMove(to next: GestureState) -> Bool {
    switch (self, next) {
    case (.possible, .began), (.possible, .recognized), (.possible, .failed): true
    case (.began, .changed), (.began, .ended), (.began, .cancelled): true
    case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
    case (.ended, .possible), (.cancelled, .possible), (.failed, .possible),
      (.recognized, .possible):
      true
    default: false
    }
  }
}

/// The kind of gesture a recognizer reports.
public enum GestureKind: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// One or more taps of one or more fingers (discrete).
  case tap
  /// Fingers held still for a while (continuous).
  case longPress
  /// A quick stroke in one direction (discrete).
  case swipe
  /// Fingers dragged across the surface (continuous).
  case pan
  /// Fingers moving apart or together (continuous).
  case pinch
  /// Fingers turning around their centre (continuous).
  case rotation
  /// Fingers dragged inwards from an edge of the surface (continuous).
  case edgePan

  /// The name used in JSON output and APIs (`longPress`), a constant so printers write it with
  /// no `String` in between.
  var name: StaticString {
    switch self {
    case .tap: "tap"
    case .longPress: "longPress"
    case .swipe: "swipe"
    case .pan: "pan"
    case .pinch: "pinch"
    case .rotation: "rotation"
    case .edgePan: "edgePan"
    }
  }
  /// The kind's identifier as printed in JSON: `tap`, `longPress`, `swipe`, `pan`, `pinch` or
  /// `rotation`.
  public var description: String { name.description }

  /// The name people read in text output (`long press`, where JSON says `longPress`).
  public var displayName: StaticString {
    switch self {
    case .longPress: "long press"
    case .edgePan: "edge pan"
    default: name
    }
  }
}
