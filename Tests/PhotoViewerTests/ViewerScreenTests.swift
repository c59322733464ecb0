import Foundation
import GestureTestSupport
import PhotoLibrary
import PhotoViewer
import Testing

/// What the viewer shows after a recording, read back from its screen: the photo after
/// swipes, the geometry after a zoom, the alert, the grid.
@Suite struct ViewerScreenTests {
  @Test(
    "after swipes the photo the carousel printout names fills the screen",
    arguments: ["carousel-demo", "carousel-back-and-forth", "carousel-tour"])
  func swipes(recording: String) throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let index = try #require(
      ViewerRun.finalIndex(try ViewerRun.carouselChanges(recording, folder: folder)))
    let (result, screen) = try ViewerRun.replay(recording, folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let shot = try #require(screen)
    #expect(shot.width == ViewerRun.width && shot.height == ViewerRun.height)
    let expected = SamplePhotos.all[index].color.rgb
    #expect(
      shot.center == expected, "centre \(hex(shot.center)), photo \(index + 1) is \(hex(expected))")
  }

  /// The zoom and offset the printout ends with, and the rendered photo's edges they give.
  @Test(
    "after a double tap or a pinch and pan, the photo's edges sit where zoom and offset say",
    arguments: ["viewer-double-tap", "carousel-pan-zoomed"])
  func zoomGeometry(recording: String) throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A portrait photo first: fitted 120x180 on the 320x180 screen, its sides stay visible.
    let orange = SamplePhotos.all[1]
    let folder = try ViewerRun.folder(
      [("a.png", orange), ("b.png", SamplePhotos.all[0]), ("c.png", SamplePhotos.all[2])],
      in: directory)
    let changes = try ViewerRun.carouselChanges(recording, folder: folder)
    let zoom = try #require(changes.last { $0["change"] as? String == "zoom" })
    let moved = try #require(changes.last { ["zoom", "pan"].contains($0["change"] as? String) })
    let scale = try #require(zoom["scale"] as? Double)
    let offset = try #require(moved["offset"] as? [Double])
    #expect(scale > 1.5)
    let (result, screen) = try ViewerRun.replay(recording, folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let shot = try #require(screen)
    // The synthetic touchscreen is 240 x 135 mm: 4/3 px per mm on the 320x180 screen.
    let pixelsPerMM = 320.0 / 240
    let centerX = 160 + offset[0] * pixelsPerMM
    let half = 60 * scale
    let span = try #require(shot.litSpan(row: 90))
    var checked = 0
    if centerX - half > 1 {
      #expect(abs(Double(span.first) - (centerX - half)) <= 1.5, "left edge \(span.first)")
      checked += 1
    }
    if centerX + half < 319 {
      #expect(abs(Double(span.last + 1) - (centerX + half)) <= 1.5, "right edge \(span.last)")
      checked += 1
    }
    if checked == 2 {
      let measured = Double(span.last + 1 - span.first) / 120
      #expect(abs(measured - scale) < 0.03, "zoom \(measured) on screen, \(scale) in the model")
    }
    #expect(checked > 0, "no edge of the photo is on screen")
    // The photo's own colour is under the screen's centre unless moved far off it.
    #expect(shot.count(orange.color.rgb) > 10_000)
  }

  @Test("a long press puts the alert box on screen; a tap takes it away")
  func alert() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let (pressed, shown) = try ViewerRun.replay("carousel-long-press-twice", folder: folder)
    #expect(pressed.status == 0, "\(pressed.stderr)")
    let box = try #require(shown)
    let boxPixels = box.count(0xF4F4F4)
    #expect(boxPixels > 3000, "alert box pixels: \(boxPixels)")
    // The box is centred, over the red photo, with dark text and border.
    #expect(box.pixel(x: 160, y: 140) == SamplePhotos.all[0].color.rgb)
    #expect(box.count(0x101010) > 100)
    let (tapped, dismissed) = try ViewerRun.replay("carousel-tap-dismiss", folder: folder)
    #expect(tapped.status == 0, "\(tapped.stderr)")
    let after = try #require(dismissed)
    #expect(after.count(0xF4F4F4) == 0)
    #expect(after.center == SamplePhotos.all[0].color.rgb)
  }

  @Test("a pinch in at 1x opens the grid of thumbnails, in folder order")
  func grid() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let (result, screen) = try ViewerRun.replay("pinch-in", folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let shot = try #require(screen)
    // 4 x 3 cells of 80 x 60 pixels; the eight photos fill the first two rows.
    for (index, photo) in SamplePhotos.all.enumerated() {
      let x = index % 4 * 80 + 40
      let y = index / 4 * 60 + 30
      #expect(shot.pixel(x: x, y: y) == photo.color.rgb, "cell \(index)")
    }
    #expect(shot.pixel(x: 40, y: 150) == 0x181818, "the third row is empty")
  }

  @Test("tapping a thumbnail opens its photo")
  func gridTap() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let (result, screen) = try ViewerRun.replay("viewer-grid-tap", folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let shot = try #require(screen)
    #expect(shot.center == SamplePhotos.all[6].color.rgb, "centre \(hex(shot.center))")
    #expect(shot.count(0x181818) == 0, "the grid is closed")
  }

  @Test("a slow drag that is no swipe settles back on the same photo")
  func dragBack() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    #expect(
      ViewerRun.finalIndex(try ViewerRun.carouselChanges("viewer-drag-back", folder: folder)) == 0)
    let (result, screen) = try ViewerRun.replay("viewer-drag-back", folder: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let shot = try #require(screen)
    #expect(shot.center == SamplePhotos.all[0].color.rgb)
    // Settled: the red photo is centred (3:2 fitted to 270 px wide), no neighbour shows.
    let span = try #require(shot.litSpan(row: 90))
    #expect(span.first == 25 && span.last == 294, "photo spans \(span.first)...\(span.last)")
  }

  @Test("--state saves where the carousel is and the next run starts there")
  func state() throws {
    let directory = try ViewerRun.scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = try ViewerRun.samples(in: directory)
    let state = directory.appendingPathComponent("state.json").path
    let (first, _) = try ViewerRun.replay(
      "carousel-tour", folder: folder, extra: ["--state", state])
    #expect(first.status == 0, "\(first.stderr)")
    let text = try String(contentsOfFile: state, encoding: .utf8)
    #expect(text.contains("\"index\":4"))
    let (second, screen) = try ViewerRun.replay(
      "viewer-drag-back", folder: folder, extra: ["--state", state])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try #require(screen).center == SamplePhotos.all[4].color.rgb)
  }
}
