#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes `line` and a newline to standard error (or to `descriptor`) as one `write(2)`:
/// the one writer of the package's `warning:` and `error:` lines outside a command's own
/// console (libevdev's messages, the photo viewer's warnings, `uinput-probe`'s errors).
///
/// The line goes out whole, so lines from several threads or processes sharing the stream
/// never interleave mid-line; a short or interrupted write is finished, and a closed reader
/// (`EPIPE`) drops the line (as ``ByteSink/flush()``). The text is written as given: escape
/// outside text first (`escapingControlCharacters`).
public func writeErrorLine(_ line: String, descriptor: Int32 = STDERR_FILENO) {
  let sink = ByteSink(descriptor: descriptor, flushThreshold: 1)
  sink.put(text: line)
  sink.endLine()
}
