import Testing

@testable import TouchInput

/// Each generation of the evemu format, read from the public recordings and checked against
/// the facts the recordings' README lists.
@Suite struct EvemuFormatTests {
  @Test("EVEMU 1.0: the ntrig-xt2 description pairs with its header-less tap files")
  func evemu10Pairing() throws {
    var reader = try EvemuReader(
      path: recording("evemu-utouch/ntrig-xt2-2-tap.event"),
      descriptionPath: recording("evemu-utouch/ntrig-xt2.device"))
    let device = reader.device
    #expect(device.name == "N-Trig-MultiTouch")
    #expect([device.bus, device.vendor, device.product, device.version] == [3, 0x1b96, 1, 0x110])
    #expect(reader.header == EvemuHeader())
    #expect(device.absoluteAxes[AbsCode.x] == AbsInfo(minimum: 0, maximum: 9600, fuzz: 75))
    #expect(
      device.absoluteAxes[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 7200, fuzz: 78))
    #expect(device.slotCount == 0)
    #expect(device.touchProtocol == .multitouchA)
    let result = try readAll(&reader)
    #expect(result.events.count == 88)
    #expect(result.lines.first == 1)
    #expect(
      result.events.first
        == InputEvent(time: 1_299_660_574_211_135, type: 3, code: 0x35, value: 6187))
  }

  @Test("EVEMU 1.1: the 3M screen declares 60 slots and no resolution")
  func evemu11ThreeM() throws {
    let reader = try EvemuReader(path: recording("evemu-utouch/3m.event"))
    let device = reader.device
    #expect(device.name == "3M-3M-MicroTouch-USB-controller Virtual Device")
    #expect(
      [device.bus, device.vendor, device.product, device.version] == [3, 0x596, 0x502, 0x110])
    #expect(device.slotCount == 60)
    #expect(device.touchProtocol == .multitouchB)
    #expect(device.properties.isEmpty)
    #expect(
      device.absoluteAxes[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 32767, fuzz: 15))
    #expect(device.absoluteAxes.values.allSatisfy { $0.resolution == 0 })
    #expect(device.supportedCodes[EventType.key] == [KeyCode.btnTouch])
    #expect(reader.header.version == "1.1")
  }

  @Test("EVEMU 1.2: the ISDv4 E6 description pairs with its tap and has resolution 0")
  func evemu12Pairing() throws {
    var reader = try EvemuReader(
      path: recording("evemu-devices/tablets/Wacom_ISDv4_E6_Finger.single-tap-center.events"),
      descriptionPath: recording("evemu-devices/tablets/Wacom_ISDv4_E6_Finger.desc"))
    let device = reader.device
    #expect(device.name == "Wacom ISDv4 E6 Finger")
    #expect(
      [device.bus, device.vendor, device.product, device.version] == [3, 0x56a, 0xe6, 0x139])
    #expect(device.properties == [InputProperty.direct])
    #expect(device.slotCount == 2)
    #expect(device.absoluteAxes[AbsCode.x] == AbsInfo(minimum: 0, maximum: 2776, fuzz: 4))
    #expect(device.absoluteAxes[AbsCode.mtToolType] == AbsInfo(minimum: 0, maximum: 1))
    #expect(reader.header.version == "1.2")
    let result = try readAll(&reader)
    #expect(result.events.count == 10)
    #expect(
      result.events[0] == InputEvent(time: 1_330_495_931_101_111, type: 3, code: 0x39, value: 0))
  }

  @Test("EVEMU 1.3: Dell Canvas has non-square resolution and a full comment header")
  func evemu13DellCanvas() throws {
    var reader = try EvemuReader(path: recording("evemu-devices/tablets/dell_canvas_touch.evemu"))
    let device = reader.device
    #expect(device.name == "Advanced Silicon S.A. CoolTouch® System")
    #expect(
      [device.bus, device.vendor, device.product, device.version] == [3, 0x2575, 0x204, 0x111])
    #expect(device.absoluteAxes[AbsCode.x]?.resolution == 55)
    #expect(device.absoluteAxes[AbsCode.y]?.resolution == 98)
    #expect(device.absoluteAxes[AbsCode.mtPositionY]?.resolution == 98)
    #expect(device.slotCount == 5)
    #expect(device.supports(type: EventType.msc, code: MscCode.timestamp))
    #expect(reader.header.version == "1.3")
    #expect(reader.header.kernel == "4.14.0-rc7+")
    #expect(reader.header.dmi?.hasPrefix("dmi:bvnDellInc.:bvr1.3.5:") == true)
    #expect(reader.header.size == EvemuHeader.Size(width: 595, height: 334))
    let result = try readAll(&reader)
    #expect(result.events.count == 5363)
    #expect(result.events[0] == InputEvent(time: 1, type: 3, code: 0x39, value: 0))
    #expect(result.events[3] == InputEvent(time: 1, type: 3, code: 0x2f, value: 1))
  }

  @Test("EVEMU 1.3: the Cintiq 13HD reports 10 units per millimetre")
  func evemu13Cintiq() throws {
    let reader = try EvemuReader(
      path: recording("evemu-devices/tablets/Wacom_Cintiq_13HD_touch_Finger.events"))
    #expect(
      reader.device.absoluteAxes[AbsCode.mtPositionX]
        == AbsInfo(
          minimum: 0, maximum: 2937, fuzz: 4, resolution: 10))
    #expect(reader.device.slotCount == 10)
    #expect(reader.header.kernel == "4.7.0-rc5+")
    #expect(reader.header.size == nil)
  }

  @Test("eGalax single-touch: axes start above 0, and B: lines continue the key bitmask")
  func eGalaxAxesAndKeys() throws {
    let device = try EvemuReader.parseDescription(
      path: recording("evemu-devices/tablets/eGalax_Inc_USB_TouchController.desc"))
    #expect(device.absoluteAxes[AbsCode.x] == AbsInfo(minimum: 42, maximum: 1981))
    #expect(device.absoluteAxes[AbsCode.y] == AbsInfo(minimum: 42, maximum: 1981))
    #expect(device.absoluteAxes[AbsCode.z] == AbsInfo(minimum: 30, maximum: 4040))
    #expect(device.absoluteAxes[AbsCode.rx] == AbsInfo(minimum: 60, maximum: 4035))
    #expect(device.supportedCodes[EventType.key] == [0x110, 0x111, 0x140, KeyCode.btnTouch])
    #expect(device.supportedCodes[EventType.msc] == [MscCode.scan])
    #expect(device.properties.isEmpty)
    #expect(device.touchProtocol == .singleTouch)
  }

  @Test("The type bitmask lists the supported types, each with at least an empty code set")
  func typeBitmask() throws {
    let device = try EvemuReader.parseDescription(
      path: recording("evemu-utouch/ntrig-xt2.device"))
    #expect(device.supportedCodes[EventType.syn] == [0, 1, 3])
    #expect(device.supportedCodes[EventType.key] == [KeyCode.btnTouch])
    #expect(device.supportedCodes[EventType.abs] == [0, 1, 0x30, 0x31, 0x34, 0x35, 0x36])
    #expect(Set(device.supportedCodes.keys) == [0, 1, 3])
    let n4 = try EvemuReader.parseDescription(path: recording("xorg-integration-tests/n4.desc"))
    #expect(n4.supportedCodes[EventType.key] == nil)
    #expect(n4.absoluteAxes[AbsCode.x] == nil)
    #expect(n4.slotCount == 10)
  }

  @Test("A description-only file (Elo 2700) reads with no events")
  func descriptionOnly() throws {
    let reader = try EvemuReader(path: recording("evemu-utouch/lp-884848.prop"))
    #expect(reader.device.supports(type: EventType.key, code: KeyCode.btnLeft))
    #expect(!reader.device.supports(type: EventType.key, code: KeyCode.btnTouch))
    #expect(reader.device.absoluteAxes[AbsCode.x] == AbsInfo(minimum: 0, maximum: 4095))
    var batch = EventBatch()
    #expect(try reader.read(into: &batch) == false)
    #expect(batch.isEmpty)
  }

  @Test("The Synaptics clickpad description carries its PS/2 ids and two properties")
  func clickpadProperties() throws {
    let device = try EvemuReader.parseDescription(
      path: recording("xorg-integration-tests/SynPS2-Synaptics-TouchPad-Clickpad.desc"))
    #expect(device.name == "SynPS/2 Synaptics TouchPad")
    #expect([device.bus, device.vendor, device.product, device.version] == [0x11, 2, 7, 0x1b1])
    #expect(device.properties == [InputProperty.pointer, InputProperty.buttonpad])
    #expect(device.absoluteAxes[AbsCode.x] == AbsInfo(minimum: 1472, maximum: 5472, fuzz: 8))
  }
}
