/// A problem with one line, before the file and line number are attached.
struct LineProblem: Error {
  /// What is wrong, in words.
  var reason: String
}

/// Builds a `DeviceDescription` from the `N:`, `I:`, `P:`, `B:` and `A:` lines of an evemu
/// header, one line at a time.
///
/// `B:` lines of the same type in sequence continue that type's bitmask; the type-0 bitmask
/// lists the supported types (and, as the kernel reports it, the `EV_SYN` codes).
struct DescriptionBuilder {
  /// The description so far.
  private(set) var description = DeviceDescription(name: "")
  /// Whether any description line (`N:`, `I:`, `P:`, `B:`, `A:`) was seen.
  private(set) var sawDescription = false
  /// The number of property bytes read so far, over all `P:` lines.
  private var propertyBytes = 0
  /// The type of the previous `B:` line, and how many bytes of its bitmask were read.
  private var bitmaskType: UInt16?
  private var bitmaskBytes = 0

  /// Reads one description line; `prefix` is its first byte and `scanner` stands after `X:`.
  mutating func consume(prefix: UInt8, _ scanner: inout ByteScanner) throws(LineProblem) {
    sawDescription = true
    switch prefix {
    case UInt8(ascii: "N"): try readName(&scanner)
    case UInt8(ascii: "I"): try readIDs(&scanner)
    case UInt8(ascii: "P"): try readProperties(&scanner)
    case UInt8(ascii: "B"): try readBitmask(&scanner)
    case UInt8(ascii: "A"): try readAxis(&scanner)
    default: preconditionFailure("not a description line")
    }
  }

  private mutating func readName(_ scanner: inout ByteScanner) throws(LineProblem) {
    scanner.skipBlanks()
    guard let name = String(validating: scanner.restTrimmed(), as: UTF8.self) else {
      throw LineProblem(reason: "device name is not valid UTF-8")
    }
    description.name = name
  }

  private mutating func readIDs(_ scanner: inout ByteScanner) throws(LineProblem) {
    var ids: [UInt16] = []
    while !scanner.restIsBlankOrComment() {
      guard ids.count < 4, let id = scanner.hex(), id <= 0xffff else { break }
      ids.append(UInt16(id))
    }
    guard ids.count == 4, scanner.restIsBlankOrComment() else {
      throw LineProblem(reason: "bad I: line: expected 4 hex numbers (bus vendor product version)")
    }
    description.bus = ids[0]
    description.vendor = ids[1]
    description.product = ids[2]
    description.version = ids[3]
  }

  private mutating func readProperties(_ scanner: inout ByteScanner) throws(LineProblem) {
    while !scanner.restIsBlankOrComment() {
      guard let byte = scanner.hex(), byte <= 0xff else {
        throw LineProblem(reason: "bad hex byte '\(scanner.token())' in P: line")
      }
      guard propertyBytes < 0x2000 else { throw LineProblem(reason: "too many property bytes") }
      for bit in 0..<8 where byte & (1 << bit) != 0 {
        description.properties.insert(UInt16(propertyBytes * 8 + bit))
      }
      propertyBytes += 1
    }
  }

  private mutating func readBitmask(_ scanner: inout ByteScanner) throws(LineProblem) {
    scanner.skipBlanks()
    guard let type = scanner.hex() else {
      throw LineProblem(reason: "bad hex event type '\(scanner.token())' in B: line")
    }
    guard type <= UInt32(EventType.max) else {
      throw LineProblem(reason: "unknown event type \(hexLiteral(type)) in B: line")
    }
    let eventType = UInt16(type)
    if bitmaskType != eventType {
      bitmaskType = eventType
      bitmaskBytes = 0
    }
    while !scanner.restIsBlankOrComment() {
      guard let byte = scanner.hex(), byte <= 0xff else {
        throw LineProblem(reason: "bad hex byte '\(scanner.token())' in B: line")
      }
      guard bitmaskBytes < 0x2000 else { throw LineProblem(reason: "B: bitmask too long") }
      for bit in 0..<8 where byte & (1 << bit) != 0 {
        let code = UInt16(bitmaskBytes * 8 + bit)
        if eventType == EventType.syn {
          // The type bitmask: every listed type is supported, possibly with no codes.
          guard code <= EventType.max else {
            throw LineProblem(reason: "unknown event type \(hexLiteral(code)) in B: 00 line")
          }
          if description.supportedCodes[code] == nil { description.supportedCodes[code] = [] }
          description.supportedCodes[EventType.syn, default: []].insert(code)
        } else {
          // A type with codes is supported even when an old recording's type bitmask left it
          // out (the kernel always lists it), so descriptions round-trip through the writer.
          description.supportedCodes[eventType, default: []].insert(code)
          description.supportedCodes[EventType.syn, default: []].insert(eventType)
        }
      }
      bitmaskBytes += 1
    }
  }

  private mutating func readAxis(_ scanner: inout ByteScanner) throws(LineProblem) {
    let usage = "bad A: line: expected code min max fuzz flat [resolution]"
    scanner.skipBlanks()
    guard let code = scanner.hex() else { throw LineProblem(reason: usage) }
    guard code <= UInt32(AbsCode.max) else {
      throw LineProblem(reason: "unknown absolute axis \(hexLiteral(code)) in A: line")
    }
    var numbers: [Int32] = []
    while !scanner.restIsBlankOrComment() {
      guard numbers.count < 5, let number = scanner.decimal() else {
        throw LineProblem(reason: usage)
      }
      guard let value = Int32(exactly: number) else {
        throw LineProblem(reason: "A: value \(number) out of Int32 range")
      }
      numbers.append(value)
    }
    guard numbers.count >= 4 else { throw LineProblem(reason: usage) }
    let positions = [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]
    if positions.contains(UInt16(code)) {
      let name = KernelNames.codeName(type: EventType.abs, code: UInt16(code))
      if let problem = DeviceDescription.positionRangeProblem(
        code: UInt16(code), minimum: numbers[0], maximum: numbers[1])
      {
        throw LineProblem(reason: problem)
      }
      guard numbers.count < 5 || numbers[4] >= 0 else {
        throw LineProblem(reason: "\(name): negative resolution \(numbers[4]) units per mm")
      }
    }
    description.absoluteAxes[UInt16(code)] = AbsInfo(
      minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
      resolution: numbers.count > 4 ? numbers[4] : 0)
  }
}
