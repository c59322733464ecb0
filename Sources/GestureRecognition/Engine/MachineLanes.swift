import TouchInput

// The built-in recognizers' state machines live in their engine, in one value: a lane (an
// array of plain machine values) per machine type. The per-frame loop moves that value into a
// local, calls each built-in machine in it directly (statically dispatched, specialized, with
// no call through the recognizer class, no retain and no run-time exclusivity check: a local
// value has no other access to check against), and moves it back before any code that may
// read a machine runs: arbitration, a delegate, `explain`, an action, a recognizer of yours.
// So a recognizer's public values (translation, scale...) are always read from the live
// machine. A recognizer of yours (a subclass, or a `MachineGestureRecognizer`) is called
// through its class, in the same order, with the lanes in place.

/// Which lane a recognizer's machine lives in.
enum LaneKind: UInt8 {
  /// A recognizer of yours: called through its class (its overrides).
  case user
  case tap
  case longPress
  case swipe
  case pan
  case edgePan
  case pinch
  case rotation
}

/// Where one recognizer's machine lives in its engine: its lane and its index there.
struct LaneSlot {
  /// The lane.
  var kind: LaneKind
  /// The index in the lane (-1 for `user`).
  var index: Int
}

/// What a recognizer takes from its machine's output besides the step (each built-in keeps
/// what it always kept: a machine without timers leaves ``GestureRecognizer/deadline`` as it
/// is).
enum OutputUse {
  /// The step only.
  case step
  /// The step and the deadline.
  case deadline
  /// The step, the deadline and the ownership of the touches.
  case deadlineAndOwnership
}

/// The machines of one type, each with the configuration its recognizer has in use.
struct MachineLane<Machine: GestureMachine> {
  /// One machine and its recognizer's configuration in use.
  struct Entry {
    var machine: Machine
    var configuration: Machine.Configuration
  }

  /// The machines, by lane index (one array per lane: moving the lanes copies and frees as
  /// few references as there are machine types).
  var entries: [Entry] = []

  /// Feeds one frame to machine `index`.
  mutating func input(_ index: Int, _ frame: TouchFrame, _ touches: TouchSurface)
    -> MachineOutput
  {
    let configuration = entries[index].configuration
    return entries[index].machine.input(frame, touches, configuration)
  }

  /// Adds a machine; returns its index.
  mutating func append(_ machine: Machine, _ configuration: Machine.Configuration) -> Int {
    entries.append(Entry(machine: machine, configuration: configuration))
    return entries.count - 1
  }

  /// Removes machine `index` and returns it (the ones after it move down by one).
  mutating func remove(at index: Int) -> Machine {
    entries.remove(at: index).machine
  }
}

/// The built-in machines of one engine, shared by the engine and its built-in recognizers.
///
/// The engine moves the lanes out (leaving nil) for the machine calls of a frame and back
/// before any other code runs, so a recognizer always finds its machine here.
final class MachineStore {
  /// The machines (nil only while the engine calls them).
  ///
  /// Private, and only ever swapped with a local (``exchange(_:)``): no access to it spans a
  /// call, so the optimizer proves none can overlap another and drops the run-time
  /// exclusivity check (about 130 instructions each) that an access spanning a call (such as
  /// `lanes?.event(...)`) kept on every access to it.
  private var lanes: MachineLanes? = MachineLanes()

  /// Swaps the lanes with `machines` (moves them out into a local, or back in).
  func exchange(_ machines: inout MachineLanes?) {
    swap(&machines, &lanes)
  }

  /// Runs `body` on the lanes, moved into a local for the call; nil if they are out (the
  /// engine is calling machines).
  func update<R>(_ body: (inout MachineLanes) -> R) -> R? {
    var machines: MachineLanes?
    exchange(&machines)
    // `take()` moves the value out (no copy: the body's changes need no copy on write).
    guard var inHand = machines.take() else { return nil }
    let result = body(&inHand)
    machines = consume inHand
    exchange(&machines)
    return result
  }
}

/// Every built-in machine of one engine, by type.
struct MachineLanes {
  var taps = MachineLane<TapMachine>()
  var longPresses = MachineLane<LongPressMachine>()
  var swipes = MachineLane<SwipeMachine>()
  var pans = MachineLane<PanMachine>()
  var edgePans = MachineLane<EdgePanMachine>()
  var pinches = MachineLane<PinchMachine>()
  var rotations = MachineLane<RotationMachine>()

