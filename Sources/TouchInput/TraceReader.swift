#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recording read as a device description and a stream of event batches, whatever its
/// format: what `replay`, `info`, `carousel` and `plot` need.
///
/// Readers are classes: a reader is one position in one file, shared by every reference to it.
public protocol TraceReader: AnyObject {
  /// The device the events come from.
  var device: DeviceDescription { get }
  /// The path of the recording, as given.
  var path: String { get }
  /// The bad lines skipped in lenient mode.
  var warnings: [TraceError] { get }
  /// Clears `batch` and fills it with up to its capacity of events; `false` at the end.
  func read(into batch: inout EventBatch) throws(TraceError) -> Bool
}

extension EvemuReader: TraceReader {}

/// The text formats of recordings.
public enum RecordingFormat: String, Sendable, CaseIterable {
  /// evemu text (`N:`, `I:`, `B:`, `A:`, `E:` lines).
  case evemu
  /// `libinput record` YAML.
  case libinput

  /// The bytes sniffed to tell the formats apart.
  static let sniffLength = 64 * 1024

  /// The format of a recording that starts with `bytes`, from its content: YAML when its
  /// first line that is neither blank nor a comment is a `key:` of more than one letter
  /// (`version:`), or when it starts with `# libinput record` or a YAML document marker
  /// `---`; evemu otherwise (its lines
  /// start with one letter and a colon, `N:`, `E:`).
  public static func detect(prefix bytes: ArraySlice<UInt8>) -> RecordingFormat {
    var lineStart = bytes.startIndex
    while lineStart < bytes.endIndex {
      let lineEnd = bytes[lineStart...].firstIndex(of: 0x0a) ?? bytes.endIndex
      let line = Substring(String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self))
      lineStart = lineEnd < bytes.endIndex ? lineEnd + 1 : lineEnd
      if line.hasPrefix("# libinput record") || line.hasPrefix("---") { return .libinput }
      guard !HeaderLine.isBlankOrComment(line) else { continue }
      guard line.first != " " && line.first != "\t" else { return .libinput }
      let key = line.prefix(while: { $0 != ":" && $0 != " " })
      let isKey = key.count > 1 && line.dropFirst(key.count).hasPrefix(":")
      return isKey ? .libinput : .evemu
    }
    return .evemu
  }

  /// The format of the file at `path`, from its first bytes.
  ///
  /// - Throws: `TraceError` if the file cannot be opened or read.
  public static func detect(path: String) throws(TraceError) -> RecordingFormat {
    let input = try ByteInput(path: path, chunkSize: sniffLength)
    return detect(prefix: try input.peekPrefix(sniffLength)[...])
  }
}

/// Opens a recording in whichever format its content has.
///
/// A regular file is read twice (its first 64 KiB to tell the format, then by the reader). A
/// pipe, a FIFO, a device or standard input (the path `-`) is read once, as it comes: its
/// first 64 KiB tell the format and are then read again from memory, so memory stays bounded
/// whatever comes (a stream of NUL bytes ends with an error at line 1).
///
/// - Parameters:
///   - path: The recording; `-` for standard input.
///   - descriptionPath: An evemu description file for a header-less evemu events file.
///   - deviceIndex: Which device of a libinput recording with several devices to read.
///   - lenient: Skip bad event lines with a warning instead of stopping.
/// - Throws: `TraceError` as the format's reader does, or if an option does not apply to the
///   file's format.
public func openRecording(
  path: String, descriptionPath: String? = nil, deviceIndex: Int? = nil, lenient: Bool = false
) throws(TraceError) -> any TraceReader {
  var stream: ByteInput?
  var status = stat()
  if path == "-" {
    stream = ByteInput(standardInputChunkSize: ByteInput.defaultChunkSize)
  } else if stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG {
    stream = try ByteInput(path: path, chunkSize: ByteInput.defaultChunkSize)
  }
  let name = stream?.name ?? path
  let format: RecordingFormat
  if let stream {
    format = RecordingFormat.detect(
      prefix: try stream.peekPrefix(RecordingFormat.sniffLength)[...])
  } else {
    format = try RecordingFormat.detect(path: path)
  }
  switch format {
  case .evemu:
    guard deviceIndex == nil else {
      throw TraceError(
        file: name, line: 0,
        reason: "--device-index applies to libinput recordings; this is an evemu recording")
    }
    guard let stream else {
      return try EvemuReader(path: path, descriptionPath: descriptionPath, lenient: lenient)
    }
    let given = try descriptionPath.map { path throws(TraceError) in
      try EvemuReader.readDescription(path: path)
    }
    return try EvemuReader(
      input: stream, device: given?.device, header: given?.header, lenient: lenient)
  case .libinput:
    guard descriptionPath == nil else {
      throw TraceError(
        file: name, line: 0,
        reason: "--device applies to header-less evemu files; this is a libinput recording")
    }
    guard let stream else {
      return try LibinputRecordReader(path: path, deviceIndex: deviceIndex, lenient: lenient)
    }
    return try LibinputRecordReader(stream: stream, deviceIndex: deviceIndex, lenient: lenient)
  }
}
