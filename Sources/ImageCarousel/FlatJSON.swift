/// One value of a flat JSON object: a string, a number, a boolean or null.
enum FlatJSONValue: Hashable {
  /// A string, unescaped.
  case string(String)
  /// A finite number.
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
}

/// A parser for one flat JSON object (`{"key": value, …}` whose values are strings, numbers,
/// booleans or null), enough to read the carousel's state file.
///
/// Anything else (nested objects or arrays, duplicate keys, trailing text, bad escapes, invalid
/// UTF-8) is rejected: `parse` returns `nil`.
struct FlatJSONParser {
  /// The input's UTF-8 bytes.
  private let bytes: [UInt8]
  /// The next byte to read.
  private var position = 0

  /// Parses `text` into its key-value pairs, or returns `nil` when it is not one flat object.
  static func parse(_ text: String) -> [String: FlatJSONValue]? {
    var parser = FlatJSONParser(bytes: Array(text.utf8))
    return parser.object()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The object, with nothing but whitespace around it.
  private mutating func object() -> [String: FlatJSONValue]? {
    guard consume(UInt8(ascii: "{")) else { return nil }
    var result: [String: FlatJSONValue] = [:]
    if !consume(UInt8(ascii: "}")) {
      repeat {
        skipWhitespace()
        guard let key = string(), consume(UInt8(ascii: ":")), let value = value(),
          result.updateValue(value, forKey: key) == nil
        else { return nil }
      } while consume(UInt8(ascii: ","))
      guard consume(UInt8(ascii: "}")) else { return nil }
    }
    skipWhitespace()
    return position == bytes.count ? result : nil
  }

  /// One value after optional whitespace.
  private mutating func value() -> FlatJSONValue? {
    skipWhitespace()
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "\""): return string().map(FlatJSONValue.string)
    case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return literal("null") ? .null : nil
    default: return number().map(FlatJSONValue.number)
    }
  }

  /// A string literal starting at the current byte.
  private mutating func string() -> String? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    position += 1
    var utf8: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let scalar = escape() else { return nil }
        utf8.append(contentsOf: String(scalar).utf8)
      case 0..<0x20:
        return nil
      default:
        utf8.append(byte)
      }
    }
    return nil
  }

  /// The character an escape sequence stands for (the backslash already read).
  private mutating func escape() -> Unicode.Scalar? {
    guard position < bytes.count else { return nil }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard let high = hex4() else { return nil }
      guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
      guard literal("\\u"), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
      return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
    default: return nil
    }
  }

  /// Four hexadecimal digits as a number.
  private mutating func hex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = hexDigit(bytes[position]) else { return nil }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  /// A number following JSON's grammar, converted to a finite `Double`.
  private mutating func number() -> Double? {
    let start = position
    _ = consumeRaw(UInt8(ascii: "-"))
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0 else { return nil }
    // JSON allows no leading zero before more digits ("01").
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { return nil }
    if consumeRaw(UInt8(ascii: ".")), digits() == 0 { return nil }
    if consumeRaw(UInt8(ascii: "e")) || consumeRaw(UInt8(ascii: "E")) {
      _ = consumeRaw(UInt8(ascii: "+")) || consumeRaw(UInt8(ascii: "-"))
      guard digits() > 0 else { return nil }
    }
    guard let text = String(validating: bytes[start..<position], as: UTF8.self),
      let value = Double(text), value.isFinite
    else { return nil }
    return value
  }

  /// Skips decimal digits and returns how many there were.
  private mutating func digits() -> Int {
    let start = position
    while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
    {
      position += 1
    }
    return position - start
  }

  /// Reads `text` exactly, or reads nothing.
  private mutating func literal(_ text: String) -> Bool {
    let expected = Array(text.utf8)
    guard position + expected.count <= bytes.count,
      bytes[position..<position + expected.count].elementsEqual(expected)
    else { return false }
    position += expected.count
    return true
  }

  /// Skips whitespace, then reads `byte` if it comes next.
  private mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    return consumeRaw(byte)
  }

  /// Reads `byte` if it is the very next byte.
  private mutating func consumeRaw(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Skips spaces, tabs, carriage returns and line feeds.
  private mutating func skipWhitespace() {
    while position < bytes.count,
      [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position])
    {
      position += 1
    }
  }
}

/// The value of a hexadecimal digit, or `nil`.
private func hexDigit(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}
