import EvdevDevice
import TextOutput
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
    file replays with 'gesturectl replay FILE'. Events reach the file as they come (at least
    every 100 ms), so a killed recorder loses at most the last moment. FILE is never
    written through a symbolic link: a link is refused (remove it or name its target). A
    failed write (a full disk) stops the recording with exit 1 and says how much was
    written. -o - writes the recording to standard output.
    """,
  options: [
    .value(
      "output", short: "o", "FILE",
      "Where to write the recording (required; - is standard output; a symbolic link is refused)."),
    .value("format", "FORMAT", "evemu (the default) or libinput (libinput record's YAML)."),
  ] + liveDeviceOptions,
  run: { arguments, console in
    guard arguments.positionals.count == 1 else {
      throw UsageError(message: "give exactly one DEVICE")
    }
    guard let output = arguments.value("output") else {
      throw UsageError(message: "no output file given; use -o FILE")
    }
    let format = arguments.value("format") ?? "evemu"
    guard format == "evemu" || format == "libinput" else {
      throw UsageError(message: "--format expects evemu or libinput, not '\(format)'")
    }
    let limits = try liveLimits(arguments)
    let toStandardOutput = output == "-"
    if !toStandardOutput { try refuseSymbolicLink(output) }
    let input = try openTouchDevice(
      arguments.positionals[0], grab: arguments.has("grab"), forFile: { "gesturectl replay " + $0 })
    let descriptor = toStandardOutput ? dup(1) : try createOutputFile(output)
    // Past a file size limit (ulimit -f) a write fails with EFBIG instead of killing us.
    signal(SIGXFSZ, SIG_IGN)
    let writer =
      format == "libinput"
      ? RecordingWriter.libinput(LibinputRecordWriter(device: input.device, node: input.path))
      : RecordingWriter.evemu(EvemuWriter(device: input.device))
    var sink = RecordingSink(writer: writer, descriptor: descriptor)
    var loop = LiveLoop(input: input, exitAfterIdle: limits.idle, maxEvents: limits.events)
    let exit = try runLoop(&loop, &sink)
    sink.flush()
    if close(descriptor) != 0 && sink.writeError == nil { sink.writeError = errno }
    if let error = sink.writeError {
      throw CommandFailure(
        message: "\(output): cannot write: \(String(cString: strerror(error))); only "
          + "\(sink.written) bytes written, the recording is incomplete (\(sink.count) events read)"
      )
    }
    console.err.line(
      "recorded \(sink.count) events from \(input.path) to \(output)".escapingControlCharacters)
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

/// Writes live events as evemu or libinput lines: each batch read from the device before the
/// loop waits again, and at least every 100 ms of event time, so a recorder that is killed
/// loses at most the last moment. A failed write stops the loop (as Ctrl-C does).
struct RecordingSink: LiveEventSink {
  /// Formats the header and the event lines.
  var writer: RecordingWriter
  /// The open output file.
  let descriptor: Int32
  /// Text not yet written.
  private var pending = ""
  /// The first event's time: it becomes 0.000001, as in evemu-record (0 in libinput's format).
  private var origin: Microseconds?
  /// The event time of the last write.
  private var lastWrite: Microseconds?
  /// Events read so far.
  private(set) var count = 0
  /// Bytes written to the file so far.
  private(set) var written = 0
  /// The `errno` of the first failed write (nothing is written after it).
  var writeError: Int32?

  /// The longest stretch of event time kept before a write (100 ms).
  static let writeInterval: Microseconds = 100_000

  init(writer: RecordingWriter, descriptor: Int32) {
    self.writer = writer
    self.descriptor = descriptor
    pending = writer.header()
  }

  mutating func handle(_ event: InputEvent) {
    let origin = self.origin ?? event.time - writer.firstTime
    self.origin = origin
    var shifted = event
    shifted.time = event.time - origin
    writer.append(shifted, to: &pending)
    count += 1
    let last = lastWrite ?? event.time
    if lastWrite == nil { lastWrite = event.time }
    if event.time - last >= Self.writeInterval || pending.utf8.count > 64 * 1024 {
      lastWrite = event.time
      flush()
    }
  }

  var nextDeadline: Microseconds? { nil }
  mutating func advance(to time: Microseconds) {}
  mutating func deviceVanished(at time: Microseconds) {}
  mutating func interrupted(at time: Microseconds) {}

  /// Everything read was handled: the batch goes to the file before the loop waits.
  mutating func willWait() { flush() }

  /// Writes the pending text; after a failure, drops it and asks the loop to stop.
  mutating func flush() {
    guard !pending.isEmpty else { return }
    defer { pending.removeAll(keepingCapacity: true) }
    guard writeError == nil else { return }
    let result = writeAll(descriptor, Array(pending.utf8))
    written += result.written
    if let error = result.error {
      writeError = error
      SignalWatch.requestStop()
    }
  }
}
