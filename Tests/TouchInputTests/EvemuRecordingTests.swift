import Testing

@testable import TouchInput

/// One public recording and, for a header-less events file, the description to pair it with.
struct PublicRecording: CustomTestStringConvertible, Sendable {
  var events: String
  var description: String?

  var testDescription: String { events }

  /// Every event stream in the public recordings, paired as the README's table says.
  static let all: [PublicRecording] = {
    let xt2 = "evemu-utouch/ntrig-xt2.device"
    let touchscreens = "evemu-devices/touchscreens/"
    let tablets = "evemu-devices/tablets/"
    let touchpads = "evemu-devices/touchpads/"
    let isd = tablets + "Wacom_ISDv4_E6_Finger"
    let atmel = touchscreens + "Atmel_maXTouch_Touchscreen"
    let ep = touchscreens + "EP0430M09"
    let ntrig = touchscreens + "N-Trig_MultiTouch"
    let isdStreams = [
      "single-tap-center", "double-tap-center", "2fg-tap", "2fg-double-tap", "single-top-swipe",
      "double-top-swipe", "single-center-scroll", "double-center-scroll", "single-center-circle",
      "double-center-circle",
    ]
    var list: [PublicRecording] = [
      .init(events: "evemu-utouch/3m.event"),
      .init(events: "evemu-utouch/wetab.event"),
      .init(events: "evemu-utouch/ntrig-xt2-1-tap.event", description: xt2),
      .init(events: "evemu-utouch/ntrig-xt2-2-tap.event", description: xt2),
      .init(events: "evemu-utouch/ntrig-xt2-3-tap.event", description: xt2),
      .init(events: "evemu-utouch/ntrig-xt2-4-tap.event", description: xt2),
      .init(events: atmel + ".1-finger-drag-up-down.events"),
      .init(events: atmel + ".1-finger-fast-taps.events"),
      .init(events: atmel + ".2-fingers-touch-release.events"),
      .init(events: atmel + ".4-finger-drag-down.events"),
      .init(events: ep + ".1-finger-drag-up-down.events"),
      .init(events: ep + ".2-finger-scroll-down.events"),
      .init(events: ep + ".2-fingers-touch-release.events"),
      .init(events: ep + ".4-finger-drag-down.events"),
      .init(
        events: touchscreens + "ELAN_CANDO_Windows7.1-finger-drag-up-down.events",
        description: touchscreens + "ELAN_CANDO_Windows7.desc"),
      .init(events: ntrig + ".1-finger-drag-NW-SE.events", description: ntrig + ".desc"),
      .init(events: ntrig + ".2-fingers-touch-release.events", description: ntrig + ".desc"),
      .init(
        events: touchscreens + "QUANTA_OpticalTouchScreen.events",
        description: touchscreens + "QUANTA_OpticalTouchScreen.desc"),
      .init(events: tablets + "dell_canvas_touch.evemu"),
      .init(events: tablets + "Wacom_DTH2242_Finger.events"),
      .init(events: tablets + "Wacom_Cintiq_13HD_touch_Finger.events"),
      .init(
        events: tablets + "eGalax_eMPIA_PCAP_MultiTouch_Controller.tap.events",
        description: tablets + "eGalax_eMPIA_PCAP_MultiTouch_Controller.desc"),
      .init(
        events: tablets + "eGalax_Inc_USB_TouchController.events",
        description: tablets + "eGalax_Inc_USB_TouchController.desc"),
      .init(events: "tslib/Atmel_maXTouch_Touchscreen.ts-verify-1.events"),
      .init(
        events: "xorg-integration-tests/n4.events",
        description: "xorg-integration-tests/n4.desc"),
      .init(
        events: "xorg-integration-tests/SynPS2-Synaptics-TouchPad-Clickpad"
          + ".two-finger-scroll-down.events",
        description: "xorg-integration-tests/SynPS2-Synaptics-TouchPad-Clickpad.desc"),
      .init(events: touchpads + "CyPS2_Cypress_Trackpad.two_finger_tap.events"),
      .init(events: touchpads + "CyPS2_Cypress_Trackpad.three_finger_tap.events"),
      .init(events: touchpads + "AlpsPS2_ALPS_GlidePoint.2-finger-tap.events"),
      .init(events: touchpads + "bcm5974.three-finger-click.events"),
    ]
    for stream in isdStreams {
      list.append(.init(events: isd + "." + stream + ".events", description: isd + ".desc"))
    }
    return list
  }()
}

/// Every public recording reads to its end, one event per `E:` line.
@Suite struct EvemuRecordingTests {
  @Test("The list covers all 40 public recordings")
  func listIsComplete() {
    #expect(PublicRecording.all.count == 40)
    #expect(Set(PublicRecording.all.map(\.events)).count == 40)
  }

  @Test(
    "A public recording reads to the end with one event per E: line", arguments: PublicRecording.all
  )
  func readsToEnd(_ file: PublicRecording) throws {
    var reader = try EvemuReader(
      path: recording(file.events), descriptionPath: file.description.map(recording))
    let result = try readAll(&reader)
    #expect(result.events.count == (try eventLineCount(recording(file.events))))
    #expect(zip(result.lines, result.lines.dropFirst()).allSatisfy { $0 < $1 })
    #expect(reader.warnings.isEmpty)
    #expect(!reader.device.name.isEmpty)
    #expect(reader.device.isTouchDevice)
  }

  @Test("A header-less events file without its description asks for --device")
  func headerlessNeedsDescription() {
    let path = recording("evemu-utouch/ntrig-xt2-1-tap.event")
    let error = traceError { () throws(TraceError) in _ = try EvemuReader(path: path) }
    #expect(
      error == TraceError(file: path, line: 1, reason: "no device description; pass --device DESC"))
  }

  @Test("The README's event counts match for the largest recordings")
  func knownCounts() throws {
    for (name, count) in [
      ("evemu-utouch/3m.event", 43466),
      ("evemu-devices/tablets/Wacom_DTH2242_Finger.events", 16593),
      ("tslib/Atmel_maXTouch_Touchscreen.ts-verify-1.events", 5941),
    ] {
      var reader = try EvemuReader(path: recording(name))
      #expect(try readAll(&reader, batchSize: 1000).events.count == count, "\(name)")
    }
  }
}
