/// The pending output of a `ByteSink`: bytes packed eight to a word (see
/// `OutputSpan<UInt64>.put(word:length:)`); the last word is the partly filled one, with the
/// number of bytes it holds (0…7) in its top byte.
struct WordBuffer {
  /// The words: full ones, then the partial one.
  private var words: [UInt64]

  /// Creates an empty buffer with room for `capacity` bytes (one allocation).
  init(capacity: Int) {
    words = []
    words.reserveCapacity(capacity / 8 + 2)
    words.append(0)
  }

  /// The number of bytes held.
  var count: Int {
    (words.count &- 1) &* 8 &+ Int(truncatingIfNeeded: words[words.count &- 1] &>> 56)
  }

  /// Appends at most `capacity` bytes written by `body` into the free capacity, continuing the
  /// partial word.
  mutating func append(atMost capacity: Int, _ body: (inout OutputSpan<UInt64>) -> Void) {
    let partial = words.removeLast()
    words.append(addingCapacity: capacity / 8 &+ 2) { span in
      span.append(partial)
      body(&span)
    }
  }

  /// The bytes held as text. Up to 15 bytes (a number: `155.25`, `4776.171533`) are copied
  /// into a small string with no array in between: the daemon's `GESTURE_*` variables and the
  /// explanations' numbers are made so.
  var text: String {
    let byteCount = count
    guard byteCount <= 15 else { return String(decoding: bytes, as: UTF8.self) }
    var small = InlineArray<16, UInt8>(repeating: 0)
    for index in 0..<byteCount {
      small[index] = UInt8(truncatingIfNeeded: words[index / 8] &>> UInt64(8 * (index % 8)))
    }
    guard let utf8 = try? UTF8Span(validating: small.span.extracting(0..<byteCount)) else {
      return String(decoding: bytes, as: UTF8.self)  // repairs what is not UTF-8
    }
    return String(copying: utf8)
  }

  /// The bytes held, in order.
  var bytes: [UInt8] {
    var result: [UInt8] = []
    let byteCount = count
    result.reserveCapacity(byteCount)
    for index in 0..<byteCount {
      result.append(UInt8(truncatingIfNeeded: words[index / 8] &>> UInt64(8 * (index % 8))))
    }
    return result
  }

  /// Forgets every byte, keeping the capacity.
  mutating func removeAll() {
    words.removeAll(keepingCapacity: true)
    words.append(0)
  }

  /// Calls `body` with every byte held, in order and contiguous: the C boundary of
  /// `ByteSink.flush()`.
  mutating func withContiguousBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
    let byteCount = count
    #if _endian(big)
      let ordered = words.map(\.littleEndian)
    #else
      let ordered = words
    #endif
    return ordered.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<byteCount])) }
  }
}
