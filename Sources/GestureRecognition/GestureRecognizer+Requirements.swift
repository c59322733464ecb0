extension GestureRecognizer {
  /// UIKit's spelling of a failure requirement: holds this recognizer's recognition until
  /// `other` has failed, and fails it if `other` begins or is recognized.
  ///
  /// The requirement is the engine's policy, not the recognizer's: this forwards to
  /// `GestureEngine.require(_:toFail:)` of the engine both were added to, so recognizers still
  /// never refer to each other.
  ///
  /// - Parameter other: A recognizer of the same engine.
  public func require(toFail other: GestureRecognizer) {
    guard let engine, engine === other.engine else {
      preconditionFailure("require(toFail:): add both recognizers to the same engine first")
    }
    engine.require(self, toFail: other)
  }
}
