// Targets on the main actor. `recognizer.addTarget(model, action: Model.handlePan)` with a
// `@MainActor` class or method picks the overload below, itself `@MainActor`:
//
// - Wired from code that is not on the main actor, it does not compile (Swift 6 language
//   mode, or Swift 5 mode with the upcoming feature `InferSendableFromCaptures`): "call to
//   main actor-isolated instance method 'addTarget(_:action:…)' in a synchronous nonisolated
//   context".
// - Wired on the main actor, the recognizer (and the engine it is added to) joins the main
//   actor's isolation region, so Swift 6's checker refuses to send either to another task or
//   thread: the engine runs, and calls the action, on the main actor.
// - What the checker cannot see (an engine smuggled to another thread through an
//   `@unchecked Sendable` box, or code in Swift 5 mode) is caught when the action is due: off
//   the main queue (which runs the main actor) the action is not called, and the engine reports
//   `GestureEngineDiagnostic.targetOffMainActor`. Never a trap, never silent.
//
// Plain Swift 5 mode drops the actor from a method reference's type, so there the plain
// `addTarget` is picked and the action runs where the engine runs (see "Getting started").

import Dispatch

/// Marks the main dispatch queue, which runs the main actor: `DispatchQueue.getSpecific` finds
/// the mark only in code running on it (on the main thread before `dispatch_main`, or on the
/// thread serving the main queue after it, as in an `async` main or a test runner).
private let mainQueueMark: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Whether the caller runs on the main queue, that is on the main actor.
private func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueMark) == true
}

extension TargetActionRecognizer {
  /// Calls `action` on `target`, both on the main actor, with this recognizer for every action
  /// (after the targets added before it); `target` is held weakly. The main-actor spelling of
  /// the plain `addTarget(_:action:)`, picked for a `@MainActor` class or method.
  ///
  /// Being `@MainActor`, it is wired only from the main actor, and the recognizer then stays
  /// there (Swift 6's checker refuses to send it, or its engine, elsewhere), so the engine
  /// calls the action on the main actor. An engine that runs off the main actor anyway (moved
  /// through an `@unchecked Sendable` box, or from Swift 5 code) does not call the action: it
  /// reports ``GestureEngineDiagnostic/targetOffMainActor(recognizer:)`` instead. A pair added
  /// twice from one place is called once, as with the plain `addTarget`.
  @MainActor
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> @MainActor (Self) -> Void,
    fileID: String = #fileID, line: Int = #line, column: Int = #column
  ) {
    let site = CallSite(file: fileID, line: line, column: column)
    insert(
      TargetAction(target: target, site: site) { object, recognizer in
        guard let object = object as? Target, let recognizer = recognizer as? Self else { return }
        guard isOnMainQueue() else {
          recognizer.owner?.report(.targetOffMainActor(recognizer: recognizer.name))
          return
        }
        MainActor.assumeIsolated { action(object)(recognizer) }
      })
  }
}
