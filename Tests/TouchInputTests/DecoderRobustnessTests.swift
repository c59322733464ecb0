import GestureTestSupport
import Testing
import TouchInput

@Suite("Decoding bad input: drops, cut-off frames, clocks and absurd values")
struct DecoderRobustnessTests {
  @Test("SYN_DROPPED drops the rest of the frame; touches go on with the state that follows")
  func droppedEventsKeepTouches() {
    let events = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.slot(1); s.trackingID(2); s.x(500); s.y(500)
      s.syn(at: 1000)
      s.slot(0); s.x(110)
      s.dropped()
      s.trackingID(-1); s.slot(1); s.x(900)
      s.syn(at: 2000)
      s.slot(0); s.x(120)
      s.syn(at: 3000)
      s.slot(1); s.trackingID(-1)
      s.syn(at: 4000)
      s.slot(0); s.trackingID(3); s.y(200)
      s.syn(at: 5000)
      s.trackingID(-1)
      s.syn(at: 6000)
    }
    let decoded = decode(events, device: TestDevice.protocolB())
    #expect(
      decoded.lines == [
        "1000: 1 began 10.0,10.0; 2 began 50.0,50.0",
        "3000: 1 moved 12.0,10.0; 2 stationary 50.0,50.0",
        "4000: 1 stationary 12.0,10.0; 2 ended 50.0,50.0",
        "5000: 1 ended 12.0,10.0; 3 began 12.0,20.0",
        "6000: 3 ended 12.0,20.0",
      ])
    #expect(
      decoded.messages == [
        "SYN_DROPPED: events were lost; the rest of that frame was ignored and the touches "
          + "continue with the state that follows"
      ])
  }

  @Test("SYN_DROPPED on protocol A and single-touch: the contacts go on after the drop")
  func droppedEventsOtherProtocols() {
    let contacts = script { s in
      s.contact(100, 100)
      s.syn(at: 1000)
      s.dropped(); s.contact(110, 100)
      s.syn(at: 2000)
      s.contact(120, 100)
      s.syn(at: 3000)
      s.mtReport()
      s.syn(at: 4000)
    }
    #expect(
      decode(contacts, device: TestDevice.protocolA(keys: [])).lines == [
        "1000: 1 began 10.0,10.0", "3000: 1 moved 12.0,10.0", "4000: 1 ended 12.0,10.0",
      ])
    let single = script { s in
      s.btnTouch(1); s.abs(AbsCode.x, 100); s.abs(AbsCode.y, 100)
      s.syn(at: 1000)
      s.dropped()
      s.syn(at: 2000)
      s.abs(AbsCode.x, 200)
      s.syn(at: 3000)
      s.btnTouch(0)
      s.syn(at: 4000)
    }
    #expect(
      decode(single, device: TestDevice.singleTouch()).lines == [
        "1000: 1 began 10.0,10.0", "3000: 1 moved 20.0,10.0", "4000: 1 ended 20.0,10.0",
      ])
  }

  @Test("An incomplete last frame is reported by finish(), which cancels what is down")
  func incompleteLastFrame() {
    let events = script { s in
      s.trackingID(1); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.time = 1500
      s.x(200); s.trackingID(-1)
    }
    let decoded = decode(events, device: TestDevice.protocolB())
    #expect(decoded.lines == ["1000: 1 began 10.0,10.0", "1500: 1 cancelled 20.0,10.0"])
    #expect(decoded.messages == ["last frame has no SYN_REPORT: 2 events ignored"])
    #expect(decoded.warnings.first?.time == 1500)
  }

  @Test("finish() with nothing pending returns no frame and gives no warning")
  func cleanFinish() {
    let decoder = TouchDecoder(device: TestDevice.protocolB())
    #expect(decoder.finish() == nil)
    #expect(decoder.takeWarnings() == [])
  }

  @Test("A decoder moved to another owner goes on with its slots")
  func movedDecoderKeepsItsSlots() {
    var first = DecoderCore(device: TestDevice.protocolB())
    let start = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.slot(1); s.trackingID(2); s.x(200); s.y(200)
      s.syn(at: 1000)
      s.slot(0); s.x(150)
    }
    for event in start { _ = first.decode(event) }
    var moved = first  // DecoderCore is ~Copyable: this moves it, half-way through a frame
    let rest = script { s in
      s.slot(1); s.trackingID(-1)
      s.syn(at: 2000)
    }
    let frames = rest.compactMap { moved.decode($0) }.map(line)
    #expect(frames == ["2000: 1 moved 15.0,10.0; 2 ended 20.0,20.0"])
  }

  @Test("cancelAll(at:) cancels every touch once; afterwards there is nothing to cancel")
  func cancelAll() {
    let decoder = TouchDecoder(device: TestDevice.protocolB())
    let events = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.slot(1); s.trackingID(2); s.x(200); s.y(200)
      s.syn(at: 1000)
    }
    var frames = events.compactMap { decoder.decode($0) }
    if let frame = decoder.cancelAll(at: 5000) { frames.append(frame) }
    #expect(
      frames.map(line) == [
        "1000: 1 began 10.0,10.0; 2 began 20.0,20.0",
        "5000: 1 cancelled 10.0,10.0; 2 cancelled 20.0,20.0",
      ])
    #expect(decoder.cancelAll(at: 6000) == nil)
    #expect(touchInvariantViolationsFree(frames))
  }

  @Test("Timestamps going backwards are clamped to the previous time and warned once")
  func timeGoesBackwards() {
    let events = script { s in
      s.trackingID(1); s.x(100); s.y(100)
      s.syn(at: 5000)
      s.x(110)
      s.syn(at: 4000)
      s.x(120)
      s.syn(at: 3000)
      s.x(130)
      s.syn(at: 6000)
      s.trackingID(-1)
      s.syn(at: 7000)
    }
    let decoded = decode(events, device: TestDevice.protocolB())
    #expect(decoded.frames.map(\.time) == [5000, 5000, 5000, 6000, 7000])
    #expect(
      decoded.warnings == [
        DecoderWarning(
          time: 5000,
          message: "timestamps go backwards (0.004000 after 0.005000); clamped to the previous time"
        )
      ])
  }

  @Test("A SYN_REPORT earlier than the frame's own events is clamped to the latest event")
  func reportBeforeItsEvents() {
    let events = script { s in
      s.time = 5000
      s.trackingID(1); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.trackingID(-1)
      s.syn(at: 7000)
    }
    let decoded = decode(events, device: TestDevice.protocolB())
    #expect(decoded.frames.map(\.time) == [5000, 7000])
    #expect(
      decoded.messages == [
        "timestamps go backwards (0.001000 after 0.005000); clamped to the previous time"
      ])
  }

  @Test("Slots beyond the 256-slot cap: the declared count and the cap, as info reports them")
  func slotsBeyondCap() {
    let events = script { s in
      s.slot(300); s.trackingID(1); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.slot(20000); s.trackingID(2)
      s.slot(0); s.trackingID(3); s.x(200); s.y(100)
      s.syn(at: 2000)
      s.trackingID(-1)
      s.syn(at: 3000)
    }
    let decoded = decode(events, device: TestDevice.protocolB(slots: 10000))
    #expect(decoded.lines == ["2000: 1 began 20.0,10.0", "3000: 1 ended 20.0,10.0"])
    #expect(
      decoded.messages == [
        "the device declares 10000 slots; only the first 256 are decoded",
        "slot 300 is beyond the first 256 of the device's 10000 slots, the most decoded; "
          + "its events are ignored",
      ])
  }

  @Test("Values outside the axis range, even Int32.min and Int32.max, clamp to the edges")
  func absurdValues() {
    let events = script { s in
      s.trackingID(1); s.x(Int32.max); s.y(Int32.min)
      s.syn(at: 1000)
      s.x(-5); s.y(1001)
      s.syn(at: 2000)
      s.trackingID(Int32.max)
      s.syn(at: 3000)
      s.trackingID(Int32.min)
      s.syn(at: 4000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB()).lines == [
        "1000: 1 began 100.0,0.0", "2000: 1 moved 0.0,100.0",
        "3000: 1 ended 0.0,100.0; 2 began 0.0,100.0", "4000: 2 ended 0.0,100.0",
      ])
  }

  @Test("An axis spanning all of Int32 maps without overflow")
  func fullRangeAxis() {
    // 1,000,000 units per mm: a 4.3 m side, inside the plausible sizes.
    let full = AbsInfo(minimum: Int32.min, maximum: Int32.max, resolution: 1_000_000)
    let device = TestDevice.protocolA(xAxis: full, yAxis: full, keys: [])
    let events = script { s in
      s.contact(Int32.min, Int32.max)
      s.syn(at: 1000)
      s.mtReport()
      s.syn(at: 2000)
    }
    let decoded = decode(events, device: device)
    let location = decoded.frames.first?.touches.first?.location
    #expect(location == MillimeterPoint(x: 0, y: Double(UInt32.max) / 1_000_000))
  }
}

/// Whether `frames` keep the touch invariants (for tests that drive the decoder by hand).
func touchInvariantViolationsFree(_ frames: [TouchFrame]) -> Bool {
  touchInvariantViolations(in: frames).isEmpty
}
