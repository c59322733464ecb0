/// A mistake in a bindings file: `file:line: reason`, the reason naming what was expected.
public struct BindingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file (or `command line` for `-g` options).
  public var file: String
  /// The line, from 1 (0 when there is no line, such as an unreadable file).
  public var line: Int
  /// What is wrong and what was expected.
  public var reason: String

  /// Creates an error.
  public init(file: String, line: Int, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// `file:line: reason` (or `file: reason` without a line).
  public var description: String {
    line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)"
  }
}

/// Splits one line of a bindings file into words, as a shell would but with no expansion:
/// blanks separate words; `"…"` keeps blanks and understands `\"` and `\\`; `'…'` keeps
/// everything literally; a `#` that starts a word starts a comment running to the end of the
/// line. The line is read scalar by scalar, so a quote or a blank followed by a combining mark
/// (one `Character`) is still a quote or a blank.
///
/// - Parameter line: The line, without its newline.
/// - Returns: The words.
/// - Throws: The reason (without file and line) when a quote is not closed.
func splitWords(_ line: Substring) throws(BindingsReason) -> [String] {
  var words: [String] = []
  var current = String.UnicodeScalarView()
  var inWord = false
  var iterator = line.unicodeScalars.makeIterator()
  while let scalar = iterator.next() {
    switch scalar {
    case " ", "\t", "\r":
      if inWord { words.append(String(current)) }
      current = String.UnicodeScalarView()
      inWord = false
    case "#" where !inWord:
      return words
    case "\"":
      inWord = true
      var closed = false
      while let next = iterator.next() {
        if next == "\"" {
          closed = true
          break
        }
        if next == "\\" {
          guard let escaped = iterator.next() else { break }
          if escaped != "\"" && escaped != "\\" { current.append("\\") }
          current.append(escaped)
        } else {
          current.append(next)
        }
      }
      guard closed else { throw BindingsReason("a closing '\"' before the end of the line") }
    case "'":
      inWord = true
      var closed = false
      while let next = iterator.next() {
        if next == "'" {
          closed = true
          break
        }
        current.append(next)
      }
      guard closed else { throw BindingsReason("a closing \"'\" before the end of the line") }
    default:
      inWord = true
      current.append(scalar)
    }
  }
  if inWord { words.append(String(current)) }
  return words
}

/// The reason part of a `BindingsError`, before the file and line are known.
struct BindingsReason: Error {
  /// The text, already phrased as what was expected.
  var text: String

  /// An "expected …" reason.
  init(_ expected: String) { text = "expected " + expected }

  /// A reason worded freely.
  init(text: String) { self.text = text }
}

/// Quotes `word` so that `splitWords` gives it back unchanged: bare when it has no blank
/// (a carriage return is one), quote, backslash, other control character or leading `#`,
/// otherwise in double quotes with `\"` and `\\`. Scalars, not characters, are looked at:
/// `"\r\n"` is one `Character` equal to neither `"\r"` nor `"\n"`.
func quoteWord(_ word: String) -> String {
  let plain =
    !word.isEmpty && !word.hasPrefix("#")
    && !word.unicodeScalars.contains {
      $0 == " " || $0 == "\"" || $0 == "'" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
    }
  if plain { return word }
  var quoted = "\"".unicodeScalars
  for scalar in word.unicodeScalars {
    if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
    quoted.append(scalar)
  }
  quoted.append("\"")
  return String(quoted)
}

/// Whether `text` matches the glob `pattern`: `*` any run, `?` any one character, `[abc]` and
/// `[a-z]` one of a set (`[!…]` none of it); everything else literally.
public func globMatches(_ pattern: String, _ text: String) -> Bool {
  let p = Array(pattern)
  let t = Array(text)
  var pi = 0
  var ti = 0
  var star: (pattern: Int, text: Int)?
  while ti < t.count {
    if pi < p.count, p[pi] == "*" {
      star = (pi, ti)
      pi += 1
    } else if pi < p.count, let next = matchOne(p, pi, t[ti]) {
      pi = next
      ti += 1
    } else if let saved = star {
      pi = saved.pattern + 1
      ti = saved.text + 1
      star = (saved.pattern, saved.text + 1)
    } else {
      return false
    }
  }
  while pi < p.count, p[pi] == "*" { pi += 1 }
  return pi == p.count
}

/// Matches one pattern element at `index` against `character`; returns the index after the
/// element, or nil.
private func matchOne(_ p: [Character], _ index: Int, _ character: Character) -> Int? {
  switch p[index] {
  case "?": return index + 1
  case "[":
    var i = index + 1
    let negated = i < p.count && p[i] == "!"
    if negated { i += 1 }
    var found = false
    var first = true
    while i < p.count, p[i] != "]" || first {
      first = false
      if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
        if p[i] <= character && character <= p[i + 2] { found = true }
        i += 3
      } else {
        if p[i] == character { found = true }
        i += 1
      }
    }
    guard i < p.count else { return p[index] == character ? index + 1 : nil }
    return found != negated ? i + 1 : nil
  default:
    return p[index] == character ? index + 1 : nil
  }
}
