extension EvemuWriter {
  /// The event types evemu writes `B:` lines for, with the bytes of each type's code bitmask
  /// (what `EVIOCGBIT` returns on x86-64: keys 96 bytes, force feedback 16, the rest 8).
  static let bitmaskSizes: [(type: UInt16, bytes: Int)] = [
    (EventType.syn, 8), (EventType.key, 96), (EventType.rel, 8), (EventType.abs, 8),
    (EventType.msc, 8), (EventType.sw, 8), (EventType.led, 8), (EventType.snd, 8),
    (EventType.rep, 8), (EventType.ff, 16),
  ]

  /// The header of the recording: the commented summary, the device lines and the
  /// "Waiting for events" banner, each line ending in a newline.
  ///
  /// The `B: 00` line lists the supported event types (`EVIOCGBIT(0)`); `EV_SYN` is always
  /// supported and `EV_ABS` is whenever the device has absolute axes.
  public func header() -> String {
    var out = "# EVEMU 1.3\n"
    // A name is one line: a line break in it (a USB device can name itself anything) would
    // end the N: line and forge the lines after it, so each becomes a space.
    let name = String(
      String.UnicodeScalarView(
        device.name.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    out += "# Input device name: \"" + name + "\"\n"
    out += "# Input device ID: bus " + Self.cHex(device.bus) + " vendor " + Self.cHex(device.vendor)
    out += " product " + Self.cHex(device.product) + " version " + Self.cHex(device.version) + "\n"
    if let size = sizeInMillimeters() {
      out += "# Size in mm: " + String(size.width) + "x" + String(size.height) + "\n"
    }
    appendSupportedEvents(to: &out)
    out += "# Properties:\n"
    for property in device.properties.sorted() {
      out += "#   Property  type " + String(property) + " ("
      out += KernelNames.propertyName(property) + ")\n"
    }
    out += "N: " + name + "\n"
    out += "I: "
    for (index, word) in [device.bus, device.vendor, device.product, device.version].enumerated() {
      if index > 0 { out += " " }
      Self.appendHex(UInt64(word), digits: 4, to: &out)
    }
    out += "\n"
    appendBitmask(prefix: "P: ", codes: device.properties, bytes: 8, to: &out)
    let codes = supportedCodes()
    for (type, bytes) in Self.bitmaskSizes {
      var prefix = "B: "
      Self.appendHex(UInt64(type), digits: 2, to: &prefix)
      prefix += " "
      appendBitmask(prefix: prefix, codes: codes[type] ?? [], bytes: bytes, to: &out)
    }
    for (code, info) in device.absoluteAxes.sorted(by: { $0.key < $1.key }) {
      out += "A: "
      Self.appendHex(UInt64(code), digits: 2, to: &out)
      for number in [info.minimum, info.maximum, info.fuzz, info.flat, info.resolution] {
        out += " " + String(number)
      }
      out += "\n"
    }
    out += "################################\n"
    out += "#      Waiting for events      #\n"
    out += "################################\n"
    return out
  }

  /// Supported codes by type as the `B:` lines show them: type 0 holds the supported types,
  /// absolute axes are merged into `EV_ABS`.
  func supportedCodes() -> [UInt16: Set<UInt16>] {
    var codes = device.supportedCodes
    codes[EventType.syn] = nil
    if !device.absoluteAxes.isEmpty {
      codes[EventType.abs, default: []].formUnion(device.absoluteAxes.keys)
    }
    var types: Set<UInt16> = [EventType.syn]
    types.formUnion(codes.keys)
    codes[EventType.syn] = types
    return codes
  }

  /// Appends `bytes / 8` lines of `prefix` plus eight hex bytes of the bitmask of `codes`;
  /// codes beyond the mask are left out.
  func appendBitmask(prefix: String, codes: Set<UInt16>, bytes: Int, to out: inout String) {
    var mask = [UInt8](repeating: 0, count: bytes)
    for code in codes where Int(code) < bytes * 8 {
      mask[Int(code) / 8] |= UInt8(1) << (code % 8)
    }
    for line in stride(from: 0, to: bytes, by: 8) {
      out += prefix
      for index in line..<(line + 8) {
        if index > line { out += " " }
        Self.appendHex(UInt64(mask[index]), digits: 2, to: &out)
      }
      out += "\n"
    }
  }

  /// The commented list of types, codes and axis descriptions (`# Supported events:`).
  func appendSupportedEvents(to out: inout String) {
    out += "# Supported events:\n"
    let codes = supportedCodes()
    for type in codes.keys.sorted() {
      out += "#   Event type " + String(type) + " (" + KernelNames.typeName(type) + ")\n"
      let listed: Set<UInt16> =
        type == EventType.syn
        ? [
          SynCode.report, SynCode.config, SynCode.mtReport,
          SynCode.dropped,
        ] : codes[type] ?? []
      for code in listed.sorted() {
        out += "#     Event code " + String(code) + " ("
        out += KernelNames.codeName(type: type, code: code) + ")\n"
        guard type == EventType.abs, let info = device.absoluteAxes[code] else { continue }
        let rows: [(String, Int32)] = [
          ("Value", info.value), ("Min", info.minimum), ("Max", info.maximum),
          ("Fuzz", info.fuzz), ("Flat", info.flat), ("Resolution", info.resolution),
        ]
        for (label, number) in rows {
          let text = String(number)
          out += "#       " + label + " "
          for _ in 0..<max(0, 13 - label.utf8.count - text.utf8.count) { out += " " }
          out += text + "\n"
        }
      }
    }
  }

  /// The surface size in whole millimetres from the X and Y axes (the MT axes if the device
  /// has no `ABS_X`/`ABS_Y`), or `nil` when either has no resolution.
  func sizeInMillimeters() -> (width: Int32, height: Int32)? {
    let x = device.absoluteAxes[AbsCode.x] ?? device.absoluteAxes[AbsCode.mtPositionX]
    let y = device.absoluteAxes[AbsCode.y] ?? device.absoluteAxes[AbsCode.mtPositionY]
    guard let x, let y, x.resolution > 0, y.resolution > 0 else { return nil }
    return ((x.maximum - x.minimum) / x.resolution, (y.maximum - y.minimum) / y.resolution)
  }

  /// A header id as C's `%#04x` prints it: `0x03`, `0x2575`, and `0000` for zero.
  static func cHex(_ value: UInt16) -> String {
    guard value != 0 else { return "0000" }
    var out = "0x"
    appendHex(UInt64(value), digits: 2, to: &out)
    return out
  }
}
