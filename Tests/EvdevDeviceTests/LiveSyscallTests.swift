import Foundation
import GestureTestSupport
import Testing

/// The `strace` executable.
enum Strace {
  /// Its path, when installed.
  static let path = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}

/// The live path's system calls per wake, traced with strace under umockdev, one frame per
/// write: one wait, one read of the node and the writes it needs (Docs/LivePath.md, "Reads").
@Suite(
  "one wait and one read per wake",
  .enabled(if: Umockdev.isAvailable, "umockdev-run is not installed"),
  .enabled(if: Strace.path != nil, "strace is not installed"))
struct LiveSyscallTests {
  /// A recording of 339 frames: pans, pinches, taps and holds.
  static let recording = packageDirectory.appendingPathComponent(
    "Recordings/synthetic/carousel-demo.evemu"
  ).path

  /// Bindings for every kind of recognizer `run` has.
  static let bindings = """
    swipe direction=right shell true
    edge-pan edge=left shell true
    pan direction=down distance=20mm shell true
    tap shell true
    tap taps=2 shell true
    long-press shell true
    pinch direction=in shell true
    rotation direction=cw angle=30deg shell true

    """

  /// Runs `gesturectl ARGUMENTS` on the emulated recording under strace and reads the log.
  private func trace(_ arguments: [String], in directory: URL) throws -> (WakeTrace, String) {
    let prefix = try Umockdev.fixture(
      Self.recording, in: directory, options: ["--speed", "4", "--min-delay-ms", "3"])
    let log = directory.appendingPathComponent("strace.log").path
    let result = try Umockdev.gesturectl(
      arguments, device: prefix,
      launcher: [
        try #require(Strace.path), "-o", log, "-e", "trace=openat,read,write,poll,ppoll",
        // LeakSanitizer cannot run under ptrace (CI's AddressSanitizer step).
        "-E", "ASAN_OPTIONS=detect_leaks=0",
      ], timeout: 120)
    try #require(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: log, encoding: .utf8)
    return (WakeTrace(log: text, node: Umockdev.node), result.stderr)
  }

  @Test("live --json makes one ppoll, one read and at most one write per wake")
  func live() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (wakes, stderr) = try trace(
      ["live", "--json", "--exit-after-idle", "1500", Umockdev.node], in: directory)
    try #require(wakes.nodeDescriptor != nil, "the node was never opened: \(stderr)")
    #expect(wakes.violations.isEmpty, "\(wakes.violations)")
    // Most frames arrive alone (some pile up when the machine is loaded): many wakes to check.
    #expect(wakes.wakesWithEvents >= 339 / 4, "\(wakes.wakesWithEvents) wakes with events")
    #expect(wakes.nodeReads <= wakes.wakes + 2, "\(wakes.nodeReads) reads, \(wakes.wakes) wakes")
  }

  @Test("run makes one poll and one read per wake, with every recognizer bound")
  func run() throws {
    let directory = try Umockdev.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("bindings").path
    try Self.bindings.write(toFile: config, atomically: true, encoding: .utf8)
    let (wakes, stderr) = try trace(
      ["run", "--dry-run", "--config", config, "--exit-after-idle", "1500", Umockdev.node],
      in: directory)
    try #require(wakes.nodeDescriptor != nil, "the node was never opened: \(stderr)")
    #expect(wakes.violations.isEmpty, "\(wakes.violations)")
    #expect(wakes.wakesWithEvents >= 339 / 4, "\(wakes.wakesWithEvents) wakes with events")
    #expect(wakes.nodeReads <= wakes.wakes + 2, "\(wakes.nodeReads) reads, \(wakes.wakes) wakes")
  }

  @Test("the count catches libevdev's pattern: a poll after each frame, a read until EAGAIN")
  func positiveControl() {
    // Lines as strace wrote them for the loop before (libevdev reading, asking
    // libevdev_has_event_pending after each frame), and for a loop reading until EAGAIN.
    let log = """
      openat(AT_FDCWD, "/tmp/umockdev.E6TFZ3/dev/input/event5", O_RDONLY|O_NONBLOCK|O_CLOEXEC) = 3
      ppoll([{fd=3, events=POLLIN}, {fd=5, events=POLLIN}], 2, NULL, NULL, 8) = 1 ([{fd=3, revents=POLLIN}])
      read(3, "\\0\\0\\0\\0"..., 6144) = 72
      poll([{fd=3, events=POLLIN}], 1, 0)     = 0 (Timeout)
      write(1, "{\\"t\\": 0.447435, \\"gesture\\": \\"edge"..., 170) = 170
      ppoll([{fd=3, events=POLLIN}, {fd=5, events=POLLIN}], 2, NULL, NULL, 8) = 1 ([{fd=3, revents=POLLIN}])
      read(3, "\\0\\0\\0\\0"..., 6144) = 72
      read(3, 0x55d0, 6144) = -1 EAGAIN (Resource temporarily unavailable)
      ppoll([{fd=3, events=POLLIN}, {fd=5, events=POLLIN}], 2, NULL, NULL, 8) = 1 ([{fd=3, revents=POLLIN}])
      read(3, "\\0\\0\\0\\0"..., 4080) = 4080
      read(3, "\\0\\0\\0\\0"..., 4080) = 48
      write(1, "{\\"t\\": 0.462795, \\"gesture\\": \\"edge"..., 169) = 169
      ppoll([{fd=3, events=POLLIN}, {fd=5, events=POLLIN}], 2, {tv_sec=0, tv_nsec=49000}, NULL, 8) = 0 (Timeout)
      """
    let wakes = WakeTrace(log: log, node: "/dev/input/event5")
    #expect(wakes.nodeDescriptor == 3)
    #expect(wakes.wakes == 3)
    // The first two wakes break the rule; the third read a full buffer, then the rest.
    #expect(wakes.violations.count == 2, "\(wakes.violations)")
    #expect(wakes.violations.first?.hasPrefix("1 reads, 1 non-blocking waits") == true)
    #expect(wakes.violations.last?.hasPrefix("2 reads, 0 non-blocking waits") == true)
  }
}
