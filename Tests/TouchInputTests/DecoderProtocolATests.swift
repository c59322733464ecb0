import Testing
import TouchInput

@Suite("Decoding protocol A (SYN_MT_REPORT)")
struct DecoderProtocolATests {
  @Test("The kernel documentation's protocol A example: two contacts, a move, two lifts")
  func kernelDocumentationExample() {
    let events = script { s in
      s.contact(100, 200); s.contact(300, 400)
      s.syn(at: 1000)
      s.contact(150, 200); s.contact(300, 400)
      s.syn(at: 2000)
      s.contact(300, 400)
      s.syn(at: 3000)
      s.mtReport()
      s.syn(at: 4000)
    }
    let decoded = decode(events, device: TestDevice.protocolA(keys: []))
    #expect(
      decoded.lines == [
        "1000: 1 began 10.0,20.0; 2 began 30.0,40.0",
        "2000: 1 moved 15.0,20.0; 2 stationary 30.0,40.0",
        "3000: 1 ended 15.0,20.0; 2 stationary 30.0,40.0",
        "4000: 2 ended 30.0,40.0",
      ])
    #expect(decoded.warnings == [])
  }

  @Test("Contacts keep their identity when their order in the frame changes (N-Trig)")
  func unstableContactOrder() {
    let events = script { s in
      s.btnTouch(1); s.contact(100, 100)
      s.syn(at: 1000)
      s.contact(800, 800); s.contact(105, 100)
      s.syn(at: 2000)
      s.contact(110, 100); s.contact(800, 805)
      s.syn(at: 3000)
      s.contact(800, 810)
      s.syn(at: 4000)
      s.btnTouch(0)
      s.syn(at: 5000)
    }
    #expect(
      decode(events, device: TestDevice.protocolA()).lines == [
        "1000: 1 began 10.0,10.0",
        "2000: 1 moved 10.5,10.0; 2 began 80.0,80.0",
        "3000: 1 moved 11.0,10.0; 2 moved 80.0,80.5",
        "4000: 1 ended 11.0,10.0; 2 moved 80.0,81.0",
        "5000: 2 ended 80.0,81.0",
      ])
  }

  @Test("An empty frame with only BTN_TOUCH 0 ends every touch")
  func emptyReleaseFrame() {
    let events = script { s in
      s.btnTouch(1); s.key(KeyCode.btnToolDoubleTap, 1); s.contact(100, 100); s.contact(500, 500)
      s.syn(at: 1000)
      s.btnTouch(0); s.key(KeyCode.btnToolDoubleTap, 0)
      s.syn(at: 2000)
    }
    #expect(
      decode(events, device: TestDevice.protocolA()).lines == [
        "1000: 1 began 10.0,10.0; 2 began 50.0,50.0",
        "2000: 1 ended 10.0,10.0; 2 ended 50.0,50.0",
      ])
  }

  @Test("A contact that jumps farther than 30 mm is a lift and a new touch")
  func farJumpIsLiftAndLand() {
    let events = script { s in
      s.contact(100, 100)
      s.syn(at: 1000)
      s.contact(395, 100)  // 29.5 mm: the same finger
      s.syn(at: 2000)
      s.contact(700, 100)  // 30.5 mm: another finger
      s.syn(at: 3000)
      s.mtReport()
      s.syn(at: 4000)
    }
    #expect(
      decode(events, device: TestDevice.protocolA(keys: [])).lines == [
        "1000: 1 began 10.0,10.0",
        "2000: 1 moved 39.5,10.0",
        "3000: 1 ended 39.5,10.0; 2 began 70.0,10.0",
        "4000: 2 ended 70.0,10.0",
      ])
  }

  @Test("Contacts reported while BTN_TOUCH is 0 are not touches (bcm5974, negative ranges)")
  func touchStateFromButton() {
    let device = TestDevice.protocolA(
      xAxis: AbsInfo(minimum: -4620, maximum: 5140),
      yAxis: AbsInfo(minimum: -150, maximum: 6600),
      keys: [KeyCode.btnTouch, KeyCode.btnLeft])
    let events = script { s in
      s.btnTouch(1); s.contact(-4620, -150)
      s.syn(at: 1000)
      s.btnTouch(0); s.contact(-4600, -150)
      s.syn(at: 2000)
      s.contact(-4500, -150)
      s.syn(at: 3000)
      s.btnTouch(1); s.contact(-4400, -150)
      s.syn(at: 4000)
      s.btnTouch(0)
      s.syn(at: 5000)
    }
    let decoded = decode(events, device: device)
    #expect(decoded.frames.map(\.time) == [1000, 2000, 4000, 5000])
    #expect(decoded.frames[0].touches.map(\.location) == [MillimeterPoint(x: 0, y: 0)])
    #expect(
      decoded.frames.map { $0.touches.map(\.phase) } == [[.began], [.ended], [.began], [.ended]])
    #expect(decoded.frames[2].touches[0].id == TouchID(2))
  }

  @Test("mtk-tpd style protocol A with ABS_MT_TRACKING_ID 0..0 and no slots")
  func trackingIDWithoutSlots() {
    let device = TestDevice.protocolA(extraAxes: [
      AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 0),
      AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 100),
    ])
    #expect(device.touchProtocol == .multitouchA)
    let events = script { s in
      s.btnTouch(1); s.trackingID(0); s.x(100); s.y(100); s.pressure(30); s.mtReport()
      s.syn(at: 1000)
      s.trackingID(0); s.x(120); s.y(100); s.pressure(31); s.mtReport()
      s.syn(at: 2000)
      s.btnTouch(0)
      s.syn(at: 3000)
    }
    let decoded = decode(events, device: device)
    #expect(
      decoded.lines == [
        "1000: 1 began 10.0,10.0", "2000: 1 moved 12.0,10.0", "3000: 1 ended 12.0,10.0",
      ])
    #expect(decoded.frames[1].touches[0].pressure == 31)
  }

  @Test("A finger landing frames after the others joins; lifts are matched by distance")
  func staggeredLanding() {
    let events = script { s in
      s.btnTouch(1); s.contact(100, 100); s.contact(300, 100); s.contact(500, 100)
      s.syn(at: 1000)
      s.contact(500, 100); s.contact(100, 100); s.contact(300, 100)
      s.syn(at: 2000)
      s.contact(700, 100); s.contact(100, 100); s.contact(300, 100); s.contact(500, 100)
      s.syn(at: 3000)
      s.contact(300, 100)
      s.syn(at: 4000)
      s.btnTouch(0)
      s.syn(at: 5000)
    }
    #expect(
      decode(events, device: TestDevice.protocolA()).lines == [
        "1000: 1 began 10.0,10.0; 2 began 30.0,10.0; 3 began 50.0,10.0",
        "3000: 1 stationary 10.0,10.0; 2 stationary 30.0,10.0; 3 stationary 50.0,10.0; "
          + "4 began 70.0,10.0",
        "4000: 1 ended 10.0,10.0; 2 stationary 30.0,10.0; 3 ended 50.0,10.0; 4 ended 70.0,10.0",
        "5000: 2 ended 30.0,10.0",
      ])
  }

  @Test("A frame with only EV_MSC events changes nothing in protocol A")
  func mscOnlyFrame() {
    let events = script { s in
      s.contact(100, 100)
      s.syn(at: 1000)
      s.mscTimestamp(5000)
      s.syn(at: 2000)
      s.contact(100, 100)
      s.syn(at: 3000)
      s.mtReport()
      s.syn(at: 4000)
    }
    #expect(
      decode(events, device: TestDevice.protocolA(keys: [])).lines == [
        "1000: 1 began 10.0,10.0", "4000: 1 ended 10.0,10.0",
      ])
  }
}

