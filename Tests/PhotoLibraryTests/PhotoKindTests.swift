import Foundation
import Testing

@testable import PhotoLibrary

@Suite struct PhotoKindTests {
  @Test(
    "each format is told by its signature",
    arguments: [
      ([0xFF, 0xD8, 0xFF, 0xE0], PhotoKind.jpeg),
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .png),
      (Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBP".utf8), .webp),
      ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
      ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
      (Array("BM".utf8) + [0x36, 0, 0, 0, 0, 0, 0, 0], .bmp),
      (Array("GIF87a".utf8), .gif),
      (Array("GIF89a".utf8), .gif),
    ] as [([UInt8], PhotoKind)])
  func signatures(bytes: [UInt8], kind: PhotoKind) {
    #expect(PhotoKind(signature: bytes) == kind)
  }

  @Test("near misses are no kind")
  func nearMisses() {
    #expect(PhotoKind(signature: [0xFF, 0xD8]) == nil)
    #expect(PhotoKind(signature: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
    #expect(PhotoKind(signature: Array("GIF88a".utf8)) == nil)
    #expect(PhotoKind(signature: Array("BMW owners club".utf8)) == nil)
    #expect(PhotoKind(signature: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x00]) == nil)
    #expect(PhotoKind(signature: []) == nil)
  }

  @Test("a file with an image extension that is not an image gives a warning reason")
  func notAnImage() throws {
    let folder = try TemporaryFolder("sniff")
    defer { folder.remove() }
    let html = try folder.write("page.jpg", Array("<!DOCTYPE html>".utf8))
    let binary = try folder.write("blob.png", [0x00, 0x1B, 0x9B, 0x41, 0x42])
    let empty = try folder.write("empty.gif")
    let real = try folder.write("real.png", ExifFixtures.png(orientation: .up))
    #expect(try PhotoKind.sniff(fileAt: real) == .png)
    #expect(
      throws: PhotoError(
        path: html, kind: .notAnImage, reason: "not an image: starts with 3C 21 44 4F (\"<!DO\")")
    ) { try PhotoKind.sniff(fileAt: html) }
    #expect(
      throws: PhotoError(
        path: binary, kind: .notAnImage, reason: "not an image: starts with 00 1B 9B 41 (\"...A\")")
    ) { try PhotoKind.sniff(fileAt: binary) }
    #expect(throws: PhotoError(path: empty, kind: .notAnImage, reason: "not an image: empty file"))
    { try PhotoKind.sniff(fileAt: empty) }
  }

  @Test("a missing file, a folder and a FIFO are errors, and the FIFO is not waited on")
  func unreadable() throws {
    let folder = try TemporaryFolder("sniff-bad")
    defer { folder.remove() }
    let gone = folder.path + "/gone.jpg"
    do {
      _ = try PhotoKind.sniff(fileAt: gone)
      Issue.record("a missing file was sniffed")
    } catch {
      #expect(error.kind == .missing)
      #expect(error.name == "gone.jpg")
      #expect(error.description == gone + ": cannot open: No such file or directory")
    }
    #expect(throws: PhotoError(path: folder.path, kind: .unreadable, reason: "not a regular file"))
    { try PhotoKind.sniff(fileAt: folder.path) }
    let fifo = folder.path + "/pipe.jpg"
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(throws: PhotoError(path: fifo, kind: .unreadable, reason: "not a regular file")) {
      try PhotoKind.sniff(fileAt: fifo)
    }
  }
}
