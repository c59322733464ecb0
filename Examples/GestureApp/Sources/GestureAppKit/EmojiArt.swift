import GestureRecognition
import TouchInput

/// One emoji on an EmojiArt canvas: its text, its centre and its size (mm).
public struct Emoji: Sendable, Hashable {
  /// The emoji.
  public var text: String
  /// Its centre on the canvas (mm).
  public var center: MillimeterPoint
  /// The side of the square it fills (mm).
  public var size: Millimeters

  /// Creates an emoji.
  public init(_ text: String, at center: MillimeterPoint, size: Millimeters) {
    self.text = text
    self.center = center
    self.size = size
  }

  /// The square it fills.
  public var frame: MillimeterRect {
    MillimeterRect(
      x: center.x - size / 2, y: center.y - size / 2, width: size, height: size)
  }
}

/// An EmojiArt-style canvas (Stanford CS193p's sample app): every emoji has a pan and a pinch
/// of its own, so two fingers can drag one emoji while two others resize another.
///
/// Each recognizer is added with the emoji's frame as its region (`add(_:region:)`): it sees
/// only touches that land on its emoji. Where emojis overlap, the canvas, as the recognizers'
/// delegate, gives a touch only to the topmost emoji under it. A moved or resized emoji's
/// regions follow it from the next gesture. The actions apply each step and reset the
/// recognizer (`setTranslation`, `scale = 1`), as UIKit code does.
public final class EmojiCanvas: GestureRecognizerDelegate {
  /// The emojis, bottom to top.
  public private(set) var emojis: [Emoji]
  /// The engine holding every emoji's recognizers: feed it the canvas's touches (mm).
  public let engine = GestureEngine()
  /// Which emoji each recognizer moves, by the recognizer's identity.
  private var owners: [ObjectIdentifier: Int] = [:]
  /// Each emoji's recognizers, in the order of `emojis`.
  private var recognizers: [(pan: PanGestureRecognizer, pinch: PinchGestureRecognizer)] = []

  /// Creates a canvas with `emojis`, bottom to top.
  public init(_ emojis: [Emoji]) {
    self.emojis = emojis
    for (index, emoji) in emojis.enumerated() {
      let pan = engine.add(PanGestureRecognizer(name: "pan " + emoji.text), region: emoji.frame)
      let pinch = engine.add(
        PinchGestureRecognizer(name: "pinch " + emoji.text), region: emoji.frame)
      engine.recognizeSimultaneously(pan, pinch)
      pan.delegate = self
      pinch.delegate = self
      pan.addTarget(self, action: EmojiCanvas.handlePan)
      pinch.addTarget(self, action: EmojiCanvas.handlePinch)
      owners[ObjectIdentifier(pan)] = index
      owners[ObjectIdentifier(pinch)] = index
      recognizers.append((pan, pinch))
    }
  }

  /// Moves the pan's emoji by the step and resets the pan's translation.
  func handlePan(_ pan: PanGestureRecognizer) {
    guard let index = owners[ObjectIdentifier(pan)] else { return }
    emojis[index].center.x += pan.translation.dx
    emojis[index].center.y += pan.translation.dy
    pan.setTranslation(PlaneVector(dx: 0, dy: 0))
    if pan.state == .ended || pan.state == .cancelled { follow(index) }
  }

  /// Resizes the pinch's emoji by the step and resets the pinch's scale.
  func handlePinch(_ pinch: PinchGestureRecognizer) {
    guard let index = owners[ObjectIdentifier(pinch)] else { return }
    emojis[index].size *= pinch.scale
    pinch.scale = 1
    if pinch.state == .ended || pinch.state == .cancelled { follow(index) }
  }

  /// Moves an emoji's regions to where it is now (they apply from the next gesture).
  private func follow(_ index: Int) {
    recognizers[index].pan.region = emojis[index].frame
    recognizers[index].pinch.region = emojis[index].frame
  }

  /// A touch goes only to the topmost emoji under it.
  public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool
  {
    guard let index = owners[ObjectIdentifier(recognizer)] else { return false }
    let topmost = emojis.lastIndex { $0.frame.contains(touch.location) }
    return topmost == index
  }
}