  /// Feeds one frame to the built-in machine in `slot` (never a `user` one).
  mutating func input(_ slot: LaneSlot, _ frame: TouchFrame, _ touches: TouchSurface)
    -> MachineOutput
  {
    switch slot.kind {
    case .tap: return taps.input(slot.index, frame, touches)
    case .longPress: return longPresses.input(slot.index, frame, touches)
    case .swipe: return swipes.input(slot.index, frame, touches)
    case .pan: return pans.input(slot.index, frame, touches)
    case .edgePan: return edgePans.input(slot.index, frame, touches)
    case .pinch: return pinches.input(slot.index, frame, touches)
    case .rotation: return rotations.input(slot.index, frame, touches)
    case .user: return MachineOutput(.none)
    }
  }

  /// The event of the built-in machine in `slot` entering `state` at `time` (its recognizer's
  /// `makeEvent(_:at:)`, made here without a call through the class).
  func event(_ slot: LaneSlot, _ state: GestureState, at time: Microseconds) -> GestureEvent {
    let i = slot.index
    switch slot.kind {
    case .tap:
      return TapGestureRecognizer.event(
        taps.entries[i].machine, taps.entries[i].configuration, state, at: time)
    case .longPress:
      return LongPressGestureRecognizer.event(
        longPresses.entries[i].machine, longPresses.entries[i].configuration, state, at: time)
    case .swipe:
      return SwipeGestureRecognizer.event(
        swipes.entries[i].machine, swipes.entries[i].configuration, state, at: time)
    case .pan:
      return PanGestureRecognizer.event(
        pans.entries[i].machine, pans.entries[i].configuration, state, at: time)
    case .edgePan:
      return EdgePanGestureRecognizer.event(
        edgePans.entries[i].machine, edgePans.entries[i].configuration, state, at: time)
    case .pinch:
      return PinchGestureRecognizer.event(
        pinches.entries[i].machine, pinches.entries[i].configuration, state, at: time)
    case .rotation:
      return RotationGestureRecognizer.event(
        rotations.entries[i].machine, rotations.entries[i].configuration, state, at: time)
    case .user:
      // Never asked (a recognizer of yours makes its own events): an empty event.
      return GestureEvent(
        time: time, kind: .tap, state: state, touches: 0, location: MillimeterPoint(x: 0, y: 0))
    }
  }

  /// Whether the built-in machine in `slot` is engaged.
  func isEngaged(_ slot: LaneSlot) -> Bool {
    let i = slot.index
    switch slot.kind {
    case .tap: return taps.entries[i].machine.isEngaged
    case .longPress: return longPresses.entries[i].machine.isEngaged
    case .swipe: return swipes.entries[i].machine.isEngaged
    case .pan: return pans.entries[i].machine.isEngaged
    case .edgePan: return edgePans.entries[i].machine.isEngaged
    case .pinch: return pinches.entries[i].machine.isEngaged
    case .rotation: return rotations.entries[i].machine.isEngaged
    case .user: return false
    }
  }

  /// Runs `body` on the lane of recognizer type `type`.
  @discardableResult
  mutating func update<Recognizer: LaneRecognizer, R>(
    _ type: Recognizer.Type, _ body: (inout MachineLane<Recognizer.Machine>) -> R
  ) -> R {
    Recognizer.withLane(&self, body)
  }

  /// Moves the machine of `recognizer` in (it joins this engine); returns where it lives.
  mutating func admit<Recognizer: LaneRecognizer>(_ recognizer: Recognizer) -> LaneSlot {
    recognizer.enterLane(&self)
  }

  /// Moves the machine at `index` back into `recognizer` (it leaves this engine).
  mutating func release<Recognizer: LaneRecognizer>(_ recognizer: Recognizer, at index: Int) {
    recognizer.leaveLane(&self, at: index)
  }

  /// What a recognizer of lane `kind` takes from its machine's output.
  static func use(_ kind: LaneKind) -> OutputUse {
    switch kind {
    case .tap: return .deadlineAndOwnership
    case .longPress: return .deadline
    default: return .step
    }
  }
}

