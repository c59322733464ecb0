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
  let directory = try runDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let outPath = directory.appendingPathComponent("stdout").path
  let errPath = directory.appendingPathComponent("stderr").path
  let pid = try spawnInOwnGroup(
    executable, arguments, environment: environment, stdout: .file(outPath), stderrPath: errPath)

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
  let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
  let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
  return ProcessResult(status: exitStatus(status), stdout: out, stderr: err, timedOut: timedOut)
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
