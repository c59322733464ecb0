/// A streaming reader of `libinput record` recordings (YAML, file format version 1): the
/// description of one device, then its events in batches.
///
/// It reads exactly the schema `libinput record` writes, not YAML in general: top-level
/// `version: 1` and `ndevices:`; under `devices:`, entries with `node:`, `evdev:` (`name`,
/// `id`, `codes`, `absinfo` as `code: [min, max, fuzz, flat, resolution]`, `properties`) and
/// `events:`, a list of `- evdev:` frames of `- [sec, usec, type, code, value]` lines. Comments
/// and unknown keys (`libinput:`, `system:`, `udev:`, `quirks:`, `hid:`, `- libinput:` event
/// entries) are skipped. Times are the file's (relative to the recording's start).
///
/// A file with several devices: the reader takes `deviceIndex`, else the only device, else the
/// only touch device, else the only touchscreen; otherwise it throws an error listing them.
/// Memory stays constant whatever the file's length; with several devices the file is read
/// twice (once to find them all). Errors are `TraceError`s naming the file and line; with
/// `lenient`, bad lines among the events are skipped and kept in `warnings`. A reader is a class:
/// every reference reads from the same file position.
public final class LibinputRecordReader: TraceReader {
  /// The most warnings kept; later bad lines are only counted in `skippedLineCount`.
  public static let warningLimit = 100

  /// The device the events come from.
  public var device: DeviceDescription { devices[deviceIndex].description }
  /// Every device of the file, in file order.
  public let devices: [LibinputRecordDevice]
  /// The index in `devices` of the device read.
  public let deviceIndex: Int
  /// Why that device was chosen when the file has several, for the user; `nil` otherwise.
  public let choice: String?
  /// Whether bad lines among the events are skipped rather than thrown.
  public let lenient: Bool
  /// The bad lines skipped in lenient mode, in file order (the first `warningLimit` of them).
  public internal(set) var warnings: [TraceError] = []
  /// How many bad lines lenient mode skipped.
  public internal(set) var skippedLineCount = 0
  /// The position in the event list.
  let stream: LibinputRecordStream

  /// The path of the recording, as given.
  public var path: String { stream.lines.input.name }

  /// Opens the recording at `path`.
  ///
  /// - Parameters:
  ///   - path: The recording to read.
  ///   - deviceIndex: Which device to read when the file has several (from 0).
  ///   - lenient: Skip bad event lines with a warning instead of stopping.
  /// - Throws: `TraceError` if the file cannot be read, is empty, breaks the schema before
  ///   its events, or has several devices and no way to choose one.
  public convenience init(path: String, deviceIndex: Int? = nil, lenient: Bool = false)
    throws(TraceError)
  {
    try self.init(
      open: { () throws(TraceError) in
        try ByteInput(path: path, chunkSize: ByteInput.defaultChunkSize)
      }, deviceIndex: deviceIndex, lenient: lenient)
  }

  /// Same, from bytes in memory (tests, benchmark); `name` is used in errors.
  ///
  /// - Throws: `TraceError` as `init(path:deviceIndex:lenient:)` does.
  public convenience init(
    bytes: [UInt8], name: String, deviceIndex: Int? = nil, lenient: Bool = false
  )
    throws(TraceError)
  {
    try self.init(bytes: bytes, name: name, deviceIndex: deviceIndex, lenient: lenient, chunk: nil)
  }

  /// Reads `bytes` in chunks of `chunk` bytes (tests use small chunks).
  convenience init(bytes: [UInt8], name: String, deviceIndex: Int?, lenient: Bool, chunk: Int?)
    throws(TraceError)
  {
    let size = chunk ?? ByteInput.defaultChunkSize
    try self.init(
      open: { ByteInput(bytes: bytes, name: name, chunkSize: size) }, deviceIndex: deviceIndex,
      lenient: lenient)
  }

  /// Reads `stream` (a pipe, standard input, a device), once, front to back: a recording
  /// with several devices can then be read only when its first device is the one to read.
  convenience init(stream: ByteInput, deviceIndex: Int?, lenient: Bool) throws(TraceError) {
    var opened = false
    try self.init(
      open: { () throws(TraceError) in
        guard !opened else {
          throw TraceError(
            file: stream.name, line: 0,
            reason: "a recording with several devices is read twice to choose one, which a "
              + "pipe or device cannot be; give the path of a regular file")
        }
        opened = true
        return stream
      }, deviceIndex: deviceIndex, lenient: lenient)
  }

