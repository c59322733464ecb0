import Foundation

/// The evemu text of the cancellation case of issue 15: two one-finger taps 100 ms apart
/// (each 50 ms long, at the centre of `Recordings/synthetic`'s touchscreen) and, 100 ms after
/// the second lifted, a third finger that lands and stays down; or, as the positive control,
/// the same two taps alone.
///
/// With a double-tap and a triple-tap recognizer, the double tap is held behind the triple
/// tap when the third finger lands; a cancellation then must not release it (nothing is
/// recognized), while the two taps alone are a double tap once the triple tap's 300 ms
/// interval has passed.
public enum HeldTapRecording {
  /// The recording, header and events.
  ///
  /// - Parameter thirdFingerDown: Whether the third finger lands (and stays down).
  /// - Throws: When the synthetic touchscreen's header cannot be read.
  public static func evemu(thirdFingerDown: Bool) throws -> String {
    let source = packageDirectory.appendingPathComponent("Recordings/synthetic/double-tap.evemu")
    let text = try String(contentsOf: source, encoding: .utf8)
    let header = text.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { !$0.hasPrefix("E: ") }.joined(separator: "\n")
    var lines: [String] = []
    func event(_ seconds: String, _ type: Int, _ code: Int, _ value: Int) {
      let hex = { (number: Int, width: Int) in
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
      }
      let decimal = value < 0 ? "-" + String(format: "%03d", -value) : String(format: "%04d", value)
      lines.append("E: \(seconds) \(hex(type, 4)) \(hex(code, 4)) \(decimal)")
    }
    func down(_ seconds: String, id: Int) {
      event(seconds, 3, 0x39, id)
      event(seconds, 3, 0x35, 961)
      event(seconds, 3, 0x36, 549)
      event(seconds, 1, 0x14a, 1)
      event(seconds, 3, 0x00, 961)
      event(seconds, 3, 0x01, 549)
      event(seconds, 0, 0, 0)
    }
    func up(_ seconds: String) {
      event(seconds, 3, 0x39, -1)
      event(seconds, 1, 0x14a, 0)
      event(seconds, 0, 0, 0)
    }
    down("0.000001", id: 0)
    up("0.050001")
    down("0.150001", id: 1)
    up("0.200001")
    if thirdFingerDown { down("0.300001", id: 2) }
    return header + "\n" + lines.joined(separator: "\n") + "\n"
  }

  /// Writes ``evemu(thirdFingerDown:)`` to `path`.
  public static func write(to path: String, thirdFingerDown: Bool) throws {
    try evemu(thirdFingerDown: thirdFingerDown).write(
      toFile: path, atomically: true, encoding: .utf8)
  }
}
