import Testing
import TouchInput

/// The public decoder and readers are ordinary Swift types: kept in a dictionary or a struct,
/// shared by reference, never two states behind one value.
@Suite("Decoders and readers are ordinary classes")
struct OrdinaryTypesTests {
  /// What an application keeps per device: a decoder in a struct, structs in a dictionary.
  struct DeviceState {
    var decoder: TouchDecoder
    var frames = 0
  }

  @Test("Decoders kept in a dictionary of structs decode each device on its own")
  func decodersInADictionary() {
    var devices: [String: DeviceState] = [
      "a": DeviceState(decoder: TouchDecoder(device: TestDevice.protocolB())),
      "b": DeviceState(decoder: TouchDecoder(device: TestDevice.protocolB())),
    ]
    let down = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.syn(at: 1000)
    }
    for event in down where devices["a"]?.decoder.feed(event) == true {
      devices["a"]?.frames += 1
    }
    let copy = devices["a"]
    #expect(devices["a"]?.frames == 1)
    #expect(devices["b"]?.decoder.finish() == nil)
    // A copy of the struct reaches the same decoder: its touch is still down there.
    #expect(copy?.decoder.finish()?.touches.map(\.phase) == [.cancelled])
    #expect(devices["a"]?.decoder.finish() == nil)
  }

  @Test("Two references to one evemu reader read on from one file position")
  func readerReferencesShareOnePosition() throws {
    let text = """
      N: Test
      I: 0018 0000 0000 0000
      P: 02 00 00 00 00 00 00 00
      B: 00 0b 00 00 00 00 00 00 00
      B: 03 00 00 00 00 00 00 60 00
      A: 35 0 1000 0 0 10
      A: 36 0 1000 0 0 10
      A: 39 0 65535 0 0 0
      E: 0.000100 0003 0039 0001
      E: 0.000100 0000 0000 0000
      E: 0.000200 0003 0039 -001
      E: 0.000200 0000 0000 0000

      """
    let first = try EvemuReader(bytes: Array(text.utf8), name: "test.evemu")
    let second: any TraceReader = first
    var batch = EventBatch(capacity: 2)
    #expect(try first.read(into: &batch))
    #expect(batch.events.map(\.time) == [100, 100])
    #expect(try second.read(into: &batch))
    #expect(batch.events.map(\.time) == [200, 200])
    #expect(try !first.read(into: &batch))
  }
}
