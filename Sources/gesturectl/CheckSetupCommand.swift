import EvdevDevice
import GestureDaemon
import TextOutput

/// `gesturectl check-setup`: what `gesturectl run` needs, and what is missing with its fix.
let checkSetupCommand = Command(
  name: "check-setup",
  summary: "Check that 'run' can read the touchscreens, use /dev/uinput, load its bindings.",
  usage: "check-setup [--config FILE] [-g LISGD]... [--uinput PATH] [DEVICE]...",
  discussion: """
    Checks what 'gesturectl run' needs and prints one line for each: read access to every
    touchscreen udev knows (or the DEVICE nodes named), the bindings file (it parses; how
    many bindings, which need /dev/uinput), and access to /dev/uinput when a key, key-hold or
    button binding or a device rule with 'own' needs it. Each missing thing is an 'error:' line naming its fix. Exit
    status 0 only when everything needed is there, 1 otherwise.
    """,
  options: [
    .value("config", "FILE", "The bindings file (default as for 'run')."),
    .value(
      "gesture", short: "g", "SPEC",
      "Also a lisgd binding \"nfingers,gesture,edge,distance,actmode,command\"."),
    .value("uinput", "PATH", "The uinput node to check (default /dev/uinput)."),
  ],
  run: { arguments, console in
    var problems = checkTouchscreens(arguments.positionals, console: console)
    let file = arguments.value("config")
    let uinput = arguments.value("uinput") ?? VirtualDevice.defaultPath
    let needing: [Int]
    do throws(BindingsError) {
      let configuration = try loadBindings(
        file: file, lisgd: arguments.allValues["gesture"] ?? [])
      let name = file ?? BindingsFile.defaultPath
      // Key and button bindings, and device rules with `own` (the clone is a uinput device).
      let lines =
        configuration.bindings.filter(\.action.needsUinput).map(\.line)
        + configuration.devices.filter(\.own).map(\.line)
      needing = lines.sorted()
      var text = "bindings \(name): \(counted(configuration.bindings.count, "binding"))"
      if !configuration.devices.isEmpty {
        text += ", \(counted(configuration.devices.count, "device rule"))"
      }
      if !needing.isEmpty {
        text +=
          ", \(needing.count) need\(needing.count == 1 ? "s" : "") \(uinput) (line"
          + (needing.count == 1 ? " " : "s ")
          + needing.map(String.init).joined(separator: ", ") + ")"
      }
      console.out.line(text.escapingControlCharacters)
    } catch {
      console.error("\(error)")
      problems += 1
      needing = []
    }
    do throws(VirtualDeviceError) {
      try VirtualDevice.checkAccess(path: uinput)
      console.out.line(
        "uinput \(uinput): writable".escapingControlCharacters
          + (needing.isEmpty ? " (no binding needs it)" : ""))
    } catch {
      if needing.isEmpty {
        console.out.line(
          ("uinput not needed (no key, key-hold or button binding, no device rule with own): "
            + error.description)
            .escapingControlCharacters)
      } else {
        console.error(
          "\(error.description); the lines that need it are refused without it")
        problems += 1
      }
    }
    if problems > 0 {
      console.error(
        "check-setup: \(counted(problems, "problem")) ('gesturectl run' needs them fixed)")
      return ExitStatus.badInput
    }
    console.out.line("ok: everything 'gesturectl run' needs is there")
    return ExitStatus.ok
  }
)

/// Prints a line per touchscreen (udev's, or `nodes`): readable, or an error naming the fix;
/// returns the number of problems (a touchscreen that cannot be read, or none at all).
private func checkTouchscreens(_ nodes: [String], console: Console) -> Int {
  var found: [(node: String, name: String?)] = []
  if nodes.isEmpty {
    do throws(EvdevError) {
      let monitor = try UdevMonitor()
      found = monitor.enumerate().filter(\.isTouchscreen).map { ($0.node, $0.name) }
    } catch {
      // Without udev, every node that opens and looks like a touchscreen.
      console.warning("udev is not available (\(error)); looking in /dev/input")
      let scanned = EvdevInput.scanDevices()
      found = scanned.filter(\.isTouchscreen).map { ($0.path, $0.device?.name) }
      for entry in scanned where entry.device == nil {
        console.warning(
          "\(entry.error?.description ?? entry.path) (a touchscreen, perhaps; udev would say)")
      }
    }
  } else {
    found = nodes.map { ($0, nil) }
  }
  guard !found.isEmpty else {
    console.error(
      "no touchscreen found: udev tags none ID_INPUT_TOUCHSCREEN=1 (see 'gesturectl devices'; "
        + "name one: check-setup DEVICE)")
    return 1
  }
  var problems = 0
  for (node, udevName) in found {
    do throws(EvdevError) {
      let input = try EvdevInput.open(path: node)
      if let refusal = EvdevInput.touchRefusal(for: input.device, path: node) {
        console.error(refusal)
        problems += 1
        continue
      }
      console.out.line(
        "touchscreen \(node) \"\(input.device.name)\": readable".escapingControlCharacters)
    } catch {
      // `NODE: open: Permission denied (errno 13); add your user to the 'input' group…`, with
      // the name udev gives after the node.
      var text = error.description
      if let name = udevName, text.hasPrefix(node) {
        text = node + " (\"\(name)\")" + text.dropFirst(node.count)
      }
      console.error(text)
      problems += 1
    }
  }
  return problems
}

/// `1 problem`, `2 problems`.
private func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
