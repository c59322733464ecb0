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
