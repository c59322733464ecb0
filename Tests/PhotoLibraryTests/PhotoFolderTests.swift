import Foundation
import Testing

@testable import PhotoLibrary

@Suite struct PhotoFolderTests {
  @Test("photos are listed in natural order, by extension in any case, hidden files skipped")
  func listing() throws {
    let folder = try TemporaryFolder("listing")
    defer { folder.remove() }
    for name in [
      "img10.jpg", "img2.JPG", "IMG1.png", "a.webp", "b.TIFF", "c.tif", "d.bmp", "e.gif",
      "f.jpeg", ".hidden.jpg", "notes.txt", "jpg", "photo.jpg.txt", "img02.jpg",
    ] {
      try folder.write(name)
    }
    let photos = try PhotoFolder(path: folder.path)
    #expect(
      photos.allNames == [
        "a.webp", "b.TIFF", "c.tif", "d.bmp", "e.gif", "f.jpeg", "IMG1.png", "img02.jpg",
        "img2.JPG", "img10.jpg",
      ])
    #expect(photos.count == 10)
    #expect(photos.name(at: 9) == "img10.jpg")
    #expect(photos.path(at: 0) == folder.path + "/a.webp")
    #expect(photos.skipped == [])
  }

  @Test("natural order compares digit runs by value and breaks ties by bytes")
  func naturalOrder() {
    let names = ["x10", "x9", "X1", "x01", "x1", "b", "a2b", "a10a", "a2a", "10", "9"]
    let sorted = names.sorted { NaturalSortKey($0) < NaturalSortKey($1) }
    #expect(sorted == ["9", "10", "a2a", "a2b", "a10a", "b", "X1", "x01", "x1", "x9", "x10"])
  }

  @Test("a missing path, a file and an unreadable folder are clear errors")
  func folderErrors() throws {
    let folder = try TemporaryFolder("errors")
    defer { folder.remove() }
    let file = try folder.write("photo.jpg")
    #expect(throws: PhotoFolderError.missing(path: folder.path + "/nothing")) {
      try PhotoFolder(path: folder.path + "/nothing")
    }
    #expect(throws: PhotoFolderError.notAFolder(path: file)) { try PhotoFolder(path: file) }
    #expect(
      PhotoFolderError.missing(path: "/p/x").description == "/p/x: no such folder")
    #expect(PhotoFolderError.notAFolder(path: "/p/x").description == "/p/x: not a folder")
    do {
      _ = try PhotoFolder(path: "/photos", files: FailingListing(code: EACCES))
      Issue.record("an unreadable folder opened")
    } catch {
      #expect(error == .unreadable(path: "/photos", reason: "Permission denied"))
      #expect(error.description == "/photos: cannot list the folder: Permission denied")
    }
  }

  @Test("a folder with no photo is an error counting what it skipped")
  func emptyFolder() throws {
    let folder = try TemporaryFolder("empty")
    defer { folder.remove() }
    #expect(throws: PhotoFolderError.empty(path: folder.path, others: 0)) {
      try PhotoFolder(path: folder.path)
    }
    try folder.write("notes.txt")
    try folder.write(".hidden.png")
    do {
      _ = try PhotoFolder(path: folder.path)
      Issue.record("a folder without photos opened")
    } catch {
      #expect(
        error.description
          == folder.path
          + ": no photos (no file ending in .jpg, .jpeg, .png, .webp, .tif, .tiff, .bmp, .gif);"
          + " 1 other entry skipped")
    }
  }

  @Test("symbolic links to photos are followed; dangling, looping and folder links are skipped")
  func symbolicLinks() throws {
    let folder = try TemporaryFolder("links")
    defer { folder.remove() }
    let target = try folder.write("real.png")
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: folder.path + "/link.png", withDestinationPath: target)
    try manager.createSymbolicLink(
      atPath: folder.path + "/dangling.jpg", withDestinationPath: folder.path + "/gone")
    try manager.createSymbolicLink(
      atPath: folder.path + "/loop.jpg", withDestinationPath: folder.path + "/loop.jpg")
    try manager.createSymbolicLink(
      atPath: folder.path + "/up.jpg", withDestinationPath: folder.path)
    try manager.createDirectory(
      atPath: folder.path + "/album.jpg", withIntermediateDirectories: false)
    #expect(mkfifo(folder.path + "/pipe.jpg", 0o644) == 0)
    let photos = try PhotoFolder(path: folder.path)
    #expect(photos.allNames == ["link.png", "real.png"])
    let skipped = photos.skipped.map { "\($0.name): \($0.reason)" }
    #expect(
      skipped == [
        "album.jpg: a folder", "dangling.jpg: dangling symbolic link",
        "loop.jpg: Too many levels of symbolic links", "pipe.jpg: not a regular file",
        "up.jpg: a folder",
      ])
  }

  @Test("names are escaped in descriptions, and a name that is not UTF-8 is skipped by name")
  func escapedNames() throws {
    let folder = try TemporaryFolder("names")
    defer { folder.remove() }
    try folder.write("bell\u{7}.jpg")
    // A name with the byte 0xFF, which is not UTF-8: written through the C API.
    let raw = Array((folder.path + "/bad").utf8) + [0xFF] + Array(".jpg".utf8) + [0]
    let descriptor = raw.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer {
      open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
    }
    #expect(descriptor >= 0)
    close(descriptor)
    let photos = try PhotoFolder(path: folder.path)
    #expect(photos.allNames == ["bell\u{7}.jpg"])
    #expect(photos.skipped.map(\.reason) == ["name is not UTF-8"])
    #expect(photos.skipped.first?.name == "bad\u{FFFD}.jpg")
    let error = PhotoError(path: photos.path(at: 0), kind: .notAnImage, reason: "x")
    #expect(error.description == folder.path + "/bell\\u{7}.jpg: x")
  }

  @Test("a folder of 10,000 photos opens without opening any of them")
  func lazyListing() throws {
    let folder = try TemporaryFolder("many")
    defer { folder.remove() }
    for index in 0..<10_000 {
      let descriptor = creat(folder.path + "/photo\(index).jpg", 0)  // Unreadable: mode 000.
      #expect(descriptor >= 0)
      close(descriptor)
    }
    let files = CountingFiles()
    let photos = try PhotoFolder(path: folder.path, files: files)
    #expect(photos.count == 10_000)
    #expect(photos.name(at: 0) == "photo0.jpg")
    #expect(photos.name(at: 2) == "photo2.jpg")
    #expect(photos.name(at: 9_999) == "photo9999.jpg")
    #expect(files.opens == [])
    #expect(files.bytesRead == 0)
  }
}
