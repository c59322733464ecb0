import TextOutput

/// Something odd the decoder noticed in the input and worked around, with the event time.
///
/// Warnings never stop decoding. Each kind is reported once unless its message says otherwise
/// (`SYN_DROPPED` is reported every time it happens).
public struct DecoderWarning: Sendable, Equatable, CustomStringConvertible {
  /// The event time the warning refers to, in microseconds (0 for warnings about the device).
  public var time: Microseconds
  /// What happened and what the decoder did about it, in words.
  public var message: String

  /// Creates a warning.
  public init(time: Microseconds, message: String) {
    self.time = time
    self.message = message
  }

  /// The warning as `1.234567: message`.
  public var description: String {
    seconds(time) + ": " + message
  }
}
