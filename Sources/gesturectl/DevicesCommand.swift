import EvdevDevice
import TextOutput
import TouchInput

/// `gesturectl devices`: list the input devices with their touch capabilities.
let devicesCommand = Command(
  name: "devices",
  summary: "List input devices: name, touch capabilities, slots, size in mm.",
  usage: "devices [OPTIONS]",
  discussion: """
    Opens every /dev/input/event* node (numeric order) and prints one line per device: the
    node, the name, whether it is a touchscreen, a touchpad or not a touch device, its
    multi-touch protocol and slots, and its size in mm (from the axes' resolution). Nodes
    that cannot be opened are listed with the reason; touchscreens are found without root
    when the user is in the 'input' group or a udev uaccess rule applies.
    """,
  options: [
    .value("directory", "DIR", "Look in DIR instead of /dev/input.")
  ],
  run: { arguments, console in
    if let extra = arguments.positionals.first {
      throw UsageError(message: "unexpected argument '\(extra)'; devices takes none")
    }
    let found = EvdevInput.scanDevices(directory: arguments.value("directory") ?? "/dev/input")
    if found.isEmpty {
      console.warning("\(arguments.value("directory") ?? "/dev/input"): no input devices found")
    }
    for entry in found { console.out.line(deviceLine(entry)) }
    return ExitStatus.ok
  }
)

/// One line of the `devices` listing.
func deviceLine(_ entry: DiscoveredDevice) -> String {
  guard let device = entry.device else {
    return entry.path + "  unreadable: " + (entry.error?.description ?? "unknown error")
  }
  var line = entry.path + "  \"" + device.name.escapingControlCharacters + "\"  "
  guard device.isTouchDevice else { return line + "not a touch device" }
  line += entry.isTouchscreen ? "touchscreen" : "touchpad"
  line += "  " + device.touchProtocol.rawValue
  if device.slotCount > 0 {
    line += "  \(device.slotCount) slot" + (device.slotCount == 1 ? "" : "s")
  }
  if let geometry = entry.geometry {
    line += "  " + fixed(geometry.width, places: 1) + " x " + fixed(geometry.height, places: 1)
    line += geometry.resolutionIsGuessed ? " mm (guessed: no resolution)" : " mm"
  }
  return line
}
