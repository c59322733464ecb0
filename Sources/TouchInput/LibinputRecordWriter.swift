/// Writes recordings in the YAML format of `libinput record` (file format version 1), with one
/// device.
///
/// The header (`header()`) holds `version`, `ndevices` and the device: `node`, `evdev` (a
/// commented summary, then `name`, `id`, `codes`, `absinfo`, `properties`), `udev` (the
/// `ID_INPUT*` properties `libinput replay` compares) and the `events:` key. Each frame starts
/// with `  - evdev:` and each event (`append(_:to:)`) is one line
/// `    - [  0,  11879,   3,  53,    1330] # EV_ABS / ABS_MT_POSITION_X      1330`, as
/// `libinput record` writes it (without its per-axis deltas). Times are written as given;
/// `libinput record` makes the first event `[0, 0]`, which is the caller's choice here.
public struct LibinputRecordWriter {
  /// The device the header describes.
  public let device: DeviceDescription
  /// The node written as the device's `node:`.
  public let node: String
  /// Whether a frame is open (an event since the last `SYN_REPORT`).
  private var inFrame = false
  /// The millisecond of the previous `EV_SYN` event, for the `+Nms` comments.
  private var lastSyncMilliseconds: Int64 = 0

  /// Creates a writer for recordings of `device`, recorded from `node`.
  public init(device: DeviceDescription, node: String = "/dev/input/event0") {
    self.device = device
    self.node = node
  }

  /// Writes a whole recording: the header, then the events, framed at each `SYN_REPORT`.
  public static func write(
    device: DeviceDescription, events: [InputEvent], node: String = "/dev/input/event0"
  ) -> String {
    var writer = LibinputRecordWriter(device: device, node: node)
    var out = writer.header()
    for event in events { writer.append(event, to: &out) }
    return out
  }

  /// The text up to and including the device's `events:` line.
  public func header() -> String {
    var out = "# libinput record\n"
    out += "# Written by TouchGestures in the format of libinput record (not by libinput).\n"
    out += "version: 1\nndevices: 1\ndevices:\n"
    out += "- node: " + node + "\n"
    out += "  evdev:\n"
    out += "    # Name: " + Self.escaped(device.name) + "\n"
    out += "    name: \"" + Self.escaped(device.name) + "\"\n"
    out += "    id: [\(device.bus), \(device.vendor), \(device.product), \(device.version)]\n"
    out += "    codes:\n"
    let codes = supportedCodes()
    for type in codes.keys.sorted() {
      let list = codes[type, default: []].sorted().map(String.init).joined(separator: ", ")
      out += "      \(type): [\(list)] # \(KernelNames.typeName(type))\n"
    }
    if !device.absoluteAxes.isEmpty {
      out += "    absinfo:\n"
      for (code, info) in device.absoluteAxes.sorted(by: { $0.key < $1.key }) {
        out += "      \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), "
        out += "\(info.resolution)]\n"
      }
    }
    let properties = device.properties.sorted().map(String.init).joined(separator: ", ")
    out += "    properties: [\(properties)]\n"
    out += "  udev:\n    properties:\n    - ID_INPUT=1\n"
    if device.isTouchDevice {
      out += device.isDirect ? "    - ID_INPUT_TOUCHSCREEN=1\n" : "    - ID_INPUT_TOUCHPAD=1\n"
    }
    out += "  events:\n"
    return out
  }

  /// Appends `event` to `out`: a frame start first if it opens a frame, then its line.
  public mutating func append(_ event: InputEvent, to out: inout String) {
    if !inFrame {
      out += "  - evdev:\n"
      inFrame = true
    }
    let time = UInt64(bitPattern: event.time)
    out += "    - ["
    Self.pad(String(time / 1_000_000), 3, &out)
    out += ", "
    Self.pad(String(time % 1_000_000), 6, &out)
    out += ", "
    Self.pad(String(event.type), 3, &out)
    out += ", "
    Self.pad(String(event.code), 3, &out)
    out += ", "
    Self.pad(String(event.value), 7, &out)
    out += "] # "
    let codeName = KernelNames.codeName(type: event.type, code: event.code)
    if event.type == EventType.syn && event.code == SynCode.mtReport {
      out += "++++++++++++ " + codeName + " (\(event.value)) ++++++++++"
    } else if event.type == EventType.syn {
      let milliseconds = event.time / 1000
      let delta = milliseconds - lastSyncMilliseconds
      lastSyncMilliseconds = milliseconds
      out += "------------ " + codeName + " (\(event.value)) ---------- "
      out += (delta >= 0 ? "+" : "") + "\(delta)ms"
    } else {
      out += KernelNames.typeName(event.type) + " / " + codeName
      out += String(repeating: " ", count: max(0, 20 - codeName.utf8.count)) + " "
      Self.pad(String(event.value), 6, &out)
    }
    out += "\n"
    if event.type == EventType.syn && event.code == SynCode.report { inFrame = false }
  }

  /// Supported codes by type as `codes:` lists them: every type of the device, `EV_SYN` with
  /// its codes 0…15 (as libevdev reports them), `EV_ABS` with the absolute axes.
  func supportedCodes() -> [UInt16: Set<UInt16>] {
    var codes: [UInt16: Set<UInt16>] = [:]
    for type in device.supportedCodes[EventType.syn] ?? [] { codes[type] = [] }
    for (type, list) in device.supportedCodes where type != EventType.syn {
      codes[type, default: []].formUnion(list)
    }
    if !device.absoluteAxes.isEmpty {
      codes[EventType.abs, default: []].formUnion(device.absoluteAxes.keys)
    }
    codes[EventType.syn] = Set(0...15)
    return codes
  }

  /// `text` right-aligned in `width` columns, appended to `out`.
  static func pad(_ text: String, _ width: Int, _ out: inout String) {
    for _ in 0..<max(0, width - text.utf8.count) { out += " " }
    out += text
  }

  /// A name for a double-quoted YAML scalar: `\` and `"` escaped, control characters as `\x..`.
  static func escaped(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case _ where scalar.value < 0x20 || scalar.value == 0x7f:
        let hex = String(scalar.value, radix: 16)
        out += "\\x" + (hex.count < 2 ? "0" : "") + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
