import TouchInput

// Within one frame, touches that end or are cancelled reach the recognizers before touches that
// begin (UIKit delivers touchesEnded before touchesBegan). A panel reports a fast re-touch inside
// one evdev frame in three ways (a slot's tracking id -1 then a new id; a new id with no -1, the
// kernel's replacement; a new slot beginning while another is released), and the decoder turns
// all three into one frame with the old touch ended and the new one began.

extension GestureEngine {
  /// A frame where touches both leave and begin, as the leaving half (no new touches) and the
  /// landing half (no leaving touches, the others stationary); nil for any other frame.
  static func split(_ frame: TouchFrame) -> (leaving: TouchFrame, landing: TouchFrame)? {
    var leaves = false
    var lands = false
    for touch in frame.touches {
      if isLeaving(touch.phase) { leaves = true } else if touch.phase == .began { lands = true }
    }
    guard leaves && lands else { return nil }
    var leaving = frame
    leaving.touches.removeAll { $0.phase == .began }
    var landing = frame
    landing.touches.removeAll { isLeaving($0.phase) }
    for index in landing.touches.indices where landing.touches[index].phase != .began {
      landing.touches[index].phase = .stationary
    }
    return (leaving, landing)
  }
}
