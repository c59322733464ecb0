import Foundation
import GestureTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `carousel --state FILE` with files that are not a plain state: a FIFO, a device, a huge
/// file, temporaries a killed run left, a place that cannot be written.
@Suite struct CarouselStateFileTests {
  static let tour = packageDirectory.appendingPathComponent(
    "Recordings/synthetic/carousel-tour.evemu"
  ).path

  /// A fresh empty directory.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "carousel-state-file-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a FIFO as --state is refused at once (exit 1), not waited on")
  func fifoRefused() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("state").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try runProduct(
      "gesturectl", ["carousel", "--state", fifo, Self.tour], timeout: 20)
    #expect(!result.timedOut)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: \(fifo): cannot read the carousel state: not a regular file (--state expects"
        + " a regular file)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test("/dev/zero as --state is refused at once, neither read for ever nor replaced")
  func deviceRefused() throws {
    let result = try runProduct(
      "gesturectl", ["carousel", "--state", "/dev/zero", Self.tour], timeout: 20)
    #expect(!result.timedOut)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: /dev/zero: cannot read the carousel state: not a"))
    var info = stat()
    #expect(stat("/dev/zero", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
  }

  @Test("a FIFO among the --images is read for no header (no size), not waited on")
  func fifoImage() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(mkfifo(directory.appendingPathComponent("a.png").path, 0o600) == 0)
    let gif: [UInt8] = Array("GIF89a".utf8) + [0x40, 0x01, 0xC8, 0x00, 0, 0, 0]
    try Data(gif).write(to: directory.appendingPathComponent("b.gif"))
    let result = try runProduct(
      "gesturectl", ["carousel", "--images", directory.path, Self.tour], timeout: 20)
    #expect(!result.timedOut)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("image 1/2 \"a.png\""))
  }

  @Test("a state file beyond 1 MiB is an error naming the limit")
  func sizeLimit() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("state.json").path
    try String(repeating: " ", count: (1 << 20) + 1).write(
      toFile: state, atomically: true, encoding: .utf8)
    let result = try runProduct("gesturectl", ["carousel", "--state", state, Self.tour])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: \(state): cannot read the carousel state: larger than 1048576 bytes"
        + " (--state expects a regular file)\n")
  }

  @Test("temporaries a killed run left beside the state file are removed; others are kept")
  func staleTemporariesRemoved() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("state.json").path
    let stale = ["state.json.tmp-a1B2c3", "state.json.tmp-XXXXXX"]
    let kept = ["state.json.tmp-toolong1", "other.json.tmp-a1B2c3", "state.json.bak"]
    for name in stale + kept {
      try "{".write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }
    let result = try runProduct("gesturectl", ["carousel", "--state", state, Self.tour])
    #expect(result.status == 0, "\(result.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == (kept + ["state.json"]).sorted())
  }

  /// `strace`, when installed (the fsync test traces the system calls).
  static let strace = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    "each save is synced (fsync) before it is renamed over the state file",
    .enabled(if: strace != nil, "strace is not installed"))
  func syncedBeforeRename() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("state.json").path
    let log = directory.appendingPathComponent("trace").path
    let gesturectl = productsDirectory.appendingPathComponent("gesturectl").path
    let result = try runProcess(
      try #require(Self.strace),
      [
        "-f", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2", "-o", log, gesturectl,
        "carousel", "--state", state, Self.tour,
      ],
      // LeakSanitizer cannot run under ptrace; the leak check runs in the other tests.
      environment: ["ASAN_OPTIONS": "detect_leaks=0"])
    try #require(result.status == 0, "\(result.stderr)")
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains("fsync(") || $0.contains("rename") }
    let renames = calls.indices.filter { calls[$0].contains("state.json.tmp-") }
    #expect(renames.count >= 4, "\(calls)")
    for index in renames {
      #expect(
        index > 0 && calls[index - 1].contains("sync("), "\(calls[max(0, index - 1)...index])")
    }
  }

  @Test("a state that cannot be saved is warned about once, and the run exits 1")
  func failedSaveWarnsOnce() throws {
    let directory = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("missing/state.json").path
    let result = try runProduct("gesturectl", ["carousel", "--state", state, Self.tour])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n")
    #expect(
      lines == [
        "warning: \(state): cannot write: No such file or directory (warned once; the run exits"
          + " 1 unless a later save works)",
        "error: \(state): the carousel state is not saved (see the warning)",
      ])
    #expect(result.stdout.contains("image 2/3"))
  }
}

/// The `# FILE` line before each file's output (several files given) shows the name escaped.
@Suite struct FileHeaderEscapingTests {
  @Test("replay and carousel of several files escape control characters in the # FILE lines")
  func headersEscaped() throws {
    let directory = try CarouselStateFileTests.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let odd = directory.appendingPathComponent("a\nb\u{1B}]0;owned\u{7}.evemu").path
    try FileManager.default.copyItem(atPath: CarouselStateFileTests.tour, toPath: odd)
    let escaped = "# " + directory.path + "/a\\u{A}b\\u{1B}]0;owned\\u{7}.evemu"
    for command in ["replay", "carousel"] {
      let result = try runProduct("gesturectl", [command, CarouselStateFileTests.tour, odd])
      #expect(result.status == 0, "\(result.stderr)")
      let lines = result.stdout.split(separator: "\n").map(String.init)
      #expect(lines.contains(escaped), "\(command): \(lines.filter { $0.hasPrefix("#") })")
      #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    }
  }
}
