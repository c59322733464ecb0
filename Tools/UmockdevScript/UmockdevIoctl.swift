import TouchInput

/// Writes the `.ioctl` file umockdev answers libevdev's `EVIOCG*` requests from.
///
/// umockdev answers a request only when the data length equals the size libevdev asks for, so
/// every reply has libevdev 1.13's size: `EVIOCGBIT(0)` 8 bytes, `EVIOCGBIT(EV_KEY)` 96,
/// `EVIOCGBIT(EV_FF)` 16, other bitmasks 8, names 255, `EVIOCGPROP` 8, `EVIOCGKEY` 96,
/// `EVIOCGLED`/`EVIOCGSW` 8, `EVIOCGABS` 24, `EVIOCGID` 8, `EVIOCGVERSION` 4 and
/// `EVIOCGMTSLOTS` 1028.
///
/// umockdev serves a request from the next matching entry after the last one it served
/// (wrapping around), so replies that change over time are listed in the order libevdev asks:
/// one `EVIOCGMTSLOTS` entry per MT code (ascending, as libevdev asks) for the state at open
/// (`initial`), then for each `SYN_DROPPED` the requests of libevdev 1.13's sync in its order
/// (`EVIOCGMTSLOTS` per MT code, `EVIOCGKEY`, the `EVIOCGABS` of every non-MT axis, then
/// `EVIOCGABS(ABS_MT_SLOT)`) with the device's state after the drop.
enum UmockdevIoctl {
  /// The file's text for `device` at `node`, with the slot state at open and after each drop.
  static func text(
    for device: DeviceDescription, node: String, initial: SlotState? = nil,
    drops: [SlotState] = []
  ) -> String {
    var lines = ["@DEV \(node)"]
    var typeBits = [UInt8](repeating: 0, count: 8)
    for type in device.supportedCodes.keys { setBit(Int(type), in: &typeBits) }
    lines.append("EVIOCGBIT(0) 8 \(hex(typeBits))")
    for type in 1...Int(EventType.max) {
      let size = type == Int(EventType.key) ? 96 : (type == Int(EventType.ff) ? 16 : 8)
      var bits = [UInt8](repeating: 0, count: size)
      for code in device.supportedCodes[UInt16(type)] ?? [] where Int(code) < size * 8 {
        setBit(Int(code), in: &bits)
      }
      lines.append("EVIOCGBIT(\(type)) \(size) \(hex(bits))")
    }
    var name = Array(device.name.utf8.prefix(254))
    let nameLength = name.count + 1
    name += [UInt8](repeating: 0, count: 255 - name.count)
    lines.append("EVIOCGNAME(0) \(nameLength) \(hex(name))")
    lines.append("EVIOCGPHYS(0) 0 \(hex([UInt8](repeating: 0, count: 255)))")
    lines.append("EVIOCGUNIQ(0) 0 \(hex([UInt8](repeating: 0, count: 255)))")
    var properties = [UInt8](repeating: 0, count: 8)
    for property in device.properties where property < 64 { setBit(Int(property), in: &properties) }
    lines.append("EVIOCGPROP(0) 8 \(hex(properties))")
    var id: [UInt8] = []
    for value in [device.bus, device.vendor, device.product, device.version] {
      appendLittleEndian(UInt32(value), bytes: 2, to: &id)
    }
    lines.append("EVIOCGID 0 \(hex(id))")
    var version: [UInt8] = []
    appendLittleEndian(0x01_0001, bytes: 4, to: &version)
    lines.append("EVIOCGVERSION 0 \(hex(version))")
    lines.append("EVIOCGKEY(0) 96 \(hex([UInt8](repeating: 0, count: 96)))")
    lines.append("EVIOCGLED(0) 8 \(hex([UInt8](repeating: 0, count: 8)))")
    lines.append("EVIOCGSW(0) 8 \(hex([UInt8](repeating: 0, count: 8)))")
    let start = initial ?? SlotState(device: device)
    for code in device.absoluteAxes.keys.sorted() {
      lines.append(absLine(device, code, value: code == AbsCode.mtSlot ? start.slot : 0))
    }
    guard device.slotCount > 0 else { return lines.joined(separator: "\n") + "\n" }
    lines += slotLines(device, start)
    for state in drops {
      // libevdev's sync_state: the slots, the keys, the non-MT axes, then the current slot.
      lines += slotLines(device, state)
      lines.append("EVIOCGKEY(0) 96 \(hex([UInt8](repeating: 0, count: 96)))")
      for code in device.absoluteAxes.keys.sorted() where code < AbsCode.mtSlot || code > 0x3d {
        lines.append(absLine(device, code, value: 0))
      }
      lines.append(absLine(device, AbsCode.mtSlot, value: state.slot))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `EVIOCGABS(code)` entry: `value`, then the axis' range, fuzz, flat and resolution.
  private static func absLine(_ device: DeviceDescription, _ code: UInt16, value: Int32) -> String {
    let axis = device.absoluteAxes[code] ?? AbsInfo(minimum: 0, maximum: 0)
    var data: [UInt8] = []
    for number in [value, axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution] {
      appendLittleEndian(UInt32(bitPattern: number), bytes: 4, to: &data)
    }
    return "EVIOCGABS(\(code)) 0 \(hex(data))"
  }

  /// One `EVIOCGMTSLOTS(0)` entry per MT code: the code, then its value in each of 256 slots.
  private static func slotLines(_ device: DeviceDescription, _ state: SlotState) -> [String] {
    SlotState.codes(of: device).map { code in
      var data: [UInt8] = []
      appendLittleEndian(UInt32(code), bytes: 4, to: &data)
      for value in state.values[code] ?? [] {
        appendLittleEndian(UInt32(bitPattern: value), bytes: 4, to: &data)
      }
      return "EVIOCGMTSLOTS(0) 0 \(hex(data))"
    }
  }

  private static func setBit(_ bit: Int, in bytes: inout [UInt8]) {
    guard bit / 8 < bytes.count else { return }
    bytes[bit / 8] |= UInt8(1) << UInt8(bit % 8)
  }

  private static func appendLittleEndian(_ value: UInt32, bytes: Int, to data: inout [UInt8]) {
    for index in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
  }

  private static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// Writes the `.umockdev` file: the udev/sysfs view of the emulated node and its parent.
enum UmockdevDevice {
  /// The file's text for `device` at `node` (which must end in `eventN`).
  static func text(for device: DeviceDescription, node: String) -> String {
    let kernelName = node.split(separator: "/").last.map(String.init) ?? "event5"
    let number = Int(kernelName.drop { !$0.isNumber }) ?? 5
    let minor = 64 + number
    let kind =
      device.isTouchDevice
      ? "E: ID_INPUT_TOUCHSCREEN=1" : "E: ID_INPUT_KEY=1\nE: ID_INPUT_KEYBOARD=1"
    let parent = "/devices/virtual/input/input\(number + 100)"
    return """
      P: \(parent)/\(kernelName)
      N: input/\(kernelName)
      E: DEVNAME=\(node)
      E: ID_INPUT=1
      \(kind)
      E: MAJOR=13
      E: MINOR=\(minor)
      E: SUBSYSTEM=input
      A: dev=13:\(minor)
      L: device=../../input\(number + 100)

      P: \(parent)
      E: NAME="\(device.name)"
      E: ID_INPUT=1
      \(kind)
      E: SUBSYSTEM=input
      A: name=\(device.name)

      """
  }
}
