import Testing
import TouchInput

@Suite("Decoding protocol B (slots)")
struct DecoderProtocolBTests {
  @Test("The kernel documentation's protocol B example: two contacts, a move, two lifts")
  func kernelDocumentationExample() {
    let events = script { s in
      s.slot(0); s.trackingID(45); s.x(100); s.y(200)
      s.slot(1); s.trackingID(46); s.x(300); s.y(400)
      s.syn(at: 1000)
      s.slot(0); s.x(150)
      s.syn(at: 2000)
      s.trackingID(-1)
      s.syn(at: 3000)
      s.slot(1); s.trackingID(-1)
      s.syn(at: 4000)
    }
    let decoded = decode(events, device: TestDevice.protocolB())
    #expect(
      decoded.lines == [
        "1000: 1 began 10.0,20.0; 2 began 30.0,40.0",
        "2000: 1 moved 15.0,20.0; 2 stationary 30.0,40.0",
        "3000: 1 ended 15.0,20.0; 2 stationary 30.0,40.0",
        "4000: 2 ended 30.0,40.0",
      ])
    #expect(decoded.warnings == [])
  }

  @Test(
    "High slots are decoded alike on narrow (≤ 64) and wide devices",
    arguments: [(64, [2, 40, 63]), (65, [2, 63, 64]), (100, [2, 63, 99]), (256, [2, 64, 255])]
      as [(Int32, [Int32])])
  func highSlots(slotCount: Int32, used: [Int32]) {
    let events = script { s in
      for (n, slot) in used.enumerated() {
        s.slot(slot); s.trackingID(20 + slot); s.x(100 * Int32(n + 1)); s.y(100)
      }
      s.syn(at: 1000)
      s.slot(used[2]); s.y(200)
      s.syn(at: 2000)
      s.slot(used[1]); s.trackingID(-1)
      s.syn(at: 3000)
      s.slot(used[1]); s.trackingID(7); s.x(900)
      s.syn(at: 4000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB(slots: slotCount)).lines == [
        "1000: 1 began 10.0,10.0; 2 began 20.0,10.0; 3 began 30.0,10.0",
        "2000: 1 stationary 10.0,10.0; 2 stationary 20.0,10.0; 3 moved 30.0,20.0",
        "3000: 1 stationary 10.0,10.0; 2 ended 20.0,10.0; 3 stationary 30.0,20.0",
        "4000: 1 stationary 10.0,10.0; 3 stationary 30.0,20.0; 4 began 90.0,10.0",
        "4000: 1 cancelled 10.0,10.0; 3 cancelled 30.0,20.0; 4 cancelled 90.0,10.0",
      ])
  }

  @Test("MT events before any ABS_MT_SLOT go to slot 0")
  func implicitSlotZero() {
    let events = script { s in
      s.trackingID(431); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.slot(1); s.trackingID(432); s.x(500); s.y(500)
      s.slot(0); s.x(200)
      s.syn(at: 2000)
      s.trackingID(-1); s.slot(1); s.trackingID(-1)
      s.syn(at: 3000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB()).lines == [
        "1000: 1 began 10.0,10.0",
        "2000: 1 moved 20.0,10.0; 2 began 50.0,50.0",
        "3000: 1 ended 20.0,10.0; 2 ended 50.0,50.0",
      ])
  }

  @Test("Several slot switches inside one frame update the right contacts")
  func severalSlotSwitchesPerFrame() {
    let events = script { s in
      for slot in Int32(0)..<3 {
        s.slot(slot); s.trackingID(10 + slot); s.x(100 * (slot + 1)); s.y(100)
      }
      s.syn(at: 1000)
      s.slot(0); s.x(150); s.slot(2); s.y(900); s.slot(1); s.y(500); s.slot(0); s.y(150)
      s.syn(at: 2000)
      for slot in Int32(0)..<3 { s.slot(slot); s.trackingID(-1) }
      s.syn(at: 3000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB()).lines == [
        "1000: 1 began 10.0,10.0; 2 began 20.0,10.0; 3 began 30.0,10.0",
        "2000: 1 moved 15.0,15.0; 2 moved 20.0,50.0; 3 moved 30.0,90.0",
        "3000: 1 ended 15.0,15.0; 2 ended 20.0,50.0; 3 ended 30.0,90.0",
      ])
  }

  @Test("Tracking id -1 ends only its slot's touch; the others stay, stationary")
  func trackingIDMinusOneEnds() {
    let events = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.slot(1); s.trackingID(2); s.x(200); s.y(200)
      s.syn(at: 1000)
      s.slot(0); s.trackingID(-1)
      s.syn(at: 2000)
      s.slot(1); s.x(300)
      s.syn(at: 3000)
      s.trackingID(-1)
      s.syn(at: 4000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB()).lines == [
        "1000: 1 began 10.0,10.0; 2 began 20.0,20.0",
        "2000: 1 ended 10.0,10.0; 2 stationary 20.0,20.0",
        "3000: 2 moved 30.0,20.0",
        "4000: 2 ended 30.0,20.0",
      ])
  }

  @Test("A new tracking id on an active slot ends the old touch and begins a new one")
  func newTrackingIDOnActiveSlot() {
    let events = script { s in
      s.slot(0); s.trackingID(5); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.trackingID(6); s.x(500)
      s.syn(at: 2000)
      s.trackingID(-1)
      s.syn(at: 3000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB()).lines == [
        "1000: 1 began 10.0,10.0",
        "2000: 1 ended 10.0,10.0; 2 began 50.0,10.0",
        "3000: 2 ended 50.0,10.0",
      ])
  }

  @Test("A slot beyond the slot count is warned about once and its events are ignored")
  func slotBeyondSlotCount() {
    let events = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.slot(5); s.trackingID(2); s.x(900); s.y(900)
      s.syn(at: 1000)
      s.slot(-3); s.x(800)
      s.slot(5); s.trackingID(-1)
      s.slot(0); s.x(200)
      s.syn(at: 2000)
      s.trackingID(-1)
      s.syn(at: 3000)
    }
    let decoded = decode(events, device: TestDevice.protocolB(slots: 2))
    #expect(
      decoded.lines == [
        "1000: 1 began 10.0,10.0", "2000: 1 moved 20.0,10.0", "3000: 1 ended 20.0,10.0",
      ])
    #expect(decoded.messages == ["slot 5 is outside the device's 2 slots; its events are ignored"])
  }

  @Test("A slot with a tracking id but no position is no touch until it has one (Cypress)")
  func trackingIDWithoutPosition() {
    let events = script { s in
      s.slot(0); s.trackingID(391); s.x(100); s.y(100)
      s.slot(1); s.trackingID(392)
      s.syn(at: 1000)
      s.slot(1); s.trackingID(-1)
      s.syn(at: 2000)
      s.trackingID(393); s.x(700)
      s.syn(at: 3000)
      s.y(700)
      s.syn(at: 4000)
      s.trackingID(-1); s.slot(0); s.trackingID(-1)
      s.syn(at: 5000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB(slots: 2)).lines == [
        "1000: 1 began 10.0,10.0",
        "4000: 1 stationary 10.0,10.0; 2 began 70.0,70.0",
        "5000: 1 ended 10.0,10.0; 2 ended 70.0,70.0",
      ])
  }

  @Test("A device with no EV_KEY at all (Nexus 4) decodes from its MT axes alone")
  func deviceWithoutKeys() {
    let device = TestDevice.protocolB(
      keys: nil,
      extraAxes: [
        AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 15),
        AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255),
      ])
    #expect(device.supportedCodes[EventType.key] == nil)
    let events = script { s in
      s.trackingID(12); s.x(100); s.y(100); s.pressure(40); s.abs(AbsCode.mtTouchMajor, 5)
      s.syn(at: 1000)
      s.trackingID(-1)
      s.syn(at: 2000)
    }
    let decoded = decode(events, device: device)
    #expect(decoded.lines == ["1000: 1 began 10.0,10.0", "2000: 1 ended 10.0,10.0"])
    #expect(decoded.frames.first?.touches.first?.pressure == 40)
    #expect(decoded.frames.first?.touches.first?.majorAxis == 0.5)
  }

  @Test("Frames carrying only MSC_TIMESTAMP produce no frame (Dell Canvas idle frames)")
  func timestampOnlyFrames() {
    let events = script { s in
      s.trackingID(1); s.x(100); s.y(100); s.mscTimestamp(6000)
      s.syn(at: 1000)
      s.mscTimestamp(12000)
      s.syn(at: 7000)
      s.mscTimestamp(18000)
      s.syn(at: 13000)
      s.trackingID(-1)
      s.syn(at: 19000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB()).lines == [
        "1000: 1 began 10.0,10.0", "19000: 1 ended 10.0,10.0",
      ])
  }

  @Test("Undeclared axes warn once per code; ABS_MT_TOOL_X/Y are ignored (ELAN)")
  func undeclaredAxes() {
    let device = TestDevice.protocolB(extraAxes: [
      AbsCode.mtToolX: TestDevice.axis, AbsCode.mtToolY: TestDevice.axis,
    ])
    let events = script { s in
      s.trackingID(1); s.x(100); s.y(100); s.abs(AbsCode.mtToolX, 900); s.abs(0x1d, 85)
      s.syn(at: 1000)
      s.abs(AbsCode.mtToolY, 900); s.abs(0x1d, 170); s.abs(0x1e, 1)
      s.syn(at: 2000)
      s.x(200); s.abs(0x1d, 255)
      s.syn(at: 3000)
      s.trackingID(-1)
      s.syn(at: 4000)
    }
    let decoded = decode(events, device: device)
    #expect(
      decoded.lines == [
        "1000: 1 began 10.0,10.0", "3000: 1 moved 20.0,10.0", "4000: 1 ended 20.0,10.0",
      ])
    #expect(
      decoded.messages == [
        "axis 0x1d is not declared by the device; its events are ignored",
        "axis 0x1e is not declared by the device; its events are ignored",
      ])
  }

  @Test("Pressure, major axis (mm on the X resolution) and tool type ride along")
  func touchProperties() {
    let device = TestDevice.protocolB(extraAxes: [
      AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255),
      AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 1000),
      AbsCode.mtToolType: AbsInfo(minimum: 0, maximum: 2),
    ])
    let events = script { s in
      s.trackingID(1); s.x(100); s.y(100); s.pressure(50)
      s.abs(AbsCode.mtTouchMajor, 80); s.abs(AbsCode.mtToolType, 0)
      s.syn(at: 1000)
      s.pressure(60)
      s.syn(at: 2000)
      s.x(110)
      s.syn(at: 3000)
      s.trackingID(-1)
      s.syn(at: 4000)
    }
    let decoded = decode(events, device: device)
    #expect(decoded.frames.count == 3, "a pressure-only change emits no frame")
    let first = decoded.frames[0].touches[0]
    #expect(first.pressure == 50 && first.majorAxis == 8 && first.toolType == 0)
    #expect(first.raw == RawPoint(x: 100, y: 100))
    #expect(decoded.frames[1].touches[0].pressure == 60)
  }

  @Test("The frame time is the SYN_REPORT's even when events inside carry other times")
  func frameTimeFromReport() {
    var builder = EventScript()
    builder.time = 990
    builder.trackingID(1)
    builder.time = 995
    builder.x(100)
    builder.time = 999
    builder.y(100)
    builder.syn(at: 1000)
    builder.trackingID(-1)
    builder.syn(at: 2000)
    let decoded = decode(builder.events, device: TestDevice.protocolB())
    #expect(decoded.frames.map(\.time) == [1000, 2000])
  }
}
