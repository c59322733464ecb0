import Foundation
import GestureTestSupport
import PhotoLibrary
import PhotoViewer
import Testing

/// Running the built `photo-carousel` headless (SDL's offscreen video driver) on a folder of
/// small sample photos and reading its screenshot back.
enum ViewerRun {
  /// The screen size every run uses.
  static let width = 320
  static let height = 180

  /// The environment of a headless run. No EGL for the offscreen driver (the software renderer
  /// needs none): the Mesa libraries SDL would load keep allocations that LeakSanitizer reports
  /// once SDL_Quit has unloaded them, past any suppression by name (CI's AddressSanitizer step).
  static let environment = [
    "SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy",
    "SDL_VIDEO_EGL_DRIVER": "/nonexistent",
  ]

  /// A fresh scratch directory.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "photo-viewer-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A folder in `directory` holding `photos` (file name, sample) as small PNGs (a tenth of
  /// the samples' size).
  static func folder(_ photos: [(String, SamplePhoto)], in directory: URL) throws -> URL {
    let folder = directory.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, photo) in photos {
      try Data(SamplePhotos.pngFile(of: photo, scale: 0.1)).write(
        to: folder.appendingPathComponent(name))
    }
    return folder
  }

  /// The eight samples under their own names.
  static func samples(in directory: URL) throws -> URL {
    try folder(SamplePhotos.all.map { ($0.fileName, $0) }, in: directory)
  }

  /// A recording of the package: `Recordings/synthetic/NAME.evemu`, or the viewer's own
  /// `Tests/PhotoViewerTests/Recordings/NAME.evemu` for names starting with `viewer-`.
  static func recording(_ name: String) -> String {
    let relative =
      name.hasPrefix("viewer-")
      ? "Tests/PhotoViewerTests/Recordings/\(name).evemu" : "Recordings/synthetic/\(name).evemu"
    return packageDirectory.appendingPathComponent(relative).path
  }

  /// Replays `recording` into the viewer on `folder` and returns the result and the screen
  /// at the end.
  static func replay(_ recording: String, folder: URL, extra: [String] = []) throws -> (
    ProcessResult, Screenshot?
  ) {
    let shot = folder.deletingLastPathComponent().appendingPathComponent(
      "screen-\(UInt32.random(in: 0...UInt32.max)).bmp"
    ).path
    let result = try runProduct(
      "photo-carousel",
      [
        folder.path, "--window", "--software", "--resolution", "\(width)x\(height)", "--replay",
        self.recording(recording), "--exit-after-replay", "--screenshot", shot,
      ] + extra, environment: environment, timeout: 120)
    let screen = try? Screenshot(contentsOf: shot)
    try? FileManager.default.removeItem(atPath: shot)
    return (result, screen)
  }

  /// The carousel's changes `gesturectl carousel --json` prints for `recording` on `folder`.
  static func carouselChanges(_ recording: String, folder: URL) throws -> [[String: Any]] {
    let result = try runProduct(
      "gesturectl", ["carousel", "--json", "--images", folder.path, self.recording(recording)])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The last image index the carousel printout names.
  static func finalIndex(_ changes: [[String: Any]]) -> Int? {
    changes.last { $0["change"] as? String == "image" }?["index"] as? Int
  }
}

extension RGBColor {
  /// The colour as 0xRRGGBB.
  var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}

extension Screenshot {
  /// The centre pixel.
  var center: UInt32 { pixel(x: width / 2, y: height / 2) }

  /// How many pixels have colour `rgb`.
  func count(_ rgb: UInt32) -> Int { pixels.reduce(0) { $0 + ($1 == rgb ? 1 : 0) } }

  /// The first and last column of row `y` that are not black, if any.
  func litSpan(row y: Int) -> (first: Int, last: Int)? {
    let lit = (0..<width).filter { pixel(x: $0, y: y) != 0 }
    guard let first = lit.first, let last = lit.last else { return nil }
    return (first, last)
  }
}

/// A colour as text for failure messages.
func hex(_ rgb: UInt32?) -> String {
  rgb.map { "0x" + String($0, radix: 16) } ?? "none"
}
