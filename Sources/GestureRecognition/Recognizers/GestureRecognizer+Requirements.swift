extension GestureRecognizer {
  /// UIKit's spelling of a failure requirement: holds this recognizer's recognition until
  /// `other` has failed, and fails it if `other` begins or is recognized.
  ///
  /// Any order, as UIKit: the requirement is kept on this recognizer and applies whenever
  /// both are in the same engine, added before or after this call.
  ///
  /// - Parameter other: The recognizer that must fail first.
  public func require(toFail other: GestureRecognizer) {
    GestureEngine.relate(self, toFail: other)
  }

  /// Lets this recognizer and `other` be recognized together, in any order (see
  /// `GestureEngine.recognizeSimultaneously(_:_:)`).
  ///
  /// - Parameter other: The recognizer it may be recognized with.
  public func recognizeSimultaneously(with other: GestureRecognizer) {
    GestureEngine.relateSimultaneous(self, other)
  }
}
