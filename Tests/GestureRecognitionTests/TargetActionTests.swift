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

@Suite struct TargetActionTests {
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
