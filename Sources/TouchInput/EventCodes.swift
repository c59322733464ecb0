// Kernel input constants, named after <linux/input-event-codes.h>. Each Swift constant carries
// the kernel name in its doc comment; `KernelNames` maps both ways for parsing and printing.

/// Event types (`EV_*`).
public enum EventType {
  /// `EV_SYN`
  public static let syn: UInt16 = 0x00
  /// `EV_KEY`
  public static let key: UInt16 = 0x01
  /// `EV_REL`
  public static let rel: UInt16 = 0x02
  /// `EV_ABS`
  public static let abs: UInt16 = 0x03
  /// `EV_MSC`
  public static let msc: UInt16 = 0x04
  /// `EV_SW`
  public static let sw: UInt16 = 0x05
  /// `EV_LED`
  public static let led: UInt16 = 0x11
  /// `EV_SND`
  public static let snd: UInt16 = 0x12
  /// `EV_REP`
  public static let rep: UInt16 = 0x14
  /// `EV_FF`
  public static let ff: UInt16 = 0x15
  /// `EV_PWR`
  public static let pwr: UInt16 = 0x16
  /// `EV_FF_STATUS`
  public static let ffStatus: UInt16 = 0x17
  /// `EV_MAX`
  public static let max: UInt16 = 0x1f
}

/// Synchronization codes (`SYN_*`).
public enum SynCode {
  /// `SYN_REPORT`: closes a frame.
  public static let report: UInt16 = 0
  /// `SYN_CONFIG`
  public static let config: UInt16 = 1
  /// `SYN_MT_REPORT`: closes one contact in protocol A.
  public static let mtReport: UInt16 = 2
  /// `SYN_DROPPED`: the kernel's buffer overran; events were lost.
  public static let dropped: UInt16 = 3
}

/// Absolute axis codes (`ABS_*`).
public enum AbsCode {
  /// `ABS_X`
  public static let x: UInt16 = 0x00
  /// `ABS_Y`
  public static let y: UInt16 = 0x01
  /// `ABS_Z`
  public static let z: UInt16 = 0x02
  /// `ABS_RX`
  public static let rx: UInt16 = 0x03
  /// `ABS_RY`
  public static let ry: UInt16 = 0x04
  /// `ABS_RZ`
  public static let rz: UInt16 = 0x05
  /// `ABS_PRESSURE`
  public static let pressure: UInt16 = 0x18
  /// `ABS_DISTANCE`
  public static let distance: UInt16 = 0x19
  /// `ABS_MISC`
  public static let misc: UInt16 = 0x28
  /// `ABS_MT_SLOT`
  public static let mtSlot: UInt16 = 0x2f
  /// `ABS_MT_TOUCH_MAJOR`
  public static let mtTouchMajor: UInt16 = 0x30
  /// `ABS_MT_TOUCH_MINOR`
  public static let mtTouchMinor: UInt16 = 0x31
  /// `ABS_MT_WIDTH_MAJOR`
  public static let mtWidthMajor: UInt16 = 0x32
  /// `ABS_MT_WIDTH_MINOR`
  public static let mtWidthMinor: UInt16 = 0x33
  /// `ABS_MT_ORIENTATION`
  public static let mtOrientation: UInt16 = 0x34
  /// `ABS_MT_POSITION_X`
  public static let mtPositionX: UInt16 = 0x35
  /// `ABS_MT_POSITION_Y`
  public static let mtPositionY: UInt16 = 0x36
  /// `ABS_MT_TOOL_TYPE`
  public static let mtToolType: UInt16 = 0x37
  /// `ABS_MT_BLOB_ID`
  public static let mtBlobID: UInt16 = 0x38
  /// `ABS_MT_TRACKING_ID`
  public static let mtTrackingID: UInt16 = 0x39
  /// `ABS_MT_PRESSURE`
  public static let mtPressure: UInt16 = 0x3a
  /// `ABS_MT_DISTANCE`
  public static let mtDistance: UInt16 = 0x3b
  /// `ABS_MT_TOOL_X`
  public static let mtToolX: UInt16 = 0x3c
  /// `ABS_MT_TOOL_Y`
  public static let mtToolY: UInt16 = 0x3d
  /// `ABS_MAX`
  public static let max: UInt16 = 0x3f
}

/// Key and button codes used by touch devices (`BTN_*`).
public enum KeyCode {
  /// `BTN_LEFT`: some single-touch screens send it instead of `BTN_TOUCH`.
  public static let btnLeft: UInt16 = 0x110
  /// `BTN_TOOL_PEN`
  public static let btnToolPen: UInt16 = 0x140
  /// `BTN_TOOL_FINGER`
  public static let btnToolFinger: UInt16 = 0x145
  /// `BTN_TOOL_QUINTTAP`
  public static let btnToolQuintTap: UInt16 = 0x148
  /// `BTN_TOUCH`
  public static let btnTouch: UInt16 = 0x14a
  /// `BTN_TOOL_DOUBLETAP`
  public static let btnToolDoubleTap: UInt16 = 0x14d
  /// `BTN_TOOL_TRIPLETAP`
  public static let btnToolTripleTap: UInt16 = 0x14e
  /// `BTN_TOOL_QUADTAP`
  public static let btnToolQuadTap: UInt16 = 0x14f
  /// `KEY_MAX`
  public static let max: UInt16 = 0x2ff
}

/// Miscellaneous codes (`MSC_*`).
public enum MscCode {
  /// `MSC_SERIAL`
  public static let serial: UInt16 = 0x00
  /// `MSC_SCAN`
  public static let scan: UInt16 = 0x04
  /// `MSC_TIMESTAMP`: the device's own clock in µs; carries no touch change.
  public static let timestamp: UInt16 = 0x05
}

/// Input device properties (`INPUT_PROP_*`).
public enum InputProperty {
  /// `INPUT_PROP_POINTER`
  public static let pointer: UInt16 = 0x00
  /// `INPUT_PROP_DIRECT`: a touchscreen or pen display.
  public static let direct: UInt16 = 0x01
  /// `INPUT_PROP_BUTTONPAD`
  public static let buttonpad: UInt16 = 0x02
  /// `INPUT_PROP_SEMI_MT`: slot positions are bounding-box corners, not fingers.
  public static let semiMT: UInt16 = 0x03
  /// `INPUT_PROP_TOPBUTTONPAD`
  public static let topButtonpad: UInt16 = 0x04
  /// `INPUT_PROP_POINTING_STICK`
  public static let pointingStick: UInt16 = 0x05
  /// `INPUT_PROP_ACCELEROMETER`
  public static let accelerometer: UInt16 = 0x06
  /// `INPUT_PROP_MAX`
  public static let max: UInt16 = 0x1f
}
