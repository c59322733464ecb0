import Foundation
import GestureTestSupport
import Testing

/// Pipes, devices and standard input are read as they come, in bounded memory (issue 19,
/// items 4 and 6): `replay -`, `replay /dev/zero`, a large recording through a pipe, and
/// `plot`'s bound on what it keeps.
@Suite("gesturectl: streams in bounded memory")
struct StreamInputTests {
  /// The built `gesturectl`.
  static var gesturectl: String { productsDirectory.appendingPathComponent("gesturectl").path }

  /// A file of the package, as an absolute path.
  static func file(_ path: String) -> String {
    packageDirectory.appendingPathComponent(path).path
  }

  /// Runs `script` with `sh -c`, `$G` being gesturectl, `$R` the package directory and `$LIMIT`
  /// the memory limit for `ulimit -v` (``memoryLimit``).
  static func shell(_ script: String, timeout: Double = 60) throws -> ProcessResult {
    try runProcess(
      "/bin/sh", ["-c", script],
      environment: ["G": gesturectl, "R": packageDirectory.path, "LIMIT": memoryLimit],
      timeout: timeout)
  }

  /// Whether these tests (and so the `gesturectl` built beside them) run under
  /// AddressSanitizer, whose shadow memory needs terabytes of address space at start.
  static let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

  /// 100 MB of address space: far below what reading a stream whole would take. Under
  /// AddressSanitizer no limit can be set (it reserves its shadow memory first), so there the
  /// tests check the output and exit status only; the plain build checks the bound.
  static var memoryLimit: String { underAddressSanitizer ? "unlimited" : "100000" }

  @Test(
    "replay - reads standard input, evemu and libinput YAML, as replay FILE reads the file",
    arguments: [
      "Recordings/public/wetab-taps.evemu", "Recordings/libinput/public/atmel-fast-taps.yml",
    ])
  func standardInput(path: String) throws {
    let byPath = try runProduct("gesturectl", ["replay", "--json", Self.file(path)])
    #expect(byPath.status == 0, "\(byPath.stderr)")
    #expect(byPath.stdout.contains("\"state\": \"recognized\""), "a positive control")
    let piped = try Self.shell("cat \"$R/\(path)\" | \"$G\" replay --json -")
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == byPath.stdout)
  }

  @Test("replay /dev/zero ends at line 1 with a clear error within a 100 MB memory limit")
  func devZero() throws {
    let result = try Self.shell("ulimit -v $LIMIT; exec \"$G\" replay /dev/zero", timeout: 20)
    #expect(!result.timedOut)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr
        == "error: /dev/zero:1: binary data (NUL byte), not a recording: line longer than "
        + "65536 bytes\n")
  }

  @Test("A 54 MB recording through a pipe replays within a 100 MB memory limit")
  func largePipe() throws {
    // The header of a real recording, then 2 M event lines: one position and one report, a
    // million times (no touch ever begins: no tracking id).
    let header = "grep -v '^E:' \"$R/Recordings/public/wetab-taps.evemu\""
    let frame = "$(printf 'E: 1.000000 0003 0035 100\\nE: 1.000000 0000 0000 0')"
    let result = try Self.shell(
      "(\(header); yes \"\(frame)\" | head -n 2000000) | "
        + "(ulimit -v $LIMIT; exec \"$G\" info -)", timeout: 120)
    #expect(!result.timedOut)
    #expect(result.status == 0, "\(String(result.stderr.prefix(600)))")
    #expect(result.stdout.contains("2000000"), "\(result.stdout)")
  }

  @Test("Several devices in a pipe: an error that asks for a regular file, not a hang")
  func severalDevicesInPipe() throws {
    let path = "Recordings/libinput/multi/keyboard-and-wetab-taps.yml"
    let byPath = try runProduct("gesturectl", ["replay", Self.file(path)])
    #expect(byPath.status == 0, "\(byPath.stderr)")
    let piped = try Self.shell("cat \"$R/\(path)\" | \"$G\" replay -", timeout: 20)
    #expect(piped.status == 1)
    #expect(piped.stderr.contains("error: -: a recording with several devices"))
    #expect(piped.stderr.contains("give the path of a regular file"))
  }

  @Test("plot keeps at most --max-events events and says at which line it stopped")
  func plotBound() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "plot-bound-\(getpid()).svg")
    defer { try? FileManager.default.removeItem(at: output) }
    let recording = Self.file("Recordings/public/wetab-taps.evemu")
    let whole = try runProduct("gesturectl", ["plot", recording, "-o", output.path])
    #expect(whole.status == 0, "\(whole.stderr)")
    let wholePaths =
      try String(contentsOf: output, encoding: .utf8)
      .components(separatedBy: "<polyline").count - 1
    let cut = try runProduct(
      "gesturectl", ["plot", "--max-events", "40", recording, "-o", output.path])
    #expect(cut.status == 0, "\(cut.stderr)")
    #expect(cut.stderr.hasPrefix("warning: \(recording):"))
    #expect(cut.stderr.contains(": drew the first 40 events and stopped here, to bound memory"))
    let cutPaths =
      try String(contentsOf: output, encoding: .utf8)
      .components(separatedBy: "<polyline").count - 1
    #expect(wholePaths > 1)
    #expect(cutPaths >= 1 && cutPaths < wholePaths)
    let bad = try runProduct("gesturectl", ["plot", "--max-events", "0", recording, "-o", "x"])
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("error: --max-events expects a positive number"))
  }
}
