/// One line of a libinput recording outside the event lists, split the way its schema needs:
/// indentation, an optional `- ` list marker, an optional `key:` and the value.
///
/// This is not a YAML parser: it knows block mappings and lists written one entry per line,
/// flow lists of numbers on one line (`[3, 3823, 29345, 528]`), plain and quoted scalars, and
/// `#` comments, which is everything `libinput record` writes in the parts this reader uses.
struct HeaderLine {
  /// The number of leading spaces.
  var indent: Int
  /// Whether the line starts a list entry (`- `).
  var isItem: Bool
  /// The key of `key: value`, or `nil` for a line that is only a value.
  var key: String?
  /// The value after the key (or the list marker), without its comment and outer blanks.
  var value: String
  /// The value as written, comment included, without outer blanks (for quoted names).
  var rawValue: String
  /// The column of the key (or value): `indent`, or after the list marker and its blanks.
  var keyColumn: Int

  /// Splits `text`, a line with no newline that is neither blank nor only a comment.
  init(_ text: Substring, indent: Int) {
    self.indent = indent
    var rest = text.dropFirst(indent)
    isItem = rest.first == "-" && (rest.count == 1 || rest.dropFirst().first == " ")
    if isItem { rest = rest.dropFirst().drop(while: { $0 == " " }) }
    keyColumn = text.distance(from: text.startIndex, to: rest.startIndex)
    key = nil
    if let colon = HeaderLine.keyColon(in: rest) {
      key = String(rest[..<colon]).trimmedOfBlanks()
      rest = rest[rest.index(after: colon)...]
    }
    rawValue = String(rest).trimmedOfBlanks()
    value = String(HeaderLine.withoutComment(rest)).trimmedOfBlanks()
  }

  /// The number of leading spaces of `text`, or `nil` if a tab comes first (YAML forbids tabs
  /// in indentation).
  static func indentation(of text: Substring) -> Int? {
    var count = 0
    for character in text {
      if character == " " {
        count += 1
      } else if character == "\t" {
        return nil
      } else {
        break
      }
    }
    return count
  }

  /// Whether `text` is blank or only a comment.
  static func isBlankOrComment(_ text: Substring) -> Bool {
    let content = text.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
    return content.isEmpty || content.first == "#"
  }

  /// The colon ending a key: the first `:` followed by a blank or the end, before any quote,
  /// bracket or comment.
  private static func keyColon(in text: Substring) -> Substring.Index? {
    guard let first = text.first, !"[{\"'#".contains(first) else { return nil }
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "#" || character == "[" || character == "{" { return nil }
      let next = text.index(after: index)
      if character == ":" && (next == text.endIndex || text[next] == " " || text[next] == "\r") {
        return index
      }
      index = next
    }
    return nil
  }

  /// `text` up to its comment: a `#` at the start or after a blank, outside quotes.
  private static func withoutComment(_ text: Substring) -> Substring {
    var quote: Character?
    var previous: Character = " "
    for index in text.indices {
      let character = text[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" && (previous == " " || previous == "\t") {
        return text[..<index]
      }
      previous = character
    }
    return text
  }

  /// The integers of a one-line flow list such as `[0, 4089, 0, 0, 42]`; `nil` if `value` is
  /// anything else.
  static func integers(_ value: String) -> [Int64]? {
    guard value.hasPrefix("["), value.hasSuffix("]") else { return nil }
    let inside = value.dropFirst().dropLast()
    if inside.allSatisfy({ $0 == " " }) { return [] }
    var numbers: [Int64] = []
    for field in inside.split(separator: ",", omittingEmptySubsequences: false) {
      guard let number = Int64(String(field).trimmedOfBlanks()) else { return nil }
      numbers.append(number)
    }
    return numbers
  }

  /// A scalar as written: `"quoted"` (with `\"`, `\\` and `\xHH` unescaped), `'quoted'`
  /// (with `''` for a quote) or plain. A double-quoted value ends at the line's last quote,
  /// because `libinput record` writes device names between quotes without escaping them.
  static func scalar(raw: String, value: String) -> String {
    if raw.hasPrefix("\""), let last = raw.lastIndex(of: "\""), last > raw.startIndex {
      return unescaped(raw.unicodeScalars[raw.index(after: raw.startIndex)..<last])
    }
    if value.hasPrefix("'") && value.hasSuffix("'") && value.count >= 2 {
      return String(value.dropFirst().dropLast()).replacingAll("''", with: "'")
    }
    return value
  }

  /// The text of a double-quoted scalar: `\"`, `\\` and `\xHH` decoded, any other backslash
  /// kept as written.
  private static func unescaped(_ scalars: Substring.UnicodeScalarView) -> String {
    var out = String.UnicodeScalarView()
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      index = scalars.index(after: index)
      guard scalar == "\\", index < scalars.endIndex else {
        out.append(scalar)
        continue
      }
      let next = scalars[index]
      if next == "\"" || next == "\\" {
        out.append(next)
        index = scalars.index(after: index)
      } else if next == "x",
        let end = scalars.index(index, offsetBy: 3, limitedBy: scalars.endIndex),
        let code = UInt8(
          String(String.UnicodeScalarView(scalars[scalars.index(after: index)..<end])), radix: 16)
      {
        out.append(Unicode.Scalar(code))
        index = end
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// How much deeper `text` leaves flow brackets (`[`, `{`) than it found them, outside quotes
  /// and comments: a value that opens a list continued on later lines (`hid: [`) is positive.
  static func bracketBalance(_ text: Substring) -> Int {
    var depth = 0
    for character in withoutComment(text) {
      switch character {
      case "[", "{": depth += 1
      case "]", "}": depth -= 1
      default: break
      }
    }
    return depth
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and carriage returns.
  func trimmedOfBlanks() -> String {
    let isBlank = { (character: Character) in
      character == " " || character == "\t" || character == "\r"
    }
    return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
  }

  /// The string with every `target` replaced by `replacement` (no Foundation).
  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
