import Foundation
import Testing

@testable import PhotoLibrary

@Suite struct PhotoOrientationTests {
  @Test("JPEG Exif in both byte orders gives each of the eight orientations", arguments: 1...8)
  func jpeg(value: Int) throws {
    let expected = try #require(PhotoOrientation(rawValue: value))
    #expect(
      PhotoOrientation.inspect(bytes: ExifFixtures.jpeg(orientation: value)) == .tagged(expected))
    #expect(
      PhotoOrientation.inspect(bytes: ExifFixtures.jpeg(orientation: value, bigEndian: true))
        == .tagged(expected))
  }

  @Test("TIFF, PNG eXIf and WebP EXIF (with and without the Exif prefix) are read")
  func otherFormats() {
    let tiff = ExifFixtures.tiff(orientation: 6, bigEndian: true)
    #expect(PhotoOrientation.inspect(bytes: tiff) == .tagged(.right))
    #expect(PhotoOrientation.inspect(bytes: ExifFixtures.png(orientation: .left)) == .tagged(.left))
    #expect(PhotoOrientation.inspect(bytes: ExifFixtures.webp(orientation: 3)) == .tagged(.down))
    #expect(
      PhotoOrientation.inspect(bytes: ExifFixtures.webp(orientation: 5, exifPrefix: true))
        == .tagged(.leftMirrored))
    let long = ExifFixtures.tiff(orientation: 7, bigEndian: false, orientationType: 4)
    #expect(PhotoOrientation.inspect(bytes: long) == .tagged(.rightMirrored))
  }

  @Test("files without the tag are untagged and shown as stored")
  func untagged() {
    #expect(PhotoOrientation.inspect(bytes: ExifFixtures.jpeg(orientation: nil)) == .untagged)
    #expect(PhotoOrientation.inspect(bytes: ExifFixtures.webp(orientation: nil)) == .untagged)
    let plain = PNGWriter.encode(
      PixelImage(width: 2, height: 2, color: RGBColor(red: 0, green: 0, blue: 0)))
    #expect(PhotoOrientation.inspect(bytes: plain) == .untagged)
    #expect(PhotoOrientation.inspect(bytes: Array("GIF89a".utf8) + [1, 0, 1, 0]) == .untagged)
    #expect(PhotoOrientation.inspect(bytes: Array("not an image".utf8)) == .untagged)
    #expect(PhotoOrientation.read(from: ExifFixtures.jpeg(orientation: nil)) == .up)
  }

  @Test("corrupt values are invalid with a reason, and read as up")
  func corrupt() {
    #expect(
      PhotoOrientation.inspect(bytes: ExifFixtures.jpeg(orientation: 9))
        == .invalid(reason: "orientation 9 is not 1 to 8"))
    #expect(PhotoOrientation.read(from: ExifFixtures.jpeg(orientation: 0)) == .up)
    var badOrder = ExifFixtures.jpeg(orientation: 6)
    badOrder[ExifFixtures.jpegTIFFStart] = 0x58
    #expect(
      PhotoOrientation.inspect(bytes: badOrder)
        == .invalid(reason: "TIFF byte order expected at byte 30"))
    var hugeCount = ExifFixtures.jpeg(orientation: 6)
    hugeCount[ExifFixtures.jpegTIFFStart + 8] = 0xFF
    hugeCount[ExifFixtures.jpegTIFFStart + 9] = 0xFF
    #expect(
      PhotoOrientation.inspect(bytes: hugeCount)
        == .invalid(reason: "IFD of 65535 entries past the Exif block at byte 38"))
  }

  @Test("a header truncated at every offset reads as tagged only once the tag is whole")
  func truncations() {
    for bigEndian in [false, true] {
      let file = ExifFixtures.jpeg(orientation: 8, bigEndian: bigEndian)
      let needed = ExifFixtures.jpegTIFFStart + ExifFixtures.tiffEntriesEnd(orientation: 8)
      var invalid = 0
      for length in 0...file.count {
        let reading = PhotoOrientation.inspect(bytes: Array(file.prefix(length)))
        if length >= needed {
          #expect(reading == .tagged(.left), "length \(length)")
        } else {
          #expect(reading != .tagged(.left), "length \(length)")
          if case .invalid = reading { invalid += 1 }
        }
      }
      // Every cut after the 3-byte JPEG signature and before the tag is reported as truncated.
      #expect(invalid == needed - 3)
    }
    for file in [ExifFixtures.webp(orientation: 6), ExifFixtures.png(orientation: .right)] {
      for length in 0...file.count {
        let reading = PhotoOrientation.inspect(bytes: Array(file.prefix(length)))
        #expect(reading == .tagged(.right) || reading.orientation == .up)
      }
    }
  }

  @Test("every byte of a header overwritten with odd values never crashes or invents a value")
  func corruptions() {
    let file = ExifFixtures.jpeg(orientation: 3)
    for offset in 0..<file.count {
      for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF, file[offset] ^ 0x10] {
        var bytes = file
        bytes[offset] = value
        let reading = PhotoOrientation.inspect(bytes: bytes)
        if case .tagged(let orientation) = reading, orientation != .down {
          // Only the orientation's own value bytes can change which tag is read.
          let valueAt = ExifFixtures.jpegTIFFStart + 8 + 2 + 12 + 8
          #expect(offset == valueAt, "offset \(offset) value \(value)")
        }
      }
    }
  }

  @Test("headers are walked, not read: a tag past 6 MB of segments costs a few kilobytes")
  func boundedReads() throws {
    let folder = try TemporaryFolder("bounded")
    defer { folder.remove() }
    var jpeg: [UInt8] = [0xFF, 0xD8]
    for _ in 0..<100 { jpeg += ExifFixtures.segment(0xE2, [UInt8](repeating: 7, count: 60_000)) }
    jpeg += ExifFixtures.jpeg(orientation: 6).dropFirst(2)
    let path = try folder.write("big.jpg", jpeg)
    let files = CountingFiles()
    #expect(try PhotoOrientation.inspect(fileAt: path, files: files) == .tagged(.right))
    #expect(files.bytesRead < 2_000)
    #expect(files.opens == [path])

    // Thousands of chunks before IDAT: the walk gives up after its step limit.
    var png = Array(PNGWriter.signature)
    for _ in 0..<5_000 { PNGWriter.appendChunk("tEXt", [65], to: &png) }
    PNGWriter.appendChunk("eXIf", PNGWriter.exif(.down), to: &png)
    #expect(PhotoOrientation.inspect(bytes: png) == .untagged)
    #expect(
      PhotoOrientation.inspect(bytes: Array(png.prefix(8)) + Array(png.suffix(38)))
        == .tagged(.down))
  }

  @Test("reading a file: missing is an error, the tag is found")
  func files() throws {
    let folder = try TemporaryFolder("orientation")
    defer { folder.remove() }
    let path = try folder.write("phone.jpg", ExifFixtures.jpeg(orientation: 6))
    #expect(try PhotoOrientation.read(fromFileAt: path) == .right)
    #expect(throws: PhotoError.self) { try PhotoOrientation.read(fromFileAt: path + ".gone") }
  }

  @Test("each orientation mirrors then turns the stored pixels to show them upright")
  func transforms() {
    // A 3 × 2 picture's top-left pixel (0, 0) and where each orientation shows it.
    let expected: [PhotoOrientation: (Int, Int)] = [
      .up: (0, 0), .upMirrored: (2, 0), .down: (2, 1), .downMirrored: (0, 1),
      .leftMirrored: (0, 0), .right: (1, 0), .rightMirrored: (1, 2), .left: (0, 2),
    ]
    for orientation in PhotoOrientation.allCases {
      let position = orientation.displayedPosition(ofStoredX: 0, y: 0, width: 3, height: 2)
      #expect(
        position.x == expected[orientation]?.0 && position.y == expected[orientation]?.1,
        "\(orientation)")
      #expect(
        orientation.displayedSize(width: 3, height: 2).width
          == (orientation.swapsDimensions ? 2 : 3))
    }
    // Transpose (5) maps (x, y) to (y, x); transverse (7) maps (x, y) to (h-1-y, w-1-x).
    #expect(
      PhotoOrientation.leftMirrored.displayedPosition(ofStoredX: 2, y: 1, width: 3, height: 2) == (
        1, 2
      ))
    #expect(
      PhotoOrientation.rightMirrored.displayedPosition(ofStoredX: 2, y: 1, width: 3, height: 2) == (
        0, 0
      ))
    #expect(PhotoOrientation.right.clockwiseDegrees == 90)
    #expect(PhotoOrientation.left.clockwiseDegrees == 270)
  }
}
