import TouchInput

/// The exit statuses of `gesturectl`, as documented in the README.
enum ExitStatus {
  /// Everything went well.
  static let ok: Int32 = 0
  /// Bad input: a malformed recording, a device that is not a touchscreen or vanished.
  static let badInput: Int32 = 1
  /// A usage error on the command line.
  static let usage: Int32 = 2
}

/// A failure that is not the user's typing: reported as `error: message`, exit status 1.
struct CommandFailure: Error {
  /// What went wrong.
  var message: String
}

/// One subcommand: its name, help text, options and what it runs.
struct Command: Sendable {
  /// The subcommand's name (`replay`).
  var name: String
  /// One line for the tool's command list.
  var summary: String
  /// The usage line after `gesturectl` (`replay [OPTIONS] FILE…`).
  var usage: String
  /// Paragraphs of help after the usage line.
  var discussion: String
  /// The options it accepts (`--help` is implied).
  var options: [OptionSpec]
  /// Runs it; returns the exit status.
  var run: @Sendable (ParsedArguments, Console) throws -> Int32

  /// The `--help` text.
  var help: String {
    var text = "USAGE: gesturectl \(usage)\n\n\(discussion)\n\nOPTIONS:\n"
    for option in options + [.flag("help", short: "h", "Show this help.")] where !option.hidden {
      var left = "  --\(option.name)"
      if let short = option.short { left = "  -\(short), --\(option.name)" }
      if let valueName = option.valueName { left += " \(valueName)" }
      let padding = max(1, 30 - left.count)
      text += left + String(repeating: " ", count: padding) + option.help + "\n"
    }
    return text
  }
}

/// The version `gesturectl --version` prints (semantic versioning; raise it with user-visible
/// changes).
let toolVersion = "0.2.0"

/// The subcommands, in the order `gesturectl --help` lists them.
let commands: [Command] = [replayCommand, infoCommand] + extraCommands

/// The tool's own `--help` text.
var toolHelp: String {
  var text = """
    gesturectl: recognize touch gestures from recordings and live Linux touchscreens.

    USAGE: gesturectl <subcommand> [OPTIONS] [ARGUMENTS]

    SUBCOMMANDS:

    """
  for command in commands {
    text += "  " + command.name + String(repeating: " ", count: max(1, 12 - command.name.count))
    text += command.summary + "\n"
  }
  text += "\nSee 'gesturectl <subcommand> --help' for details, 'gesturectl --version' for the\n"
  text += "version. Exit status: 0 ok, 1 bad input, 2 usage error.\n"
  return text
}

/// Runs the tool with `arguments` (without the program name) and returns the exit status.
func runTool(_ arguments: [String], console: Console) -> Int32 {
  if arguments.first == "--version" || arguments.first == "-V" {
    console.out.line("gesturectl " + toolVersion)
    console.out.flush()
    return ExitStatus.ok
  }
  guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
    console.out.line(toolHelp)
    console.out.flush()
    return arguments.isEmpty ? ExitStatus.usage : ExitStatus.ok
  }
  guard let command = commands.first(where: { $0.name == first }) else {
    var message = "unknown subcommand '\(first)'"
    if let suggestion = closestMatch(to: first, among: commands.map(\.name)) {
      message += "; did you mean '\(suggestion)'?"
    }
    console.error(message + " (see 'gesturectl --help')")
    return ExitStatus.usage
  }
  let rest = Array(arguments.dropFirst())
  if rest.contains("--help") || rest.contains("-h") {
    console.out.line(command.help)
    console.out.flush()
    return ExitStatus.ok
  }
  let status: Int32
  do {
    let parsed = try parseArguments(rest, options: command.options)
    status = try command.run(parsed, console)
  } catch let error as UsageError {
    console.error(error.message + " (see 'gesturectl \(command.name) --help')")
    status = ExitStatus.usage
  } catch let error as TraceError {
    console.error(error.description)
    status = ExitStatus.badInput
  } catch let error as CommandFailure {
    console.error(error.message)
    status = ExitStatus.badInput
  } catch {
    console.error("\(error)")
    status = ExitStatus.badInput
  }
  console.out.flush()
  return status
}
