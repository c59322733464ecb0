import GestureDaemon

/// `gesturectl check-config [FILE]`: validates a bindings file and prints it normalized.
let checkConfigCommand = Command(
  name: "check-config",
  summary: "Check a bindings file for 'run' and print it normalized.",
  usage: "check-config [-g LISGD]... [-m MS] [FILE]",
  discussion: """
    Reads FILE (default: $XDG_CONFIG_HOME/gesturectl/bindings, or
    ~/.config/gesturectl/bindings) and prints every device rule and binding with all its
    parameters written out, lisgd bindings with their actmode. A bad line is reported as
    'error: FILE:LINE: reason' (exit 1). See Docs/gesturectl-run.md for the grammar.
    """,
  options: [
    .value(
      "gesture", short: "g", "SPEC",
      "Also a lisgd binding \"nfingers,gesture,edge,distance,actmode,command\"."),
    lisgdTimeoutOption,
  ],
  run: { arguments, console in
    guard arguments.positionals.count <= 1 else {
      throw UsageError(message: "give at most one FILE")
    }
    let configuration = try loadBindings(
      file: arguments.positionals.first, lisgd: arguments.allValues["gesture"] ?? [],
      timeout: try lisgdTimeout(arguments))
    console.out.put(text: configuration.normalizedText)
    return ExitStatus.ok
  }
)

/// lisgd's `-m`, for `run` and `check-config`.
let lisgdTimeoutOption = OptionSpec.value(
  "lisgd-timeout", short: "m", "MS",
  "lisgd's -m: a lisgd gesture counts only if done within MS ms of the first finger down "
    + "(default 800).")

/// The `-m` value, if given.
func lisgdTimeout(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
  guard let text = arguments.value("lisgd-timeout") else { return nil }
  guard let value = Int(text), value > 0 else {
    throw UsageError(message: "-m expects milliseconds > 0, not '\(text)'")
  }
  return value
}

/// The bindings of `file` (or the default file) plus the `-g` options, with lisgd's time
/// limit `timeout` (ms) when given; with `-g` options and no file, a missing default file is
/// not an error.
func loadBindings(file: String?, lisgd options: [String], timeout: Int? = nil)
  throws(BindingsError) -> BindingsConfiguration
{
  var configuration = BindingsConfiguration()
  if let path = file {
    configuration = try BindingsFile.load(path)
  } else if options.isEmpty || fileExists(BindingsFile.defaultPath) {
    configuration = try BindingsFile.load(BindingsFile.defaultPath)
  }
  for (index, spec) in options.enumerated() {
    configuration.bindings.append(try LisgdBinding.parseOption(spec, index: index + 1))
  }
  if let timeout { LisgdBinding.setTimeout(timeout, in: &configuration) }
  return configuration
}
