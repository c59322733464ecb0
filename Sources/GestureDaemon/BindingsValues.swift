import GestureRecognition
import TouchInput

/// Parsers for the values of `key=value` parameters; each throws a reason naming what was
/// expected.
enum BindingsValues {
  /// The direction names of swipes and pans, as written in the file.
  static let directionNames: [(String, SwipeDirection)] = [
    ("left", .left), ("right", .right), ("up", .up), ("down", .down),
    ("up-left", .upLeft), ("up-right", .upRight), ("down-left", .downLeft),
    ("down-right", .downRight),
  ]

  /// The file's name for a direction.
  static func name(of direction: SwipeDirection) -> String {
    directionNames.first { $0.1 == direction }?.0 ?? direction.description
  }

  /// `1`…`range.upperBound` for a count such as fingers or taps.
  static func count(_ key: String, _ text: String, _ range: ClosedRange<Int>) throws(BindingsReason)
    -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw BindingsReason(
        "\(key)= a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
  }

  /// A direction name, or `any` (nil).
  static func direction(_ text: String) throws(BindingsReason) -> SwipeDirection? {
    if text == "any" { return nil }
    guard let found = directionNames.first(where: { $0.0 == text }) else {
      let names = directionNames.map(\.0).joined(separator: ", ")
      throw BindingsReason("direction= one of \(names) or any, not '\(text)'")
    }
    return found.1
  }

  /// A finite number, at least zero.
  static func number(_ text: Substring, _ what: String) throws(BindingsReason) -> Double {
    guard let value = Double(text), value.isFinite, value >= 0 else {
      throw BindingsReason("\(what), not '\(text)'")
    }
    return value
  }

  /// `12mm` or `30%`.
  static func length(_ text: Substring, key: String) throws(BindingsReason) -> SurfaceLength {
    let what = "\(key)= a length in mm or % such as 12mm or 30%"
    if text.hasSuffix("mm") { return .millimeters(try number(text.dropLast(2), what)) }
    if text.hasSuffix("%") { return .percent(try number(text.dropLast(), what)) }
    throw BindingsReason("\(what), not '\(text)'")
  }

  /// `LENGTH` or `LENGTH..LENGTH`.
  static func distance(_ text: String) throws(BindingsReason) -> DistanceRange {
    let parts = text.split(separator: "..", omittingEmptySubsequences: false)
    guard parts.count <= 2 else {
      throw BindingsReason("distance= LENGTH or LENGTH..LENGTH, not '\(text)'")
    }
    let minimum = try length(parts[0], key: "distance")
    guard parts.count == 2 else { return DistanceRange(minimum: minimum) }
    return DistanceRange(minimum: minimum, maximum: try length(parts[1], key: "distance"))
  }

  /// `X,Y,WIDTH,HEIGHT`, each a length.
  static func region(_ text: String) throws(BindingsReason) -> SurfaceRegion {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 4 else {
      throw BindingsReason("region=X,Y,WIDTH,HEIGHT (four lengths in mm or %), not '\(text)'")
    }
    return SurfaceRegion(
      x: try length(parts[0], key: "region"), y: try length(parts[1], key: "region"),
      width: try length(parts[2], key: "region"), height: try length(parts[3], key: "region"))
  }

  /// A scale factor above 1 (`1.25`).
  static func scale(_ key: String, _ text: String) throws(BindingsReason) -> Double {
    let what = "\(key)= a scale factor above 1 such as 1.25"
    let value = try number(Substring(text), what)
    guard value > 1 else { throw BindingsReason("\(what), not '\(text)'") }
    return value
  }

  /// Degrees above 0, with an optional `deg` or `°` suffix.
  static func degrees(_ key: String, _ text: String) throws(BindingsReason) -> Double {
    var digits = Substring(text)
    if digits.hasSuffix("deg") { digits = digits.dropLast(3) }
    if digits.hasSuffix("°") { digits = digits.dropLast() }
    let what = "\(key)= an angle in degrees above 0 such as 30deg"
    let value = try number(digits, what)
    guard value > 0 else { throw BindingsReason("\(what), not '\(text)'") }
    return value
  }

  /// Millimetres above 0, `5mm`.
  static func millimeters(_ key: String, _ text: String) throws(BindingsReason) -> Double {
    let what = "\(key)= a distance in mm above 0 such as 5mm"
    guard text.hasSuffix("mm") else { throw BindingsReason("\(what), not '\(text)'") }
    let value = try number(Substring(text).dropLast(2), what)
    guard value > 0 else { throw BindingsReason("\(what), not '\(text)'") }
    return value
  }

  /// `WIDTHxHEIGHT` in millimetres (`150x95`, or `150mmx95mm`).
  static func size(_ text: String) throws(BindingsReason) -> (Millimeters, Millimeters) {
    let parts = text.split(separator: "x")
    let what = "size=WIDTHxHEIGHT in millimetres such as 150x95"
    guard parts.count == 2 else { throw BindingsReason("\(what), not '\(text)'") }
    func side(_ part: Substring) throws(BindingsReason) -> Double {
      let digits = part.hasSuffix("mm") ? part.dropLast(2) : part
      let value = try number(digits, what)
      guard value > 0 else { throw BindingsReason("\(what), not '\(text)'") }
      return value
    }
    return (try side(parts[0]), try side(parts[1]))
  }

  /// Six comma-separated numbers (negative allowed).
  static func calibration(_ text: String) throws(BindingsReason) -> [Double] {
    let values = text.split(separator: ",").compactMap { Double($0) }.filter(\.isFinite)
    guard values.count == 6, text.split(separator: ",").count == 6 else {
      throw BindingsReason("calibration=A,B,C,D,E,F (six numbers), not '\(text)'")
    }
    return values
  }

  /// Two absolute axis names, `ABS_Z,ABS_RX`.
  static func axes(_ text: String) throws(BindingsReason) -> (x: UInt16, y: UInt16) {
    let names = text.split(separator: ",", omittingEmptySubsequences: false)
    guard names.count == 2,
      let x = KernelNames.code(named: String(names[0]), type: EventType.abs),
      let y = KernelNames.code(named: String(names[1]), type: EventType.abs)
    else {
      throw BindingsReason("axes= two ABS_* names such as ABS_Z,ABS_RX, not '\(text)'")
    }
    return (x, y)
  }

  /// `0`, `90`, `180` or `270`.
  static func rotation(_ text: String) throws(BindingsReason) -> ScreenRotation {
    guard let degrees = Int(text), let rotation = ScreenRotation(rawValue: degrees) else {
      throw BindingsReason("rotation= 0, 90, 180 or 270, not '\(text)'")
    }
    return rotation
  }

  /// Formats a number the short way: `12`, `1.25`.
  static func format(_ value: Double) -> String {
    if value == value.rounded(), value.magnitude < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// `12mm` or `30%`.
  static func format(_ length: SurfaceLength) -> String {
    switch length {
    case .millimeters(let value): format(value) + "mm"
    case .percent(let value): format(value) + "%"
    }
  }
}
