import GestureTestSupport
import Testing

@testable import TouchInput

/// Every public recording decodes into touch frames that keep the touch rules.
@Suite("Decoding the public recordings")
struct PublicRecordingDecodeTests {
  @Test(
    "Each touch begins once and ends or is cancelled once; ids are never reused; time never goes back",
    arguments: PublicRecording.all)
  func invariantsHold(_ file: PublicRecording) throws {
    let reader = try EvemuReader(
      path: recording(file.events), descriptionPath: file.description.map(recording))
    var options = DecoderOptions()
    if file.events.contains("eGalax_Inc_USB") { options.axisMapping = (AbsCode.z, AbsCode.rx) }
    let decoder = TouchDecoder(device: reader.device, options: options)
    var checker = TouchInvariantChecker()
    var batch = EventBatch()
    var began = 0
    while try reader.read(into: &batch) {
      for event in batch.events {
        if let frame = decoder.decode(event) {
          checker.check(frame)
          began += frame.touches.count { $0.phase == .began }
        }
      }
    }
    if let frame = decoder.finish() { checker.check(frame) }
    checker.finish()
    #expect(checker.violations.isEmpty, "\(checker.violations.prefix(5))")
    #expect(began > 0, "no touch decoded")
  }

  @Test(
    "Touch counts match the recordings' README",
    arguments: [
      ("evemu-utouch/3m.event", nil, 34),
      ("evemu-utouch/wetab.event", nil, 11),
      ("evemu-devices/tablets/Wacom_DTH2242_Finger.events", nil, 66),
      ("evemu-devices/touchscreens/Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events", nil, 9),
      ("evemu-utouch/ntrig-xt2-4-tap.event", "evemu-utouch/ntrig-xt2.device", 4),
    ] as [(String, String?, Int)])
  func touchCounts(events: String, description: String?, expected: Int) throws {
    let reader = try EvemuReader(
      path: recording(events), descriptionPath: description.map(recording))
    let decoder = TouchDecoder(device: reader.device)
    var batch = EventBatch()
    var began = 0
    while try reader.read(into: &batch) {
      for event in batch.events {
        if let frame = decoder.decode(event) {
          began += frame.touches.count { $0.phase == .began }
        }
      }
    }
    #expect(began == expected)
  }
}
