import TextOutput
import TouchInput

/// The surface size udev knows for a device that reports no resolution: hwdb's
/// `EVDEV_ABS_*` overrides (`MIN:MAX:RES:FUZZ:FLAT`, what systemd's 60-evdev.hwdb sets for
/// panels whose driver leaves the resolution out) or `ID_INPUT_WIDTH_MM`/`ID_INPUT_HEIGHT_MM`.
enum UdevSize {
  /// The sensor's size in mm (before rotation) and the properties it came from, or nil when
  /// udev says nothing usable.
  ///
  /// - Parameters:
  ///   - properties: The device's udev size properties (`UdevInputDevice.sizeProperties`).
  ///   - device: The device, for its axis ranges.
  ///   - axes: The position axes the decoder reads (`ABS_MT_POSITION_X/Y`, `ABS_X/Y`).
  static func sensorSize(
    _ properties: [String: String], device: DeviceDescription, axes: (x: UInt16, y: UInt16)
  ) -> (width: Millimeters, height: Millimeters, source: String)? {
    func hex(_ code: UInt16) -> String {
      let digits = String(code, radix: 16, uppercase: true)
      return "EVDEV_ABS_" + (digits.count < 2 ? "0" + digits : digits)
    }
    func side(_ code: UInt16) -> Millimeters? {
      guard let text = properties[hex(code)], let info = device.absoluteAxes[code] else {
        return nil
      }
      let fields = text.split(separator: ":", omittingEmptySubsequences: false)
      func field(_ index: Int) -> Double? {
        index < fields.count ? Double(fields[index]) : nil
      }
      let minimum = field(0) ?? Double(info.minimum)
      let maximum = field(1) ?? Double(info.maximum)
      guard let resolution = field(2), resolution > 0, maximum > minimum else { return nil }
      let length = (maximum - minimum) / resolution
      return length.isFinite && length > 0 ? length : nil
    }
    if let width = side(axes.x), let height = side(axes.y) {
      return (width, height, hex(axes.x) + ", " + hex(axes.y))
    }
    if let width = properties["ID_INPUT_WIDTH_MM"].flatMap(Double.init),
      let height = properties["ID_INPUT_HEIGHT_MM"].flatMap(Double.init),
      width > 0, height > 0, width.isFinite, height.isFinite
    {
      return (width, height, "ID_INPUT_WIDTH_MM, ID_INPUT_HEIGHT_MM")
    }
    return nil
  }

  /// A decoder warning with the command line's hints turned into the device rule that does
  /// the same in the bindings file (`run` has no `--size` or `--axes`).
  static func deviceRuleHint(_ line: String, name: String) -> String {
    let escaped = name.escapingControlCharacters.replacingAll("\\", with: "\\\\")
      .replacingAll("\"", with: "\\\"")
    let rule = "device name=\"\(escaped)\""
    return line.replacingAll("(override with --size WxH)", with: "(set it: \(rule) size=WxH)")
      .replacingAll("e.g. --axes ", with: "e.g. \(rule) axes=")
  }
}

extension String {
  /// The string with every occurrence of `target` replaced (no Foundation here).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
