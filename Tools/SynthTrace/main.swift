import Foundation

// synth-trace: writes synthetic evemu recordings of human touch gestures.
//
// Exit status: 0 success, 1 a file could not be written, 2 bad usage.

let usage = """
  usage: synth-trace list
         synth-trace NAME [-o FILE] [--seed N] [--rate HZ]
         synth-trace all -o DIR [--seed N] [--rate HZ]
         synth-trace phone [-o DIR] [--seed N] [--rate HZ]
         synth-trace stress -o FILE --events N [--seed N] [--rate HZ]
         synth-trace session -o FILE --events N [--seed N] [--rate HZ]
         synth-trace to-libinput EVEMU -o FILE.yml

  Writes evemu 1.3 recordings of a synthetic 10-finger touchscreen (240 x 135 mm, 8 units/mm):
  minimum-jerk movements, 0.1-0.3 mm tremor, report-rate jitter of 10 %, fingers landing and
  lifting 10-60 ms apart. The same seed gives the same bytes.

    list          print every scenario with what it does
    NAME          write one scenario (to standard output without -o)
    all           write every scenario as DIR/NAME.evemu
    phone         list the scenarios of a PinePhone-like panel (720 x 1440 units, 68 x 136
                  mm, no resolution: sxmo's strokes), or with -o write them as DIR/NAME.evemu
    stress        write a random mix of gestures until it holds N events
    session       write a phone user's session (swipes, edge swipes, volume drags along
                  the right edge, taps, holds, pinches) until it holds N events
    to-libinput   rewrite an evemu recording as libinput record YAML (first event at 0)
    -o PATH       the output file or directory
    --seed N      the random seed (default \(defaultSeed))
    --rate HZ     the report rate, 60-240 (default \(Int(defaultRate)))
    --events N    the least number of events for stress
  """

/// Parsed command-line options.
struct Options {
  /// `list`, `all`, `stress` or a scenario name.
  var command = ""
  /// The output file or directory (`-o`).
  var output: String?
  /// The random seed (`--seed`).
  var seed = defaultSeed
  /// The report rate in Hz (`--rate`).
  var rate = defaultRate
  /// The evemu recording `to-libinput` reads.
  var input: String?
  /// The least number of events for `stress` (`--events`).
  var events: Int?
}

/// Prints `error: message` on standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
  exit(status)
}

/// Reads the command line; bad usage ends the program with status 2.
func parse(_ arguments: [String]) -> Options {
  var options = Options()
  var index = 0
  func value(for flag: String) -> String {
    index += 1
    guard index < arguments.count else { fail("\(flag) needs a value", status: 2) }
    return arguments[index]
  }
  while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "-h", "--help":
      print(usage)
      exit(0)
    case "-o", "--output": options.output = value(for: argument)
    case "--seed":
      guard let seed = UInt64(value(for: argument)) else {
        fail("--seed wants a whole number", status: 2)
      }
      options.seed = seed
    case "--rate":
      guard let rate = Double(value(for: argument)), (60...240).contains(rate) else {
        fail("--rate wants a number of Hz from 60 to 240", status: 2)
      }
      options.rate = rate
    case "--events":
      guard let events = Int(value(for: argument)), events > 0 else {
        fail("--events wants a positive whole number", status: 2)
      }
      options.events = events
    default:
      if argument.hasPrefix("-") { fail("unknown option \(argument)\n\(usage)", status: 2) }
      if options.command == "to-libinput" && options.input == nil {
        options.input = argument
      } else {
        guard options.command.isEmpty else { fail("unexpected argument \(argument)", status: 2) }
        options.command = argument
      }
    }
    index += 1
  }
  return options
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
do {
  switch options.command {
  case "":
    fail("no command\n\(usage)", status: 2)
  case "list":
    for scenario in scenarios {
      var name = scenario.name
      while name.count < 30 { name += " " }
      print(name + scenario.summary)
    }
  case "all":
    guard let directory = options.output else { fail("all needs -o DIR", status: 2) }
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    for scenario in scenarios {
      let text = generate(scenario, seed: options.seed, rate: options.rate)
      try writeFile(text, to: directory + "/" + scenario.name + ".evemu")
    }
  case "phone":
    guard let directory = options.output else {
      for scenario in phoneScenarios {
        var name = scenario.name
        while name.count < 30 { name += " " }
        print(name + scenario.summary)
      }
      break
    }
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    for scenario in phoneScenarios {
      let text = generate(scenario, seed: options.seed, rate: options.rate)
      try writeFile(text, to: directory + "/" + scenario.name + ".evemu")
    }
  case "to-libinput":
    guard let input = options.input, let path = options.output else {
      fail("to-libinput needs EVEMU -o FILE", status: 2)
    }
    let count = try convertToLibinput(evemu: input, output: path)
    FileHandle.standardError.write(Data("synth-trace: \(count) events to \(path)\n".utf8))
  case "stress", "session":
    let command = options.command
    guard let path = options.output else { fail("\(command) needs -o FILE", status: 2) }
    guard let events = options.events else { fail("\(command) needs --events N", status: 2) }
    let clock = ContinuousClock()
    let start = clock.now
    let result = try generateStress(
      events: events, seed: options.seed, rate: options.rate, path: path,
      session: command == "session")
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    FileHandle.standardError.write(
      Data(
        "synth-trace: \(result.events) events, \(result.frames) frames, \(result.bytes) bytes in \(seconds) s\n"
          .utf8))
  default:
    guard
      let scenario = (scenarios + phoneScenarios).first(where: { $0.name == options.command })
    else {
      fail("unknown scenario \(options.command) (synth-trace list shows them)", status: 2)
    }
    let text = generate(scenario, seed: options.seed, rate: options.rate)
    if let path = options.output {
      try writeFile(text, to: path)
    } else {
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }
} catch {
  fail("\(error)", status: 1)
}
