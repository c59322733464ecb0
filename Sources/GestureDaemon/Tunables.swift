import TouchInput

/// Timing and size thresholds a device rule or a binding may change from the recognizers'
/// defaults; nil keeps the default.
///
/// Recognizers are shared by the bindings of one device that need the same gesture (one
/// swipe, one edge pan, one long press per finger count, one tap recognizer per tap count),
/// so a value applies to the recognizer: a binding's own value first, then the device rule's;
/// when bindings sharing a recognizer disagree, the first binding in the file wins.
public struct Tunables: Sendable, Hashable {
  /// `edge-band=`: how far from a side an edge pan may start (default 5 mm).
  public var edgeBand: Millimeters?
  /// `long-press-time=`: how long fingers are held (default 500 ms).
  public var longPressTime: Microseconds?
  /// `double-tap-interval=`: the most time from a lift to the next tap's landing (default
  /// 300 ms; a single tap waits this long when a double tap is bound).
  public var doubleTapInterval: Microseconds?
  /// `swipe-speed=`: the least speed of a swipe, mm/s (default 100).
  public var swipeSpeed: Double?
  /// `swipe-time=`: the longest a swipe may take from the first landing (default 500 ms).
  public var swipeTime: Microseconds?
  /// `max-spread=` (device rules only): touches farther apart are separate gestures (default:
  /// none, every touch of the device is one gesture's).
  public var maximumSpread: Millimeters?

  /// No change from the defaults.
  public init() {}

  /// The keys, in the order the normalized text writes them.
  static let keys = [
    "edge-band", "long-press-time", "double-tap-interval", "swipe-speed", "swipe-time",
    "max-spread",
  ]

  /// The keys a gesture's binding may set.
  static func keys(for keyword: String) -> [String] {
    switch keyword {
    case "tap": ["double-tap-interval"]
    case "long-press": ["long-press-time"]
    case "swipe": ["swipe-speed", "swipe-time"]
    case "edge-pan": ["edge-band"]
    default: []
    }
  }

  /// These values, with the unset ones taken from `defaults` (a device rule's).
  func filled(from defaults: Tunables) -> Tunables {
    var result = self
    result.edgeBand = edgeBand ?? defaults.edgeBand
    result.longPressTime = longPressTime ?? defaults.longPressTime
    result.doubleTapInterval = doubleTapInterval ?? defaults.doubleTapInterval
    result.swipeSpeed = swipeSpeed ?? defaults.swipeSpeed
    result.swipeTime = swipeTime ?? defaults.swipeTime
    result.maximumSpread = maximumSpread ?? defaults.maximumSpread
    return result
  }

  /// `later` over these values (later device rules override earlier ones).
  func overridden(by later: Tunables) -> Tunables { later.filled(from: self) }

  /// Takes the keys in `allowed` out of `parameters`.
  static func parse(_ parameters: inout Parameters, allowed: [String]) throws(BindingsReason)
    -> Tunables
  {
    var tunables = Tunables()
    for key in allowed {
      guard let text = parameters.take(key) else { continue }
      switch key {
      case "edge-band": tunables.edgeBand = try BindingsValues.millimeters(key, text)
      case "max-spread": tunables.maximumSpread = try BindingsValues.millimeters(key, text)
      case "long-press-time": tunables.longPressTime = try milliseconds(key, text)
      case "double-tap-interval": tunables.doubleTapInterval = try milliseconds(key, text)
      case "swipe-time": tunables.swipeTime = try milliseconds(key, text)
      default:
        let digits = text.hasSuffix("mm/s") ? Substring(text.dropLast(4)) : Substring(text)
        let what = "\(key)= a speed in mm/s above 0 such as 100mm/s"
        let value = try BindingsValues.number(digits, what)
        guard value > 0 else { throw BindingsReason("\(what), not '\(text)'") }
        tunables.swipeSpeed = value
      }
    }
    return tunables
  }

  /// `800ms`: 1 ms to 60 s.
  static func milliseconds(_ key: String, _ text: String) throws(BindingsReason) -> Microseconds {
    let what = "\(key)= a time in ms from 1 to 60000 such as 400ms"
    guard text.hasSuffix("ms") else { throw BindingsReason("\(what), not '\(text)'") }
    let value = try BindingsValues.number(Substring(text).dropLast(2), what)
    guard value >= 1, value <= 60000 else { throw BindingsReason("\(what), not '\(text)'") }
    return Microseconds((value * 1000).rounded())
  }

  /// The `key=value` words of the values set.
  var words: [String] {
    var words: [String] = []
    func ms(_ value: Microseconds) -> String { BindingsValues.format(Double(value) / 1000) + "ms" }
    if let edgeBand { words.append("edge-band=\(BindingsValues.format(edgeBand))mm") }
    if let longPressTime { words.append("long-press-time=" + ms(longPressTime)) }
    if let doubleTapInterval { words.append("double-tap-interval=" + ms(doubleTapInterval)) }
    if let swipeSpeed { words.append("swipe-speed=\(BindingsValues.format(swipeSpeed))mm/s") }
    if let swipeTime { words.append("swipe-time=" + ms(swipeTime)) }
    if let maximumSpread { words.append("max-spread=\(BindingsValues.format(maximumSpread))mm") }
    return words
  }
}
