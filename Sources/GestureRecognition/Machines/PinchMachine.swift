import TouchInput

/// The pinch recognizer's state machine as a value (``PinchGestureRecognizer`` holds one; its
/// source file draws the diagram): two or more fingers moving apart or together past the slop.
///
/// It is a ``SimilarityMachine`` with the ``ScaleMeasure``: its ``SimilarityMachine/value`` is
/// the scale (settable through ``SimilarityMachine/setValue(_:)``, as UIKit's `scale = 1`) and
/// its ``SimilarityMachine/velocity`` the scale per second.
public typealias PinchMachine = SimilarityMachine<ScaleMeasure>
