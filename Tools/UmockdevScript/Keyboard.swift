import TouchInput

/// A plain PS/2 keyboard, for testing that a device without touch axes is refused.
enum Keyboard {
  /// The description: `EV_KEY` with the letter, digit and control keys, `EV_MSC` `MSC_SCAN`.
  static let device = DeviceDescription(
    name: "AT Translated Set 2 keyboard", bus: 0x11, vendor: 0x1, product: 0x1, version: 0xab41,
    supportedCodes: [
      EventType.syn: [EventType.syn, EventType.key, EventType.msc],
      EventType.key: Set((1 as UInt16)...0x7f),
      EventType.msc: [MscCode.scan],
    ])
}
