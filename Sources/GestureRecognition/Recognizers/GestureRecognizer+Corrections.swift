// Misuse of a configuration never traps and is never silent: every recognizer's configuration
// goes through `Corrections` (from its initializer and its `configuration` setter alike), which
// moves each invalid count to the nearest valid value; the recognizer reports each correction
// through its engine's `onDiagnostic` when it is added, or at once if it is already in one.

/// The corrections made to one configuration, in the order found.
struct Corrections {
  /// The recognizer's diagnostics, made once its name is known.
  var found: [(setting: String, given: Int, used: Int, rule: String)] = []

  /// `value`, at least 1.
  mutating func atLeastOne(_ value: Int, _ setting: String) -> Int {
    guard value < 1 else { return value }
    found.append((setting, value, 1, "counts start at 1"))
    return 1
  }

  /// A finger range with its fewest at least 1 and its most not below the fewest.
  mutating func range(
    _ fewest: Int, _ most: Int, _ fewestName: String, _ mostName: String
  ) -> (Int, Int) {
    let low = atLeastOne(fewest, fewestName)
    guard most < low else { return (low, most) }
    found.append((mostName, most, low, "not below " + fewestName))
    return (low, low)
  }
}

extension GestureRecognizer {
  /// Reports `corrections` now if the recognizer is in an engine, or when it is added.
  final func announce(_ corrections: Corrections) {
    guard !corrections.found.isEmpty else { return }
    var kept = pendingDiagnostics
    pendingDiagnostics = []
    for c in corrections.found {
      kept.append(
        .configurationCorrected(
          recognizer: name, setting: c.setting, given: c.given, used: c.used, rule: c.rule))
    }
    pendingDiagnostics = kept
    if let owner, slot >= 0 { reportPending(to: owner) }
  }

  /// Hands the diagnostics kept since the last report to `engine`.
  final func reportPending(to engine: GestureEngine) {
    guard !pendingDiagnostics.isEmpty else { return }
    let kept = pendingDiagnostics
    pendingDiagnostics = []
    for diagnostic in kept { engine.report(diagnostic) }
  }
}
