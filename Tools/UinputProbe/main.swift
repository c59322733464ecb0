// uinput-probe: makes a virtual keyboard through /dev/uinput and types a chord on it, for the
// tests of the uinput writer under the emulated node (Tools/umockdev-uinput.py).
//
//   uinput-probe keyboard NAME CODE...   a keyboard with keys CODE... (decimal KEY_* codes);
//                                        presses each in order, SYN_REPORT, releases them in
//                                        reverse, SYN_REPORT

import EvdevDevice
import Glibc
import TextOutput
import TouchInput

func fail(_ message: String) -> Never {
  writeErrorLine("error: " + message.escapingControlCharacters)
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "keyboard", arguments.count >= 3 else {
  fail("usage: uinput-probe keyboard NAME CODE...")
}
let codes = arguments.dropFirst(2).map { word -> UInt16 in
  guard let code = UInt16(word) else { fail("not a key code: \(word)") }
  return code
}
do throws(VirtualDeviceError) {
  let keyboard = try VirtualDevice.keyboard(name: arguments[1], keys: codes)
  for code in codes { try keyboard.write(type: EventType.key, code: code, value: 1) }
  try keyboard.sync()
  for code in codes.reversed() { try keyboard.write(type: EventType.key, code: code, value: 0) }
  try keyboard.sync()
  keyboard.close()
} catch {
  fail("\(error)")
}
