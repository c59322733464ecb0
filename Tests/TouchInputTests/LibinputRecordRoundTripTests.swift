import Foundation
import GestureTestSupport
import Testing

@testable import TouchInput

/// Whatever the writer writes, the reader reads back: random devices and event streams.
@Suite("libinput record writer and reader round trip")
struct LibinputRecordRoundTripTests {
  /// A random device: any name characters, ids, properties, types with or without codes, axes.
  static func randomDevice(_ rng: inout some RandomNumberGenerator) -> DeviceDescription {
    let alphabet = Array("abcXYZ 019-_\"\\#:'[]{}é✓\t\u{1b}")
    let name = String(
      (0..<Int.random(in: 1...24, using: &rng)).map { _ in
        alphabet.randomElement(using: &rng) ?? "a"
      })
    var device = DeviceDescription(
      name: name, bus: .random(in: 0...0xffff, using: &rng),
      vendor: .random(in: 0...0xffff, using: &rng), product: .random(in: 0...0xffff, using: &rng),
      version: .random(in: 0...0xffff, using: &rng))
    device.properties = Set(
      (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        UInt16.random(in: 0...0x1f, using: &rng)
      })
    var types: Set<UInt16> = [EventType.syn]
    for type in [EventType.key, EventType.rel, EventType.msc, EventType.sw, EventType.led]
    where Bool.random(using: &rng) {
      types.insert(type)
      device.supportedCodes[type] = Set(
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in
          UInt16.random(in: 0...0x2ff, using: &rng)
        })
    }
    if Bool.random(using: &rng) {
      types.insert(EventType.abs)
      var codes: Set<UInt16> = []
      for _ in 0..<Int.random(in: 1...6, using: &rng) {
        let code = UInt16.random(in: 0...AbsCode.max, using: &rng)
        codes.insert(code)
        let numbers = (0..<5).map { _ in Int32.random(in: Int32.min...Int32.max, using: &rng) }
        device.absoluteAxes[code] = AbsInfo(
          minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
          resolution: numbers[4])
      }
      device.supportedCodes[EventType.abs] = codes
    }
    device.supportedCodes[EventType.syn] = types
    return device
  }

  /// Random events, in frames closed by `SYN_REPORT`, at any time (negative too).
  static func randomEvents(_ rng: inout some RandomNumberGenerator) -> [InputEvent] {
    var events: [InputEvent] = []
    for _ in 0..<Int.random(in: 0...40, using: &rng) {
      let time = Int64.random(in: Int64.min...Int64.max, using: &rng)
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        events.append(
          InputEvent(
            time: time, type: .random(in: 0...EventType.max, using: &rng),
            code: .random(in: 0...0xffff, using: &rng),
            value: .random(in: Int32.min...Int32.max, using: &rng)))
      }
      events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
    }
    return events
  }

  @Test("Random devices and events read back as written", arguments: 0..<50)
  func roundTrip(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let device = Self.randomDevice(&rng)
    let events = Self.randomEvents(&rng)
    let text = LibinputRecordWriter.write(device: device, events: events)
    var reader = try libinputReader(text, chunk: Int.random(in: 1...4096, using: &rng))
    #expect(reader.device == device)
    #expect(try readAll(&reader, batchSize: Int.random(in: 1...64, using: &rng)).events == events)
  }
}

/// A small deterministic generator (SplitMix64) so each seed is one fixed case.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator starting from `seed`.
  init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Mutated real recordings never crash the reader: each read ends with events or a
/// `TraceError` naming a line of the file.
@Suite("libinput record reader on mutated recordings")
struct LibinputRecordMutationTests {
  /// Bytes that matter to the schema, and a few that should not be there.
  static let interesting = Array("0123456789-+ \n\r\t[],:#\"'{}x".utf8) + [0, 0xff, 0xc3]

  @Test("1,000 mutations of a real twin and of a two-device file: events or file:line: reason")
  func mutations() throws {
    let root = packageDirectory.appendingPathComponent("Recordings/libinput").path
    for file in ["public/wetab-taps.yml", "multi/keyboard-and-wetab-taps.yml"] {
      let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(root)/\(file)")))
      let lineCount = original.filter { $0 == 0x0a }.count + 1
      var rng = SeededGenerator(seed: 12)
      for _ in 0..<500 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
          let index = Int.random(in: 0..<bytes.count, using: &rng)
          let byte = Self.interesting.randomElement(using: &rng) ?? 0
          switch Int.random(in: 0...2, using: &rng) {
          case 0: bytes[index] = byte
          case 1: bytes.insert(byte, at: index)
          default: bytes.remove(at: index)
          }
        }
        do throws(TraceError) {
          var reader = try LibinputRecordReader(
            bytes: bytes, name: "m.yml", lenient: Bool.random(using: &rng))
          _ = try readAll(&reader, batchSize: 64)
        } catch {
          #expect(error.file == "m.yml")
          #expect((0...lineCount + 1).contains(error.line), "\(error)")
          #expect(!error.reason.isEmpty)
        }
      }
    }
  }
}
