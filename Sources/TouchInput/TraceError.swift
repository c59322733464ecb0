import TextOutput

/// A problem in a recording, with the file, the line and the reason.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The path of the file, as given by the user.
  public var file: String
  /// The 1-based line number, or 0 when the problem concerns the whole file.
  public var line: Int
  /// What is wrong, in words.
  public var reason: String

  /// Creates an error.
  public init(file: String, line: Int, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  /// `file:line: reason`, the form the CLI prints, with control characters escaped (the
  /// reason may quote bytes of the file).
  public var description: String {
    (line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)").escapingControlCharacters
  }
}
