import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// A controller in the lecture's style: its methods are the actions.
private final class Controller {
  var calls: [String] = []
  let label: String
  init(_ label: String) { self.label = label }

  func handleTap(_ recognizer: TapGestureRecognizer) {
    calls.append(label + " tap \(recognizer.event?.state.description ?? "?")")
  }

  func handleSwipe(_ recognizer: SwipeGestureRecognizer) {
    calls.append(label + " swipe " + (recognizer.direction?.description ?? "?"))
  }
}

/// A recognizer written as "Writing your own recognizer" teaches: a plain subclass, with no
/// conformance of its own; it recognizes on the first frame.
private final class UserRecognizer: GestureRecognizer {
  init() { super.init(kind: .tap, name: "user") }
  override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    state == .possible ? .recognize(.custom("landed")) : .none
  }
}

/// A controller whose action takes the user's own recognizer type.
private final class UserController {
  var calls = 0
  func handle(_ recognizer: UserRecognizer) { calls += 1 }
  /// Wires `recognizer` from one place (called twice, as wiring code run twice would).
  func wire(_ recognizer: UserRecognizer) {
    recognizer.addTarget(self, action: UserController.handle)
  }
}

@Suite struct TargetActionTests {
  @Test("a user subclass with no conformance wires addTarget with its own type")
  func userSubclass() {
    let controller = UserController()
    let mine = UserRecognizer()
    mine.addTarget(controller, action: UserController.handle)
    #expect(mine.targetCount == 1)
    _ = run(engine(with: mine), tapScript(1))
    #expect(controller.calls == 1)
    mine.removeTarget(controller)
    #expect(mine.targetCount == 0)
  }

  @Test("a target-action pair added twice is called once, as UIKit does")
  func duplicatePair() {
    let controller = UserController()
    let mine = UserRecognizer()
    controller.wire(mine)
    controller.wire(mine)
    #expect(mine.targetCount == 1)
    _ = run(engine(with: mine), tapScript(1))
    #expect(controller.calls == 1)
  }

  @Test("the same target added from two places is two pairs, each called")
  func twoPlaces() {
    let c = Controller("c")
    let tap = TapGestureRecognizer()
    tap.addTarget(c, action: Controller.handleTap)
    tap.addTarget(c, action: Controller.handleTap)
    #expect(tap.targetCount == 2)
    _ = run(tap, tapScript(1))
    #expect(c.calls == ["c tap recognized", "c tap recognized"])
  }

  @Test("an unbound method is called with the typed recognizer")
  func unboundMethod() {
    let controller = Controller("c")
    let swipe = SwipeGestureRecognizer()
    swipe.addTarget(controller, action: Controller.handleSwipe)
    _ = run(swipe, swipeScript(.left))
    #expect(controller.calls == ["c swipe left"])
  }

  @Test("several targets are called in the order added")
  func order() {
    let (a, b) = (Controller("a"), Controller("b"))
    let tap = TapGestureRecognizer()
    tap.addTarget(b, action: Controller.handleTap)
    tap.addTarget(a, action: Controller.handleTap)
    var log: [String] = []
    let e = engine(with: tap)
    e.onEvent = { event, _ in log.append("engine \(event.kind)") }
    _ = run(e, tapScript(1))
    #expect(b.calls == ["b tap recognized"])
    #expect(a.calls == ["a tap recognized"])
    #expect(tap.targetCount == 2)
    #expect(log == ["engine tap"])
  }

  @Test("a deallocated target is not called and not kept alive")
  func weakTarget() {
    let tap = TapGestureRecognizer()
    weak var gone: Controller?
    do {
      let controller = Controller("x")
      tap.addTarget(controller, action: Controller.handleTap)
      gone = controller
    }
    #expect(gone == nil)
    #expect(tap.targetCount == 0)
    let result = run(tap, tapScript(1))
    #expect(result.log == ["tap recognized"])
  }

  @Test("removeTarget stops the calls of that target only")
  func remove() {
    let (a, b) = (Controller("a"), Controller("b"))
    let tap = TapGestureRecognizer()
    tap.addTarget(a, action: Controller.handleTap)
    tap.addTarget(b, action: Controller.handleTap)
    tap.removeTarget(a)
    _ = run(tap, tapScript(1))
    #expect(a.calls.isEmpty)
    #expect(b.calls == ["b tap recognized"])
    tap.removeTarget(nil)
    #expect(tap.targetCount == 0)
  }

  @Test("targets see the held recognition's original event when it is released")
  func heldEvent() {
    let set = DefaultGestureSet()
    let controller = Controller("c")
    set.taps[0].addTarget(controller, action: Controller.handleTap)
    var times: [Microseconds] = []
    set.engine.onEvent = { event, _ in times.append(event.time) }
    _ = run(set.engine, tapScript(1))
    #expect(controller.calls == ["c tap recognized"])
    #expect(times == [ms(50)])
  }
}
