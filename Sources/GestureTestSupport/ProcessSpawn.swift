import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where a spawned child's standard output goes.
enum ChildOutput {
  /// A file, created or truncated.
  case file(String)
  /// A descriptor of ours (the write end of a pipe), duplicated onto the child's descriptor 1.
  case descriptor(Int32)
}

/// Spawns `executable` in a process group of its own (its pid is the group id), with standard
/// input from `/dev/null`, no signal blocked and SIGINT/SIGTERM/SIGALRM/SIGPIPE at their
/// defaults, so signal tests behave as in a shell.
func spawnInOwnGroup(
  _ executable: String, _ arguments: [String], environment: [String: String],
  stdout: ChildOutput, stderrPath: String
) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  switch stdout {
  case .file(let path):
    posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  case .descriptor(let descriptor):
    posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
  }
  posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
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
  return pid
}

/// The exit status of a `waitpid` status word: the code, or 128 + signal number.
func exitStatus(_ status: Int32) -> Int32 {
  (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

/// A fresh temporary directory for a run's captured files.
func runDirectory() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "run-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}
