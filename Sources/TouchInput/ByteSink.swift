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
  @exclusivity(unchecked) @usableFromInline internal(set) var storedCount = 0
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
    (base + storedCount).update(from: literal.utf8Start, count: length)
    storedCount += length
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
    let scale = powersOfTen[places]
    let scaled = value.isFinite ? (Swift.abs(value) * scale).rounded(.toNearestOrAwayFromZero) : 0
    guard scaled < 9.0e18 else {
      put(text: String(value))
      return
    }
    putDecimal(UInt64(scaled), places: places, negative: value < 0 && scaled != 0)
  }

  /// Appends an event time as seconds with six decimals (`1.234567`), exactly.
  public func put(seconds time: Microseconds) {
    putDecimal(time.magnitude, places: 6, negative: time < 0)
  }

  /// Appends an event time as seconds with six decimals, right-aligned in `width` columns.
  public func put(seconds time: Microseconds, width: Int) {
    let start = storedCount
    put(seconds: time)
    let missing = width - (storedCount - start)
    guard missing > 0 else { return }
    reserve(missing)
    (base + start + missing).update(from: base + start, count: storedCount - start)
    (base + start).update(repeating: 0x20, count: missing)
    storedCount += missing
  }

  /// Appends spaces until the text since `lineStart` is `width` bytes long (at least one space).
  public func pad(from lineStart: Int, to width: Int) {
    repeat { put(0x20) } while storedCount - lineStart < width
  }

  /// Appends `units` / 10^`places` with exactly `places` decimals.
  private func putDecimal(_ units: UInt64, places: Int, negative: Bool) {
    // Count the digits first, then write them right to left in place.
    var digits = 1
    var probe = units / 10
    while probe > 0 {
      digits += 1
      probe /= 10
    }
    digits = max(digits, places + 1)
    let length = digits + (places > 0 ? 1 : 0) + (negative ? 1 : 0)
    reserve(length)
    var position = storedCount + length
    var rest = units
    for written in 0..<digits {
      if written == places && places > 0 {
        position -= 1
        base[position] = UInt8(ascii: ".")
      }
      position -= 1
      base[position] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
      rest /= 10
    }
    if negative { base[storedCount] = UInt8(ascii: "-") }
    storedCount += length
  }
}

private let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
