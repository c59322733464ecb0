/// One option a subcommand accepts.
struct OptionSpec: Sendable {
  /// The long name without dashes (`json`).
  var name: String
  /// A one-letter alias without the dash (`o`), if any.
  var short: Character?
  /// The value's placeholder (`FILE`), or `nil` for a flag.
  var valueName: String?
  /// One line of help.
  var help: String
  /// Accepted but left out of `--help`: measurement options for tests and benchmarks, listed
  /// in `Docs/LivePath.md` instead.
  var hidden = false

  /// A flag (no value).
  static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help)
  }

  /// An option that takes a value.
  static func value(
    _ name: String, short: Character? = nil, _ valueName: String, _ help: String
  ) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: valueName, help: help)
  }

  /// This option, left out of `--help` (see `hidden`).
  var measurement: OptionSpec {
    var copy = self
    copy.hidden = true
    return copy
  }
}

/// What the user asked of a subcommand: its flags, option values and positional arguments.
struct ParsedArguments {
  /// Flags given (`json`, `touches`).
  var flags: Set<String> = []
  /// Option values by long name; the last one wins.
  var values: [String: String] = [:]
  /// Every value of each option, in order (for options that may be repeated, such as `-g`).
  var allValues: [String: [String]] = [:]
  /// Positional arguments in order.
  var positionals: [String] = []

  /// Whether a flag was given.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// The value of an option, if given.
  func value(_ name: String) -> String? { values[name] }
}

/// A mistake on the command line: the CLI prints it with a hint and exits with status 2.
struct UsageError: Error, Equatable {
  /// What is wrong.
  var message: String
}

/// Splits `arguments` according to `options`.
///
/// Accepts `--name value`, `--name=value`, `-x value`, `--` to end options, and `-` as a
/// positional. Unknown options get a "did you mean" suggestion from the table.
func parseArguments(_ arguments: [String], options: [OptionSpec]) throws(UsageError)
  -> ParsedArguments
{
  var parsed = ParsedArguments()
  var index = 0
  var optionsEnded = false
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
      parsed.positionals.append(argument)
      continue
    }
    if argument == "--" {
      optionsEnded = true
      continue
    }
    var name: String
    var inlineValue: String?
    let spec: OptionSpec?
    if argument.hasPrefix("--") {
      name = String(argument.dropFirst(2))
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      spec = options.first { $0.name == name }
    } else {
      name = String(argument.dropFirst())
      spec = name.count == 1 ? options.first { $0.short == name.first } : nil
    }
    guard let spec else {
      var message = "unknown option '\(argument)'"
      if let suggestion = closestMatch(to: name, among: options.map(\.name)) {
        message += "; did you mean '--\(suggestion)'?"
      }
      throw UsageError(message: message)
    }
    guard spec.valueName != nil else {
      if inlineValue != nil { throw UsageError(message: "option '--\(spec.name)' takes no value") }
      parsed.flags.insert(spec.name)
      continue
    }
    if let inlineValue {
      parsed.values[spec.name] = inlineValue
      parsed.allValues[spec.name, default: []].append(inlineValue)
    } else if index < arguments.count {
      parsed.values[spec.name] = arguments[index]
      parsed.allValues[spec.name, default: []].append(arguments[index])
      index += 1
    } else {
      throw UsageError(message: "option '--\(spec.name)' needs a value (\(spec.valueName ?? ""))")
    }
  }
  return parsed
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
func closestMatch(to word: String, among candidates: [String]) -> String? {
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(word, candidate)
    if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
  }
  guard let best, best.distance <= max(2, word.count / 3) else { return nil }
  return best.name
}

/// The Damerau–Levenshtein distance (with adjacent transpositions) between two words.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in 0...a.count { table[i][0] = i }
  for j in 0...b.count { table[0][j] = j }
  for i in 1...a.count {
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
      if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
        value = min(value, table[i - 2][j - 2] + 1)
      }
      table[i][j] = value
    }
  }
  return table[a.count][b.count]
}
