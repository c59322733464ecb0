import EvdevDevice
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

/// `gesturectl record DEVICE -o FILE`: write what a touch device sends as an evemu recording, or
/// with `--format libinput` as a `libinput record` one.
let recordCommand = Command(
  name: "record",
  summary: "Record a touch device to an evemu or libinput file (for bug reports and replay).",
  usage: "record [OPTIONS] DEVICE -o FILE",
  discussion: """
    Writes the device description and every event, as evemu-record does (evemu 1.3 text,
    times relative to the first event, which is 0.000001), or with --format libinput as
    libinput record does (YAML, the first event at 0). Stops on Ctrl-C (exit 0), when the
    device vanishes (exit 1, the file is kept), or at --exit-after-idle/--max-events. The
    file replays with 'gesturectl replay FILE'.
    """,
  options: [
    .value("output", short: "o", "FILE", "Where to write the recording (required)."),
    .value("format", "FORMAT", "evemu (the default) or libinput (libinput record's YAML)."),
  ] + liveDeviceOptions,
  run: { arguments, console in
    guard arguments.positionals.count == 1 else {
      throw UsageError(message: "record needs exactly one DEVICE")
    }
    guard let output = arguments.value("output") else {
      throw UsageError(message: "record needs -o FILE")
    }
    let format = arguments.value("format") ?? "evemu"
    guard format == "evemu" || format == "libinput" else {
      throw UsageError(message: "--format expects evemu or libinput, not '\(format)'")
    }
    let limits = try liveLimits(arguments)
    let input = try openTouchDevice(arguments.positionals[0], grab: arguments.has("grab"))
    guard let file = fopen(output, "w") else {
      throw CommandFailure(message: "cannot write \(output): \(String(cString: strerror(errno)))")
    }
    let writer =
      format == "libinput"
      ? RecordingWriter.libinput(LibinputRecordWriter(device: input.device, node: input.path))
      : RecordingWriter.evemu(EvemuWriter(device: input.device))
    var sink = RecordingSink(writer: writer, file: file)
    var loop = LiveLoop(input: input, exitAfterIdle: limits.idle, maxEvents: limits.events)
    let exit = try runLoop(&loop, &sink)
    sink.flush()
    let closed = fclose(file) == 0
    guard closed && !sink.failed else {
      throw CommandFailure(message: "cannot write \(output): \(String(cString: strerror(errno)))")
    }
    console.err.line("recorded \(sink.count) events from \(input.path) to \(output)")
    if exit == .deviceGone {
      throw CommandFailure(message: "\(input.path): the device vanished; the recording is kept")
    }
    return ExitStatus.ok
  }
)

/// The writer of the format asked for.
enum RecordingWriter {
  /// evemu text.
  case evemu(EvemuWriter)
  /// `libinput record` YAML.
  case libinput(LibinputRecordWriter)

  /// The header of the recording.
  func header() -> String {
    switch self {
    case .evemu(let writer): writer.header()
    case .libinput(let writer): writer.header()
    }
  }

  /// The time the first event gets: 0.000001 as evemu-record writes it, 0 as libinput does.
  var firstTime: Microseconds {
    if case .evemu = self { return 1 }
    return 0
  }

  /// Appends one event.
  mutating func append(_ event: InputEvent, to out: inout String) {
    switch self {
    case .evemu(var writer):
      writer.append(event, to: &out)
      self = .evemu(writer)
    case .libinput(var writer):
      writer.append(event, to: &out)
      self = .libinput(writer)
    }
  }
}

/// Writes live events as evemu or libinput lines, flushing in large blocks.
struct RecordingSink: LiveEventSink {
  /// Formats the header and the event lines.
  var writer: RecordingWriter
  /// The open output file.
  let file: UnsafeMutablePointer<FILE>
  /// Text not yet written.
  private var pending = ""
  /// The first event's time: it becomes 0.000001, as in evemu-record (0 in libinput's format).
  private var origin: Microseconds?
  /// Events written so far.
  private(set) var count = 0
  /// Whether a write failed.
  private(set) var failed = false

  init(writer: RecordingWriter, file: UnsafeMutablePointer<FILE>) {
    self.writer = writer
    self.file = file
    pending = writer.header()
  }

  mutating func handle(_ event: InputEvent) {
    let origin = self.origin ?? event.time - writer.firstTime
    self.origin = origin
    var shifted = event
    shifted.time = event.time - origin
    writer.append(shifted, to: &pending)
    count += 1
    if pending.utf8.count > 64 * 1024 { flush() }
  }

  var nextDeadline: Microseconds? { nil }
  mutating func advance(to time: Microseconds) {}
  mutating func deviceVanished(at time: Microseconds) {}
  mutating func interrupted(at time: Microseconds) {}

  /// Writes the pending text.
  mutating func flush() {
    let length = pending.utf8.count
    if length > 0 && fwrite(pending, 1, length, file) != length { failed = true }
    pending.removeAll(keepingCapacity: true)
    fflush(file)
  }
}
