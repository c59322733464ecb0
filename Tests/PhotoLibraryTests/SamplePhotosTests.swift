import Foundation
import GestureTestSupport
import Testing

@testable import PhotoLibrary

@Suite struct SamplePhotosTests {
  /// The committed sample folder.
  static let folder = packageDirectory.appendingPathComponent("Samples/Photos").path

  @Test("the palette has eight clearly different colours")
  func palette() {
    let photos = SamplePhotos.all
    #expect(photos.map(\.number) == Array(1...8))
    for (i, a) in photos.enumerated() {
      for b in photos[(i + 1)...] {
        let distance =
          abs(Int(a.color.red) - Int(b.color.red)) + abs(Int(a.color.green) - Int(b.color.green))
          + abs(Int(a.color.blue) - Int(b.color.blue))
        #expect(distance >= 60, "\(a.colorName) and \(b.colorName)")
      }
    }
  }

  @Test("each picture is its colour at the centre, framed, labelled in white", arguments: 0..<8)
  func layout(index: Int) {
    let photo = SamplePhotos.all[index]
    let image = SamplePhotos.picture(of: photo, scale: 0.25)
    #expect(image.width == photo.width / 4 && image.height == photo.height / 4)
    #expect(image.pixel(x: image.width / 2, y: image.height / 2) == photo.color)
    #expect(image.pixel(x: 0, y: 0) == photo.patternColor)
    let labelRow = (0..<image.width).compactMap { image.pixel(x: $0, y: image.height / 3) }
    #expect(labelRow.contains(RGBColor(red: 255, green: 255, blue: 255)))
  }

  @Test("the committed folder lists the eight photos in order, tagged as the palette says")
  func committed() throws {
    let folder = try PhotoFolder(path: Self.folder)
    #expect(folder.allNames == SamplePhotos.all.map(\.fileName))
    for (index, photo) in SamplePhotos.all.enumerated() {
      #expect(try PhotoKind.sniff(fileAt: folder.path(at: index)) == .png)
      #expect(try PhotoOrientation.read(fromFileAt: folder.path(at: index)) == photo.orientation)
    }
  }

  @Test("the committed photos are what the tool writes, byte for byte (upright and turned)")
  func reproducible() throws {
    for photo in [SamplePhotos.all[0], SamplePhotos.all[3]] {
      let committed = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + photo.fileName))
      #expect(Array(committed) == SamplePhotos.pngFile(of: photo), "\(photo.fileName)")
    }
  }
}

@Suite struct SamplePhotosToolTests {
  @Test("sample-photos without a folder or with an unknown argument is a usage error")
  func usage() throws {
    let none = try runProduct("sample-photos", [])
    #expect(none.status == 1)
    #expect(none.stderr == "error: no output folder (usage: sample-photos -o DIR)\n")
    let unknown = try runProduct("sample-photos", ["--frob\u{1B}"])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr == "error: unknown argument --frob\\u{1B} (usage: sample-photos -o DIR)\n")
    let help = try runProduct("sample-photos", ["--help"])
    #expect(help.status == 0 && help.stdout.hasPrefix("usage: sample-photos -o DIR"))
  }
}
