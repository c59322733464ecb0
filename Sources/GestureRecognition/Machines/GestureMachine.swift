import TouchInput

/// What a state machine returns for one input: the transition it asks for, when to wake it
/// next and whether the touches down are its own, so nothing is read back from it afterwards.
public struct MachineOutput: Sendable, Hashable {
  /// The transition to apply (the engine checks it is legal and arbitrates).
  public var step: GestureStep
  /// When to wake the machine with no frame (event time), or nil when no timer runs.
  public var deadline: Microseconds?
  /// Whether the touches down belong to this gesture (see ``GestureRecognizer/ownsTouches``).
  public var ownsTouches: Bool

  /// Creates an output.
  ///
  /// - Parameters:
  ///   - step: The transition.
  ///   - deadline: The next wake-up, or nil.
  ///   - ownsTouches: Whether the touches down are this gesture's (true unless a next step
  ///     landed elsewhere).
  public init(_ step: GestureStep, deadline: Microseconds? = nil, ownsTouches: Bool = true) {
    self.step = step
    self.deadline = deadline
    self.ownsTouches = ownsTouches
  }
}

/// A recognizer's state machine as a value: the one lane the built-in recognizers and yours
/// share.
///
/// The tap, long-press, swipe, drag (pan and edge pan) and similarity (pinch and rotation)
/// machines of the built-in recognizers conform to it, and each built-in calls its machine
/// through it. Write your own as a struct and hand it to a ``MachineGestureRecognizer``, which
/// is a recognizer like any other (targets, delegate, relations, region); or keep subclassing
/// ``GestureRecognizer`` and overriding ``GestureRecognizer/handle(_:_:)``, which works as
/// before. A machine never refers to the engine or to another recognizer, and runs no code of
/// anyone else's: it gets input and returns a ``MachineOutput``.
public protocol GestureMachine {
  /// The recognizer's parameters, passed to every input (the one in use for the gesture in
  /// progress).
  associatedtype Configuration

  /// One frame of the touches the recognizer follows.
  ///
  /// - Parameters:
  ///   - frame: The frame, with its event time.
  ///   - touches: The touches followed, updated with `frame` (``TouchSurface/summary``).
  ///   - configuration: The parameters in use.
  /// - Returns: The transition, the next deadline and the ownership of the touches.
  mutating func input(
    _ frame: TouchFrame, _ touches: TouchSurface, _ configuration: Configuration
  ) -> MachineOutput

  /// The deadline the last output asked for passed (event time, no frame).
  ///
  /// - Parameters:
  ///   - time: The deadline.
  ///   - configuration: The parameters in use.
  /// - Returns: The transition, the next deadline and the ownership of the touches.
  mutating func wake(at time: Microseconds, _ configuration: Configuration) -> MachineOutput

  /// The engine failed or cancelled the gesture: the machine sees no input until ``reset()``.
  mutating func finish()

  /// Back to the initial state, once every touch has lifted.
  mutating func reset()

  /// Whether the machine is following touches or a timer runs (recognizers that require its
  /// recognizer to fail wait for it only while it is engaged).
  var isEngaged: Bool { get }

  /// The number of touches the gesture reports.
  var touches: Int { get }

  /// Where the gesture is, in millimetres.
  var location: MillimeterPoint { get }
}

extension GestureMachine {
  /// A machine without timers: a wake-up changes nothing.
  public mutating func wake(at time: Microseconds, _ configuration: Configuration)
    -> MachineOutput
  { MachineOutput(.none) }
}

/// A recognizer driven by a ``GestureMachine`` value of yours: the machine decides, the
/// recognizer is its public handle (identity, targets, delegate, region, relations).
///
/// A configuration set while a gesture is in progress applies from the next gesture, as for
/// the built-ins. Subclass it to report more values in ``makeEvent(_:at:)``; the default event
/// carries the machine's ``GestureMachine/touches`` and ``GestureMachine/location``.
open class MachineGestureRecognizer<Machine: GestureMachine>: GestureRecognizer {
  /// The state machine (read it for the values it keeps).
  public final var machine: Machine { stored }
  /// Storage of `machine`.
  final var stored: Machine
  /// The machine's initial value, restored by every reset.
  private let initial: Machine
  /// The parameters; a change while a gesture is in progress applies from the next one.
  public final var configuration: Machine.Configuration {
    get { parameters.latest }
    set { parameters.set(newValue, inProgress: gestureInProgress) }
  }
  /// Storage of `configuration`.
  private var parameters: DeferredConfiguration<Machine.Configuration>

  /// Creates a recognizer around `machine`.
  ///
  /// - Parameters:
  ///   - machine: The machine in its initial state (every reset returns to it).
  ///   - configuration: The parameters passed to the machine.
  ///   - kind: The kind its events carry.
  ///   - name: The name in `--explain` lines and diagnostics.
  public init(
    _ machine: Machine, configuration: Machine.Configuration, kind: GestureKind, name: String
  ) {
    stored = machine
    initial = machine
    parameters = DeferredConfiguration(configuration)
    super.init(kind: kind, name: name)
  }

  /// Feeds the frame to the machine and applies its deadline and ownership.
  open override func handle(_ frame: TouchFrame, _ touches: TouchSurface) -> GestureStep {
    let output = stored.input(frame, touches, parameters.inUse)
    deadline = output.deadline
    ownsTouches = output.ownsTouches
    return output.step
  }

  /// Wakes the machine at its deadline.
  open override func handleDeadline(_ time: Microseconds) -> GestureStep {
    let output = stored.wake(at: time, parameters.inUse)
    deadline = output.deadline
    ownsTouches = output.ownsTouches
    return output.step
  }

  /// Tells the machine the engine failed the gesture.
  open override func forceFail() { stored.finish() }
  /// Tells the machine the engine cancelled the gesture.
  open override func forceCancel() { stored.finish() }
  /// Returns the machine to its initial value and puts a pending configuration in use.
  open override func reset() {
    stored = initial
    stored.reset()
    parameters.apply()
  }
  /// Whether the machine is engaged.
  open override var isEngaged: Bool { stored.isEngaged }

  /// An event with the machine's touches and location.
  open override func makeEvent(_ state: GestureState, at time: Microseconds) -> GestureEvent {
    GestureEvent(
      time: time, kind: kind, state: state, touches: stored.touches, location: stored.location)
  }
}