/// A built-in recognizer whose machine lives in its engine's lanes while it is in an engine
/// (and in the recognizer, ``parked``, while it is in none). The glue between the class and
/// its machine (feeding it, waking it, finishing, resetting, reading it) is written once, here.
protocol LaneRecognizer: GestureRecognizer {
  /// The machine type.
  associatedtype Machine: GestureMachine
  /// The machine while the recognizer is in no engine.
  var parked: Machine { get set }
  /// The configuration in use, as the machine takes it.
  var machineConfiguration: Machine.Configuration { get }
  /// The lane of this recognizer's machines.
  static var laneKind: LaneKind { get }
  /// The event of `machine` entering `state` at `time` (the recognizer's `makeEvent`).
  static func event(
    _ machine: Machine, _ configuration: Machine.Configuration, _ state: GestureState,
    at time: Microseconds
  ) -> GestureEvent
  /// Runs `body` on this recognizer type's lane of `lanes`.
  static func withLane<R>(_ lanes: inout MachineLanes, _ body: (inout MachineLane<Machine>) -> R)
    -> R
}

extension LaneRecognizer {
  /// Runs `body` on the machine where it lives: its engine's lane, or ``parked``.
  func withMachine<R>(_ body: (inout Machine) -> R) -> R {
    // The lanes are out only while machines are called, when no recognizer code runs.
    if let store = machineStore, laneIndex >= 0 {
      let index = laneIndex
      if let result = store.update({ $0.update(Self.self) { body(&$0.entries[index].machine) } }) {
        return result
      }
    }
    return body(&parked)
  }

  /// Whether the machine is engaged (read in place: no copy, no closure).
  var laneIsEngaged: Bool {
    if let store = machineStore, laneIndex >= 0,
      let engaged = store.update({ $0.isEngaged(LaneSlot(kind: Self.laneKind, index: laneIndex)) })
    {
      return engaged
    }
    return parked.isEngaged
  }

  /// The event of the machine entering `state` at `time` (read in place).
  func laneEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    if let store = machineStore, laneIndex >= 0,
      let event = store.update({
        $0.event(LaneSlot(kind: Self.laneKind, index: laneIndex), state, at: time)
      })
    {
      return event
    }
    return Self.event(parked, machineConfiguration, state, at: time)
  }

  /// The machine's current value (a copy).
  var machine: Machine { withMachine { $0 } }

  /// Tells the lane the configuration in use changed (after a `set` or an `apply`).
  func configurationChanged() {
    guard let store = machineStore, laneIndex >= 0 else { return }
    let index = laneIndex
    let configuration = machineConfiguration
    store.update { $0.update(Self.self) { $0.entries[index].configuration = configuration } }
  }

  /// Resets the machine and puts the configuration in use into its lane, in one access
  /// (`reset()` of a built-in, after its configuration's `apply()`).
  func laneReset() {
    let configuration = machineConfiguration
    if let store = machineStore, laneIndex >= 0 {
      let index = laneIndex
      let done: Void? = store.update {
        $0.update(Self.self) {
          $0.entries[index].machine.reset()
          $0.entries[index].configuration = configuration
        }
      }
      if done != nil { return }
    }
    parked.reset()
  }

  /// Takes what this type takes from an output (see ``OutputUse``) and returns the step.
  func adopt(_ output: MachineOutput) -> GestureStep {
    switch MachineLanes.use(Self.laneKind) {
    case .step: break
    case .deadline: deadline = output.deadline
    case .deadlineAndOwnership:
      deadline = output.deadline
      ownsTouches = output.ownsTouches
    }
    return output.step
  }

  /// `handle(_:_:)` of a built-in: one frame to its machine.
  func laneHandle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    let configuration = machineConfiguration
    return adopt(withMachine { $0.input(frame, touches, configuration) })
  }

  /// `handleDeadline(_:)` of a built-in: its machine woken.
  func laneWake(_ time: Microseconds) -> GestureStep {
    let configuration = machineConfiguration
    return adopt(withMachine { $0.wake(at: time, configuration) })
  }

  /// Moves the machine from ``parked`` into `lanes` (the recognizer joins an engine).
  func enterLane(_ lanes: inout MachineLanes) -> LaneSlot {
    let machine = parked
    let configuration = machineConfiguration
    let index = Self.withLane(&lanes) { $0.append(machine, configuration) }
    return LaneSlot(kind: Self.laneKind, index: index)
  }

  /// Moves the machine out of `lanes` back into ``parked`` (the recognizer leaves its engine).
  func leaveLane(_ lanes: inout MachineLanes, at index: Int) {
    parked = Self.withLane(&lanes) { $0.remove(at: index) }
  }
}
