import TextOutput

/// Runs bindings' commands without ever waiting for them.
///
/// Commands are spawned (`posix_spawnp`) and the daemon goes straight back to its poll loop;
/// `reap()`, called when SIGCHLD arrives, collects the ones that ended, so none stays a
/// zombie. The rule for a busy binding: while a binding's previous command still runs, the
/// binding does not start another (the firing is logged as skipped), so a repeating binding
/// cannot pile up processes; other bindings are not affected. A command that cannot be
/// started, exits non-zero or is killed is logged with its binding's line; its output goes
/// to the daemon's standard error, which is the log.
public final class ActionRunner {
  /// Print what would run (on standard output) instead of running it.
  public let dryRun: Bool
  /// Log every command started.
  public let verbose: Bool
  private let log: (String) -> Void
  private let output: (String) -> Void
  private let baseEnvironment: [String]
  /// The running commands by process id.
  private var running: [Int32: (binding: Binding, program: String)] = [:]
  /// The bindings whose command is running.
  private var busy = Set<Binding>()

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - dryRun: Print instead of running.
  ///   - verbose: Also log every command started.
  ///   - log: Receives log lines (failures, skips).
  ///   - output: Receives the dry-run lines.
  public init(
    dryRun: Bool, verbose: Bool = false, log: @escaping (String) -> Void,
    output: @escaping (String) -> Void
  ) {
    self.dryRun = dryRun
    self.verbose = verbose
    self.log = log
    self.output = output
    baseEnvironment = currentEnvironment().filter { !$0.hasPrefix("GESTURE_") }
  }

  /// The number of commands still running.
  public var runningCount: Int { running.count }

  /// Starts `binding`'s command with the firing's variables, unless its previous command
  /// still runs.
  public func run(_ binding: Binding, environment: [String]) {
    let argv = binding.action.arguments
    let place = "line \(binding.line)"
    if dryRun {
      output(
        ("dry-run: \(place): " + argv.map(quoteWord).joined(separator: " ") + " ("
          + environment.map(Self.quoteVariable).joined(separator: " ") + ")")
          .escapingControlCharacters)
      return
    }
    guard !busy.contains(binding) else {
      log("\(place): not started: its previous command still runs")
      return
    }
    switch spawnProcess(argv, environment: baseEnvironment + environment) {
    case .success(let pid):
      running[pid] = (binding, argv[0])
      busy.insert(binding)
      if verbose {
        log("\(place): started \(quoteWord(argv[0])) (pid \(pid))".escapingControlCharacters)
      }
    case .failure(let error):
      log("\(place): cannot run \(quoteWord(argv[0])): \(error)".escapingControlCharacters)
    }
  }

  /// `NAME=value` with the value quoted when it needs it (`NAME="two words"`).
  static func quoteVariable(_ entry: String) -> String {
    guard let equals = entry.firstIndex(of: "=") else { return quoteWord(entry) }
    return entry[...equals] + quoteWord(String(entry[entry.index(after: equals)...]))
  }

  /// Collects every command that ended and logs the ones that failed.
  public func reap() {
    for (pid, exit) in reapChildren(Array(running.keys)) {
      guard let entry = running.removeValue(forKey: pid) else { continue }
      busy.remove(entry.binding)
      if exit != .exited(0) {
        log(
          "line \(entry.binding.line): \(quoteWord(entry.program)) (pid \(pid)) failed: \(exit)"
            .escapingControlCharacters)
      }
    }
  }
}
