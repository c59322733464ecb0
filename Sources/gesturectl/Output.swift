import TextOutput
import TouchInput

extension ByteSink {
  /// Appends `text` and a newline.
  func line(_ text: String) {
    put(text: text)
    endLine()
  }
}

/// The process's standard output and error, shared by every subcommand.
struct Console {
  /// Standard output, buffered in large writes.
  let out = ByteSink(descriptor: 1)
  /// Standard error, flushed after each line.
  let err = ByteSink(descriptor: 2, flushThreshold: 1)

  /// Prints `error: message` on standard error, control characters (from a file or a device)
  /// escaped.
  ///
  /// Every subcommand's messages share one style: `error: ` or `warning: `, then the place when
  /// there is one (`FILE:LINE: `, `FILE: ` or the device path), then the reason in lower case
  /// without a final period, then a hint that names the option or command that helps. Usage
  /// errors end with `(see 'gesturectl SUBCOMMAND --help')`; quoted names use single quotes.
  func error(_ message: String) {
    out.flush()
    err.line("error: " + message.escapingControlCharacters)
  }

  /// Prints `warning: message` on standard error, control characters escaped.
  func warning(_ message: String) {
    out.flush()
    err.line("warning: " + message.escapingControlCharacters)
  }
}