  private init(
    open: () throws(TraceError) -> ByteInput, deviceIndex requested: Int?, lenient: Bool
  ) throws(TraceError) {
    var lines = ByteLines(input: try open())
    var scanner = LibinputRecordScanner()
    let stopped = try scanner.scan(&lines, stoppingAtEventsOf: 0)
    guard lines.bytesRead > 0 else { throw lines.error(line: 0, "empty file") }
    guard scanner.version != nil else {
      throw lines.error(line: 0, "no 'version: 1' key: not a libinput recording")
    }
    self.lenient = lenient
    let layout = { (device: LibinputRecordDevice, singleDevice: Bool) in
      EventsLayout(
        deviceColumn: scanner.deviceColumn ?? 0, deviceKeyColumn: device.keyColumn,
        singleDevice: singleDevice)
    }
    if stopped && scanner.deviceCount == 1 && (requested ?? 0) == 0 {
      // The usual file: one device, whose events follow its description.
      devices = scanner.devices
      deviceIndex = 0
      choice = nil
      stream = LibinputRecordStream(
        lines: lines, layout: layout(devices[0], true), finished: false)
      return
    }
    if stopped { _ = try scanner.scan(&lines, stoppingAtEventsOf: nil) }
    devices = scanner.devices
    guard !devices.isEmpty else { throw lines.error(line: 0, "no devices in the recording") }
    (deviceIndex, choice) = try Self.choose(in: devices, requested: requested, lines: lines)
    // Read again from the start, up to the chosen device's events.
    var fresh = ByteLines(input: try open())
    let eventsLine = devices[deviceIndex].eventsLine
    if let eventsLine {
      while fresh.lineNumber < eventsLine, try fresh.nextLine() != nil {}
    }
    stream = LibinputRecordStream(
      lines: fresh, layout: layout(devices[deviceIndex], false), finished: eventsLine == nil)
  }

  /// The device to read: `requested`, the only device, the only touch device or the only
  /// touchscreen, with the reason when the file has several.
  static func choose(in devices: [LibinputRecordDevice], requested: Int?, lines: ByteLines)
    throws(TraceError) -> (Int, String?)
  {
    let listing = devices.map { "\($0.index) \"\($0.description.name)\" (\(kind($0)))" }
      .joined(separator: ", ")
    if let requested {
      guard devices.indices.contains(requested) else {
        throw lines.error(
          line: 0,
          "device index \(requested) is out of range: the file has \(devices.count) "
            + "device\(devices.count == 1 ? "" : "s"): \(listing)")
      }
      return (requested, nil)
    }
    if devices.count == 1 { return (0, nil) }
    let touch = devices.filter { $0.description.isTouchDevice }
    let screens = touch.filter { $0.description.isDirect }
    for (candidates, what) in [(touch, "touch device"), (screens, "touchscreen")]
    where candidates.count == 1 {
      let chosen = candidates[0]
      return (
        chosen.index,
        "\(devices.count) devices (\(listing)); reading \(chosen.index), the only \(what) "
          + "(choose another with --device-index N)"
      )
    }
    throw lines.error(
      line: 0,
      "\(devices.count) devices and \(touch.isEmpty ? "no" : "more than one") touch device "
        + "(\(listing)); choose one with --device-index N")
  }

  /// How a device list names a device's kind.
  static func kind(_ device: LibinputRecordDevice) -> String {
    let description = device.description
    guard description.isTouchDevice else { return "not a touch device" }
    return description.isDirect ? "touchscreen" : "touchpad"
  }
}

/// Where a reader stands in its device's event list; shared by copies of the reader.
final class LibinputRecordStream {
  /// The lines, positioned after the last line read.
  var lines: ByteLines
  /// The indentation of the event list seen so far.
  var layout: EventsLayout
  /// Whether the event list is exhausted or a fatal error was met.
  var finished: Bool
  /// A fatal error met after some events of a batch; thrown by the next `read(into:)`.
  var pendingError: TraceError?

  /// A stream from `lines`, which stand after the device's `events:` line.
  init(lines: ByteLines, layout: EventsLayout, finished: Bool) {
    self.lines = lines
    self.layout = layout
    self.finished = finished
  }
}
