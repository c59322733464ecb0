/// What one line of an evemu file is, from its first bytes.
///
/// A line's prefix starts in its first column; only blank lines and comments may be indented.
enum LineKind: Equatable {
  /// Empty or only blanks.
  case blank
  /// A `#` comment.
  case comment
  /// An `E:` event.
  case event
  /// `N:`, `I:`, `P:`, `B:` or `A:`, with the prefix letter.
  case description(UInt8)
  /// `L:` (LED) or `S:` (switch) state, accepted and ignored.
  case state
  /// Anything else, including binary data.
  case unknown

  /// Classifies the line `scanner` covers.
  init(_ line: ByteScanner) {
    var scanner = line
    scanner.skipBlanks()
    if scanner.isAtEnd {
      self = .blank
      return
    }
    if scanner[0] == UInt8(ascii: "#") {
      self = .comment
      return
    }
    guard line.remaining >= 2, line[1] == UInt8(ascii: ":") else {
      self = .unknown
      return
    }
    switch line[0] {
    case UInt8(ascii: "E"): self = .event
    case UInt8(ascii: "L"), UInt8(ascii: "S"): self = .state
    case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"),
      UInt8(ascii: "A"):
      self = LineKind.containsNUL(line) ? .unknown : .description(line[0])
    default: self = .unknown
    }
  }

  /// Whether the line holds a NUL byte.
  static func containsNUL(_ line: ByteScanner) -> Bool {
    line.bytes[line.position..<line.end].contains(0)
  }

  /// Why a line holding a carriage return before its end is not accepted.
  static let carriageReturnReason =
    "carriage return inside a line: CR-only (classic Mac OS) line endings are not read; "
    + "convert them to LF"

  /// Whether the line holds a carriage return before its last byte: a file with CR-only line
  /// endings reads as one long line. A CR at the very end (CRLF endings) is a blank.
  static func containsInnerCarriageReturn(_ line: ByteScanner) -> Bool {
    line.remaining > 1 && line.bytes[line.position..<(line.end - 1)].contains(0x0d)
  }

  /// Why binary data is not accepted, or `nil` if the line is valid text without NUL bytes.
  static func binaryReason(_ line: ByteScanner) -> String? {
    if containsNUL(line) { return "binary data (NUL byte), not evemu text" }
    if String(validating: line.bytes[line.position..<line.end], as: UTF8.self) == nil {
      return "binary data (not UTF-8), not evemu text"
    }
    return nil
  }

  /// The reason for an unknown line: binary data, or an unknown prefix.
  static func unknownReason(_ line: ByteScanner) -> String {
    if let binary = binaryReason(line) { return binary }
    var scanner = line
    return "unknown line prefix '\(scanner.token())'"
  }
}
