import TouchInput

/// Turns contacts into protocol-B frames the way the kernel's input core does, and writes them
/// as evemu lines.
///
/// The device scans every `interval` ms ± 10 %; a frame carries only values whose integer
/// changed: per slot, `ABS_MT_TRACKING_ID` on landing and lifting, `ABS_MT_POSITION_X`/`_Y`
/// when they changed; `ABS_MT_SLOT` only before an event of another slot than the last one
/// written; `BTN_TOUCH` on the first landing and the last lift; `ABS_X`/`ABS_Y` follow the
/// oldest finger; `SYN_REPORT` closes the frame. A scan that changes nothing writes nothing.
struct Emitter {
  /// The scan period, in ms.
  let interval: Milliseconds
  /// The source of scan jitter and sensor noise.
  var random: SplitMix64
  /// The evemu writer.
  var writer: EvemuWriter
  /// Text written and not yet flushed.
  var out = ""
  /// Events written so far.
  private(set) var eventCount = 0
  /// Frames (`SYN_REPORT`s) written so far.
  private(set) var frameCount = 0

  /// Per slot: the index of its contact in the group, or -1.
  private var slotContact = [Int](repeating: -1, count: DeviceModel.slotCount)
  /// Per slot: the last tracking id written (-1 when free).
  private var slotTracking = [Int32](repeating: -1, count: DeviceModel.slotCount)
  /// Per slot: the last X and Y written (the kernel keeps them after a lift).
  private var slotX = [Int32](repeating: 0, count: DeviceModel.slotCount)
  private var slotY = [Int32](repeating: 0, count: DeviceModel.slotCount)
  /// The last `ABS_MT_SLOT` value written.
  private var currentSlot = 0
  /// Whether `BTN_TOUCH` is down.
  private var touching = false
  /// The last `ABS_X` and `ABS_Y` written.
  private var pointerX: Int32 = 0
  private var pointerY: Int32 = 0
  /// The next tracking id.
  private var nextTracking: Int32 = 0
  /// The time of the last scan, in ms, or `nil` before the first.
  private var lastScan: Milliseconds?
  /// The time of the scan being written, in µs.
  private var frameTime: Microseconds = 0

  /// Sensor noise added to every sampled position, standard deviation in mm.
  static let noise = 0.03

  /// Times (ms) of kernel buffer overflows still to write, in order (see `writeDropped`).
  var drops: [Milliseconds] = []

  /// Per slot: the last tool type and touch major written (the kernel starts both at 0 and
  /// keeps them after a lift).
  private var slotTool = [Int32](repeating: 0, count: DeviceModel.slotCount)
  private var slotMajor = [Int32](repeating: 0, count: DeviceModel.slotCount)

  /// The panel whose units positions are written in.
  let model: PanelModel

  /// Creates an emitter scanning at `rate` Hz for `device`, a `model` panel.
  init(
    rate: Double, random: SplitMix64, device: DeviceDescription = DeviceModel.description,
    model: PanelModel = .kiosk
  ) {
    interval = 1000 / rate
    self.random = random
    self.model = model
    writer = EvemuWriter(device: device)
  }

  /// The next scan time after `t`: one period later, ± 10 %.
  private mutating func nextScan(after t: Milliseconds) -> Milliseconds {
    t + interval * random.uniform(0.9...1.1)
  }

  /// Writes one event of the current frame.
  private mutating func write(_ type: UInt16, _ code: UInt16, _ value: Int32) {
    writer.append(InputEvent(time: frameTime, type: type, code: code, value: value), to: &out)
    eventCount += 1
  }

  /// Writes one MT event for `slot`, preceded by `ABS_MT_SLOT` when the slot differs.
  private mutating func writeSlot(_ slot: Int, _ code: UInt16, _ value: Int32) {
    if slot != currentSlot {
      write(EventType.abs, AbsCode.mtSlot, Int32(slot))
      currentSlot = slot
    }
    write(EventType.abs, code, value)
  }