@Suite("Decoding protocol A: odd contacts")
struct DecoderProtocolAOddContactTests {
  @Test("A contact without a position and contacts beyond the limit warn once each")
  func oddContactsWarnOnce() {
    let events = script { s in
      s.pressure(20); s.mtReport()
      for index in Int32(0)..<34 { s.contact(index * 25, 100) }
      s.syn(at: 1000)
      s.pressure(20); s.mtReport()
      s.syn(at: 2000)
    }
    let device = TestDevice.protocolA(
      extraAxes: [AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255)], keys: [])
    let decoded = decode(events, device: device)
    #expect(decoded.frames.map(\.activeTouchCount) == [32, 0])
    #expect(
      decoded.messages == [
        "a contact without X and Y was ignored",
        "more than 32 contacts in one frame; the rest are ignored",
      ])
  }

  @Test("The last SYN_MT_REPORT may be omitted when BTN_TOUCH is sent (kernel documentation)")
  func omittedLastContactReport() {
    let events = script { s in
      s.btnTouch(1); s.contact(100, 100); s.x(500); s.y(500)
      s.syn(at: 1000)
      s.btnTouch(0)
      s.syn(at: 2000)
    }
    #expect(
      decode(events, device: TestDevice.protocolA()).lines == [
        "1000: 1 began 10.0,10.0; 2 began 50.0,50.0",
        "2000: 1 ended 10.0,10.0; 2 ended 50.0,50.0",
      ])
  }
}
