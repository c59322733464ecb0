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
    targets.append(
      TargetAction(target: target, identity: ObjectIdentifier(target)) { object, recognizer in
        guard let object = object as? Target, let recognizer = recognizer as? Self else { return }
        action(object)(recognizer)
      })
  }
}

extension GestureRecognizer {
  /// Removes every action of `target`, or every target when `target` is nil.
  public func removeTarget(_ target: AnyObject?) {
    guard let target else {
      targets.removeAll()
      return
    }
    let identity = ObjectIdentifier(target)
    targets.removeAll { $0.identity == identity }
  }

  /// The number of registered targets still alive.
  public var targetCount: Int {
    targets.reduce(0) { $0 + ($1.target == nil ? 0 : 1) }
  }

  /// Calls every live target's action, in the order added.
  func sendActions() {
    var index = 0
    while index < targets.count {
      if let object = targets[index].target { targets[index].invoke(object, self) }
      index += 1
    }
  }
}
