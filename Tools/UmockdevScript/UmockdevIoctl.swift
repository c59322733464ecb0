import TouchInput

/// Writes the `.ioctl` file umockdev answers libevdev's `EVIOCG*` requests from.
///
/// umockdev answers a request only when the data length equals the size libevdev asks for, so
/// every reply has libevdev 1.13's size: `EVIOCGBIT(0)` 8 bytes, `EVIOCGBIT(EV_KEY)` 96,
/// `EVIOCGBIT(EV_FF)` 16, other bitmasks 8, names 255, `EVIOCGPROP` 8, `EVIOCGKEY` 96,
/// `EVIOCGLED`/`EVIOCGSW` 8, `EVIOCGABS` 24, `EVIOCGID` 8, `EVIOCGVERSION` 4 and
/// `EVIOCGMTSLOTS` 1028 (one reply serves every MT code: all slots -1, so none is active).
enum UmockdevIoctl {
  /// The file's text for `device` at `node`.
  static func text(for device: DeviceDescription, node: String) -> String {
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
    for code in device.absoluteAxes.keys.sorted() {
      guard let axis = device.absoluteAxes[code] else { continue }
      var data: [UInt8] = []
      for value in [0, axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution] {
        appendLittleEndian(UInt32(bitPattern: value), bytes: 4, to: &data)
      }
      lines.append("EVIOCGABS(\(code)) 0 \(hex(data))")
    }
    if device.slotCount > 0 {
      var slots: [UInt8] = []
      appendLittleEndian(UInt32(AbsCode.mtTrackingID), bytes: 4, to: &slots)
      for _ in 0..<256 { appendLittleEndian(UInt32.max, bytes: 4, to: &slots) }
      lines.append("EVIOCGMTSLOTS(0) 0 \(hex(slots))")
    }
    return lines.joined(separator: "\n") + "\n"
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
