import EvdevDevice

/// Keys pressed together, as a `key` or `key-hold` action names them (`super+Right`): pressed
/// in order, released in reverse.
public struct KeyChord: Sendable, Hashable {
  /// The names as the file wrote them, in order (`super`, `Right`).
  public var names: [String]
  /// Their `EV_KEY` codes, in the same order.
  public var codes: [UInt16]

  /// Reads `super+Right`, `ctrl+alt+t`, `XF86AudioRaiseVolume`, `KEY_VOLUMEUP`.
  ///
  /// - Throws: `BindingsReason` for an empty part, an unknown name (with a hint) or a key
  ///   named twice.
  init(parsing text: String) throws(BindingsReason) {
    names = []
    codes = []
    for part in text.split(separator: "+", omittingEmptySubsequences: false) {
      let name = String(part)
      guard !name.isEmpty else {
        throw BindingsReason("key names joined by '+', such as super+Right, not '\(text)'")
      }
      guard let code = KeyNames.code(of: name) else {
        throw BindingsReason(text: "unknown key \"\(name)\" (\(KeyNames.hint(for: name)))")
      }
      guard !codes.contains(code) else {
        throw BindingsReason(text: "key \"\(name)\" is named twice in '\(text)'")
      }
      names.append(name)
      codes.append(code)
    }
  }

  /// The chord as the file writes it: its names joined by `+`.
  public var text: String { names.joined(separator: "+") }

  /// The kernel names of its codes (`KEY_LEFTMETA+KEY_RIGHT`).
  public var kernelText: String {
    codes.map { KeyNames.kernelName($0) }.joined(separator: "+")
  }
}

/// The mouse button a `button` action clicks.
public enum PointerButton: String, Sendable, Hashable, CaseIterable {
  /// `BTN_LEFT`.
  case left
  /// `BTN_RIGHT` (the two-finger-tap right click).
  case right
  /// `BTN_MIDDLE`.
  case middle

  /// The button's `EV_KEY` code.
  public var code: UInt16 {
    switch self {
    case .left: 0x110
    case .right: 0x111
    case .middle: 0x112
    }
  }
}

/// The names a chord may use: the kernel's `KEY_*` and `BTN_*` names (libevdev's tables)
/// and the usual aliases of window managers and xkb (`super`, `ctrl`, `Return`,
/// `XF86AudioRaiseVolume`…). Aliases other than the XF86 ones match in any case.
public enum KeyNames {
  /// Aliases for modifiers and named keys, lower-cased, with the kernel name they stand for.
  static let aliases: [String: String] = [
    "super": "KEY_LEFTMETA", "meta": "KEY_LEFTMETA", "logo": "KEY_LEFTMETA",
    "win": "KEY_LEFTMETA", "ctrl": "KEY_LEFTCTRL", "control": "KEY_LEFTCTRL",
    "alt": "KEY_LEFTALT", "altgr": "KEY_RIGHTALT", "shift": "KEY_LEFTSHIFT",
    "left": "KEY_LEFT", "right": "KEY_RIGHT", "up": "KEY_UP", "down": "KEY_DOWN",
    "return": "KEY_ENTER", "enter": "KEY_ENTER", "escape": "KEY_ESC", "esc": "KEY_ESC",
    "tab": "KEY_TAB", "space": "KEY_SPACE", "backspace": "KEY_BACKSPACE",
    "delete": "KEY_DELETE", "insert": "KEY_INSERT", "home": "KEY_HOME", "end": "KEY_END",
    "page_up": "KEY_PAGEUP", "pageup": "KEY_PAGEUP", "prior": "KEY_PAGEUP",
    "page_down": "KEY_PAGEDOWN", "pagedown": "KEY_PAGEDOWN", "next": "KEY_PAGEDOWN",
    // xkb's Print is the kernel's SYSRQ key, its Menu the COMPOSE key.
    "print": "KEY_SYSRQ", "menu": "KEY_COMPOSE",
    "minus": "KEY_MINUS", "equal": "KEY_EQUAL", "comma": "KEY_COMMA", "period": "KEY_DOT",
    "slash": "KEY_SLASH", "semicolon": "KEY_SEMICOLON", "grave": "KEY_GRAVE",
  ]

