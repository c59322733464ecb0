import EvdevDevice
import GestureTestSupport
import Testing
import TouchInput

@testable import GestureDaemon

/// `key`, `key-hold` and `button` actions: the grammar, the key names, the events written and
/// the releases of held keys.
@Suite struct KeyActionTests {
  /// The one binding of `line`.
  func binding(_ line: String) throws -> Binding {
    let configuration = try BindingsParser.parse(line + "\n", file: "b")
    return try #require(configuration.bindings.first)
  }

  /// The error of parsing `line`, as `FILE:LINE: reason`.
  func failure(_ line: String) -> String? {
    do {
      _ = try BindingsParser.parse(line + "\n", file: "b")
      return nil
    } catch {
      return error.description
    }
  }

  @Test(
    "a chord names kernel keys by alias, letter, digit, F-key, XF86 or kernel name",
    arguments: [
      ("super+Right", [125, 106]), ("ctrl+alt+t", [29, 56, 20]), ("Ctrl+Shift+T", [29, 42, 20]),
      ("XF86AudioRaiseVolume", [115]), ("KEY_VOLUMEUP", [115]), ("meta+1", [125, 2]),
      ("logo+F24", [125, 194]), ("altgr+Return", [100, 28]), ("Escape", [1]),
      ("Page_Up", [104]), ("Next", [109]), ("XF86MonBrightnessDown", [224]),
      ("XF86PowerOff", [116]), ("BTN_LEFT", [0x110]), ("space", [57]), ("BackSpace", [14]),
      ("KEY_SCREENLOCK", [152]), ("BTN_MOUSE", [0x110]), ("KEY_LINK_PHONE", [0x1bf]),
    ] as [(String, [UInt16])])
  func chords(text: String, codes: [UInt16]) throws {
    let parsed = try binding("swipe key \(text)")
    #expect(parsed.action == .key(try KeyChord(parsing: text)))
    #expect(parsed.action.chord?.codes == codes)
    #expect(parsed.action.needsUinput)
  }

