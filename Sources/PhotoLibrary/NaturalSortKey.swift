/// A name cut into runs of digits and runs of other characters, compared the way a person
/// sorts file names: digit runs by their value (`img2` before `img10`), other runs ignoring
/// ASCII case, digits before letters, and the exact bytes as the last tie-break (so the order
/// is total and the same on every machine).
struct NaturalSortKey: Comparable {
  /// One run of a name.
  enum Run: Comparable {
    /// Digits, without leading zeros (an all-zero run is empty).
    case number([UInt8])
    /// Other bytes, ASCII letters lowercased.
    case text([UInt8])

    static func < (a: Run, b: Run) -> Bool {
      switch (a, b) {
      case (.number(let x), .number(let y)):
        x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
      case (.number, .text): true
      case (.text, .number): false
      case (.text(let x), .text(let y)): x.lexicographicallyPrecedes(y)
      }
    }
  }

  /// The runs, in order.
  let runs: [Run]
  /// The name's UTF-8 bytes, the last tie-break.
  let bytes: [UInt8]

  /// Cuts `name` into runs.
  init(_ name: String) {
    bytes = Array(name.utf8)
    var runs: [Run] = []
    var current: [UInt8] = []
    var inDigits = false
    func flush() {
      guard !current.isEmpty || inDigits else { return }
      if inDigits {
        runs.append(.number(Array(current.drop { $0 == UInt8(ascii: "0") })))
      } else {
        runs.append(.text(current))
      }
      current.removeAll(keepingCapacity: true)
    }
    for byte in bytes {
      let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      if isDigit != inDigits {
        flush()
        inDigits = isDigit
      }
      let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      current.append(isUpper ? byte + 32 : byte)
    }
    flush()
    self.runs = runs
  }

  static func < (a: NaturalSortKey, b: NaturalSortKey) -> Bool {
    if a.runs != b.runs { return a.runs.lexicographicallyPrecedes(b.runs) }
    return a.bytes.lexicographicallyPrecedes(b.bytes)
  }

  static func == (a: NaturalSortKey, b: NaturalSortKey) -> Bool {
    a.bytes == b.bytes
  }
}
