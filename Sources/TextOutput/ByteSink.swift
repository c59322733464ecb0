#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A byte buffer that printers write formatted output into and that goes out to a file
/// descriptor in large writes.
///
/// The printers' hot path writes one line per gesture or touch change, which can be a hundred
/// thousand lines for a long recording, so nothing here builds an intermediate `String`: numbers
/// are formatted digit by digit straight into the buffer, a plain `[UInt8]` whose capacity is
/// kept from flush to flush. Without a descriptor the bytes stay in memory (for
/// `GestureEvent.json(origin:)` and tests).
public final class ByteSink {
  /// Where `flush()` writes, or nil to keep the bytes in memory.
  public let descriptor: Int32?
  /// The pending bytes.
  ///
  /// `@exclusivity(unchecked)`, the one exception here, measured alone: without it every
  /// `put` is a dynamic exclusivity check (`swift_beginAccess`, ~77 instructions), and
  /// `gesturectl replay --json` of the 1 M-event `synth-trace stress` recording costs 1.949 G
  /// instructions (evemu) and 2.119 G (its libinput YAML twin) instead of 1.646 G and 1.816 G
  /// (callgrind, whole process, release build): 15.5 % and 14.3 % less with it. Safe as used:
  /// a sink is used by one thread, and nothing called while `bytes` is being changed reaches
  /// the sink again.
  @exclusivity(unchecked) @usableFromInline var bytes: [UInt8] = []
  /// The number of bytes pending.
  public var count: Int { bytes.count }
  /// With a descriptor: `endLine()` flushes once this many bytes are pending (1 = every line).
  private let flushThreshold: Int

  /// Creates a sink.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor to write to, or nil to keep everything in memory.
  ///   - flushThreshold: Pending bytes that make `endLine()` flush (1 flushes every line).
  public init(descriptor: Int32? = nil, flushThreshold: Int = 1 << 16) {
    self.descriptor = descriptor
    self.flushThreshold = max(1, flushThreshold)
    // A memory sink holds one formatted value or line (`fixed`, `json(origin:)`): start small
    // and grow; a descriptor's sink holds a flush's worth of lines.
    bytes.reserveCapacity(descriptor == nil ? 64 : self.flushThreshold + 4096)
  }

  deinit {
    flush()
  }

  /// The pending bytes as text.
  public var text: String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Forgets the pending bytes without writing them.
  public func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Writes every pending byte to the descriptor, retrying short writes and `EINTR`; a closed
  /// reader (`EPIPE`) drops them. Does nothing without a descriptor.
  public func flush() {
    guard let descriptor else { return }
    var offset = 0
    while offset < bytes.count {
      // The C boundary: `write(2)` reads the array's storage.
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    bytes.removeAll(keepingCapacity: true)
  }

  /// Ends a line: a newline, and a flush when enough is pending.
  @inlinable
  public func endLine() {
    put(0x0A)
    if descriptor != nil && bytes.count >= flushThresholdValue { flush() }
  }

  @usableFromInline var flushThresholdValue: Int { flushThreshold }

  // MARK: Writing

  /// Appends one byte.
  @inlinable
  public func put(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends a literal.
  @inlinable
  public func put(_ literal: StaticString) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends the UTF-8 bytes of `text`.
  public func put(text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends a decimal integer.
  public func put(integer value: Int) {
    putDecimal(UInt64(value.magnitude), places: 0, negative: value < 0)
  }

  /// Appends `value` with exactly `places` decimals (0…9), rounded half away from zero;
  /// non-finite values print as `0` (JSON has no NaN).
  public func put(fixed value: Double, places: Int) {
    precondition(places >= 0 && places <= 9, "put(fixed:places:): 0…9 places")
    let scaled = value.isFinite ? Swift.abs(value) * Double(Self.decimalPower(places)) : 0
    guard scaled < 9.0e18 else {
      put(text: String(value))
      return
    }
    // Rounded half away from zero without a libm call: `scaled - whole` is exact (Sterbenz),
    // so this is `scaled.rounded(.toNearestOrAwayFromZero)` to the bit.
    let whole = UInt64(scaled)
    let units = scaled - Double(whole) >= 0.5 ? whole + 1 : whole
    putDecimal(units, places: places, negative: value < 0 && units != 0)
  }

  /// Appends an event time as seconds with six decimals (`1.234567`), exactly.
  public func put(seconds time: Int64) {
    putDecimal(time.magnitude, places: 6, negative: time < 0)
  }

  /// Appends an event time as seconds with six decimals, right-aligned in `width` columns.
  public func put(seconds time: Int64, width: Int) {
    let length = Self.decimalLength(time.magnitude, places: 6, negative: time < 0)
    if length < width { put(spaces: width - length) }
    putDecimal(time.magnitude, places: 6, negative: time < 0, length: length)
  }

  /// Appends spaces until the text since `lineStart` is `width` bytes long (at least one space).
  public func pad(from lineStart: Int, to width: Int) {
    put(spaces: max(1, width - (bytes.count - lineStart)))
  }

  /// Appends `count` spaces.
  private func put(spaces count: Int) {
    for _ in 0..<count { bytes.append(0x20) }
  }

  /// The length of `units` / 10^`places` written with exactly `places` decimals.
  private static func decimalLength(_ units: UInt64, places: Int, negative: Bool) -> Int {
    // At least `places + 1` digits: count on from there.
    var digits = places + 1
    var bound = decimalPower(digits)
    while digits < 20 && units >= bound {
      digits += 1
      bound = bound &* 10
    }
    return digits + (places > 0 ? 1 : 0) + (negative ? 1 : 0)
  }

  /// 10^`exponent` for 0…10.
  private static func decimalPower(_ exponent: Int) -> UInt64 {
    switch exponent {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1_000
    case 4: 10_000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    case 9: 1_000_000_000
    default: 10_000_000_000
    }
  }

  /// Appends `units` / 10^`places` with exactly `places` decimals, written right to left.
  private func putDecimal(_ units: UInt64, places: Int, negative: Bool, length known: Int? = nil) {
    let length = known ?? Self.decimalLength(units, places: places, negative: negative)
    Self.appendDecimal(units, places: places, negative: negative, length: length, to: &bytes)
  }

  /// `putDecimal` on the buffer: the digits are made right to left in a 32-byte vector on the
  /// stack (at most 20 digits, a dot and a sign), then appended in order.
  private static func appendDecimal(
    _ units: UInt64, places: Int, negative: Bool, length: Int, to bytes: inout [UInt8]
  ) {
    var digits = SIMD32<UInt8>(repeating: 0x30)
    var position = 32
    var rest = units
    var fraction = places
    while fraction > 0 {
      position -= 1
      digits[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
      rest /= 10
      fraction -= 1
    }
    if places > 0 {
      position -= 1
      digits[position] = UInt8(ascii: ".")
    }
    let first = 32 - length
    let end = negative ? first + 1 : first  // the integer digits fill the rest
    while position > end {
      position -= 1
      digits[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
      rest /= 10
    }
    if negative { digits[first] = UInt8(ascii: "-") }
    for index in first..<32 { bytes.append(digits[index]) }
  }
}
