import Testing
import TouchInput

@Suite("Frame rules: order, legacy axes, held frames")
struct DecoderFrameRulesTests {
  @Test("Touches are listed by id, not by slot, and ids count in order of beginning")
  func orderedByID() {
    let events = script { s in
      s.slot(3); s.trackingID(7); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.slot(0); s.trackingID(8); s.x(200); s.y(200)
      s.syn(at: 2000)
      s.slot(3); s.trackingID(-1); s.slot(0); s.x(250)
      s.syn(at: 3000)
      s.slot(3); s.trackingID(9); s.x(300)
      s.syn(at: 4000)
      s.trackingID(-1); s.slot(0); s.trackingID(-1)
      s.syn(at: 5000)
    }
    #expect(
      decode(events, device: TestDevice.protocolB()).lines == [
        "1000: 1 began 10.0,10.0",
        "2000: 1 stationary 10.0,10.0; 2 began 20.0,20.0",
        "3000: 1 ended 10.0,10.0; 2 moved 25.0,20.0",
        "4000: 2 stationary 25.0,20.0; 3 began 30.0,10.0",
        "5000: 2 ended 25.0,20.0; 3 ended 30.0,10.0",
      ])
  }

  @Test("Legacy ABS_X/ABS_Y and BTN_TOUCH on a protocol-B device do not change touches")
  func legacyAxesIgnoredOnMultitouch() {
    let device = TestDevice.protocolB(extraAxes: [
      AbsCode.x: TestDevice.axis, AbsCode.y: TestDevice.axis,
    ])
    let events = script { s in
      s.trackingID(1); s.x(100); s.y(100); s.btnTouch(1)
      s.abs(AbsCode.x, 100); s.abs(AbsCode.y, 100)
      s.syn(at: 1000)
      s.abs(AbsCode.x, 900); s.btnTouch(0)
      s.syn(at: 2000)
      s.trackingID(-1)
      s.syn(at: 3000)
    }
    #expect(
      decode(events, device: device).lines == [
        "1000: 1 began 10.0,10.0", "3000: 1 ended 10.0,10.0",
      ])
  }

  @Test("A frame the caller keeps is not changed by later frames")
  func heldFramesAreValues() {
    let decoder = TouchDecoder(device: TestDevice.protocolB())
    let events = script { s in
      s.trackingID(1); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.x(200)
      s.syn(at: 2000)
    }
    var frames: [TouchFrame] = []
    for event in events {
      if let frame = decoder.decode(event) { frames.append(frame) }
    }
    #expect(frames.map(line) == ["1000: 1 began 10.0,10.0", "2000: 1 moved 20.0,10.0"])
  }

  @Test("feed(_:) completes the same frames decode(_:) returns, lent in `frame`")
  func feedLendsTheFrame() {
    let events = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.syn(at: 1000)
      s.slot(1); s.trackingID(2); s.x(300); s.y(300)
      s.syn(at: 2000)
      s.syn(at: 3000)
      s.slot(0); s.trackingID(-1)
      s.syn(at: 4000)
    }
    let copying = TouchDecoder(device: TestDevice.protocolB())
    let lending = TouchDecoder(device: TestDevice.protocolB())
    var returned: [TouchFrame] = []
    var lent: [TouchFrame] = []
    for event in events {
      if let frame = copying.decode(event) { returned.append(frame) }
      if lending.feed(event) { lent.append(lending.frame) }
    }
    #expect(lent == returned)
    #expect(
      lent.map(line) == [
        "1000: 1 began 10.0,10.0", "2000: 1 stationary 10.0,10.0; 2 began 30.0,30.0",
        "4000: 1 ended 10.0,10.0; 2 stationary 30.0,30.0",
      ])
    #expect(lending.finishFrame() && lending.frame.touches.map(\.phase) == [.cancelled])
  }
}
