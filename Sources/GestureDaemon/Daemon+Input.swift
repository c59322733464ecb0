import EvdevDevice
import TextOutput
import TouchInput

/// The daemon's virtual keyboard and pointer, made through `/dev/uinput` when a binding needs
/// them (once: a reload keeps them).
struct DaemonInputDevices {
  /// The keyboard of `key` and `key-hold` bindings.
  var keyboard: VirtualDevice?
  /// The keys the keyboard was made with.
  var keyboardKeys: Set<UInt16> = []
  /// The pointer of `button` bindings.
  var pointer: VirtualDevice?

  /// The name the keyboard has (compositors and `libinput list-devices` show it).
  static let keyboardName = "gesturectl virtual keyboard"
  /// The name of the pointer.
  static let pointerName = "gesturectl virtual pointer"

  /// The keys every keyboard has: the kernel's keyboard keys (`KEY_ESC` 1 to 255, then
  /// `KEY_OK` 0x160 to 0x2bf), without the button ranges in between (`BTN_DPAD_*` 0x220 to
  /// 0x223), and without `BTN_TRIGGER_HAPPY*` (0x2c0 and up): with those, udev would take the
  /// keyboard for a joystick, which libinput ignores. So a reload may bind any key.
  static let standardKeys: Set<UInt16> = Set(1...0xff).union(0x160...0x21f).union(0x224...0x2bf)
}

extension Daemon {
  /// Makes the virtual devices `bindings` need that are not there yet, and returns the
  /// bindings without those that need one that cannot be had, each refused in the log with the
  /// reason and its fix (`error: FILE:LINE: key super+Right refused: /dev/uinput: permission
  /// denied (install …)`): the other bindings keep working. With `--dry-run` nothing is made
  /// and nothing refused (the events are printed).
  func admitInputBindings(_ bindings: [Binding]) -> [Binding] {
    guard !options.dryRun else { return bindings }
    let keys = bindings.compactMap(\.action.chord).flatMap(\.codes)
    var keyboardFailure: String?
    if !keys.isEmpty && input.keyboard == nil {
      let wanted = DaemonInputDevices.standardKeys.union(keys)
      do throws(VirtualDeviceError) {
        let keyboard = try VirtualDevice.keyboard(
          name: DaemonInputDevices.keyboardName, keys: wanted.sorted(), path: options.uinputPath)
        input.keyboard = keyboard
        input.keyboardKeys = wanted
        runner.input.keyboard = InputEventOutput(write: Self.writer(keyboard))
        log(Self.createdLine("keyboard", keyboard))
      } catch {
        keyboardFailure = error.description
      }
    }
    var pointerFailure: String?
    if bindings.contains(where: { if case .button = $0.action { true } else { false } }),
      input.pointer == nil
    {
      do throws(VirtualDeviceError) {
        let pointer = try VirtualDevice.pointer(
          name: DaemonInputDevices.pointerName, path: options.uinputPath)
        input.pointer = pointer
        runner.input.pointer = InputEventOutput(write: Self.writer(pointer))
        log(Self.createdLine("pointer", pointer))
      } catch {
        pointerFailure = error.description
      }
    }
    return bindings.filter { binding in
      guard let reason = refusal(binding, keyboardFailure, pointerFailure) else { return true }
      let place =
        options.bindingsFile.map { "\($0):\(binding.line)" } ?? "line \(binding.line)"
      let words = binding.action.words.map(quoteWord).joined(separator: " ")
      log("error: \(place): \(words) refused: \(reason)".escapingControlCharacters)
      return false
    }
  }

  /// Why `binding` cannot be carried out with the devices there are, if it cannot.
  private func refusal(_ binding: Binding, _ keyboardFailure: String?, _ pointerFailure: String?)
    -> String?
  {
    switch binding.action {
    case .key(let chord), .keyHold(let chord):
      guard input.keyboard != nil else { return keyboardFailure ?? "no virtual keyboard" }
      let missing = chord.codes.filter { !input.keyboardKeys.contains($0) }
      guard missing.isEmpty else {
        return missing.map { KeyNames.kernelName($0) }.joined(separator: ", ")
          + " is not on the virtual keyboard made at start (restart gesturectl run to add it)"
      }
      return nil
    case .button:
      return input.pointer == nil ? pointerFailure ?? "no virtual pointer" : nil
    case .argv, .shell:
      return nil
    }
  }

  /// Releases every key still down and destroys the virtual devices (the daemon ends).
  func closeInputDevices() {
    runner.input.releaseAll()
    runner.input.keyboard = nil
    runner.input.pointer = nil
    input.keyboard?.close()
    input.pointer?.close()
    input = DaemonInputDevices()
  }

  /// A virtual device's batch write as an `InputEventOutput`'s.
  private static func writer(_ device: VirtualDevice) -> ([InputEvent]) -> String? {
    { events in
      do throws(VirtualDeviceError) {
        try device.write(events)
        return nil
      } catch {
        return error.description
      }
    }
  }

  private static func createdLine(_ kind: String, _ device: VirtualDevice) -> String {
    ("virtual \(kind) \"\(device.name)\" created" + (device.syspath.map { " (\($0))" } ?? ""))
      .escapingControlCharacters
  }
}
