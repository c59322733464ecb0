import Testing
import TouchInput

@Suite("Decoding single-touch devices")
struct DecoderSingleTouchTests {
  @Test(
    "BTN_TOUCH with ABS_X/ABS_Y: down, move, up", arguments: [KeyCode.btnTouch, KeyCode.btnLeft])
  func buttonAndPosition(button: UInt16) {
    let device = TestDevice.singleTouch(
      keys: [button], extraAxes: [AbsCode.pressure: AbsInfo(minimum: 0, maximum: 255)])
    let events = script { s in
      s.key(button, 1); s.abs(AbsCode.x, 100); s.abs(AbsCode.y, 200); s.abs(AbsCode.pressure, 9)
      s.syn(at: 1000)
      s.abs(AbsCode.pressure, 10)
      s.syn(at: 2000)
      s.abs(AbsCode.x, 150)
      s.syn(at: 3000)
      s.key(button, 0)
      s.syn(at: 4000)
      s.abs(AbsCode.x, 900)
      s.syn(at: 5000)
      s.key(button, 1)
      s.syn(at: 6000)
      s.key(button, 0)
      s.syn(at: 7000)
    }
    let decoded = decode(events, device: device)
    #expect(
      decoded.lines == [
        "1000: 1 began 10.0,20.0", "3000: 1 moved 15.0,20.0", "4000: 1 ended 15.0,20.0",
        "6000: 2 began 90.0,20.0", "7000: 2 ended 90.0,20.0",
      ])
    #expect(decoded.frames[0].touches[0].pressure == 9)
    #expect(decoded.warnings == [])
  }

  /// The eGalax controller declares ABS_X/ABS_Y 42…1981 but sends ABS_Z/ABS_RX.
  static let eGalax = TestDevice.singleTouch(
    xAxis: AbsInfo(minimum: 42, maximum: 1981), yAxis: AbsInfo(minimum: 42, maximum: 1981),
    extraAxes: [
      AbsCode.z: AbsInfo(minimum: 30, maximum: 4040),
      AbsCode.rx: AbsInfo(minimum: 60, maximum: 4035),
    ])

  static let eGalaxEvents = script { s in
    s.event(EventType.msc, MscCode.scan, 0xd0042); s.btnTouch(1)
    s.abs(AbsCode.z, 30); s.abs(AbsCode.rx, 4035)
    s.syn(at: 1000)
    s.abs(AbsCode.z, 4040)
    s.syn(at: 2000)
    s.btnTouch(0)
    s.syn(at: 3000)
    s.btnTouch(1)
    s.syn(at: 4000)
    s.btnTouch(0)
    s.syn(at: 5000)
  }

  @Test("Positions on ABS_Z/ABS_RX without a mapping: one warning suggesting the axes")
  func unmappedAxesWarnOnce() {
    let decoded = decode(Self.eGalaxEvents, device: Self.eGalax)
    #expect(decoded.frames == [])
    let positionWarnings = decoded.messages.filter { $0.hasPrefix("touch down") }
    #expect(
      positionWarnings == [
        "touch down but ABS_X/ABS_Y never arrived; no touch is reported (the device sends "
          + "ABS_Z, ABS_RX: if two of them carry the position, map them, e.g. --axes "
          + "ABS_Z,ABS_RX)"
      ])
  }

  @Test("The hint names only position-like axes, never slots, ids or pressure")
  func hintSkipsNonPositions() {
    let info = AbsInfo(minimum: 0, maximum: 4095)
    let device = TestDevice.singleTouch(extraAxes: [
      AbsCode.mtSlot: info, AbsCode.mtTrackingID: info, AbsCode.pressure: info,
      AbsCode.z: info, AbsCode.rx: info,
    ])
    let events = script { s in
      s.btnTouch(1); s.slot(0); s.trackingID(5); s.abs(AbsCode.pressure, 9)
      s.abs(AbsCode.z, 30); s.abs(AbsCode.rx, 40)
      s.syn(at: 1000)
      s.abs(AbsCode.z, 31)
      s.syn(at: 2000)
      s.btnTouch(0)
      s.syn(at: 3000)
    }
    let hint = decode(events, device: device).messages.first { $0.hasPrefix("touch down") }
    #expect(
      hint?.hasSuffix(
        "(the device sends ABS_Z, ABS_RX: if two of them carry the "
          + "position, map them, e.g. --axes ABS_Z,ABS_RX)") == true, "\(hint ?? "")")
    let onlyIDs = script { s in
      s.btnTouch(1); s.slot(0); s.trackingID(5)
      s.syn(at: 1000)
      s.btnTouch(0)
      s.syn(at: 2000)
    }
    let plain = decode(onlyIDs, device: device).messages.first { $0.hasPrefix("touch down") }
    #expect(plain == "touch down but ABS_X/ABS_Y never arrived; no touch is reported")
  }

  @Test("With an axis mapping, positions come from ABS_Z/ABS_RX and their ranges")
  func mappedAxes() {
    var options = DecoderOptions()
    options.axisMapping = (x: AbsCode.z, y: AbsCode.rx)
    options.surfaceSize = (width: 200, height: 100)
    let decoded = decode(Self.eGalaxEvents, device: Self.eGalax, options: options)
    #expect(
      decoded.lines == [
        "1000: 1 began 0.0,100.0", "2000: 1 moved 200.0,100.0", "3000: 1 ended 200.0,100.0",
        "4000: 2 began 200.0,100.0", "5000: 2 ended 200.0,100.0",
      ])
    #expect(decoded.warnings == [])
  }

  @Test("Position changes with no button events are not touches, and warn once")
  func noButtonEvents() {
    let events = script { s in
      s.abs(AbsCode.x, 100); s.abs(AbsCode.y, 100)
      s.syn(at: 1000)
      s.abs(AbsCode.x, 200)
      s.syn(at: 2000)
    }
    let decoded = decode(events, device: TestDevice.singleTouch(keys: []))
    #expect(decoded.frames == [])
    #expect(
      decoded.messages == [
        "positions change but no BTN_TOUCH or BTN_LEFT has arrived; positions alone are not touches"
      ])
  }
}
