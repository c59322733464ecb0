/// One target-action pair: the target held weakly, the action an unbound method, and where it
/// was added (the pair's identity: Swift cannot compare two functions).
struct TargetAction {
  weak var target: AnyObject?
  let site: CallSite
  let invoke: (AnyObject, GestureRecognizer) -> Void
}

/// Where `addTarget(_:action:)` was called.
struct CallSite: Equatable {
  let file: String
  let line: Int
  let column: Int
}

/// Target-action registration, typed by the recognizer's own class: every recognizer has it
/// (``GestureRecognizer`` conforms, so your subclass does too, with no declaration of its own).
public protocol TargetActionRecognizer: GestureRecognizer {}

extension GestureRecognizer: TargetActionRecognizer {}

extension TargetActionRecognizer {
  /// Calls `action` on `target` with this recognizer for every action, after the targets added
  /// before it; `target` is held weakly (a deallocated target is skipped).
  ///
  /// `recognizer.addTarget(controller, action: Controller.handleSwipe)` with
  /// `func handleSwipe(_ recognizer: SwipeGestureRecognizer)` — or with your own subclass's
  /// type. As UIKit ignores a target-action pair added twice, a pair already added is ignored:
  /// Swift cannot compare two functions, so a pair is the live target and the place in the
  /// source it was added from (wiring code run twice adds it once). Two actions of one target
  /// are two `addTarget` calls on two lines.
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> (Self) -> Void,
    fileID: String = #fileID, line: Int = #line, column: Int = #column
  ) {
    let site = CallSite(file: fileID, line: line, column: column)
    insert(
      TargetAction(target: target, site: site) { object, recognizer in
        guard let object = object as? Target, let recognizer = recognizer as? Self else { return }
        action(object)(recognizer)
      })
  }
}

extension GestureRecognizer {
  /// Adds `pair` unless the same target was already added from the same place.
  final func insert(_ pair: TargetAction) {
    if targets.contains(where: { $0.site == pair.site && $0.target === pair.target }) { return }
    // Moved out, changed and moved back: no access to `targets` spans the append.
    var pairs = targets
    targets = []
    pairs.removeAll { $0.target == nil }
    pairs.append(pair)
    targets = pairs
  }
}

extension GestureRecognizer {
  /// Removes every action of `target`, or every target when `target` is nil (deallocated
  /// targets go too).
  public func removeTarget(_ target: AnyObject?) {
    guard let target else {
      targets = []
      return
    }
    var pairs = targets
    targets = []
    pairs.removeAll { $0.target == nil || $0.target === target }
    targets = pairs
  }

  /// The number of target-action pairs whose target is alive (a pair added twice counts once,
  /// as it is called once).
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
