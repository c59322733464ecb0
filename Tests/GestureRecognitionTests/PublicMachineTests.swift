import GestureTestSupport
import Testing
import TouchInput

@testable import GestureRecognition

/// One output of a machine driven alone: the event time of the input and what it returned.
struct MachineStep {
  /// The frame's time, or the deadline for a wake-up.
  let time: Microseconds
  /// Whether it was a wake-up at a deadline rather than a frame.
  let woke: Bool
  /// What the machine returned.
  let output: MachineOutput
}

/// Drives `machine` alone, with no engine and no recognizer: each of `script`'s frames goes
/// through a surface of its own to `input`, and each deadline the machine asks for wakes it
/// before any later frame (and once more after the last frame). Every output, in order;
/// `observe` sees the machine right after each one.
func drive<Machine: GestureMachine>(
  _ machine: inout Machine, _ configuration: Machine.Configuration, _ script: TouchScript,
  observe: (Machine, MachineStep) -> Void = { _, _ in }
) -> [MachineStep] {
  let surface = TouchSurface()
  var steps: [MachineStep] = []
  var deadline: Microseconds?
  for frame in script.frames.map(Optional.some) + [nil] {
    // A deadline the machine asks for again at the same time would never pass: stop there.
    while let due = deadline, frame.map({ due <= $0.time }) ?? true {
      let output = machine.wake(at: due, configuration)
      steps.append(MachineStep(time: due, woke: true, output: output))
      observe(machine, steps[steps.count - 1])
      deadline = output.deadline == due ? nil : output.deadline
    }
    guard let frame else { break }
    surface.update(frame, owner: nil)
    let output = machine.input(frame, surface, configuration)
    steps.append(MachineStep(time: frame.time, woke: false, output: output))
    observe(machine, steps[steps.count - 1])
    deadline = output.deadline
  }
  return steps
}

/// The steps other than `.none`, in order.
func decided(_ steps: [MachineStep]) -> [GestureStep] {
  steps.map(\.output.step).filter { $0 != .none }
}

/// The state an action enters for `step`, or nil for none or a failure (no action).
func actionState(_ step: GestureStep) -> GestureState? {
  switch step {
  case .none, .fail: nil
  case .begin: .began
  case .change: .changed
  case .end: .ended
  case .cancel: .cancelled
  case .recognize: .recognized
  }
}

/// The events the machine's own `event(_:at:kind:)` gives for each action of `script`, read
/// right after the input that asked for it (as the engine delivers it).
func machineEvents<Machine: GestureMachine>(
  _ machine: inout Machine, _ configuration: Machine.Configuration, _ script: TouchScript,
  event: (Machine, GestureState, Microseconds) -> GestureEvent
) -> [GestureEvent] {
  var events: [GestureEvent] = []
  _ = drive(&machine, configuration, script) { machine, step in
    if let state = actionState(step.output.step) { events.append(event(machine, state, step.time)) }
  }
  return events
}

/// One finger held still at (20, 30) for `duration` ms.
func held(_ duration: Double) -> TouchScript {
  var s = TouchScript()
  s.tap(1, at: 0, x: 20, y: 30, duration: duration)
  return s
}

/// One finger at (`x`, 30) moving right by `step` mm every 10 ms, `moves` times, lifting 10 ms
/// after the last move.
func rightStroke(from x: Double = 20, step: Double, moves: Int) -> TouchScript {
  var s = TouchScript()
  s.down(1, at: 0, x: x, y: 30)
  for i in 1...moves { s.move(1, at: Double(i) * 10, x: x + step * Double(i), y: 30) }
  s.up(1, at: Double(moves + 1) * 10)
  return s
}

