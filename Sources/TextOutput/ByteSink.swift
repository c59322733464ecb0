#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A byte buffer that printers write formatted output into, through a raw pointer, and that
/// goes out to a file descriptor in large writes.
///
/// The printers' hot path writes one line per gesture or touch change, which can be a hundred
/// thousand lines for a long recording, so nothing here builds an intermediate `String`: numbers
/// are formatted digit by digit straight into the buffer. Without a descriptor the bytes stay in
/// memory (for `GestureEvent.json(origin:)` and tests).
public final class ByteSink {
  /// Where `flush()` writes, or nil to keep the bytes in memory.
  public let descriptor: Int32?
  @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) @usableFromInline var capacity: Int
  @exclusivity(unchecked) @usableFromInline var storedCount = 0
  /// The number of bytes pending.
  public var count: Int { storedCount }
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
    capacity = descriptor == nil ? 64 : self.flushThreshold + 4096
    base = .allocate(capacity: capacity)
  }

  deinit {
    flush()
    base.deallocate()
  }

  /// The pending bytes as text.
  public var text: String {
    String(decoding: UnsafeBufferPointer(start: base, count: storedCount), as: UTF8.self)
  }

  /// Forgets the pending bytes without writing them.
  public func removeAll() {
    storedCount = 0
  }

  /// Writes every pending byte to the descriptor, retrying short writes and `EINTR`; a closed
  /// reader (`EPIPE`) drops them. Does nothing without a descriptor.
  public func flush() {
    guard let descriptor else { return }
    var offset = 0
    while offset < storedCount {
      let written = write(descriptor, base + offset, storedCount - offset)
      if written < 0 {
        if errno == EINTR { continue }
        break
      }
      offset += written
    }
    storedCount = 0
  }

  /// Ends a line: a newline, and a flush when enough is pending.
  @inlinable
  public func endLine() {
    put(0x0A)
    if descriptor != nil && storedCount >= flushThresholdValue { flush() }
  }

  @usableFromInline var flushThresholdValue: Int { flushThreshold }

  /// Makes room for `extra` more bytes.
  @inlinable @inline(__always)
  func reserve(_ extra: Int) {
    if storedCount + extra > capacity { makeRoom(extra) }
  }

  @usableFromInline
  func makeRoom(_ extra: Int) {
    if descriptor != nil { flush() }
    guard storedCount + extra > capacity else { return }
    let newCapacity = max(capacity * 2, storedCount + extra)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: base, count: storedCount)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }

  // MARK: Writing

  /// Appends one byte.
  @inlinable @inline(__always)
  public func put(_ byte: UInt8) {
    reserve(1)
    base[storedCount] = byte
    storedCount += 1
  }

  /// Appends a literal.
  @inlinable @inline(__always)
  public func put(_ literal: StaticString) {
    let length = literal.utf8CodeUnitCount
    reserve(length)
    Self.copy(literal.utf8Start, length, to: base + storedCount)
    storedCount += length
  }

  /// Copies `count` bytes; up to 16 as two overlapping loads and stores (the printers' labels
  /// and names are short, and a `memcpy` call costs more than the copy).
  @inlinable @inline(__always)
  static func copy(
    _ source: UnsafePointer<UInt8>, _ count: Int, to target: UnsafeMutablePointer<UInt8>
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(target)
    if count >= 8 && count <= 16 {
      let head = from.loadUnaligned(as: UInt64.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      to.storeBytes(of: head, as: UInt64.self)
      to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 && count < 8 {
      let head = from.loadUnaligned(as: UInt32.self)
      let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      to.storeBytes(of: head, as: UInt32.self)
      to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    } else if count < 4 {
      for index in 0..<count { target[index] = source[index] }
    } else {
      target.update(from: source, count: count)
    }
  }

  /// Appends the UTF-8 bytes of `text`.
  public func put(text: String) {
    var text = text
    text.withUTF8 { bytes in
      reserve(bytes.count)
      if let start = bytes.baseAddress {
        (base + storedCount).update(from: start, count: bytes.count)
      }
      storedCount += bytes.count
    }
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
    put(spaces: max(1, width - (storedCount - lineStart)))
  }

  /// Appends `count` spaces.
  private func put(spaces count: Int) {
    reserve(count)
    (base + storedCount).update(repeating: 0x20, count: count)
    storedCount += count
  }

  /// The length of `units` / 10^`places` written with exactly `places` decimals.
  @inline(__always)
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
  @inline(__always)
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

  /// Appends `units` / 10^`places` with exactly `places` decimals, written right to left two
  /// digits at a time.
  @inline(__always)
  private func putDecimal(_ units: UInt64, places: Int, negative: Bool, length known: Int? = nil) {
    let length = known ?? Self.decimalLength(units, places: places, negative: negative)
    reserve(length)
    let start = base + storedCount
    var position = start + length
    var rest = units
    var fraction = places
    while fraction >= 2 {
      position -= 2
      Self.putPair(Int(truncatingIfNeeded: rest % 100), at: position)
      rest /= 100
      fraction -= 2
    }
    if fraction == 1 {
      position -= 1
      position.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
      rest /= 10
    }
    if places > 0 {
      position -= 1
      position.pointee = UInt8(ascii: ".")
    }
    let end = negative ? start + 1 : start  // the integer digits fill the rest
    while position - end >= 2 {
      position -= 2
      Self.putPair(Int(truncatingIfNeeded: rest % 100), at: position)
      rest /= 100
    }
    if position > end {
      position -= 1
      position.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
    }
    if negative { start.pointee = UInt8(ascii: "-") }
    storedCount += length
  }

  /// Writes the two digits of `pair` (0…99) at `position`.
  @inline(__always)
  private static func putPair(_ pair: Int, at position: UnsafeMutablePointer<UInt8>) {
    let digits = digitPairs.utf8Start + 2 &* pair
    position[0] = digits[0]
    position[1] = digits[1]
  }
}

/// "00", "01", … "99" back to back: the two digits of n start at byte 2n.
private let digitPairs: StaticString = """
  00010203040506070809101112131415161718192021222324252627282930313233343536373839\
  40414243444546474849505152535455565758596061626364656667686970717273747576777879\
  8081828384858687888990919293949596979899
  """
