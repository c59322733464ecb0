import GestureAppKit
import GestureRecognition
import Testing

/// Gestures from an SDL window's finger events, through the library's toolkit adapter.
@Suite struct ToolkitTests {
  @Test("Two quick taps as SDL finger events are a double tap once its interval passed")
  func doubleTapFromFingerEvents() throws {
    var recognized: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      if event.state == .recognized { recognized.append(event) }
    })
    let window = try SDLTouchGestures(width: 240, height: 135, engine: engine)
    // SDL reuses finger id 0 for both taps.
    let script: [(FingerEvent.Kind, UInt32)] = [
      (.down, 1000), (.up, 1060), (.down, 1200), (.up, 1260),
    ]
    for (kind, time) in script {
      window.handle(FingerEvent(kind: kind, timestamp: time, fingerID: 0, x: 0.5, y: 0.5))
      window.queueDrained(now: time)
    }
    #expect(recognized.isEmpty)
    window.queueDrained(now: 2000)
    #expect(recognized.map(\.kind) == [.tap])
    #expect(recognized.first?.taps == 2)
    #expect(recognized.first.map { abs($0.location.x - 120) < 0.01 } == true)
  }

  @Test("Two fingers spreading as SDL finger events are a pinch that grows")
  func pinchFromFingerEvents() throws {
    var pinch: [GestureEvent] = []
    let engine = GestureEngine.makeDefault(onEvent: { event, _ in
      if event.kind == .pinch { pinch.append(event) }
    })
    let window = try SDLTouchGestures(width: 240, height: 135, engine: engine)
    window.handle(FingerEvent(kind: .down, timestamp: 0, fingerID: 1, x: 0.45, y: 0.5))
    window.handle(FingerEvent(kind: .down, timestamp: 0, fingerID: 2, x: 0.55, y: 0.5))
    window.queueDrained(now: 0)
    for step in 1...30 {
      let time = UInt32(step * 10)
      let spread = Float(step) * 0.005
      window.handle(
        FingerEvent(kind: .motion, timestamp: time, fingerID: 1, x: 0.45 - spread, y: 0.5))
      window.handle(
        FingerEvent(kind: .motion, timestamp: time, fingerID: 2, x: 0.55 + spread, y: 0.5))
      window.queueDrained(now: time)
    }
    window.handle(FingerEvent(kind: .up, timestamp: 310, fingerID: 1, x: 0.3, y: 0.5))
    window.handle(FingerEvent(kind: .up, timestamp: 310, fingerID: 2, x: 0.7, y: 0.5))
    window.queueDrained(now: 310)
    #expect(pinch.first?.state == .began)
    #expect(pinch.last?.state == .ended)
    #expect((pinch.last?.scale ?? 0) > 2)
  }
}
