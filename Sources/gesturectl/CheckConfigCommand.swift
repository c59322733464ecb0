import GestureDaemon

/// `gesturectl check-config [FILE]`: validates a bindings file and prints it normalized.
let checkConfigCommand = Command(
  name: "check-config",
  summary: "Check a bindings file for 'run' and print it normalized.",
  usage: "check-config [-g LISGD]... [-m MS] [-t PX] [-T PX] [FILE]",
  discussion: """
    Reads FILE (default: $XDG_CONFIG_HOME/gesturectl/bindings, or
    ~/.config/gesturectl/bindings) and prints every device rule and binding with all its
    parameters written out, lisgd bindings with their actmode. A bad line is reported as
    'error: FILE:LINE: reason' (exit 1). See Docs/gesturectl-run.md for the grammar.
    """,
  options: [
    .value(
      "gesture", short: "g", "SPEC",
      "Also a lisgd binding \"nfingers,gesture,edge,distance,actmode,command\".")
  ] + lisgdOptions,
  run: { arguments, console in
    guard arguments.positionals.count <= 1 else {
      throw UsageError(message: "give at most one FILE")
    }
    let configuration = try loadBindings(
      file: arguments.positionals.first, lisgd: arguments.allValues["gesture"] ?? [],
      lisgdOptions: try LisgdOptions(arguments))
    console.out.put(text: configuration.normalizedText)
    return ExitStatus.ok
  }
)

/// lisgd's `-m`, `-t` and `-T`, for `run` and `check-config`.
let lisgdOptions: [OptionSpec] = [
  .value(
    "lisgd-timeout", short: "m", "MS",
    "lisgd's -m: a lisgd gesture counts only if done within MS ms of the first finger down "
      + "(default 800)."),
  .value(
    "lisgd-threshold", short: "t", "PX",
    "lisgd's -t: the least lisgd stroke, in lisgd pixels of 0.0944 mm (default 125)."),
  .value(
    "lisgd-pressed-threshold", short: "T", "PX",
    "lisgd's -T: the step of pressed-mode lisgd lines, in lisgd pixels (default 60)."),
]

/// The values of lisgd's options, when given.
struct LisgdOptions {
  var timeout: Int?
  var threshold: Int?
  var pressedThreshold: Int?

  /// Reads `-m`, `-t` and `-T`.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    func number(_ key: String, _ flag: String, _ unit: String) throws(UsageError) -> Int? {
      guard let text = arguments.value(key) else { return nil }
      guard let value = Int(text), value > 0 else {
        throw UsageError(message: "\(flag) expects \(unit) > 0, not '\(text)'")
      }
      return value
    }
    timeout = try number("lisgd-timeout", "-m", "milliseconds")
    threshold = try number("lisgd-threshold", "-t", "pixels")
    pressedThreshold = try number("lisgd-pressed-threshold", "-T", "pixels")
  }
}

/// The bindings of `file` (or the default file) plus the `-g` options, with lisgd's options
/// applied to the lisgd lines when given; with `-g` options and no file, a missing default
/// file is not an error.
func loadBindings(file: String?, lisgd options: [String], lisgdOptions: LisgdOptions? = nil)
  throws(BindingsError) -> BindingsConfiguration
{
  var configuration = BindingsConfiguration()
  if let path = file {
    configuration = try BindingsFile.load(path)
  } else if options.isEmpty {
    configuration = try BindingsFile.load(BindingsFile.defaultLocation())
  } else if fileExists(BindingsFile.defaultPath) {
    configuration = try BindingsFile.load(BindingsFile.defaultPath)
  }
  for (index, spec) in options.enumerated() {
    configuration.bindings.append(try LisgdBinding.parseOption(spec, index: index + 1))
  }
  if let lisgdOptions {
    LisgdBinding.apply(
      timeout: lisgdOptions.timeout, threshold: lisgdOptions.threshold,
      pressedThreshold: lisgdOptions.pressedThreshold, to: &configuration)
  }
  return configuration
}
