import EvdevDevice
import GestureRecognition
import TouchInput

/// Gesture ownership for one grabbed multi-touch (slot) device: decides, frame by frame, which
/// touches reach the uinput clone the compositor sees (see Docs/Ownership.md).
///
/// Every touch gets a fate when it lands:
/// - **passing**: its events are written to the clone in the loop turn they are read;
/// - **held**: it landed in the band of a side an inward edge-pan binding uses; its frames are
///   kept until every edge-pan recognizer failed (then written at once, in order), or the edge
///   pan began or a binding fired (then dropped, never written); a held touch that lifts before
///   either is written too;
/// - **claimed**: a binding fired while it was down (or it landed while claimed touches were
///   down): if it was passing, the clone sees it turn into a palm (`ABS_MT_TOOL_TYPE` =
///   `MT_TOOL_PALM`, one frame) and lift (the next), which libinput reports as a touch cancel;
///   nothing of it is written after that.
///
/// Frames with only passing touches are written unchanged (`ABS_MT_SLOT` is written where the
/// clone's current slot differs from the device's). In other frames the single-touch
/// emulation (`BTN_TOUCH`, `BTN_TOOL_*`, `ABS_X`, `ABS_Y`, `ABS_PRESSURE`) is left out and
/// `BTN_TOUCH` is written when the clone's first touch lands or its last lifts.
final class TouchForwarder {
  /// What becomes of a touch: written, kept back, or not written (claimed by a binding, or
  /// cut by a reload or stop: `dropped`, which unlike `claimed` does not claim the touches
  /// that land after it).
  enum Fate { case passing, held, claimed, dropped }

  /// One slot of the device, and what the clone has of it.
  struct Slot {
    var fate: Fate?
    /// Whether the clone has a touch down in this slot.
    var downOnClone = false
    /// Whether the clone's slot was last turned into a palm (its next touch gets
    /// `MT_TOOL_FINGER`).
    var palmOnClone = false
    var position = RawPoint(x: 0, y: 0)
    /// A held touch's frames (its slot's events of each), in order.
    var heldFrames: [[InputEvent]] = []
  }

  let clone: VirtualDevice
  /// The sides inward edge-pan bindings start from, their band (mm) and the surface.
  private var edgeSides: Set<ScreenEdge>
  private var band: Millimeters
  private var width: Millimeters
  private var height: Millimeters
  /// The edge-pan recognizers of the engine(s).
  private var edgeRecognizers: [GestureRecognizer] = []
  private let log: (String) -> Void

  private var slots: [Int32: Slot] = [:]
  private var sourceSlot: Int32 = 0
  private var cloneSlot: Int32 = 0
  private var cloneTouching = false
  private var frame: [InputEvent] = []
  private var frameTouches: [Touch] = []
  private var claimRequested = false
  private var output: [InputEvent] = []
  private var failedWriting = false

  /// The local time the events being handled were read, and the forwarding delays measured
  /// (local µs from reading a frame to writing it), the first `latencyLimit`.
  var readTime: Microseconds = 0
  private(set) var latencies: [Microseconds] = []
  static let latencyLimit = 100_000
  private(set) var framesWritten = 0
  private(set) var touchesCancelled = 0
  private(set) var touchesHeldBack = 0

  init(clone: VirtualDevice, log: @escaping (String) -> Void) {
    self.clone = clone
    self.log = log
    edgeSides = []
    band = 5
    width = 0
    height = 0
    output.reserveCapacity(64)
    frame.reserveCapacity(64)
  }

  /// Takes the edge bindings and recognizers of a (new) engine: at start and on reload.
  func configure(bindings: [Binding], engines: [GestureEngine], device: MatchedDevice) {
    edgeSides = Set(bindings.compactMap(\.gesture.recognizerEdge))
    band = bindings.lazy.compactMap(\.tunables.edgeBand).first ?? 5
    width = device.width
    height = device.height
    edgeRecognizers = engines.flatMap(\.recognizers).filter { $0.kind == .edgePan }
  }

  /// A binding fired: the touches down are claimed at the end of this step.
  func claim() { claimRequested = true }

  /// The decoded frame of the events being handled (from the pipeline's `onFrame`).
  func noteFrame(_ touches: TouchFrame) { frameTouches = touches.touches }

  /// One event read from the device, before the pipeline sees it.
  func append(_ event: InputEvent) { frame.append(event) }

  /// The pipeline has handled the frame ending with the `SYN_REPORT` just appended: gives the
  /// new touches their fate and writes what the clone gets.
  func endFrame() {
    output.removeAll(keepingCapacity: true)
    assignFates()
    settleHeldAndClaims()
    writeFrame()
    frame.removeAll(keepingCapacity: true)
    frameTouches.removeAll(keepingCapacity: true)
    flush(measured: true)
  }

  /// A timer fired with no new frame: claims and releases it caused are written now.
  func settle() {
    guard claimRequested || slots.values.contains(where: { $0.fate == .held }) else { return }
    output.removeAll(keepingCapacity: true)
    settleHeldAndClaims()
    flush()
  }