  @Test("every alias and XF86 name stands for a key libevdev knows")
  func aliasesResolve() {
    for (alias, kernel) in KeyNames.aliases.sorted(by: { $0.key < $1.key }) {
      #expect(KeyCodes.code(named: kernel) != nil, "\(alias) -> \(kernel)")
      #expect(KeyNames.code(of: alias) != nil, "\(alias)")
    }
    for (name, kernel) in KeyNames.kernelAliases.sorted(by: { $0.key < $1.key }) {
      #expect(KeyCodes.code(named: kernel) != nil, "\(name) -> \(kernel)")
    }
    for (name, kernel) in KeyNames.xf86.sorted(by: { $0.key < $1.key }) {
      #expect(KeyCodes.code(named: kernel) != nil, "\(name) -> \(kernel)")
    }
    for number in 1...24 { #expect(KeyNames.code(of: "F\(number)") != nil) }
    #expect(KeyNames.code(of: "F0") == nil && KeyNames.code(of: "F25") == nil)
    #expect(KeyNames.code(of: "F01") == nil)
    #expect(KeyCodes.name(of: 125) == "KEY_LEFTMETA")
  }

  @Test(
    "a bad action is refused at load with file, line and a hint",
    arguments: [
      (
        "swipe key super+Foo",
        "b:1: unknown key \"Foo\" (a kernel name such as KEY_VOLUMEUP or BTN_LEFT, a letter, a digit, F1-F24, super, ctrl, alt, altgr, shift, Left, Right, Up, Down, Return, Escape, Tab, space, BackSpace, Delete, Home, End, Page_Up, Page_Down or an XF86 name such as XF86AudioRaiseVolume; see Docs/gesturectl-run.md)"
      ),
      ("swipe key volumeup", "b:1: unknown key \"volumeup\" (did you mean KEY_VOLUMEUP?)"),
      ("swipe key key_mute", "b:1: unknown key \"key_mute\" (did you mean KEY_MUTE?)"),
      ("swipe key XF86Mute", "b:1: unknown key \"XF86Mute\" (did you mean KEY_MUTE?)"),
      (
        "swipe key ctrl++t",
        "b:1: expected key names joined by '+', such as super+Right, not 'ctrl++t'"
      ),
      ("swipe key ctrl+control", "b:1: key \"control\" is named twice in 'ctrl+control'"),
      (
        "swipe key",
        "b:1: expected one chord after 'key', its keys joined by '+', such as key super+Right"
      ),
      (
        "swipe key-hold a b",
        "b:1: expected one chord after 'key-hold', its keys joined by '+', such as key-hold super+Right"
      ),
      ("tap button back", "b:1: expected button left, right or middle, not 'back'"),
      ("tap button", "b:1: expected button left, right or middle, not ''"),
      (
        "tap key-hold super",
        "b:1: key-hold holds keys while a gesture goes on, and a tap is over when recognized; use key (or a long-press, pan, edge-pan, pinch or rotation)"
      ),
      (
        "pan every=5mm key-hold super",
        "b:1: key-hold presses its keys when the binding fires and releases them when the gesture ends, so it takes on=recognize or on=begin only; use key for on=end or every="
      ),
      (
        "pan on=end key-hold super",
        "b:1: key-hold presses its keys when the binding fires and releases them when the gesture ends, so it takes on=recognize or on=begin only; use key for on=end or every="
      ),
    ])
  func refused(line: String, message: String) {
    #expect(failure(line) == message)
  }

  @Test("check-config's text of key bindings reads back the same and names the kernel keys")
  func normalized() throws {
    let text = """
      swipe direction=right fingers=3 key super+Right
      pan direction=up on=begin key-hold KEY_LEFTSHIFT
      tap fingers=2 button right
      edge-pan edge=right every=5mm key XF86AudioRaiseVolume
      """
    let configuration = try BindingsParser.parse(text, file: "b")
    let lines = configuration.normalizedText.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "swipe direction=right fingers=3 on=recognize key super+Right  # KEY_LEFTMETA+KEY_RIGHT",
        "pan direction=up fingers=1 distance=0mm on=begin key-hold KEY_LEFTSHIFT",
        "tap taps=1 fingers=2 on=recognize button right",
        "edge-pan edge=right direction=left fingers=1 every=5mm key XF86AudioRaiseVolume  # KEY_VOLUMEUP",
      ])
    let again = try BindingsParser.parse(configuration.normalizedText, file: "b")
    #expect(again.bindings.map(\.action) == configuration.bindings.map(\.action))
    #expect(again.bindings.map(\.gesture) == configuration.bindings.map(\.gesture))
  }

  @Test("'key' as an argument of a command stays the command's")
  func keyInsideCommand() throws {
    #expect(
      try binding("tap run xdotool key ctrl+t").action == .argv(["xdotool", "key", "ctrl+t"]))
  }

  /// InputActions writing into arrays, one per device.
  final class Probe {
    var keyboard: [[InputEvent]] = []
    var pointer: [[InputEvent]] = []
    var log: [String] = []
    var output: [String] = []
    let dryRun: Bool
    let failing: Bool
    lazy var runner: InputActions = {
      let actions = InputActions(
        dryRun: dryRun, log: { [unowned self] in log.append($0) },
        output: { [unowned self] in output.append($0) })
      actions.keyboard = InputEventOutput { [unowned self] events in
        keyboard.append(events)
        return failing ? "/dev/uinput: write: No such device (errno 19)" : nil
      }
      actions.pointer = InputEventOutput { [unowned self] events in
        pointer.append(events)
        return nil
      }
      return actions
    }()

    init(dryRun: Bool = false, failing: Bool = false) {
      self.dryRun = dryRun
      self.failing = failing
    }

    /// The keyboard's events as `CODE VALUE` (SYN_REPORT as `SYN`), all writes joined.
    var keyLines: [String] { Self.lines(keyboard) }
    var pointerLines: [String] { Self.lines(pointer) }
    static func lines(_ writes: [[InputEvent]]) -> [String] {
      writes.joined().map { event in
        event.type == EventType.syn && event.code == SynCode.report
          ? "SYN" : "\(event.type):\(event.code) \(event.value)"
      }
    }
  }

  @Test("key super+Right: press KEY_LEFTMETA, press KEY_RIGHT, release both in reverse, one write")
  func chordEvents() throws {
    let probe = Probe()
    probe.runner.perform(try binding("swipe key super+Right"), environment: [], device: "d")
    #expect(probe.keyboard.count == 1)
    #expect(
      probe.keyLines == ["1:125 1", "SYN", "1:106 1", "SYN", "1:106 0", "SYN", "1:125 0", "SYN"])
    #expect(probe.runner.keysDown == [])
  }

  @Test("every= repeats the chord GESTURE_STEPS times; a button clicks on the pointer")
  func repeatsAndButtons() throws {
    let probe = Probe()
    probe.runner.perform(
      try binding("pan every=5mm key KEY_VOLUMEUP"), environment: ["GESTURE_STEPS=3"],
      device: "d")
    #expect(
      probe.keyLines
        == Array(repeating: ["1:115 1", "SYN", "1:115 0", "SYN"], count: 3).flatMap { $0 })
    probe.runner.perform(try binding("tap fingers=2 button right"), environment: [], device: "d")
    #expect(probe.pointerLines == ["1:273 1", "SYN", "1:273 0", "SYN"])
    #expect(probe.keyboard.count == 1)
  }

  @Test("a held key is pressed once and released by the last holder; releaseAll leaves none down")
  func holdCounting() throws {
    let probe = Probe()
    let hold = try binding("pan key-hold super")
    probe.runner.perform(hold, environment: [], device: "d")
    #expect(probe.keyLines == ["1:125 1", "SYN"])
    // super+Right while super is held: only Right is written.
    probe.runner.perform(try binding("swipe key super+Right"), environment: [], device: "d")
    #expect(probe.keyLines.suffix(4) == ["1:106 1", "SYN", "1:106 0", "SYN"])
    #expect(probe.runner.keysDown == [125])
    // The same binding held on another device, then released there: super stays down.
    probe.runner.perform(hold, environment: [], device: "e")
    probe.runner.perform(hold, environment: [], device: "e", releases: true)
    #expect(probe.runner.keysDown == [125])
    // A release of a hold that never pressed does nothing.
    probe.runner.perform(hold, environment: [], device: "f", releases: true)
    #expect(probe.runner.keysDown == [125])
    probe.runner.perform(hold, environment: [], device: "d", releases: true)
    #expect(probe.keyLines.suffix(2) == ["1:125 0", "SYN"])
    #expect(probe.runner.keysDown == [])
    probe.runner.perform(try binding("pan key-hold ctrl+alt"), environment: [], device: "d")
    let before = probe.keyLines.count
    probe.runner.releaseAll()
    #expect(Array(probe.keyLines.dropFirst(before)) == ["1:56 0", "SYN", "1:29 0", "SYN"])
    #expect(probe.runner.keysDown == [])
  }

  @Test("--dry-run prints one line per key event instead of writing; failures are logged")
  func dryRunAndFailures() throws {
    let dry = Probe(dryRun: true)
    let chord = try binding("swipe key super+Right")
    dry.runner.perform(chord, environment: [], device: "d")
    dry.runner.perform(try binding("tap button middle"), environment: [], device: "d")
    #expect(dry.keyboard.isEmpty && dry.pointer.isEmpty)
    #expect(
      dry.output == [
        "dry-run: line 1: press KEY_LEFTMETA", "dry-run: line 1: press KEY_RIGHT",
        "dry-run: line 1: release KEY_RIGHT", "dry-run: line 1: release KEY_LEFTMETA",
        "dry-run: line 1: press BTN_MIDDLE", "dry-run: line 1: release BTN_MIDDLE",
      ])
    let failing = Probe(failing: true)
    failing.runner.perform(chord, environment: [], device: "d")
    #expect(
      failing.log == [
        "warning: line 1: cannot send key super+Right: /dev/uinput: write: No such device (errno 19)"
      ])
  }

  @Test("a key-hold on a pan is released when the pan ends, and fires nothing else")
  func holdReleasedAtEnd() throws {
    let harness = try MatcherHarness("pan direction=right key-hold shift\n")
    harness.play(stroke(x: 20, y: 80, dx: 40, dy: 0))
    let firings = harness.firings
    #expect(firings.map(\.releases) == [false, true])
    #expect(harness.value("STATE", in: firings[0]) == "began")
  }

  @Test("a key-hold is released when its pan is cancelled, and by cancelAll while it goes on")
  func holdReleasedOnCancel() throws {
    let cancelled = try MatcherHarness("pan direction=right key-hold shift\n")
    var script = TouchScript()
    script.down(1, at: 0, x: 20, y: 80)
    script.drag(1, to: 60, 80, from: 0, to: 200, every: 10)
    script.cancel(1, at: 210)
    cancelled.play(script)
    #expect(cancelled.firings.map(\.releases) == [false, true])

    let held = try MatcherHarness("pan direction=right key-hold shift\npan key-hold ctrl\n")
    var down = TouchScript()
    down.down(1, at: 0, x: 20, y: 80)
    down.drag(1, to: 60, 80, from: 0, to: 200, every: 10)
    held.play(down, flush: false)
    #expect(held.firings.map(\.releases) == [false, false])
    let releases = held.matcher.cancelAll()
    // Last pressed first.
    #expect(releases.map(\.binding.line) == [2, 1])
    #expect(releases.allSatisfy { $0.releases })
    #expect(held.matcher.cancelAll() == [])
  }
}
