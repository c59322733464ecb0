import TextOutput
import TouchInput

/// Where the events of key and button actions go: a virtual device's batch write (one
/// `write` call per chord), returning the error's text when it fails.
public struct InputEventOutput {
  /// Writes the events, in order; returns nil, or what went wrong.
  public var write: ([InputEvent]) -> String?

  /// Creates an output.
  public init(write: @escaping ([InputEvent]) -> String?) { self.write = write }
}

/// Carries out `key`, `key-hold` and `button` actions through one virtual keyboard and one
/// virtual pointer (made by the daemon at start, see `Daemon`), or prints the events with
/// `--dry-run`.
///
/// A chord is pressed in order and released in reverse, each press and release its own frame
/// (the event, then `SYN_REPORT`), so every reader sees the modifiers down before the key. A
/// key is counted while held: a `key-hold` of `super` and a `key super+Right` meanwhile press
/// `super` once and release it when the last of them lets go, so a key pressed by one action
/// is never released under another, and `releaseAll()` (stop) leaves none down.
public final class InputActions {
  /// Print the events (on standard output) instead of writing them.
  let dryRun: Bool
  /// Log every chord pressed or released and every click (`--verbose`).
  let verbose: Bool
  /// The virtual keyboard, when there is one.
  public var keyboard: InputEventOutput?
  /// The virtual pointer, when there is one.
  public var pointer: InputEventOutput?
  private let log: (String) -> Void
  private let output: (String) -> Void
  /// How many holders each key that is down has, and the order the keys went down.
  private var holders: [UInt16: Int] = [:]
  private var downOrder: [UInt16] = []
  /// The `key-hold` bindings holding their chord, by binding line and device, with a count.
  private var holds: [HoldKey: Int] = [:]
  private struct HoldKey: Hashable {
    var binding: Binding
    var device: String
  }

  /// Creates the actions.
  ///
  /// - Parameters:
  ///   - dryRun: Print the events instead of writing them.
  ///   - verbose: Log what is sent.
  ///   - log: Receives failures (and with `verbose` what is sent).
  ///   - output: Receives the dry-run lines.
  public init(
    dryRun: Bool, verbose: Bool = false, log: @escaping (String) -> Void,
    output: @escaping (String) -> Void
  ) {
    self.dryRun = dryRun
    self.verbose = verbose
    self.log = log
    self.output = output
  }

  /// The keys down now, in the order they went down.
  public var keysDown: [UInt16] { downOrder }

  /// Carries out a firing of a key or button binding: a `key` chord pressed and released (as
  /// many times as `GESTURE_STEPS` says for `every=`), a `key-hold` chord pressed (or, for a
  /// release firing, released), a button clicked.
  ///
  /// - Parameters:
  ///   - binding: The binding.
  ///   - environment: Its `GESTURE_*` variables (for the steps of `every=`).
  ///   - device: The device it fired on.
  ///   - releases: Whether the firing ends a `key-hold`.
  public func perform(
    _ binding: Binding, environment: [String], device: String, releases: Bool = false
  ) {
    var events: [InputEvent] = []
    let times = max(1, Self.steps(environment))
    switch binding.action {
    case .key(let chord):
      for _ in 0..<times {
        for code in chord.codes { press(code, into: &events) }
        for code in chord.codes.reversed() { release(code, into: &events) }
      }
      send(events, to: keyboard, binding: binding)
    case .keyHold(let chord):
      let key = HoldKey(binding: binding, device: device)
      if releases {
        guard let count = holds[key] else { return }
        holds[key] = count > 1 ? count - 1 : nil
        for code in chord.codes.reversed() { release(code, into: &events) }
      } else {
        holds[key, default: 0] += 1
        for code in chord.codes { press(code, into: &events) }
      }
      send(events, to: keyboard, binding: binding)
    case .button(let button):
      for _ in 0..<times {
        events += Self.frame(button.code, 1) + Self.frame(button.code, 0)
      }
      send(events, to: pointer, binding: binding)
    case .argv, .shell: return
    }
  }

  /// Releases every key still down, last pressed first, and forgets every hold (stop, and
  /// when the keyboard goes away).
  public func releaseAll() {
    var events: [InputEvent] = []
    for code in downOrder.reversed() { events += Self.frame(code, 0) }
    holders.removeAll()
    downOrder.removeAll()
    holds.removeAll()
    guard !events.isEmpty else { return }
    if dryRun {
      for event in events where event.type == EventType.key {
        output("dry-run: release \(KeyNames.kernelName(event.code)) (stopping)")
      }
      return
    }
    if let failure = keyboard?.write(events) {
      log("warning: cannot release the keys still down: \(failure)".escapingControlCharacters)
    } else if verbose {
      let names = events.filter { $0.type == EventType.key }.map { KeyNames.kernelName($0.code) }
      log("released the keys still down: \(names.joined(separator: ", "))")
    }
  }

  private func press(_ code: UInt16, into events: inout [InputEvent]) {
    let count = holders[code] ?? 0
    holders[code] = count + 1
    guard count == 0 else { return }
    downOrder.append(code)
    events += Self.frame(code, 1)
  }

  private func release(_ code: UInt16, into events: inout [InputEvent]) {
    guard let count = holders[code] else { return }
    guard count == 1 else {
      holders[code] = count - 1
      return
    }
    holders[code] = nil
    downOrder.removeAll { $0 == code }
    events += Self.frame(code, 0)
  }

  private func send(_ events: [InputEvent], to device: InputEventOutput?, binding: Binding) {
    guard !events.isEmpty else { return }
    let place = "line \(binding.line)"
    if dryRun {
      for event in events where event.type == EventType.key {
        let verb = event.value == 1 ? "press" : "release"
        output("dry-run: \(place): \(verb) \(KeyNames.kernelName(event.code))")
      }
      return
    }
    let words = binding.action.words.map(quoteWord).joined(separator: " ")
    guard let device else {
      log("warning: \(place): cannot send \(words): no virtual device".escapingControlCharacters)
      return
    }
    if let failure = device.write(events) {
      log("warning: \(place): cannot send \(words): \(failure)".escapingControlCharacters)
    } else if verbose {
      let sent = events.filter { $0.type == EventType.key }.map { event in
        (event.value == 1 ? "press " : "release ") + KeyNames.kernelName(event.code)
      }
      log("\(place): sent \(sent.joined(separator: ", "))")
    }
  }

  /// One key event and its `SYN_REPORT`.
  static func frame(_ code: UInt16, _ value: Int32) -> [InputEvent] {
    [
      InputEvent(time: 0, type: EventType.key, code: code, value: value),
      InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0),
    ]
  }

  /// `GESTURE_STEPS` of a firing (0 without it).
  static func steps(_ environment: [String]) -> Int {
    let key = "GESTURE_STEPS="
    return environment.first { $0.hasPrefix(key) }.flatMap { Int($0.dropFirst(key.count)) } ?? 0
  }
}
