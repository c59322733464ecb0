import TouchInput

/// UIKit's `UIGestureRecognizerDelegate`: lets an object decide, per recognizer, per touch and
/// per moment, whether it begins, which touches it follows and whom it may recognize with.
///
/// Every method has a default (begin, receive every touch the tool filter and region let
/// through, recognize alone), so implement only those you need. The recognizer holds its
/// delegate weakly. The engine asks on its own thread, in the middle of processing a frame:
/// the delegate decides, it does not feed the engine (a `process` from here is queued).
public protocol GestureRecognizerDelegate: AnyObject {
  /// Whether `recognizer` may leave `possible` (begin or be recognized) now; false fails it
  /// with the reason "the delegate refused". Asked before failure requirements are checked.
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool

  /// Whether `recognizer` follows `touch`, asked once as it begins (after the tool filter and
  /// the region); a touch refused is never part of the recognizer's gesture.
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

  /// Whether `recognizer` and `other` may both be recognized at this moment, asked when one of
  /// them begins or is recognized while the other is still deciding about the same touches
  /// (and the pair was not declared simultaneous). Either delegate saying true is enough.
  func gestureRecognizer(
    _ recognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
}

extension GestureRecognizerDelegate {
  /// Begins (the default).
  public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

  /// Receives every touch (the default).
  public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool
  { true }

  /// Recognizes alone (the default).
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }
}
