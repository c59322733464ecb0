/// A swipe direction as the carousel understands it (the direction the finger moved).
public enum CarouselSwipeDirection: Sendable, Hashable, CaseIterable {
  /// Finger moved left: show the next image.
  case left
  /// Finger moved right: show the previous image.
  case right
  /// Finger moved up: ignored.
  case up
  /// Finger moved down: ignored.
  case down
}

/// The image carousel's model: the images, which one is shown, how it is zoomed and moved, and the
/// alert, if any.
///
/// A value with no knowledge of touches: the controller turns gestures into calls to its
/// `mutating` methods, and each method returns the change it made (or `nil` when it changed
/// nothing) for the view to print. The rules come from the lecture demo:
/// - swipe left shows the next image and swipe right the previous one, wrapping around at both
///   ends; up and down swipes do nothing; changing image resets zoom and offset;
/// - a long press shows an alert naming the image; while it shows, a second long press shows no
///   second alert (the lecture's lock), and a tap (or double tap) dismisses it;
/// - the alert is modal: while it shows, swipes, pinches and pans change nothing;
/// - a pinch zooms around its focal point, a one-finger pan moves the image only while zoomed,
///   and a double tap toggles 1× ↔ 2× around the tapped point.
///
/// Zoom is clamped to `zoomRange` and the offset to what keeps the zoomed image covering the
/// view: with view size W×H and zoom s, |offset.x| ≤ W(s−1)/2 and |offset.y| ≤ H(s−1)/2.
public struct ImageCarousel: Sendable, Hashable {
  /// The images, in display order.
  public internal(set) var images: [CarouselImage]
  /// The index of the image shown (0 when there are no images).
  public internal(set) var index: Int = 0
  /// The zoom scale of the image shown (1 = fits the view).
  public internal(set) var zoom: Double = 1
  /// The displacement of the image's centre from the view's centre, in millimetres.
  public internal(set) var offset = CarouselPoint.zero
  /// The alert's message while an alert shows, `nil` otherwise.
  public internal(set) var alert: String?
  /// The size of the view (the touch surface), in millimetres.
  public let viewSize: CarouselSize
  /// The allowed zoom scales; 1×…4× by default (the lower bound is at least 1).
  public let zoomRange: ClosedRange<Double>
  /// The scale a double tap zooms to from 1×: 2×, as in the lecture (clamped to `zoomRange`).
  public let doubleTapZoom: Double

  /// Creates a carousel showing the first image at 1×.
  ///
  /// - Parameters:
  ///   - images: The images in display order; `CarouselImage.placeholders` when no folder is
  ///     given. An empty list is allowed: every gesture then changes nothing.
  ///   - viewSize: The view's size in millimetres (the touch surface's size).
  ///   - zoomRange: The allowed zoom scales; the lower bound must be at least 1 so a zoomed
  ///     image always covers the view.
  ///   - doubleTapZoom: The scale a double tap zooms to.
  public init(
    images: [CarouselImage] = CarouselImage.placeholders,
    viewSize: CarouselSize,
    zoomRange: ClosedRange<Double> = 1...4,
    doubleTapZoom: Double = 2
  ) {
    precondition(zoomRange.lowerBound >= 1, "ImageCarousel: zoom below 1× would uncover the view")
    precondition(viewSize.width > 0 && viewSize.height > 0, "ImageCarousel: empty view")
    self.images = images
    self.viewSize = viewSize
    self.zoomRange = zoomRange
    self.doubleTapZoom = doubleTapZoom
    self.zoom = zoomRange.lowerBound
  }

  /// The image shown, or `nil` when there are no images.
  public var currentImage: CarouselImage? {
    images.isEmpty ? nil : images[index]
  }

  /// Whether the image is zoomed in beyond the smallest scale (one-finger drags then pan it).
  public var isZoomed: Bool {
    zoom > zoomRange.lowerBound
  }

  /// The change that announces the image shown, for printing the initial state; `nil` when there
  /// are no images.
  public var imageChange: CarouselChange? {
    guard let image = currentImage else { return nil }
    return .image(index: index, count: images.count, name: image.name)
  }

  // MARK: Flipping

  /// Handles a swipe: left shows the next image, right the previous one (both wrap around), up
  /// and down do nothing.
  ///
  /// - Returns: The image change, or `nil` for up/down, with no images, or while an alert shows.
  public mutating func swipe(_ direction: CarouselSwipeDirection) -> CarouselChange? {
    switch direction {
    case .left: showNext()
    case .right: showPrevious()
    case .up, .down: nil
    }
  }

  /// Shows the next image, wrapping from the last to the first; resets zoom and offset.
  ///
  /// With one image the index stays 0 (the change is still returned: zoom was reset).
  /// - Returns: The image change, or `nil` with no images or while an alert shows.
  public mutating func showNext() -> CarouselChange? {
    guard !images.isEmpty else { return nil }
    return show(index: index + 1 == images.count ? 0 : index + 1)
  }

  /// Shows the previous image, wrapping from the first to the last; resets zoom and offset.
  ///
  /// - Returns: The image change, or `nil` with no images or while an alert shows.
  public mutating func showPrevious() -> CarouselChange? {
    guard !images.isEmpty else { return nil }
    return show(index: index == 0 ? images.count - 1 : index - 1)
  }

  /// Shows the image at `newIndex` at the smallest zoom with no offset.
  ///
  /// - Returns: The image change, or `nil` when `newIndex` is out of range or an alert shows.
  public mutating func show(index newIndex: Int) -> CarouselChange? {
    guard alert == nil, images.indices.contains(newIndex) else { return nil }
    index = newIndex
    zoom = zoomRange.lowerBound
    offset = .zero
    return imageChange
  }

  // MARK: Alert

  /// Handles a long press: shows "Stop that! (NAME)" unless an alert already shows.
  ///
  /// - Returns: The alert change, or `nil` when an alert already shows (the lock) or there are
  ///   no images.
  public mutating func longPress() -> CarouselChange? {
    guard alert == nil, let image = currentImage else { return nil }
    let message = "Stop that! (" + image.name + ")"
    alert = message
    return .alert(message)
  }

  /// Handles a single tap: dismisses the alert if one shows.
  ///
  /// - Returns: `.alertDismissed`, or `nil` when no alert shows.
  public mutating func tap() -> CarouselChange? {
    guard alert != nil else { return nil }
    alert = nil
    return .alertDismissed
  }
}