  /// Writes every frame of a group of contacts (no finger down before or after it).
  mutating func emit(_ group: [Contact]) {
    var contacts = group.sorted { $0.land < $1.land }
    // 0: not landed, 1: down, 2: lifted.
    var state = [UInt8](repeating: 0, count: contacts.count)
    var pending = contacts.count
    guard let first = contacts.first else { return }
    var t = lastScan == nil ? first.land : first.land + interval * random.unit()
    while pending > 0 {
      frameTime = Int64((t * 1000).rounded()) + 1
      let dropped = drops.first.map { $0 <= t } ?? false
      if dropped {
        drops.removeFirst()
        write(EventType.syn, SynCode.dropped, 0)
      }
      let activeBefore = slotTracking.map { $0 >= 0 }
      let before = eventCount
      var lifting: UInt32 = 0
      for slot in 0..<DeviceModel.slotCount where slotContact[slot] >= 0 {
        if contacts[slotContact[slot]].lift <= t { lifting |= 1 << slot }
      }
      var landed: UInt32 = 0
      /// The contacts lifting from slots a landing finger took over in this scan.
      var handedOver: [Int] = []
      for index in contacts.indices where state[index] == 0 && contacts[index].land <= t {
        var free = slotContact.indices.first { slotContact[$0] < 0 }
        if contacts[index].handover != .newSlot,
          let taken = slotContact.indices.first(where: {
            lifting & (1 << $0) != 0 && landed & (1 << $0) == 0
          })
        {
          handedOver.append(slotContact[taken])
          free = taken
        }
        guard let slot = free else { break }
        if contacts[index].lift <= t { contacts[index].lift = t + interval / 2 }
        slotContact[slot] = index
        state[index] = 1
        landed |= 1 << slot
      }
      for slot in 0..<DeviceModel.slotCount where slotContact[slot] >= 0 {
        if lifting & (1 << slot) != 0 && landed & (1 << slot) == 0 {
          writeSlot(slot, AbsCode.mtTrackingID, -1)
          slotTracking[slot] = -1
          continue
        }
        if landed & (1 << slot) != 0 {
          if lifting & (1 << slot) != 0 && contacts[slotContact[slot]].handover == .releaseThenNewID
          {
            writeSlot(slot, AbsCode.mtTrackingID, -1)
          }
          slotTracking[slot] = nextTracking
          writeSlot(slot, AbsCode.mtTrackingID, nextTracking)
          nextTracking = (nextTracking + 1) & 0xffff
        }
        let contact = contacts[slotContact[slot]]
        let tool = contact.toolType(at: t)
        if tool != slotTool[slot] {
          writeSlot(slot, AbsCode.mtToolType, tool)
          slotTool[slot] = tool
        }
        let point = contact.position(at: t)
        let noisy = MillimeterPoint(
          x: point.x + Self.noise * random.gaussian(), y: point.y + Self.noise * random.gaussian())
        let (x, y) = model.units(noisy)
        if x != slotX[slot] {
          writeSlot(slot, AbsCode.mtPositionX, x)
          slotX[slot] = x
        }
        if y != slotY[slot] {
          writeSlot(slot, AbsCode.mtPositionY, y)
          slotY[slot] = y
        }
        if let major = contact.majorAxis {
          let units = Int32((major * model.unitsPerMillimeter).rounded())
          if units != slotMajor[slot] {
            writeSlot(slot, AbsCode.mtTouchMajor, units)
            slotMajor[slot] = units
          }
        }
      }
      for slot in 0..<DeviceModel.slotCount where lifting & (1 << slot) & ~landed != 0 {
        state[slotContact[slot]] = 2
        slotContact[slot] = -1
        pending -= 1
      }
      for index in handedOver {
        state[index] = 2
        pending -= 1
      }
      emulatePointer(contacts)
      if eventCount > before || dropped {
        write(EventType.syn, SynCode.report, 0)
        frameCount += 1
      }
      if dropped { writeState(after: activeBefore) }
      lastScan = t
      t = nextScan(after: t)
      let anyDown = slotContact.contains { $0 >= 0 }
      if !anyDown, let next = state.indices.first(where: { state[$0] == 0 }),
        contacts[next].land > t
      {
        t = contacts[next].land + interval * random.unit()
      }
    }
  }

  /// The device's state after a `SYN_DROPPED`, as a recorder that asks the kernel writes it
  /// (libevdev's sync): one frame at the drop's time with every slot down (`ABS_MT_SLOT`, its
  /// tracking id, X and Y, even if unchanged) and -1 for each slot that was down before the
  /// dropped frame and is free now. Readers discard the dropped frame itself (the events
  /// between `SYN_DROPPED` and its `SYN_REPORT`).
  private mutating func writeState(after activeBefore: [Bool]) {
    for slot in 0..<DeviceModel.slotCount {
      guard slotTracking[slot] >= 0 || activeBefore[slot] else { continue }
      write(EventType.abs, AbsCode.mtSlot, Int32(slot))
      currentSlot = slot
      write(EventType.abs, AbsCode.mtTrackingID, slotTracking[slot])
      guard slotTracking[slot] >= 0 else { continue }
      write(EventType.abs, AbsCode.mtPositionX, slotX[slot])
      write(EventType.abs, AbsCode.mtPositionY, slotY[slot])
    }
    write(EventType.syn, SynCode.report, 0)
    frameCount += 1
  }

  /// `BTN_TOUCH` when the first finger lands or the last lifts, and `ABS_X`/`ABS_Y` from the
  /// oldest finger down, as `input_mt_report_pointer_emulation` does.
  private mutating func emulatePointer(_ contacts: [Contact]) {
    var oldest = -1
    for slot in 0..<DeviceModel.slotCount where slotContact[slot] >= 0 {
      if oldest < 0 || contacts[slotContact[slot]].land < contacts[slotContact[oldest]].land {
        oldest = slot
      }
    }
    if (oldest >= 0) != touching {
      touching = oldest >= 0
      write(EventType.key, KeyCode.btnTouch, touching ? 1 : 0)
    }
    guard oldest >= 0 else { return }
    if slotX[oldest] != pointerX {
      pointerX = slotX[oldest]
      write(EventType.abs, AbsCode.x, pointerX)
    }
    if slotY[oldest] != pointerY {
      pointerY = slotY[oldest]
      write(EventType.abs, AbsCode.y, pointerY)
    }
  }
}
