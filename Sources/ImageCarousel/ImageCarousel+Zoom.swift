extension ImageCarousel {
  /// Handles a pinch step: multiplies the zoom by `factor` around the focal point.
  ///
  /// The point of the image under `focus` stays under `focus` (unless the clamps move it).
  /// - Parameters:
  ///   - factor: The scale change since the previous step (current span / previous span).
  ///   - focus: The focal point, in view millimetres.
  /// - Returns: The zoom change, or `nil` when nothing changed (already at a clamp, an alert
  ///   shows, no images, or `factor` is not a positive finite number).
  public mutating func zoom(by factor: Double, around focus: CarouselPoint) -> CarouselChange? {
    zoom(by: factor, from: focus, to: focus)
  }

  /// Handles a pinch step whose focal point also moved: the point of the image that was under
  /// `previousFocus` ends under `focus`, at the zoom multiplied by `factor`.
  ///
  /// This is how two fingers both pinch and drag the image.
  /// - Returns: The zoom change, or `nil` when nothing changed (see `zoom(by:around:)`).
  public mutating func zoom(
    by factor: Double, from previousFocus: CarouselPoint, to focus: CarouselPoint
  ) -> CarouselChange? {
    guard alert == nil, !images.isEmpty, factor.isFinite, factor > 0 else { return nil }
    return apply(scale: zoom * factor, from: previousFocus, to: focus)
  }

  /// Handles a double tap: from the smallest zoom, zooms to `doubleTapZoom` around `point`;
  /// when zoomed, returns to the smallest zoom with no offset. Dismisses an alert instead when
  /// one shows.
  ///
  /// - Returns: The zoom change (or `.alertDismissed`), or `nil` with no images.
  public mutating func doubleTap(at point: CarouselPoint) -> CarouselChange? {
    if alert != nil { return tap() }
    guard !images.isEmpty else { return nil }
    if isZoomed {
      zoom = zoomRange.lowerBound
      offset = .zero
      return .zoom(scale: zoom, focus: point, offset: offset)
    }
    return apply(scale: doubleTapZoom, from: point, to: point)
  }

  /// Handles a one-finger pan step: moves the image by `translation` while zoomed.
  ///
  /// - Parameter translation: The finger's movement since the previous step, in millimetres.
  /// - Returns: The offset change, or `nil` when not zoomed, an alert shows, or the image is
  ///   already at the edge in that direction.
  public mutating func pan(by translation: CarouselPoint) -> CarouselChange? {
    guard alert == nil, isZoomed, translation.x.isFinite, translation.y.isFinite else {
      return nil
    }
    let newOffset = clampedOffset(offset + translation, scale: zoom)
    guard newOffset != offset else { return nil }
    offset = newOffset
    return .offset(newOffset)
  }

  /// The largest offset allowed at `scale` in each direction: W(s−1)/2 and H(s−1)/2.
  public func maximumOffset(scale: Double) -> CarouselPoint {
    let excess = max(0, scale - 1)
    return CarouselPoint(x: viewSize.width * excess / 2, y: viewSize.height * excess / 2)
  }

  /// `value` clamped to the allowed zoom scales.
  func clampedZoom(_ value: Double) -> Double {
    min(max(value, zoomRange.lowerBound), zoomRange.upperBound)
  }

  /// `value` clamped so that the image zoomed to `scale` still covers the view.
  func clampedOffset(_ value: CarouselPoint, scale: Double) -> CarouselPoint {
    let limit = maximumOffset(scale: scale)
    return CarouselPoint(
      x: min(max(value.x, -limit.x), limit.x), y: min(max(value.y, -limit.y), limit.y))
  }

  /// Sets the zoom to `scale` (clamped) so the image point under `previousFocus` moves under
  /// `focus`, then clamps the offset.
  ///
  /// A view point p shows the image point (p − centre − offset) / zoom, relative to the image's
  /// centre; keeping that point under the new focus gives the new offset.
  private mutating func apply(
    scale: Double, from previousFocus: CarouselPoint, to focus: CarouselPoint
  ) -> CarouselChange? {
    let center = viewSize.center
    let newZoom = clampedZoom(scale)
    let imagePoint = (previousFocus - center - offset) * (1 / zoom)
    let wanted = focus - center - imagePoint * newZoom
    guard wanted.x.isFinite, wanted.y.isFinite else { return nil }
    let newOffset = clampedOffset(wanted, scale: newZoom)
    guard newZoom != zoom || newOffset != offset else { return nil }
    zoom = newZoom
    offset = newOffset
    return .zoom(scale: newZoom, focus: focus, offset: newOffset)
  }
}
