import TextOutput

/// Runs bindings' commands without ever waiting for them.
///
/// Commands are spawned (`posix_spawnp`) and the daemon goes straight back to its poll loop;
/// `reap()`, called when SIGCHLD arrives, collects the ones that ended, so none stays a
/// zombie. The rule for a busy binding, per device: while a binding's previous command for a
/// device still runs, the binding does not start another for that device; the firing is
/// kept, and when the command ends the binding runs once more with the latest firing's
/// variables and `GESTURE_STEPS` summed over every firing kept (so a slow volume command
/// still ends where the finger says, and a repeating binding cannot pile up processes).
/// Other bindings, and the same binding on another device, are not affected. A command that
/// cannot be started, exits non-zero or is killed is logged with its binding's line; its
/// standard output and error go to /dev/null (never to the daemon's descriptor, where they
/// would tear the log's lines), or with `captureOutput` to a pipe the daemon reads into the
/// log, line by line, prefixed with the binding's line and at most `outputLineLimit` lines a
/// run.
public final class ActionRunner {
  /// Print what would run (on standard output) instead of running it.
  public let dryRun: Bool
  /// Log every command started.
  public let verbose: Bool
  /// Read commands' output into the log (`--command-output`) instead of /dev/null.
  public let captureOutput: Bool
  /// The most lines of one run's output that reach the log: 20 (the rest are counted).
  public static let outputLineLimit = 20
  /// The output pipes of running commands, by read end.
  var outputs: [Int32: CommandOutput] = [:]
  /// Carries out key and button actions (the daemon gives it its virtual devices).
  public let input: InputActions
  private let log: (String) -> Void
  private let output: (String) -> Void
  private let baseEnvironment: [String]
  /// One binding on one device: the unit of the busy rule.
  private struct Slot: Hashable {
    var binding: Binding
    var device: String

    /// Hashes the binding's line and the device only (equal slots still hash alike), not the
    /// binding's every word and value, three times for each command started.
    func hash(into hasher: inout Hasher) {
      hasher.combine(binding.line)
      hasher.combine(device)
    }
  }
  /// The running commands by process id.
  private var running: [Int32: (slot: Slot, program: String)] = [:]
  /// The slots whose command is running.
  private var busy = Set<Slot>()
  /// The firings kept for busy slots: the latest variables, steps already summed.
  private var pending: [Slot: [String]] = [:]

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - dryRun: Print instead of running.
  ///   - verbose: Also log every command started.
  ///   - log: Receives log lines (failures, skips).
  ///   - output: Receives the dry-run lines.
  ///   - captureOutput: Read commands' output into the log.
  public init(
    dryRun: Bool, verbose: Bool = false, captureOutput: Bool = false,
    log: @escaping (String) -> Void, output: @escaping (String) -> Void
  ) {
    self.dryRun = dryRun
    self.verbose = verbose
    self.captureOutput = captureOutput
    self.log = log
    self.output = output
    input = InputActions(dryRun: dryRun, verbose: verbose, log: log, output: output)
    baseEnvironment = currentEnvironment().filter { !$0.hasPrefix("GESTURE_") }
  }

  /// The number of commands still running.
  public var runningCount: Int { running.count }

  /// The number of firings kept until their binding's command ends.
  public var pendingCount: Int { pending.count }

  /// Starts `binding`'s command with the firing's variables, or, while its previous command
  /// for `device` still runs, keeps the firing to run once when that command ends (firings
  /// kept meanwhile are merged: the latest variables, their `GESTURE_STEPS` summed).
  ///
  /// - Parameters:
  ///   - binding: The binding that fired.
  ///   - environment: Its `GESTURE_*` variables.
  ///   - device: The device it fired on (its node): the busy rule holds per device.
  ///   - releases: Whether the firing ends a `key-hold` (its keys are released).
  public func run(
    _ binding: Binding, environment: [String], device: String = "", releases: Bool = false
  ) {
    // Keys and buttons are written at once: nothing runs, so the busy rule does not apply.
    if binding.action.needsUinput {
      input.perform(binding, environment: environment, device: device, releases: releases)
      return
    }
    guard !releases else { return }
    let argv = binding.action.arguments
    let place = "line \(binding.line)"
    if dryRun {
      output(
        ("dry-run: \(place): " + argv.map(quoteWord).joined(separator: " ") + " ("
          + environment.map(Self.quoteVariable).joined(separator: " ") + ")")
          .escapingControlCharacters)
      return
    }
    let slot = Slot(binding: binding, device: device)
    guard !busy.contains(slot) else {
      let merged = pending[slot].map { Self.merge($0, into: environment) } ?? environment
      if verbose && pending[slot] == nil {
        log("\(place): its previous command still runs; runs again when it ends")
      }
      pending[slot] = merged
      return
    }
    start(slot, environment: environment)
  }

  private func start(_ slot: Slot, environment: [String]) {
    let argv = slot.binding.action.arguments
    let place = "line \(slot.binding.line)"
    let pipe = captureOutput ? outputPipe() : nil
    let spawned = spawnProcess(
      argv, environment: baseEnvironment + environment, output: pipe?.write)
    if let pipe {
      closeDescriptor(pipe.write)
      if case .success = spawned {
        outputs[pipe.read] = CommandOutput(line: slot.binding.line)
      } else {
        closeDescriptor(pipe.read)
      }
    }
    switch spawned {
    case .success(let pid):
      running[pid] = (slot, argv[0])
      busy.insert(slot)
      if verbose {
        log("\(place): started \(quoteWord(argv[0])) (pid \(pid))".escapingControlCharacters)
      }
    case .failure(let error):
      log("warning: \(place): cannot run \(quoteWord(argv[0])): \(error)".escapingControlCharacters)
    }
  }

  /// `newer` with `GESTURE_STEPS` the sum of both firings' steps (when either has them).
  static func merge(_ older: [String], into newer: [String]) -> [String] {
    let key = "GESTURE_STEPS="
    func steps(_ entries: [String]) -> Int? {
      entries.first { $0.hasPrefix(key) }.flatMap { Int($0.dropFirst(key.count)) }
    }
    guard let old = steps(older) else { return newer }
    let total = old + (steps(newer) ?? 0)
    var result = newer.filter { !$0.hasPrefix(key) }
    let place = newer.firstIndex { $0.hasPrefix(key) } ?? result.endIndex
    result.insert(key + String(total), at: min(place, result.endIndex))
    return result
  }

  /// Writes a line to the log (for the output reader).
  func logLine(_ text: String) { log(text) }

  /// `NAME=value` with the value quoted when it needs it (`NAME="two words"`).
  static func quoteVariable(_ entry: String) -> String {
    guard let equals = entry.firstIndex(of: "=") else { return quoteWord(entry) }
    return entry[...equals] + quoteWord(String(entry[entry.index(after: equals)...]))
  }

  /// Collects every command that ended, logs the ones that failed, and starts the firings
  /// kept for their bindings.
  public func reap() {
    for (pid, exit) in reapChildren(Array(running.keys)) {
      guard let entry = running.removeValue(forKey: pid) else { continue }
      busy.remove(entry.slot)
      if exit != .exited(0) {
        log(
          ("warning: line \(entry.slot.binding.line): \(quoteWord(entry.program)) (pid \(pid)) "
            + "failed: \(exit)").escapingControlCharacters)
      }
      if let environment = pending.removeValue(forKey: entry.slot) {
        start(entry.slot, environment: environment)
      }
    }
  }
}
