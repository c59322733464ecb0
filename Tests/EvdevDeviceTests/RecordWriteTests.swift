import Foundation
import GestureTestSupport
import Testing

/// How `gesturectl record` writes its file: a failed write is an error that says how much was
/// written, events reach the file as they come (a killed recorder keeps them), and a symbolic
/// link is never written through.
@Suite(
  "record's writes under umockdev",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed (apt install umockdev)"))
struct RecordWriteTests {
  /// A one-finger drag of a second: 102 frames, about 10 KB of evemu text.
  static func drag() -> TestTrace {
    var trace = TestTrace()
    trace.down(slot: 0, x: 20, y: 20, at: 0)
    for step in 1...100 {
      trace.move(slot: 0, x: 20 + Double(step) / 2, y: 20, at: Double(step) * 10)
    }
    trace.up(slot: 0, at: 1010)
    return trace
  }

  /// Whether `prlimit` (util-linux) is installed: the write-failure test sets a file size
  /// limit with it.
  static let hasPrlimit = ["/usr/bin/prlimit", "/bin/prlimit"].contains {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  @Test(
    "a write that fails (the file size limit) ends record with exit 1 and the bytes written",
    .enabled(if: hasPrlimit, "prlimit is not installed (util-linux)"))
  func failedWriteIsAnError() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = Self.drag()
    let path = try trace.write(to: directory.appendingPathComponent("drag.evemu"))
    let output = directory.appendingPathComponent("out.evemu").path
    // Through the retrying helper: on a loaded machine umockdev's pty can split an event
    // (`Umockdev.splitEventError`), which a kernel never does.
    let result = try Umockdev.gesturectl(
      onRecording: path, speed: 10, launcher: ["prlimit", "--fsize=4096"],
      [
        "record", Umockdev.node, "-o", output, "--max-events", String(trace.events.count),
        "--exit-after-idle", "10000",
      ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "error: \(output): cannot write: File too large; only 4096 bytes written, the recording"
          + " is incomplete"), "\(result.stderr)")
    #expect(!result.stderr.contains("recorded "))
    let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int
    #expect(size == 4096)
  }

  @Test("record -o - writes the recording to standard output; /dev/stdout, a link, is refused")
  func standardOutput() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = Self.drag()
    let path = try trace.write(to: directory.appendingPathComponent("drag.evemu"))
    // Through the retrying helper: on a loaded machine umockdev's pty can split an event
    // (`Umockdev.splitEventError`, exit 1 after a part of the events), which a kernel never
    // does.
    let result = try Umockdev.gesturectl(
      onRecording: path, speed: 10,
      [
        "record", Umockdev.node, "-o", "-", "--max-events", String(trace.events.count),
        "--exit-after-idle", "10000",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("# EVEMU 1.3\n"))
    #expect(
      result.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }.count == trace.events.count
    )
    let link = try runProduct("gesturectl", ["record", Umockdev.node, "-o", "/dev/stdout"])
    #expect(link.status == 1)
    #expect(link.stderr.hasSuffix("; -o - writes to standard output\n"), "\(link.stderr)")
  }

  /// Splits the first block of a `umockdev-script` script after `bytes` bytes: the rest comes
  /// `delay` milliseconds later, as a pty can hand a write to its reader in pieces.
  static func splitFirstBlock(of script: String, after bytes: Int, delay: Int) throws {
    var lines = try String(contentsOfFile: script, encoding: .isoLatin1)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let fields = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
    try #require(fields.count == 3 && fields[0] == "r", "unexpected script line: \(lines[0])")
    // In the script's data a byte is one character, or `^` and the one after it.
    var index = fields[2].startIndex
    for _ in 0..<bytes {
      if fields[2][index] == "^" { index = fields[2].index(after: index) }
      index = fields[2].index(after: index)
    }
    lines[0] = "r \(fields[1]) \(fields[2][..<index])"
    lines.insert("r \(delay) \(fields[2][index...])", at: 1)
    try lines.joined(separator: "\n").write(toFile: script, atomically: true, encoding: .isoLatin1)
  }

  @Test("an event that reaches the node in two pieces (umockdev's pty) is read whole")
  func splitEventIsCompleted() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = Self.drag()
    let path = try trace.write(to: directory.appendingPathComponent("drag.evemu"))
    let prefix = try Umockdev.fixture(path, in: directory, options: ["--speed", "10"])
    // Half of the first event, then the rest 200 ms later: record's read gets 12 bytes.
    try Self.splitFirstBlock(of: prefix + ".script", after: 12, delay: 200)
    let result = try Umockdev.gesturectl(
      [
        "record", Umockdev.node, "-o", "-", "--max-events", String(trace.events.count),
        "--exit-after-idle", "10000",
      ], device: prefix)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }.count == trace.events.count
    )
    let output = directory.appendingPathComponent("out.evemu").path
    try result.stdout.write(toFile: output, atomically: true, encoding: .utf8)
    let replay = try runProduct("gesturectl", ["replay", "--touches", output])
    let original = try runProduct("gesturectl", ["replay", "--touches", path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(!replay.stdout.isEmpty)
    #expect(replay.stdout == original.stdout)
  }

  @Test("kill -9 of record leaves every event read so far in the file")
  func killedRecorderKeepsEvents() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = Self.drag()
    let events = trace.events.count
    let path = try trace.write(to: directory.appendingPathComponent("drag.evemu"))
    let output = directory.appendingPathComponent("out.evemu").path
    // The shell starts record (no limit: it would wait for the device for ever), waits up to
    // 20 s for every event to be in the file, then kills it with SIGKILL. It exits with
    // record's status, so that a split event (`Umockdev.splitEventError`, exit 1 on a loaded
    // machine, never on a kernel node) makes the helper retry slower.
    let script = """
      "$@" & pid=$!; i=0
      while [ $i -lt 200 ] && [ "$(grep -c '^E:' "\(output)" 2>/dev/null)" != \(events) ]; do
        sleep 0.1; i=$((i+1)); done
      kill -9 $pid; wait $pid; status=$?; echo "status $status"; exit $status
      """
    let result = try Umockdev.gesturectl(
      onRecording: path, speed: 4, launcher: ["sh", "-c", script, "sh"],
      ["record", Umockdev.node, "-o", output])
    #expect(result.stdout == "status 137\n", "\(result.stderr)")
    #expect(try Umockdev.eventCount(output) == events)
    let replay = try runProduct("gesturectl", ["replay", "--touches", output])
    let original = try runProduct("gesturectl", ["replay", "--touches", path])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(!replay.stdout.isEmpty)
    #expect(replay.stdout == original.stdout)
  }
}

/// `record -o LINK` refuses the link (it often runs as root) and leaves its target alone.
@Suite("record and symbolic links")
struct RecordLinkTests {
  @Test("record -o LINK is refused and the link's target is untouched", arguments: [true, false])
  func linkRefused(targetExists: Bool) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "record-link-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("precious").path
    if targetExists { try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8) }
    let link = directory.appendingPathComponent("out.evemu").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let result = try runProduct("gesturectl", ["record", "/dev/input/event5", "-o", link])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: \(link): is a symbolic link; not writing through it (remove it or name its"
        + " target)\n")
    if targetExists {
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    } else {
      #expect(!FileManager.default.fileExists(atPath: target))
    }
    let help = try runProduct("gesturectl", ["record", "--help"])
    #expect(help.stdout.contains("a symbolic link is refused"))
  }
}
