import GestureRecognition
import GestureTestSupport
import ImageCarousel
import Testing
import TouchInput

/// The outcome of playing a script through a controller.
struct ControllerRun {
  /// Each reported change as "TIME ms: change".
  let log: [String]
  /// The model at the end.
  let model: ImageCarousel
  /// Contract violations of the engine's recognizers.
  let violations: [String]
  /// Whether a deadline was still pending after the flush.
  let pendingDeadline: Bool
  /// Each recognizer action as "name state".
  let gestures: [String]
}

/// A controller over the three placeholder photos on a 200×100 mm surface.
func makeController(_ setup: (inout ImageCarousel) -> Void = { _ in }) -> CarouselController {
  var model = ImageCarousel(viewSize: CarouselSize(width: 200, height: 100))
  setup(&model)
  return CarouselController(model: model)
}

/// Plays `script` through `controller` (then flushes the engine) and logs its changes.
///
/// Checks the recognizers' contract and that no deadline is left pending.
func play(
  _ script: TouchScript, on controller: CarouselController = makeController(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> ControllerRun {
  var log: [String] = []
  controller.onChange = { change, time in log.append("\(time / 1000) ms: \(change)") }
  let checker = ContractChecker(controller.engine)
  let recorder = GestureRecorder(controller.engine, explaining: false)
  let scheduler = ManualScheduler(engine: controller.engine)
  scheduler.play(script)
  controller.flush(after: script.endTime)
  let violations = checker.finish()
  #expect(violations.isEmpty, "contract violations", sourceLocation: sourceLocation)
  #expect(controller.nextDeadline == nil, "pending deadline", sourceLocation: sourceLocation)
  return ControllerRun(
    log: log, model: controller.model, violations: violations,
    pendingDeadline: controller.nextDeadline != nil, gestures: recorder.log)
}

/// A quick one-finger stroke from (x0, y0) to (x1, y1) over 100 ms starting at `at` ms.
func stroke(
  _ s: inout TouchScript, at: Double, from x0: Double, _ y0: Double, to x1: Double, _ y1: Double,
  duration: Double = 100
) {
  s.down(1, at: at, x: x0, y: y0)
  s.drag(1, to: x1, y1, from: at, to: at + duration, every: 10)
  s.up(1, at: at + duration)
}

@Suite struct CarouselControllerTests {
  @Test("Swiping left then right twice flips forward, back, and wraps to the last image")
  func swipes() {
    var s = TouchScript()
    stroke(&s, at: 0, from: 150, 50, to: 90, 50)
    stroke(&s, at: 500, from: 50, 50, to: 110, 50)
    stroke(&s, at: 1000, from: 50, 50, to: 110, 52)
    let run = play(s)
    #expect(
      run.log == [
        // A swipe is recognized once the stroke qualifies (UIKit), not at the lift.
        #"20 ms: image 2/3 "rob-nose.jpg""#, #"520 ms: image 1/3 "graduation.jpg""#,
        #"1020 ms: image 3/3 "tree.jpg""#,
      ])
    #expect(run.violations.isEmpty && !run.pendingDeadline)
  }

  @Test("Up and down swipes and slow drags at 1× change nothing")
  func verticalSwipesAndSlowDrags() {
    var s = TouchScript()
    stroke(&s, at: 0, from: 100, 80, to: 100, 20)
    stroke(&s, at: 500, from: 100, 20, to: 100, 80)
    stroke(&s, at: 1000, from: 150, 50, to: 140, 50, duration: 1000)
    let run = play(s)
    #expect(run.log.isEmpty)
    #expect(run.model.index == 0)
    // Positive control: a quick stroke to the left at 1× flips to the next image.
    var flip = TouchScript()
    stroke(&flip, at: 0, from: 150, 50, to: 90, 50)
    let flipped = play(flip)
    #expect(flipped.model.index == 1)
    #expect(!flipped.log.isEmpty)
  }

  @Test("A long press shows one alert even when pressed twice; a tap dismisses it")
  func alertLock() {
    var s = TouchScript()
    s.down(1, at: 0, x: 100, y: 50)
    s.up(1, at: 900)
    s.down(1, at: 1200, x: 100, y: 50)
    s.up(1, at: 2000)
    stroke(&s, at: 2100, from: 150, 50, to: 90, 50)
    s.tap(1, at: 2500, x: 30, y: 30)
    let run = play(s)
    #expect(
      run.log == [
        #"500 ms: alert "Stop that! (graduation.jpg)""#, "2560 ms: alert dismissed",
      ])
    #expect(run.model.alert == nil)
    #expect(run.violations.isEmpty && !run.pendingDeadline)
  }

  @Test("A double tap toggles 1× ↔ 2× at the tapped point")
  func doubleTapToggles() {
    var s = TouchScript()
    s.tap(1, at: 0, x: 150, y: 30)
    s.tap(1, at: 150, x: 150, y: 30)
    s.tap(1, at: 1000, x: 60, y: 70)
    s.tap(1, at: 1150, x: 60, y: 70)
    let run = play(s)
    #expect(
      run.log == [
        "210 ms: zoom 2.00x at (150.0, 30.0) mm", "1210 ms: zoom 1.00x at (60.0, 70.0) mm",
      ])
    #expect(run.model.zoom == 1 && run.model.offset == .zero)
  }

  @Test("A pinch zooms around its focal point, clamped at 4×")
  func pinch() {
    var s = TouchScript()
    s.down(1, at: 0, x: 50, y: 30)
    s.down(2, at: 0, x: 70, y: 30)
    s.drag(1, to: 40, 30, from: 0, to: 200, every: 20)
    s.drag(2, to: 80, 30, from: 0, to: 200, every: 20)
    s.up(1, at: 220)
    s.up(2, at: 220)
    let run = play(s)
    #expect(!run.log.isEmpty && run.log.allSatisfy { $0.contains("zoom") })
    #expect(abs(run.model.zoom - 2) < 1e-6)
    // The image point under (60, 30) stays there: offset = (focus − centre)(1 − s).
    #expect(abs(run.model.offset.x - 40) < 1e-6 && abs(run.model.offset.y - 20) < 1e-6)
    var more = TouchScript()
    more.down(1, at: 0, x: 90, y: 50)
    more.down(2, at: 0, x: 110, y: 50)
    more.drag(1, to: 10, 50, from: 0, to: 200, every: 20)
    more.drag(2, to: 190, 50, from: 0, to: 200, every: 20)
    more.up(1, at: 220)
    more.up(2, at: 220)
    #expect(play(more).model.zoom == 4)
  }

  @Test("While zoomed a one-finger drag pans the image, even a fast one, instead of flipping")
  func panWhileZoomed() {
    let controller = makeController()
    var s = TouchScript()
    s.tap(1, at: 0, x: 100, y: 50)
    s.tap(1, at: 150, x: 100, y: 50)
    s.down(1, at: 600, x: 100, y: 50)
    s.drag(1, to: 120, 45, from: 600, to: 1100, every: 20)
    s.up(1, at: 1100)
    stroke(&s, at: 1500, from: 150, 50, to: 60, 50)
    let run = play(s, on: controller)
    #expect(run.log.first == "210 ms: zoom 2.00x at (100.0, 50.0) mm")
    #expect(run.log.dropFirst().allSatisfy { $0.contains("pan to") })
    #expect(run.log.contains("1100 ms: pan to (20.0, -5.0) mm"))
    #expect(run.model.index == 0 && run.model.zoom == 2)
    #expect(run.model.offset == CarouselPoint(x: -70, y: -5))
    #expect(run.gestures.filter { $0 == "swipe recognized" }.count == 1)
    #expect(run.gestures.last == "pan ended")
    #expect(run.violations.isEmpty && !run.pendingDeadline)
  }

  @Test("The pan is enabled only while zoomed: off at 1×, on after a zoom, off again at 1×")
  func panEnabledOnlyWhileZoomed() {
    let controller = makeController()
    #expect(!controller.pan.isEnabled)
    var s = TouchScript()
    s.down(1, at: 0, x: 100, y: 50)
    s.drag(1, to: 110, 50, from: 0, to: 400, every: 20)
    s.up(1, at: 400)
    s.tap(1, at: 1000, x: 100, y: 50)
    s.tap(1, at: 1150, x: 100, y: 50)
    s.down(1, at: 1600, x: 100, y: 50)
    s.drag(1, to: 110, 50, from: 1600, to: 2000, every: 20)
    s.up(1, at: 2000)
    s.tap(1, at: 2500, x: 100, y: 50)
    s.tap(1, at: 2650, x: 100, y: 50)
    let run = play(s, on: controller)
    // The slow drag at 1× reports no pan at all; the same drag while zoomed pans.
    #expect(run.gestures.filter { $0 == "pan began" }.count == 1)
    #expect(run.log.first == "1210 ms: zoom 2.00x at (100.0, 50.0) mm")
    #expect(run.log.last == "2710 ms: zoom 1.00x at (100.0, 50.0) mm")
    #expect(run.log.dropFirst().dropLast().allSatisfy { $0.contains("pan to") })
    #expect(run.log.contains("2000 ms: pan to (10.0, 0.0) mm"))
    #expect(!controller.pan.isEnabled)
  }

  @Test("A restored zoomed state enables the pan")
  func restoredZoomEnablesPan() {
    let zoomed = makeController()
    var s = TouchScript()
    s.tap(1, at: 0, x: 100, y: 50)
    s.tap(1, at: 150, x: 100, y: 50)
    _ = play(s, on: zoomed)
    #expect(zoomed.pan.isEnabled)
    let restored = makeController()
    #expect(restored.restore(zoomed.state))
    #expect(restored.pan.isEnabled == restored.model.isZoomed)
  }

  @Test("A third finger landing during a pinch does not move the image")
  func pinchWithThirdFinger() {
    var s = TouchScript()
    s.down(1, at: 0, x: 90, y: 50)
    s.down(2, at: 0, x: 110, y: 50)
    s.drag(1, to: 80, 50, from: 0, to: 100, every: 20)
    s.drag(2, to: 120, 50, from: 0, to: 100, every: 20)
    s.down(3, at: 140, x: 100, y: 90)
    s.up(1, at: 200)
    s.up(2, at: 200)
    s.up(3, at: 200)
    let run = play(s)
    #expect(abs(run.model.zoom - 2) < 1e-6)
    #expect(abs(run.model.offset.x) < 1e-6 && abs(run.model.offset.y) < 1e-6)
    #expect(run.gestures.contains("pinch began") && run.gestures.last == "pinch ended")
  }

  @Test("The recognizers hold the controller weakly")
  func weakTargets() {
    var controller: CarouselController? = makeController()
    weak let weakController = controller
    let engine = controller?.engine
    controller = nil
    #expect(weakController == nil)
    var s = TouchScript()
    stroke(&s, at: 0, from: 150, 50, to: 90, 50)
    for frame in s.frames { engine?.process(frame) }
    #expect(engine?.recognizers.allSatisfy { $0.targetCount == 0 } == true)
  }

  @Test("A restored state survives in the controller")
  func restore() {
    let controller = makeController { _ = $0.swipe(.left) }
    let saved = controller.state
    let fresh = makeController()
    #expect(fresh.restore(saved))
    #expect(fresh.model.index == 1)
  }
}
