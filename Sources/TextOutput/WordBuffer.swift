/// The pending output of a `ByteSink`: bytes packed eight to a word (see
/// `OutputSpan<UInt64>.put(word:length:)`), the full words in an array and the partly filled
/// last one beside it, with the number of bytes it holds (0…7) in its top byte.
///
/// The partial word is kept out of the array so that appending a line does not take it off the
/// array and put it back (an `Array.removeLast()` per line): it goes into the lent span as the
/// span's first word and comes out of it as its last.
struct WordBuffer {
  /// The full words.
  private var words: [UInt64]
  /// The partly filled word after them.
  private var partial: UInt64 = 0

  /// Creates an empty buffer with room for `capacity` bytes (one allocation).
  init(capacity: Int) {
    words = []
    words.reserveCapacity(capacity / 8 + 2)
  }

  /// Creates an empty buffer with no capacity (no allocation): the placeholder a `ByteSink` leaves
  /// while its buffer is moved out for a write.
  init() {
    words = []
  }

  /// The number of bytes held.
  var count: Int {
    words.count &* 8 &+ Int(truncatingIfNeeded: partial &>> 56)
  }

  /// Appends at most `capacity` bytes written by `body` into the free capacity, continuing the
  /// partial word.
  mutating func append(atMost capacity: Int, _ body: (inout OutputSpan<UInt64>) -> Void) {
    let last = partial
    var next: UInt64 = 0
    words.append(addingCapacity: capacity / 8 &+ 2) { span in
      span.append(last)
      body(&span)
      next = span.removeLast()
    }
    partial = next
  }

  /// The byte at `index` (below `count`).
  private func byte(at index: Int) -> UInt8 {
    let word = index / 8 < words.count ? words[index / 8] : partial
    return UInt8(truncatingIfNeeded: word &>> UInt64(8 * (index % 8)))
  }

  /// The bytes held as text. Up to 15 bytes (a number: `155.25`, `4776.171533`) are copied
  /// into a small string with no array in between: the daemon's `GESTURE_*` variables and the
  /// explanations' numbers are made so.
  var text: String {
    let byteCount = count
    guard byteCount <= 15 else { return String(decoding: bytes, as: UTF8.self) }
    var small = InlineArray<16, UInt8>(repeating: 0)
    for index in 0..<byteCount {
      small[index] = byte(at: index)
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
      result.append(byte(at: index))
    }
    return result
  }

  /// Forgets every byte, keeping the capacity.
  mutating func removeAll() {
    words.removeAll(keepingCapacity: true)
    partial = 0
  }

  /// Calls `body` with every byte held, in order and contiguous: the C boundary of
  /// `ByteSink.flush()`, whose `write(2)` takes a pointer to the bytes. The partial word joins
  /// the array for the call (within the capacity reserved, so nothing is copied) and leaves it
  /// after.
  mutating func withContiguousBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
    let byteCount = count
    words.append(partial)
    // C boundary: the pointer `write(2)` takes, to exactly the bytes held (a bounds-checked
    // slice of the words' storage, which the partial word ends past the last byte).
    #if _endian(big)
      let result = words.map(\.littleEndian).withUnsafeBytes {
        body(UnsafeRawBufferPointer(rebasing: $0[0..<byteCount]))
      }
    #else
      let result = words.withUnsafeBytes {
        body(UnsafeRawBufferPointer(rebasing: $0[0..<byteCount]))
      }
    #endif
    words.removeLast()
    return result
  }
}
