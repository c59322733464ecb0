import Testing
import TouchInput

@Suite("Decoding semi-MT devices (bounding box)")
struct DecoderSemiMTTests {
  static let device = TestDevice.protocolB(
    slots: 2, keys: [KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap],
    properties: [InputProperty.buttonpad, InputProperty.semiMT])

  static let semiMTWarning =
    "semi-MT device: slot positions are the corners of a bounding box, not fingers; "
    + "reporting one touch at its centre"

  @Test("Two slots spanning a box are one touch at its centre, with one warning")
  func boundingBoxCentre() {
    #expect(Self.device.touchProtocol == .semiMultitouch)
    let events = script { s in
      s.slot(0); s.trackingID(1); s.x(100); s.y(100)
      s.slot(1); s.trackingID(2); s.x(300); s.y(500)
      s.key(KeyCode.btnToolDoubleTap, 1)
      s.syn(at: 1000)
      s.slot(0); s.x(50); s.y(50); s.slot(1); s.x(350); s.y(550)
      s.syn(at: 2000)
      s.slot(1); s.trackingID(-1)
      s.syn(at: 3000)
      s.slot(0); s.trackingID(-1)
      s.syn(at: 4000)
    }
    let decoded = decode(events, device: Self.device)
    #expect(
      decoded.lines == [
        "1000: 1 began 20.0,30.0",
        "3000: 1 moved 5.0,5.0",
        "4000: 1 ended 5.0,5.0",
      ])
    #expect(decoded.messages == [Self.semiMTWarning])
  }

  @Test("A three-finger tap on two slots, one never positioned, is one touch (Cypress)")
  func cypressThreeFingerTap() {
    let events = script { s in
      s.slot(0); s.trackingID(391); s.x(400); s.y(600)
      s.slot(1); s.trackingID(392)
      s.key(KeyCode.btnToolTripleTap, 1)
      s.syn(at: 1000)
      s.slot(0); s.trackingID(-1); s.slot(1); s.trackingID(-1)
      s.key(KeyCode.btnToolTripleTap, 0)
      s.syn(at: 2000)
    }
    #expect(
      decode(events, device: Self.device).lines == [
        "1000: 1 began 40.0,60.0", "2000: 1 ended 40.0,60.0",
      ])
  }
}
