import Foundation

/// Reading `gesturectl --json --touches` output in tests.
enum LiveOutput {
  /// One parsed JSON line.
  typealias Line = [String: Any]

  /// The JSON objects of `stdout`, one per line.
  static func lines(_ stdout: String) -> [Line] {
    stdout.split(separator: "\n").compactMap { line in
      guard let data = line.data(using: .utf8) else { return nil }
      return (try? JSONSerialization.jsonObject(with: data)) as? Line
    }
  }

  /// Violations of "each touch that began ends or is cancelled exactly once, and nothing of it
  /// is reported after that", in words (empty when the invariant holds).
  static func touchViolations(_ lines: [Line]) -> [String] {
    var began = Set<Int>()
    var finished = Set<Int>()
    var problems: [String] = []
    for line in lines {
      guard let touch = line["touch"] as? Int, let phase = line["phase"] as? String else {
        continue
      }
      if finished.contains(touch) { problems.append("touch \(touch): \(phase) after its end") }
      switch phase {
      case "began":
        if !began.insert(touch).inserted { problems.append("touch \(touch) began twice") }
      case "ended", "cancelled":
        if !began.contains(touch) { problems.append("touch \(touch) \(phase) without began") }
        finished.insert(touch)
      default:
        if !began.contains(touch) { problems.append("touch \(touch) \(phase) without began") }
      }
    }
    for touch in began.subtracting(finished).sorted() {
      problems.append("touch \(touch) never ended")
    }
    return problems
  }

  /// Whether the `t` of the lines never decreases.
  static func timesIncrease(_ lines: [Line]) -> Bool {
    let times = lines.compactMap { $0["t"] as? Double }
    return zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
  }

  /// Violations of "each continuous gesture that began ends or is cancelled exactly once".
  static func gestureViolations(_ lines: [Line]) -> [String] {
    var active: [String: Int] = [:]
    var problems: [String] = []
    for line in lines {
      guard let gesture = line["gesture"] as? String, let state = line["state"] as? String else {
        continue
      }
      switch state {
      case "began": active[gesture, default: 0] += 1
      case "ended", "cancelled":
        if active[gesture, default: 0] == 0 { problems.append("\(gesture) \(state) without began") }
        active[gesture, default: 0] -= 1
      default: break
      }
    }
    for (gesture, count) in active where count > 0 { problems.append("\(gesture) never ended") }
    return problems
  }

  /// The numbers of a `timer latency: n=… p50=… p99=… max=… ms` line on stderr.
  static func latency(_ stderr: String) -> (count: Int, p50: Double, p99: Double, max: Double)? {
    guard
      let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("timer latency: n=") })
    else { return nil }
    var values: [String: Double] = [:]
    for field in line.dropFirst("timer latency: ".count).split(separator: " ") {
      let parts = field.split(separator: "=")
      if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
    }
    guard let n = values["n"], let p50 = values["p50"], let p99 = values["p99"],
      let max = values["max"]
    else { return nil }
    return (Int(n), p50, p99, max)
  }
}
