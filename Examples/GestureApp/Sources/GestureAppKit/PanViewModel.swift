import GestureRecognition
import TouchInput

/// A view model on the main actor, as a UIKit app has, following a pan: the main-actor
/// `addTarget` calls its action on the main actor (and does not compile off it).
@MainActor
final class PanViewModel {
  private(set) var offset = PlaneVector(dx: 0, dy: 0)

  init(pan: PanGestureRecognizer) {
    pan.addTarget(self, action: PanViewModel.handlePan)
  }

  func handlePan(_ recognizer: PanGestureRecognizer) {
    offset = recognizer.translation
  }
}

/// The pan's offset as a main-actor view model saw it after a drag of `dx` mm to the right.
///
/// - Parameter dx: How far one finger drags, from (20, 20) mm.
/// - Returns: The view model's offset (mm) after the finger lifted.
@MainActor
public func mainActorPanOffset(draggingBy dx: Double) -> PlaneVector {
  let engine = GestureEngine()
  let model = PanViewModel(pan: engine.add(PanGestureRecognizer()))
  let steps = 10
  for step in 0...steps {
    let phase: TouchPhase = step == 0 ? .began : .moved
    let at = MillimeterPoint(x: 20 + dx * Double(step) / Double(steps), y: 20)
    engine.process(
      TouchFrame(
        time: Microseconds(step) * 16_000,
        touches: [Touch(id: TouchID(1), phase: phase, location: at)]))
  }
  return model.offset
}