  /// xkb's XF86 keysyms in common use and the kernel keys xkeyboard-config gives them (its
  /// evdev keycodes are the kernel's plus 8, its `inet` symbols name them).
  static let xf86: [String: String] = [
    "XF86AudioRaiseVolume": "KEY_VOLUMEUP", "XF86AudioLowerVolume": "KEY_VOLUMEDOWN",
    "XF86AudioMute": "KEY_MUTE", "XF86AudioMicMute": "KEY_MICMUTE",
    "XF86AudioPlay": "KEY_PLAYPAUSE", "XF86AudioPause": "KEY_PAUSECD",
    "XF86AudioStop": "KEY_STOPCD", "XF86AudioNext": "KEY_NEXTSONG",
    "XF86AudioPrev": "KEY_PREVIOUSSONG", "XF86MonBrightnessUp": "KEY_BRIGHTNESSUP",
    "XF86MonBrightnessDown": "KEY_BRIGHTNESSDOWN", "XF86KbdBrightnessUp": "KEY_KBDILLUMUP",
    "XF86KbdBrightnessDown": "KEY_KBDILLUMDOWN", "XF86PowerOff": "KEY_POWER",
    "XF86Sleep": "KEY_SLEEP", "XF86ScreenSaver": "KEY_COFFEE",
    "XF86Display": "KEY_SWITCHVIDEOMODE", "XF86RotateWindows": "KEY_ROTATE_DISPLAY",
    "XF86Calculator": "KEY_CALC", "XF86Mail": "KEY_MAIL", "XF86WWW": "KEY_WWW",
    "XF86HomePage": "KEY_HOMEPAGE", "XF86Search": "KEY_SEARCH", "XF86Back": "KEY_BACK",
    "XF86Forward": "KEY_FORWARD", "XF86Reload": "KEY_REFRESH", "XF86WLAN": "KEY_WLAN",
    "XF86Bluetooth": "KEY_BLUETOOTH",
  ]

  /// The kernel header's second names for keys (`#define KEY_SCREENLOCK KEY_COFFEE`), which
  /// libevdev's tables leave out, with the name libevdev knows.
  static let kernelAliases: [String: String] = [
    "KEY_HANGUEL": "KEY_HANGEUL", "KEY_SCREENLOCK": "KEY_COFFEE",
    "KEY_DIRECTION": "KEY_ROTATE_DISPLAY", "KEY_DASHBOARD": "KEY_ALL_APPLICATIONS",
    "KEY_BRIGHTNESS_ZERO": "KEY_BRIGHTNESS_AUTO", "KEY_WIMAX": "KEY_WWAN",
    "KEY_ZOOM": "KEY_FULL_SCREEN", "KEY_SCREEN": "KEY_ASPECT_RATIO",
    "KEY_BRIGHTNESS_TOGGLE": "KEY_DISPLAYTOGGLE", "BTN_MOUSE": "BTN_LEFT",
  ]

  /// Keys newer than the libevdev of Debian 12 (1.13), by their code in
  /// `linux/input-event-codes.h`.
  static let newerKernelCodes: [String: UInt16] = [
    "KEY_LINK_PHONE": 0x1bf, "KEY_REFRESH_RATE_TOGGLE": 0x232,
  ]

  /// The code `name` stands for: a kernel name, an alias, a letter, a digit or F1-F24.
  public static func code(of name: String) -> UInt16? {
    if let code = newerKernelCodes[name] { return code }
    guard let kernel = kernelName(for: name) else { return nil }
    return KeyCodes.code(named: kernelAliases[kernel] ?? kernel)
  }

  /// The kernel name `name` stands for, if it stands for one (not yet checked with libevdev
  /// for names written in the kernel's spelling).
  static func kernelName(for name: String) -> String? {
    if name.hasPrefix("KEY_") || name.hasPrefix("BTN_") { return name }
    if let kernel = xf86[name] { return kernel }
    let lower = name.lowercased()
    if let kernel = aliases[lower] { return kernel }
    if lower.count == 1, let scalar = lower.unicodeScalars.first,
      ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    {
      return "KEY_" + lower.uppercased()
    }
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...24).contains(number),
      lower.dropFirst().first != "0"
    {
      return "KEY_F\(number)"
    }
    return nil
  }

  /// The kernel name of `code` (`KEY_LEFTMETA`), or its number in hexadecimal.
  static func kernelName(_ code: UInt16) -> String {
    KeyCodes.name(of: code) ?? "0x" + String(code, radix: 16)
  }

  /// What to write instead of an unknown name: the kernel name it may mean, or what names
  /// are accepted.
  static func hint(for name: String) -> String {
    let upper = name.uppercased()
    for candidate in [upper, "KEY_" + upper, "BTN_" + upper, upper.replacingPrefix("XF86", "KEY_")]
    where candidate != name && KeyCodes.code(named: candidate) != nil {
      return "did you mean \(candidate)?"
    }
    return "a kernel name such as KEY_VOLUMEUP or BTN_LEFT, a letter, a digit, F1-F24, super, "
      + "ctrl, alt, altgr, shift, Left, Right, Up, Down, Return, Escape, Tab, space, BackSpace, "
      + "Delete, Home, End, Page_Up, Page_Down or an XF86 name such as XF86AudioRaiseVolume; "
      + "see Docs/gesturectl-run.md"
  }
}

extension String {
  /// The string with `prefix` replaced by `replacement`, or unchanged without it.
  fileprivate func replacingPrefix(_ prefix: String, _ replacement: String) -> String {
    hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
  }
}