  /// Unplug, reload or stop: every touch on the clone is cancelled (palm, then lift); held
  /// touches are dropped; the device's touches still down are not written until they lift.
  func cancelAll() {
    output.removeAll(keepingCapacity: true)
    cancelOnClone(slots.keys.sorted())
    for key in slots.keys where slots[key]?.fate != nil {
      slots[key]?.fate = .dropped
      slots[key]?.heldFrames = []
    }
    frame.removeAll(keepingCapacity: true)
    claimRequested = false
    flush()
  }

  // MARK: Fates

  private func assignFates() {
    var slot = sourceSlot
    let claimedDown = slots.values.contains { $0.fate == .claimed }
    for event in frame where event.type == EventType.abs {
      switch event.code {
      case AbsCode.mtSlot: slot = event.value
      case AbsCode.mtPositionX: slots[slot, default: Slot()].position.x = event.value
      case AbsCode.mtPositionY: slots[slot, default: Slot()].position.y = event.value
      case AbsCode.mtTrackingID where event.value >= 0:
        slots[slot, default: Slot()].fate = .passing  // settled below, once positions are in
      default: break
      }
    }
    slot = sourceSlot
    for event in frame where event.type == EventType.abs {
      if event.code == AbsCode.mtSlot { slot = event.value }
      guard event.code == AbsCode.mtTrackingID, event.value >= 0 else { continue }
      if claimedDown {
        slots[slot]?.fate = .claimed
      } else if landsInEdgeBand(slots[slot]?.position) {
        slots[slot]?.fate = .held
        touchesHeldBack += 1
      }
    }
  }

  /// Whether a touch that landed at raw `position` lies in the band of a bound side.
  private func landsInEdgeBand(_ position: RawPoint?) -> Bool {
    guard !edgeSides.isEmpty, let position else { return false }
    let touch =
      frameTouches.first { $0.raw == position && $0.phase == .began }
      ?? frameTouches.first { $0.raw == position }
    guard let location = touch?.location else { return false }
    return edgeSides.contains { side in
      switch side {
      case .left: location.x <= band
      case .right: location.x >= width - band
      case .top: location.y <= band
      case .bottom: location.y >= height - band
      }
    }
  }

  private func settleHeldAndClaims() {
    let edgeWon = edgeRecognizers.contains { $0.state == .began || $0.state == .changed }
    if claimRequested || edgeWon {
      claimRequested = false
      cancelOnClone(slots.keys.sorted().filter { slots[$0]?.fate == .passing })
      for key in slots.keys where slots[key]?.fate == .held || slots[key]?.fate == .passing {
        if slots[key]?.fate == .held { slots[key]?.heldFrames = [] }
        slots[key]?.fate = .claimed
      }
      return
    }
    // Most frames hold nothing back: nothing is sorted or built for them.
    guard slots.values.contains(where: { $0.fate == .held }) else { return }
    let held = slots.keys.sorted().filter { slots[$0]?.fate == .held }
    let edgeFailed = !edgeRecognizers.isEmpty && edgeRecognizers.allSatisfy { $0.state == .failed }
    let lifting = Set(liftedInFrame())
    for key in held where edgeFailed || lifting.contains(key) {
      release(key)
    }
  }

  /// The slots whose touch lifts in the frame being handled.
  private func liftedInFrame() -> [Int32] {
    var slot = sourceSlot
    var lifted: [Int32] = []
    for event in frame where event.type == EventType.abs {
      if event.code == AbsCode.mtSlot { slot = event.value }
      if event.code == AbsCode.mtTrackingID && event.value < 0 { lifted.append(slot) }
    }
    return lifted
  }

  /// A held touch's frames, written now in order; it passes from here on.
  private func release(_ key: Int32) {
    guard let frames = slots[key]?.heldFrames else { return }
    slots[key]?.fate = .passing
    slots[key]?.heldFrames = []
    for events in frames {
      for event in events { emitMT(event, slot: key) }
      closeFrame(clean: false)
    }
  }

  /// Turns the clone's touches in `keys` into palms (one frame), then lifts them (the next).
  private func cancelOnClone(_ keys: [Int32]) {
    let down = keys.filter { slots[$0]?.downOnClone == true }
    guard !down.isEmpty else { return }
    for key in down {
      emitMT(
        InputEvent(time: 0, type: EventType.abs, code: AbsCode.mtToolType, value: 2), slot: key)
    }
    closeFrame(clean: false)
    for key in down {
      emitMT(
        InputEvent(time: 0, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1), slot: key)
      slots[key]?.palmOnClone = true
      touchesCancelled += 1
    }
    closeFrame(clean: false)
  }

  // MARK: Writing

