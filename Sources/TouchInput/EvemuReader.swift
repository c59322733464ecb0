/// A streaming reader of evemu recordings: the device description from the header, then the
/// events in batches.
///
/// It reads every generation of the format: 1.0 (no version line, `A:` lines without
/// resolution), 1.1, 1.2 (`A:` lines with resolution) and 1.3 (decoded comments after each
/// event). A header-less events file is read together with the description file of its device.
/// Memory stays constant whatever the file's length; lines longer than 64 KiB are an error.
///
/// The reader stops at the first bad line with a `TraceError` naming the file, the line and
/// the reason. With `lenient`, bad lines after the header are skipped and kept in `warnings`.
/// A reader is a class: every reference reads from the same file position.
public final class EvemuReader {
  /// The most warnings kept; later bad lines are only counted in `skippedLineCount`.
  public static let warningLimit = 100

  /// The device the events come from.
  public let device: DeviceDescription
  /// What the recording (or its description file) says about itself in comments.
  public let header: EvemuHeader
  /// Whether bad lines after the header are skipped rather than thrown.
  public let lenient: Bool
  /// The bad lines skipped in lenient mode, in file order (the first `warningLimit` of them).
  public internal(set) var warnings: [TraceError] = []
  /// How many bad lines lenient mode skipped.
  public internal(set) var skippedLineCount = 0

  /// The lines of the recording, positioned after the last line read.
  var lines: ByteLines
  /// Whether the file is exhausted or a fatal error was met.
  var finished = false
  /// A fatal error met after some events of a batch; thrown by the next `read(into:)`.
  var pendingError: TraceError?

  /// The path of the recording, as given.
  public var path: String { lines.input.name }

  /// Opens `path`; reads the header from `descriptionPath` if given (then `path` may be
  /// header-less), else from `path`.
  ///
  /// - Throws: `TraceError` if a file cannot be read, is empty, has a bad header line, or if
  ///   neither file describes the device.
  public convenience init(path: String, descriptionPath: String? = nil, lenient: Bool = false)
    throws(TraceError)
  {
    try self.init(path: path, descriptionPath: descriptionPath, lenient: lenient, chunkSize: nil)
  }

  /// Same, from bytes in memory (tests, benchmark); `name` is used in errors.
  ///
  /// - Throws: `TraceError` as `init(path:descriptionPath:lenient:)` does.
  public convenience init(
    bytes: [UInt8], name: String, description: DeviceDescription? = nil, lenient: Bool = false
  ) throws(TraceError) {
    try self.init(
      bytes: bytes, name: name, description: description, lenient: lenient, chunkSize: nil)
  }

  /// Opens `path`, reading it in chunks of `chunkSize` bytes (tests use small chunks).
  convenience init(path: String, descriptionPath: String?, lenient: Bool, chunkSize: Int?)
    throws(TraceError)
  {
    let given = try descriptionPath.map { path throws(TraceError) in
      try EvemuReader.readDescription(path: path)
    }
    let input = try ByteInput(path: path, chunkSize: chunkSize ?? ByteInput.defaultChunkSize)
    try self.init(input: input, device: given?.device, header: given?.header, lenient: lenient)
  }

  /// Reads `bytes` in chunks of `chunkSize` bytes (tests use small chunks).
  convenience init(
    bytes: [UInt8], name: String, description: DeviceDescription?, lenient: Bool,
    chunkSize: Int?
  ) throws(TraceError) {
    let input = ByteInput(
      bytes: bytes, name: name, chunkSize: chunkSize ?? ByteInput.defaultChunkSize)
    try self.init(input: input, device: description, header: nil, lenient: lenient)
  }

  /// Reads `input` (a pipe, standard input, a device or a file), once, front to back.
  init(
    input: ByteInput, device given: DeviceDescription?, header givenHeader: EvemuHeader?,
    lenient: Bool
  ) throws(TraceError) {
    var source = ByteLines(input: input)
    let found = try EvemuReader.readHeader(&source)
    guard source.bytesRead > 0 else { throw source.error(line: 0, "empty file") }
    if let given {
      device = given
    } else if found.sawDescription {
      device = found.description
    } else {
      throw source.error(
        line: found.firstEventLine ?? 0, "no device description; pass --device DESC")
    }
    header = givenHeader ?? found.header
    self.lines = source
    self.lenient = lenient
  }

  /// Reads the device description (the header only) of an evemu file, such as a `.desc` file
  /// to pair with a header-less events file.
  ///
  /// - Throws: `TraceError` if the file cannot be read, is empty, has a bad header line or
  ///   describes no device.
  public static func parseDescription(path: String) throws(TraceError) -> DeviceDescription {
    try readDescription(path: path).device
  }

  /// The description and header of the file at `path`.
  static func readDescription(path: String) throws(TraceError)
    -> (device: DeviceDescription, header: EvemuHeader)
  {
    var source = ByteLines(
      input: try ByteInput(path: path, chunkSize: ByteInput.defaultChunkSize))
    let found = try readHeader(&source)
    guard source.bytesRead > 0 else { throw source.error(line: 0, "empty file") }
    guard found.sawDescription else {
      throw source.error(line: 0, "no device description (no N:, I:, P:, B: or A: lines)")
    }
    return (found.description, found.header)
  }

  /// What the lines before the first event say.
  struct HeaderContent {
    var description: DeviceDescription
    var sawDescription: Bool
    var header: EvemuHeader
    /// The line number of the first `E:` line, if there is one.
    var firstEventLine: Int?
  }

  /// Reads lines up to, not including, the first `E:` line (or to the end of the file).
  static func readHeader(_ source: inout ByteLines) throws(TraceError) -> HeaderContent {
    var builder = DescriptionBuilder()
    var header = EvemuHeader()
    var firstEventLine: Int?
    while let line = try source.nextLine() {
      var scanner = ByteScanner(source.bytes, line)
      let kind = LineKind(scanner)
      do throws(LineProblem) {
        if LineKind.containsInnerCarriageReturn(scanner) {
          throw LineProblem(reason: LineKind.carriageReturnReason)
        }
        switch kind {
        case .blank, .state: break
        case .comment:
          scanner.skipBlanks()
          scanner.skip(1)
          header.absorb(comment: scanner)
        case .event:
          source.unread(line)
          firstEventLine = source.lineNumber + 1
        case .description(let prefix):
          scanner.skip(2)
          try builder.consume(prefix: prefix, &scanner)
        case .unknown:
          throw LineProblem(reason: LineKind.unknownReason(scanner))
        }
      } catch {
        throw source.error(line: source.lineNumber, error.reason)
      }
      if firstEventLine != nil { break }
    }
    return HeaderContent(
      description: builder.description, sawDescription: builder.sawDescription,
      header: header, firstEventLine: firstEventLine)
  }
}
