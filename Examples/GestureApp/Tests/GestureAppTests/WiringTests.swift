import GestureAppKit
import GestureRecognition
import Testing
import TouchInput

/// A frame with one touch, `ms` milliseconds after time zero, at `x`, `y` millimetres.
func frame(at ms: Int64, _ phase: TouchPhase, x: Double = 50, y: Double = 50) -> TouchFrame {
  let touch = Touch(id: TouchID(1), phase: phase, location: MillimeterPoint(x: x, y: y))
  return TouchFrame(time: ms * 1000, touches: [touch])
}

@Suite struct WiringTests {
  @Test("Two quick taps reach the double tap's target, and no single tap's")
  func doubleTap() {
    let wiring = GestureWiring()
    let log = GestureLog()
    log.observe(wiring)

    for time: Int64 in [0, 250] {
      wiring.engine.process(frame(at: time, .began))
      wiring.engine.process(frame(at: time + 80, .ended))
    }
    wiring.engine.advance(to: 1_000_000)

    #expect(log.lines == ["double tap at (50.0, 50.0) mm"])
    #expect(wiring.engine.nextDeadline == nil)
  }

  @Test("One tap is reported when the double tap's 300 ms have passed, not before")
  func singleTap() {
    let wiring = GestureWiring()
    let log = GestureLog()
    log.observe(wiring)

    wiring.engine.process(frame(at: 0, .began))
    wiring.engine.process(frame(at: 80, .ended))
    #expect(log.lines.isEmpty)
    #expect(wiring.engine.nextDeadline == 380_000)

    wiring.engine.advance(to: 380_000)
    #expect(log.lines == ["tap at (50.0, 50.0) mm"])
  }

  @Test("A finger held still is a long press after 500 ms")
  func longPress() {
    let wiring = GestureWiring()
    let log = GestureLog()
    log.observe(wiring)

    wiring.engine.process(frame(at: 0, .began))
    wiring.engine.advance(to: 499_000)
    #expect(log.lines.isEmpty)
    wiring.engine.process(frame(at: 700, .ended))

    #expect(
      log.lines == ["long press began at (50.0, 50.0) mm", "long press ended at (50.0, 50.0) mm"])
  }
}

@Suite struct MainActorTargetExampleTests {
  @Test("A @MainActor view model wired with addTarget follows the pan on the main actor")
  @MainActor func viewModelFollowsPan() {
    let offset = mainActorPanOffset(draggingBy: 30)
    #expect(abs(offset.dx - 30) < 0.001 && abs(offset.dy) < 0.001)
  }
}