@Suite("The built-in machines, driven alone")
struct PublicMachineTests {
  @Test("a tap machine recognizes a tap, with its press deadline and the touches let go")
  func tapRecognized() {
    var tap = TapMachine()
    let steps = drive(&tap, TapMachine.Configuration(), held(60))
    #expect(steps.map(\.time) == [0, ms(60)])
    #expect(steps[0].output == MachineOutput(.none, deadline: 750_000, ownsTouches: true))
    #expect(
      steps[1].output
        == MachineOutput(.recognize(.tapped(taps: 1, touches: 1)), ownsTouches: false))
    #expect(tap.taps == 1 && tap.touches == 1)
    #expect(tap.location == MillimeterPoint(x: 20, y: 30))
    let event = tap.event(.recognized, at: ms(60), kind: .tap)
    #expect(event.taps == 1 && event.touches == 1 && event.state == .recognized)
    #expect(event.location == MillimeterPoint(x: 20, y: 30) && event.time == ms(60))
  }

  @Test("a tap machine fails a long press when its press deadline passes")
  func tapFailsLongPress() {
    var tap = TapMachine()
    let steps = drive(&tap, TapMachine.Configuration(), held(900))
    #expect(steps.map(\.time) == [0, 750_000, ms(900)])
    #expect(steps[1].woke)
    #expect(steps[1].output.step == .fail(.pressedTooLong(750_000, limit: 750_000)))
    #expect(steps[1].output.deadline == nil)
    #expect(decided(steps).count == 1)
    #expect(tap.taps == 0)
  }

  @Test("a double-tap machine waits for the next tap with the interval deadline, then fails")
  func doubleTapWaits() {
    var tap = TapMachine(TapMachine.Configuration(taps: 2))
    let steps = drive(&tap, TapMachine.Configuration(taps: 2), held(60))
    #expect(steps[1].output == MachineOutput(.none, deadline: ms(360), ownsTouches: false))
    #expect(tap.taps == 1)
    #expect(steps.last?.output.step == .fail(.noNextTap(taps: 1, within: 300_000)))
    #expect(steps.last?.time == ms(360))
  }

  @Test("a long press machine begins when woken at its deadline and ends on the lift")
  func longPressBegins() {
    var press = LongPressMachine()
    let steps = drive(&press, LongPressMachine.Configuration(), held(700))
    #expect(steps[0].output.deadline == 500_000)
    #expect(steps[1].woke && steps[1].time == 500_000)
    #expect(steps[1].output == MachineOutput(.begin(.heldStill(500_000))))
    #expect(decided(steps) == [.begin(.heldStill(500_000)), .end(.lifted(remaining: 0))])
    let event = press.event(.ended, at: ms(700), kind: .longPress)
    #expect(event.touches == 1 && event.location == MillimeterPoint(x: 20, y: 30))
  }

  @Test("a long press machine fails a touch lifted before its deadline")
  func longPressLiftedEarly() {
    var press = LongPressMachine()
    let steps = drive(&press, LongPressMachine.Configuration(), held(200))
    #expect(decided(steps) == [.fail(.liftedEarly(200_000, required: 500_000))])
    #expect(steps.allSatisfy { !$0.woke })
    #expect(steps.last?.output.deadline == nil)
  }

  @Test("a swipe machine recognizes a quick stroke's direction before the lift")
  func swipeRecognized() {
    var swipe = SwipeMachine()
    let steps = drive(&swipe, SwipeMachine.Configuration(), rightStroke(step: 4, moves: 5))
    #expect(decided(steps) == [.recognize(.swiped(.right, distance: 8, speed: 400))])
    #expect(steps.first { $0.output.step != .none }?.time == ms(20))
    #expect(swipe.direction == .right && swipe.touches == 1)
    let event = swipe.event(.recognized, at: ms(20), kind: .swipe)
    #expect(event.direction == .right && event.touches == 1)
    #expect(event.location == MillimeterPoint(x: 28, y: 30))
  }

  @Test("a swipe machine fails a slow stroke at the lift, with no direction")
  func swipeTooSlow() {
    var swipe = SwipeMachine()
    let steps = drive(&swipe, SwipeMachine.Configuration(), rightStroke(step: 0.5, moves: 20))
    guard case .fail(.tooSlow(let speed, let required))? = decided(steps).last else {
      Issue.record("not failed as too slow: \(decided(steps))")
      return
    }
    #expect(speed < required && required == 100)
    #expect(swipe.direction == nil)
  }

  @Test("a pan machine begins past the slop, changes and ends, with its translation")
  func panDrags() {
    var pan = PanMachine()
    let steps = drive(&pan, PanMachine.Configuration(), rightStroke(step: 2, moves: 5))
    #expect(
      decided(steps) == [
        .begin(.slopExceeded(4, slop: 3)), .change, .change, .change, .end(.lifted(remaining: 0)),
      ])
    #expect(pan.translation == PlaneVector(dx: 10, dy: 0))
    #expect(pan.velocity(at: ms(50)).dx > 0)
    let event = pan.event(.changed, at: ms(50), kind: .pan)
    #expect(event.translation == PlaneVector(dx: 10, dy: 0) && event.edge == nil)
    #expect(event.velocity == .planar(pan.velocity(at: ms(50))))
    pan.setTranslation(.zero)
    #expect(pan.translation == .zero)
  }

  @Test("a pan machine fails a movement within the slop")
  func panTooShort() {
    var pan = PanMachine()
    let steps = drive(&pan, PanMachine.Configuration(), rightStroke(step: 0.5, moves: 2))
    #expect(decided(steps) == [.fail(.tooShort(1, required: 3))])
    #expect(pan.isEngaged)
  }

  @Test("an edge pan machine begins from the edge the touch landed at")
  func edgePanBegins() {
    var edgePan = EdgePanMachine()
    let steps = drive(&edgePan, .init(bounds: edgeBounds), rightStroke(from: 2, step: 2, moves: 2))
    #expect(
      decided(steps) == [
        .begin(.leftEdge(.left, distance: 4, required: 3)), .end(.lifted(remaining: 0)),
      ])
    #expect(edgePan.edge == .left)
    #expect(edgePan.event(.began, at: ms(20), kind: .edgePan).edge == .left)
  }

  @Test("an edge pan machine fails a touch landing away from every edge")
  func edgePanNotAtEdge() {
    var edgePan = EdgePanMachine()
    let steps = drive(
      &edgePan, .init(bounds: edgeBounds), rightStroke(from: 40, step: 10, moves: 1))
    #expect(decided(steps) == [.fail(.notAtEdge(30, band: 5))])
    #expect(steps[0].output.step != .none)
    #expect(edgePan.edge == nil)
  }

  @Test("a pinch machine measures the scale of two fingers moving apart")
  func pinchScales() {
    var pinch = PinchMachine()
    let steps = drive(&pinch, PinchMachine.Configuration(), twoFingerScript(degrees: 0, scale: 2))
    let steps2 = decided(steps)
    guard case .begin(.spanChanged)? = steps2.first else {
      Issue.record("no begin: \(steps2)")
      return
    }
    #expect(steps2.last == .end(.lifted(remaining: 0)))
    #expect(abs(pinch.value - 2) < 1e-9)
    let event = pinch.event(.ended, at: ms(410), kind: .pinch)
    #expect(event.scale == pinch.value && event.rotation == nil)
    pinch.setValue(1)
    #expect(pinch.value == 1)
  }

  @Test("a pinch machine fails one finger alone")
  func pinchOneFinger() {
    var pinch = PinchMachine()
    let steps = drive(&pinch, PinchMachine.Configuration(), rightStroke(step: 2, moves: 5))
    #expect(decided(steps) == [.fail(.tooFewTouches(1, required: 2))])
  }

  @Test("a rotation machine measures the angle turned, in radians")
  func rotationTurns() {
    var rotation = RotationMachine()
    let configuration = RotationMachine.Configuration()
    let steps = decided(drive(&rotation, configuration, twoFingerScript(degrees: 90)))
    guard case .begin(.turned)? = steps.first else {
      Issue.record("no begin: \(steps)")
      return
    }
    #expect(abs(rotation.value - Double.pi / 2) < 1e-6)
    let event = rotation.event(.ended, at: ms(410), kind: .rotation)
    #expect(event.rotation == rotation.value && event.scale == nil)
  }

  @Test("a rotation machine fails a turn within the slop")
  func rotationBelowSlop() {
    var rotation = RotationMachine()
    let configuration = RotationMachine.Configuration()
    let steps = decided(drive(&rotation, configuration, twoFingerScript(degrees: 3)))
    guard case .fail(.turnBelowSlop(let degrees, _))? = steps.last, steps.count == 1 else {
      Issue.record("not failed below the slop: \(steps)")
      return
    }
    #expect(abs(degrees - 3) < 1e-6)
  }

  @Test("each machine's event is its recognizer's, action for action")
  func eventsMatchRecognizers() {
    let tapScript = held(60)
    var hold = held(700)
    hold.move(1, at: 600, x: 21, y: 30)
    let stroke = rightStroke(step: 2, moves: 5)
    var edge = TouchScript()
    edge.down(1, at: 0, x: 2, y: 30)
    edge.drag(1, to: 12, 31, from: 0, to: 50, every: 10)
    edge.up(1, at: 60)
    let turn = twoFingerScript(degrees: 60, scale: 1.5)

    func same<Machine: GestureMachine>(
      _ machine: Machine, _ configuration: Machine.Configuration,
      _ recognizer: GestureRecognizer, _ script: TouchScript,
      sourceLocation: SourceLocation = #_sourceLocation,
      _ event: (Machine, GestureState, Microseconds) -> GestureEvent
    ) {
      var machine = machine
      let theirs = run(recognizer, script).events
      #expect(!theirs.isEmpty, sourceLocation: sourceLocation)
      #expect(
        machineEvents(&machine, configuration, script, event: event) == theirs,
        sourceLocation: sourceLocation)
    }
    same(TapMachine(), .init(), TapGestureRecognizer(), tapScript) {
      $0.event($1, at: $2, kind: .tap)
    }
    same(LongPressMachine(), .init(), LongPressGestureRecognizer(), hold) {
      $0.event($1, at: $2, kind: .longPress)
    }
    let fast = rightStroke(step: 4, moves: 5)
    same(SwipeMachine(), .init(), SwipeGestureRecognizer(), fast) {
      $0.event($1, at: $2, kind: .swipe)
    }
    same(PanMachine(), .init(), PanGestureRecognizer(), stroke) {
      $0.event($1, at: $2, kind: .pan)
    }
    let edgeRecognizer = EdgePanGestureRecognizer(.init(bounds: edgeBounds))
    same(EdgePanMachine(), .init(bounds: edgeBounds), edgeRecognizer, edge) {
      $0.event($1, at: $2, kind: .edgePan)
    }
    same(PinchMachine(), .init(), PinchGestureRecognizer(), turn) {
      $0.event($1, at: $2, kind: .pinch)
    }
    same(RotationMachine(), .init(), RotationGestureRecognizer(), turn) {
      $0.event($1, at: $2, kind: .rotation)
    }
  }
}
