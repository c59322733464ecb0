import TouchInput

/// The rotation recognizer's state machine as a value (``RotationGestureRecognizer`` holds one;
/// its source file draws the diagram): two or more fingers turning past the slop.
///
/// It is a ``SimilarityMachine`` with the ``AngleMeasure``: its ``SimilarityMachine/value`` is
/// the angle in radians, clockwise positive and unwrapped (settable through
/// ``SimilarityMachine/setValue(_:)``, as UIKit's `rotation = 0`), and its
/// ``SimilarityMachine/velocity`` the radians per second.
public typealias RotationMachine = SimilarityMachine<AngleMeasure>
