import TouchInput

/// The event-stream fuzz target: any bytes, read as raw evdev events for one of several
/// devices, decoded and recognized by `CheckedReplay`.
///
/// Layout: the first byte picks the device (`FuzzDevice`), then every 8 bytes are one event:
/// a time step (UInt16, little-endian, microseconds; 0xFFFF steps 10 ms back, so clocks going
/// backwards are explored), the type (an index into `types`), the code (an index into the
/// type's usual codes, or the byte itself past them) and the value (Int32, little-endian).
/// A type byte of 0xFF ends the stream as an input error would.
///
/// - Returns: every breach found, in words (empty when all held).
public func fuzzEventStream(_ bytes: [UInt8]) -> [String] {
  guard let first = bytes.first else { return [] }
  var replay = CheckedReplay(device: FuzzDevice.pick(first))
  var time: Microseconds = 1_000_000
  var index = 1
  while index + 8 <= bytes.count {
    let step = Int64(bytes[index]) | Int64(bytes[index + 1]) << 8
    time += step == 0xFFFF ? -10_000 : step
    if bytes[index + 2] == 0xFF { return replay.stopAtInputError() }
    let type = FuzzEventStream.types[Int(bytes[index + 2]) % FuzzEventStream.types.count]
    let codes = FuzzEventStream.codes(type)
    let codeByte = Int(bytes[index + 3])
    let code = codeByte < codes.count ? codes[codeByte] : UInt16(codeByte)
    var value: UInt32 = 0
    for offset in 0..<4 { value |= UInt32(bytes[index + 4 + offset]) << (8 * offset) }
    replay.handle(InputEvent(time: time, type: type, code: code, value: Int32(bitPattern: value)))
    index += 8
  }
  return replay.finish()
}

/// The event types and codes the event-stream target draws from.
public enum FuzzEventStream {
  /// `EV_SYN`, `EV_ABS`, `EV_KEY`, `EV_MSC`; `EV_SYN` and `EV_ABS` twice, as they dominate.
  static let types: [UInt16] = [
    EventType.syn, EventType.abs, EventType.key, EventType.syn, EventType.abs, EventType.msc,
  ]

  /// The usual codes of `type`.
  static func codes(_ type: UInt16) -> [UInt16] {
    switch type {
    case EventType.syn: [SynCode.report, SynCode.report, SynCode.mtReport, SynCode.dropped]
    case EventType.abs:
      [
        AbsCode.mtSlot, AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY,
        AbsCode.x, AbsCode.y, AbsCode.mtPressure, AbsCode.mtTouchMajor, AbsCode.mtToolType,
      ]
    case EventType.key: [KeyCode.btnTouch, KeyCode.btnLeft]
    default: [MscCode.timestamp]
    }
  }

  /// Encodes `events` in the target's layout, for seeds: device byte, then 8 bytes each.
  public static func encode(_ events: [InputEvent], device: UInt8) -> [UInt8] {
    var bytes: [UInt8] = [device]
    var time = events.first?.time ?? 0
    for event in events {
      let step = UInt16(clamping: max(0, min(event.time - time, 0xFFFE)))
      time += Int64(step)
      guard let type = types.firstIndex(of: event.type) else { continue }
      let code = codes(event.type).firstIndex(of: event.code) ?? Int(event.code)
      guard code < 256 else { continue }
      let value = UInt32(bitPattern: event.value)
      bytes += [UInt8(step & 0xFF), UInt8(step >> 8), UInt8(type), UInt8(code)]
      bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }
    return bytes
  }
}

/// The devices the event-stream target replays for, picked by the input's first byte.
public enum FuzzDevice {
  /// The device for `byte` (its value modulo the number of devices).
  public static func pick(_ byte: UInt8) -> DeviceDescription {
    let axis = AbsInfo(minimum: 0, maximum: 4095, resolution: byte & 0x10 == 0 ? 20 : 0)
    let touchKeys: Set<UInt16> = [KeyCode.btnTouch]
    var axes: [UInt16: AbsInfo] = [
      AbsCode.x: axis, AbsCode.y: axis,
      AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255),
      AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 255),
      AbsCode.mtToolType: AbsInfo(minimum: 0, maximum: 2),
    ]
    var properties: Set<UInt16> = [InputProperty.direct]
    switch byte % 4 {
    case 0, 1:  // protocol B (1: semi-MT)
      axes[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: byte % 4 == 0 ? 9 : 1)
      axes[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 65535)
      axes[AbsCode.mtPositionX] = axis
      axes[AbsCode.mtPositionY] = axis
      if byte % 4 == 1 { properties = [InputProperty.semiMT, InputProperty.pointer] }
    case 2:  // protocol A
      axes[AbsCode.mtPositionX] = axis
      axes[AbsCode.mtPositionY] = axis
    default:  // single touch
      break
    }
    return DeviceDescription(
      name: "fuzz", properties: properties,
      supportedCodes: [EventType.abs: Set(axes.keys), EventType.key: touchKeys],
      absoluteAxes: axes)
  }
}
