import TouchInput

// What a recognizer follows: its region, the tools it accepts and its delegate's word. A
// recognizer that narrows the surface's touches in any of these ways keeps a `TouchSurface` of
// its own (`regionSurface`); the others share the engine's.

extension GestureRecognizer {
  /// The touches the recognizer follows (its own when it has a region, a tool filter or a
  /// delegate, otherwise the engine's), or nil before it is added to an engine.
  public final var followedTouches: TouchSurface? { regionSurface ?? engine?.surface }

  /// The number of touches the recognizer follows that are down (UIKit's `numberOfTouches`).
  public final var numberOfTouches: Int { followedTouches?.numberOfTouches ?? 0 }

  /// The position, in millimetres, of the `index`th touch the recognizer follows
  /// (0 ..< `numberOfTouches`), as UIKit's `location(ofTouch:in:)`; nil out of range.
  public final func location(ofTouch index: Int) -> MillimeterPoint? {
    followedTouches?.location(ofTouch: index)
  }

  /// The centroid of the touches the recognizer follows, in millimetres (the origin before any).
  public final var centroid: MillimeterPoint {
    followedTouches?.centroid ?? MillimeterPoint(x: 0, y: 0)
  }

  /// Starts following its own touches when a region, a tool filter or a delegate narrows them.
  ///
  /// Changed while touches are down in its engine (a delegate or a region set mid-gesture), it
  /// applies from the next gesture: once every touch has lifted, so the gesture in flight keeps
  /// the touches it follows.
  final func filterChanged() {
    if let owner, slot >= 0, owner.surface.summary.count > 0 {
      filterPending = true
      owner.hasPendingFilters = true
      return
    }
    applyFilter()
  }

  /// Builds the recognizer's own surface (or drops it) for its region, tools and delegate.
  final func applyFilter() {
    filterPending = false
    dropRegionTouches()
    activeTouches = 0
    if region != nil || delegate != nil || allowedTools != [.finger] {
      let own = TouchSurface()
      var mask: UInt8 = 0
      for tool in allowedTools { mask |= 1 << tool.rawValue }
      own.toolMask = mask
      regionSurface = own
    } else {
      regionSurface = nil
    }
    engine?.regionChanged(self)
  }
}