  /// The frame being handled, filtered by the fates.
  private func writeFrame() {
    var slot = sourceSlot
    let clean =
      slots.values.allSatisfy { $0.fate == nil || $0.fate == .passing }
      && !frameHasOtherTouches()
    var heldThisFrame: [Int32: [InputEvent]] = [:]
    for event in frame {
      if event.type == EventType.abs && event.code == AbsCode.mtSlot {
        slot = event.value
        continue
      }
      if event.type == EventType.abs && event.code >= AbsCode.mtSlot
        && event.code <= AbsCode.mtToolY
      {
        switch slots[slot]?.fate {
        case .passing?, nil: emitMT(event, slot: slot)
        case .held?: heldThisFrame[slot, default: []].append(event)
        case .claimed?, .dropped?: break
        }
        continue
      }
      if event.type == EventType.syn && event.code == SynCode.report {
        closeFrame(clean: clean)
        continue
      }
      // A drop the kernel reported to the daemon is not the clone's: libevdev's resync
      // events that follow bring the clone up to date as well.
      if event.type == EventType.syn && event.code == SynCode.dropped { continue }
      if !clean && Self.isSingleTouchEmulation(event) { continue }
      output.append(event)
      if event.type == EventType.key && event.code == KeyCode.btnTouch {
        cloneTouching = event.value != 0
      }
    }
    sourceSlot = slot
    for (key, events) in heldThisFrame { slots[key]?.heldFrames.append(events) }
    // A touch lifted is forgotten, whatever its fate, once its frame is handled.
    for key in liftedInFrame() {
      if slots[key]?.fate == .held { continue }
      slots[key]?.fate = nil
    }
  }

  /// Whether any slot of the device is down with a fate other than passing.
  private func frameHasOtherTouches() -> Bool {
    slots.values.contains { $0.fate == .held || $0.fate == .claimed || $0.fate == .dropped }
  }

  /// An MT event for `slot`, with `ABS_MT_SLOT` first when the clone is on another slot.
  ///
  /// A new touch in a slot last made a palm gets `ABS_MT_TOOL_TYPE` = `MT_TOOL_FINGER` just
  /// before its tracking id: libinput reads the slot's tool type when the tracking id arrives,
  /// and a touch that starts as a palm it never reports.
  private func emitMT(_ event: InputEvent, slot: Int32) {
    if cloneSlot != slot {
      output.append(InputEvent(time: 0, type: EventType.abs, code: AbsCode.mtSlot, value: slot))
      cloneSlot = slot
    }
    let landing = event.code == AbsCode.mtTrackingID && event.value >= 0
    if landing && slots[slot]?.palmOnClone == true {
      slots[slot]?.palmOnClone = false
      output.append(InputEvent(time: 0, type: EventType.abs, code: AbsCode.mtToolType, value: 0))
    }
    output.append(event)
    if event.code == AbsCode.mtTrackingID { slots[slot, default: Slot()].downOnClone = landing }
  }

  /// Ends a frame of the output: `BTN_TOUCH` when the clone's touching changed (not in a clean
  /// frame, which carries the device's own), then `SYN_REPORT`; a frame with nothing in it
  /// is not written.
  private func closeFrame(clean: Bool) {
    let touching = slots.values.contains { $0.downOnClone }
    if !clean && touching != cloneTouching {
      output.append(
        InputEvent(time: 0, type: EventType.key, code: KeyCode.btnTouch, value: touching ? 1 : 0))
      cloneTouching = touching
    }
    let start = output.lastIndex { $0.type == EventType.syn && $0.code == SynCode.report } ?? -1
    let content = output[(start + 1)...].contains {
      !($0.type == EventType.msc || $0.type == EventType.syn)
    }
    if !content {
      output.removeSubrange((start + 1)...)
      return
    }
    output.append(InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0))
  }

  /// Writes what was built, in one write, and notes the delay since the events were read.
  private func flush(measured: Bool = false) {
    guard !output.isEmpty else { return }
    // The delay added is from reading the frame to handing it to the kernel: the moment the
    // write starts (under umockdev a write is a round trip to the emulation's script).
    if measured && latencies.count < Self.latencyLimit && readTime > 0 {
      latencies.append(localNow() - readTime)
    }
    do throws(VirtualDeviceError) {
      try clone.write(output)
      framesWritten += output.lazy.filter { $0.type == EventType.syn }.count
    } catch {
      if !failedWriting { log("warning: \(clone.name): cannot write to the clone: \(error)") }
      failedWriting = true
    }
    output.removeAll(keepingCapacity: true)
  }

  static func isSingleTouchEmulation(_ event: InputEvent) -> Bool {
    switch event.type {
    case EventType.key:
      return event.code == KeyCode.btnTouch
        || (event.code >= KeyCode.btnToolPen && event.code <= KeyCode.btnToolQuadTap)
    case EventType.abs:
      return event.code == AbsCode.x || event.code == AbsCode.y
        || event.code == AbsCode.pressure || event.code == 0x1c
    default:
      return false
    }
  }

  /// `owned: N frames written to the clone, N cancelled, N held back (touches); added latency p50 X µs, p99 Y µs, …`.
  var summary: String {
    let sorted = latencies.sorted()
    func percentile(_ p: Int) -> Microseconds {
      sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * p / 100)]
    }
    return
      "owned: \(counted(framesWritten, "frame")) written to the clone, "
      + "\(touchesCancelled) cancelled, \(touchesHeldBack) held back (touches); added latency "
      + "p50 \(percentile(50)) µs, p99 \(percentile(99)) µs, max \(sorted.last ?? 0) µs over "
      + counted(sorted.count, "write")
  }
}
