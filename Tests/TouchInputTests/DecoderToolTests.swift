import Testing
import TouchInput

/// The decoder marks palms and pens on the touch: `MT_TOOL_PALM` / `MT_TOOL_PEN`, or, on a
/// device with no tool type, a touch major axis above the palm threshold.
@Suite struct DecoderToolTests {
  /// A protocol-B device (10 units/mm) with `ABS_MT_TOUCH_MAJOR`, and `ABS_MT_TOOL_TYPE` if
  /// `toolType`.
  static func device(toolType: Bool) -> DeviceDescription {
    var axes: [UInt16: AbsInfo] = [
      AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 1000, resolution: 10)
    ]
    if toolType { axes[AbsCode.mtToolType] = AbsInfo(minimum: 0, maximum: 2) }
    return TestDevice.protocolB(extraAxes: axes)
  }

  /// One touch landing with `major` units of touch major (and a tool type), lifting later.
  static func tools(
    toolType: Bool, major: Int32, type: Int32? = nil, options: DecoderOptions = DecoderOptions()
  ) -> [TouchTool] {
    let events = script { s in
      s.slot(0)
      s.trackingID(1)
      if let type { s.abs(AbsCode.mtToolType, type) }
      s.x(100)
      s.y(100)
      s.abs(AbsCode.mtTouchMajor, major)
      s.syn(at: 1_000)
      s.trackingID(-1)
      s.syn(at: 2_000)
    }
    return decode(events, device: device(toolType: toolType), options: options).frames.map {
      $0.touches.first?.tool ?? .finger
    }
  }

  @Test("with no tool type, a major axis of 30.0 mm is a finger, 30.1 mm a palm")
  func sizeThreshold() {
    #expect(Self.tools(toolType: false, major: 300) == [.finger, .finger])
    #expect(Self.tools(toolType: false, major: 301) == [.palm, .palm])
  }

  @Test("the threshold is configurable, and nil turns the size rule off")
  func configurable() {
    var options = DecoderOptions()
    options.palmTouchMajor = 20
    #expect(Self.tools(toolType: false, major: 201, options: options) == [.palm, .palm])
    options.palmTouchMajor = nil
    #expect(Self.tools(toolType: false, major: 900, options: options) == [.finger, .finger])
  }

  @Test("a device with a tool type is believed: MT_TOOL_PALM, MT_TOOL_PEN, a large finger")
  func toolType() {
    #expect(Self.tools(toolType: true, major: 100, type: 2) == [.palm, .palm])
    #expect(Self.tools(toolType: true, major: 100, type: 1) == [.pen, .pen])
    #expect(Self.tools(toolType: true, major: 900, type: 0) == [.finger, .finger])
    #expect(Self.tools(toolType: true, major: 900) == [.finger, .finger])
  }

  @Test("a finger that turns into a palm without moving completes a frame")
  func turnsIntoPalm() {
    let events = script { s in
      s.slot(0)
      s.trackingID(1)
      s.x(100)
      s.y(100)
      s.syn(at: 1_000)
      s.abs(AbsCode.mtToolType, 2)
      s.syn(at: 2_000)
      s.abs(AbsCode.mtToolType, 2)  // unchanged: no frame
      s.syn(at: 3_000)
      s.trackingID(-1)
      s.syn(at: 4_000)
    }
    let frames = decode(events, device: Self.device(toolType: true)).frames
    #expect(frames.map(\.time) == [1_000, 2_000, 4_000])
    #expect(frames.map { $0.touches.first?.tool } == [.finger, .palm, .palm])
    #expect(frames.map { $0.touches.first?.phase } == [.began, .stationary, .ended])
  }

  @Test("feedState: fingers down at open begin in one frame, marked as not seen landing")
  func stateAtOpen() {
    let decoder = TouchDecoder(device: TestDevice.protocolB())
    let state = script { s in
      s.slot(2)
      s.trackingID(7)
      s.x(300)
      s.y(400)
      s.slot(0)
    }
    let completed = decoder.feedState(state, at: 5_000)
    #expect(completed)
    #expect(decoder.frame.time == 5_000)
    #expect(line(decoder.frame) == "5000: 1 began 30.0,40.0")
    #expect(decoder.frame.touches.map(\.startSeen) == [false])
    // The kernel goes on with that slot; a finger landing later is seen.
    let later = script { s in
      s.slot(2)
      s.x(310)
      s.slot(0)
      s.trackingID(8)
      s.x(100)
      s.y(100)
      s.syn(at: 6_000)
    }
    var frames: [TouchFrame] = []
    for event in later { if let frame = decoder.decode(event) { frames.append(frame) } }
    #expect(frames.map(line) == ["6000: 1 moved 31.0,40.0; 2 began 10.0,10.0"])
    #expect(frames.first?.touches.map(\.startSeen) == [false, true])
  }
}
