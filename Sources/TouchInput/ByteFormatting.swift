// Appending formatted numbers straight into a byte buffer: the printers' hot path writes
// thousands of lines per second of input, so it never builds intermediate strings.

extension Array where Element == UInt8 {
  /// Appends an ASCII or UTF-8 literal.
  @inlinable
  public mutating func appendLiteral(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends the UTF-8 bytes of `text`.
  @inlinable
  public mutating func appendText(_ text: String) {
    append(contentsOf: text.utf8)
  }

  /// Appends a decimal integer.
  public mutating func appendInteger(_ value: Int) {
    appendDecimal(value.magnitude.toUInt64, places: 0, negative: value < 0)
  }

  /// Appends `value` with exactly `places` decimals, rounded half away from zero; non-finite
  /// values as `0` (see `fixed(_:places:)`).
  public mutating func appendFixed(_ value: Double, places: Int) {
    precondition(places >= 0 && places <= 9, "appendFixed: 0…9 places")
    var scale: Double = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = value.isFinite ? (Swift.abs(value) * scale).rounded(.toNearestOrAwayFromZero) : 0
    guard scaled < 9.0e18 else {
      appendText(String(value))
      return
    }
    appendDecimal(UInt64(scaled), places: places, negative: value < 0 && scaled != 0)
  }

  /// Appends an event time as seconds with six decimals (`1.234567`), exactly.
  public mutating func appendSeconds(_ time: Microseconds) {
    appendDecimal(time.magnitude, places: 6, negative: time < 0)
  }

  /// Appends spaces until the line since `lineStart` is `width` bytes long (at least one).
  public mutating func padColumn(from lineStart: Int, to width: Int) {
    repeat { append(0x20) } while count - lineStart < width
  }

  /// Appends `units` / 10^`places` with exactly `places` decimals.
  @usableFromInline
  mutating func appendDecimal(_ units: UInt64, places: Int, negative: Bool) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, right-aligned.
    Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      var end = buffer.count
      var rest = units
      var written = 0
      repeat {
        if written == places && places > 0 {
          end -= 1
          buffer[end] = UInt8(ascii: ".")
        }
        end -= 1
        buffer[end] = UInt8(truncatingIfNeeded: rest % 10) + UInt8(ascii: "0")
        rest /= 10
        written += 1
      } while rest > 0 || written <= places
      if negative {
        end -= 1
        buffer[end] = UInt8(ascii: "-")
      }
      append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[end...]))
    }
  }
}

extension UInt {
  @usableFromInline var toUInt64: UInt64 { UInt64(self) }
}
