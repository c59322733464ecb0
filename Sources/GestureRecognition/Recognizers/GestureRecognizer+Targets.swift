/// One target-action pair: the target held weakly, the action an unbound method.
struct TargetAction {
  weak var target: AnyObject?
  let identity: ObjectIdentifier
  let invoke: (AnyObject, GestureRecognizer) -> Void
}

/// Adds target-action registration to every recognizer, typed by the recognizer's own class.
public protocol TargetActionRecognizer: GestureRecognizer {}

extension TargetActionRecognizer {
  /// Calls `action` on `target` with this recognizer for every action, after the targets added
  /// before it; `target` is held weakly (a deallocated target is skipped).
  ///
  /// `recognizer.addTarget(controller, action: Controller.handleSwipe)` with
  /// `func handleSwipe(_ recognizer: SwipeGestureRecognizer)`.
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> (Self) -> Void
  ) {
    let pair = TargetAction(target: target, identity: ObjectIdentifier(target)) {
      object, recognizer in
      guard let object = object as? Target, let recognizer = recognizer as? Self else { return }
      action(object)(recognizer)
    }
    // Moved out, changed and moved back: no access to `targets` spans the append.
    var pairs = targets
    targets = []
    pairs.append(pair)
    targets = pairs
  }
}

extension GestureRecognizer {
  /// Removes every action of `target`, or every target when `target` is nil.
  public func removeTarget(_ target: AnyObject?) {
    guard let target else {
      targets = []
      return
    }
    let identity = ObjectIdentifier(target)
    var pairs = targets
    targets = []
    pairs.removeAll { $0.identity == identity }
    targets = pairs
  }

  /// The number of registered targets still alive.
  public var targetCount: Int {
    targets.reduce(0) { $0 + ($1.target == nil ? 0 : 1) }
  }

  /// Calls every live target's action, in the order added.
  func sendActions() {
    var index = 0
    // One copy of the pair, then the call: no access to `targets` spans an action (an action
    // may add or remove targets).
    while index < targets.count {
      let pair = targets[index]
      if let object = pair.target { pair.invoke(object, self) }
      index += 1
    }
  }
}
