import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a finished child process left: its exit status and everything it printed.
public struct ProcessResult: Sendable, Equatable {
  /// The exit status, or 128 + signal number when a signal ended it.
  public var status: Int32
  /// Everything written to standard output.
  public var stdout: String
  /// Everything written to standard error.
  public var stderr: String
  /// Whether the runner had to kill it after the timeout.
  public var timedOut: Bool
}

/// The directory holding the built products (`gesturectl`, `synth-trace`, …) of this test run.
public var productsDirectory: URL {
  let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var directory = testBinary.deletingLastPathComponent()
  // On Linux the test runner is `<products>/<Package>PackageTests.xctest`; step out of any bundle.
  while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" {
    directory = directory.deletingLastPathComponent()
  }
  return directory
}

/// The package's root directory (where `Package.swift` is).
public var packageDirectory: URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}

/// Runs `executable` with `arguments` in a process group of its own, and kills the whole group
/// if it runs longer than `timeout` seconds, so helpers such as `umockdev-run` never outlive a
/// test.
///
/// - Parameters:
///   - executable: An absolute path.
///   - arguments: The arguments, without the program name.
///   - environment: Extra environment variables.
///   - timeout: Seconds before the group is killed.
/// - Returns: The exit status and the captured output.
public func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String] = [:],
  timeout: Double = 60
) throws -> ProcessResult {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "run-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let outPath = directory.appendingPathComponent("stdout").path
  let errPath = directory.appendingPathComponent("stderr").path

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  // A test thread may block signals; the child starts with none blocked and SIGINT/SIGTERM
  // (and timeout(1)'s SIGALRM) at their defaults, so signal tests behave as in a shell.
  posix_spawnattr_setflags(
    &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  posix_spawnattr_setpgroup(&attributes, 0)
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGINT, SIGTERM, SIGALRM, SIGPIPE] { sigaddset(&defaults, signal) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)

  var env = ProcessInfo.processInfo.environment
  for (key, value) in environment { env[key] = value }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
  }
  var pid: pid_t = 0
  let spawnStatus = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  guard spawnStatus == 0 else {
    throw CocoaError(
      .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(executable)"])
  }

  var status: Int32 = 0
  var timedOut = false
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid { break }
    if result < 0 && errno != EINTR { break }
    if Date() > deadline {
      timedOut = true
      kill(-pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
      break
    }
    usleep(2_000)
  }
  // Whatever the child left behind in its group goes too.
  kill(-pid, SIGKILL)
  let exitStatus: Int32 =
    (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
  let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
  return ProcessResult(status: exitStatus, stdout: out, stderr: err, timedOut: timedOut)
}

/// Runs a built product of this package (`gesturectl`, `synth-trace`, …).
public func runProduct(
  _ name: String, _ arguments: [String], environment: [String: String] = [:],
  timeout: Double = 60
) throws -> ProcessResult {
  try runProcess(
    productsDirectory.appendingPathComponent(name).path, arguments, environment: environment,
    timeout: timeout)
}
