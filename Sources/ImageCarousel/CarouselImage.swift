/// One image of the carousel: its file name and, when the header could be read, its pixel size.
public struct CarouselImage: Sendable, Hashable {
  /// The file name (not a path), as printed in changes and alerts.
  public var name: String
  /// The size in pixels, or `nil` when unknown (placeholder, unreadable or unknown format).
  public var pixelSize: PixelSize?

  /// Creates an image entry.
  public init(name: String, pixelSize: PixelSize? = nil) {
    self.name = name
    self.pixelSize = pixelSize
  }

  /// The lecture's three photos, used when no image folder is given; their sizes are unknown.
  public static let placeholders: [CarouselImage] = [
    CarouselImage(name: "graduation.jpg"),
    CarouselImage(name: "rob-nose.jpg"),
    CarouselImage(name: "tree.jpg"),
  ]

  /// The file name extensions the carousel shows (lower case, without the dot).
  public static let fileExtensions: Set<String> = ["png", "jpg", "jpeg", "gif"]

  /// Whether a file name ends in one of `fileExtensions`, ignoring case; hidden files are not.
  ///
  /// The CLI uses it to pick the images of a folder, then sorts the names itself.
  public static func isImageFileName(_ name: String) -> Bool {
    guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
    let suffix = name[name.index(after: dot)...].lowercased()
    return fileExtensions.contains(suffix)
  }
}
