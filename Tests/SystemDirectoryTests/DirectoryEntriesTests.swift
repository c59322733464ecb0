import Glibc
import SystemDirectory
import Testing

/// A fresh directory under /tmp, removed (with what was made in it) by `remove()`.
private struct Scratch {
  let path: String
  init() {
    var template = Array("/tmp/system-directory-XXXXXX".utf8CString)
    let made = mkdtemp(&template)
    #expect(made != nil)
    path = String(cString: template)
  }
  func remove(_ names: [String]) {
    for name in names {
      if unlink(path + "/" + name) != 0 { rmdir(path + "/" + name) }
    }
    rmdir(path)
  }
}

@Suite struct DirectoryEntriesTests {
  @Test("every entry but . and .., with its name and kind read from the record")
  func entriesAndKinds() throws {
    let scratch = Scratch()
    let file = open(scratch.path + "/photo.jpg", O_CREAT | O_WRONLY, 0o644)
    #expect(file >= 0)
    close(file)
    #expect(mkdir(scratch.path + "/folder", 0o755) == 0)
    #expect(mkfifo(scratch.path + "/pipe", 0o644) == 0)
    #expect(symlink("photo.jpg", scratch.path + "/link") == 0)
    // A name 200 bytes long: the longest record here, read to its NUL.
    let long = String(repeating: "n", count: 200)
    let longFile = open(scratch.path + "/" + long, O_CREAT | O_WRONLY, 0o644)
    close(longFile)
    defer { scratch.remove(["photo.jpg", "folder", "pipe", "link", long]) }
    let entries = try readDirectory(scratch.path).get()
    var kinds: [String: DirectoryEntry.Kind] = [:]
    for entry in entries { kinds[entry.name] = entry.kind }
    // tmpfs and the usual file systems fill d_type in; one that does not says unknown.
    let known = kinds.values.allSatisfy { $0 != .unknown }
    #expect(entries.count == 5)
    #expect(Set(kinds.keys) == ["photo.jpg", "folder", "pipe", "link", long])
    if known {
      #expect(kinds["photo.jpg"] == .regularFile && kinds[long] == .regularFile)
      #expect(kinds["folder"] == .directory)
      #expect(kinds["pipe"] == .fifo)
      #expect(kinds["link"] == .symbolicLink)
    }
  }

  @Test("a name that is not UTF-8: its bytes kept, nil as valid text, replaced as lossy text")
  func invalidUTF8() throws {
    let scratch = Scratch()
    let bytes: [UInt8] = [0x61, 0xFF, 0x62]
    let path = (Array(scratch.path.utf8) + [0x2F] + bytes + [0]).map { CChar(bitPattern: $0) }
    let file = open(path, O_CREAT | O_WRONLY, 0o644)
    #expect(file >= 0)
    close(file)
    defer {
      unlink(path)
      rmdir(scratch.path)
    }
    let entries = try readDirectory(scratch.path).get()
    #expect(entries.map(\.nameBytes) == [bytes])
    #expect(entries.first?.validName == nil)
    #expect(entries.first?.name == "a\u{FFFD}b")
  }

  @Test("a directory that cannot be opened: the errno, with the system's message")
  func missing() {
    let result = readDirectory("/nonexistent-system-directory-test")
    #expect(throws: DirectoryError(code: ENOENT)) { try result.get() }
    #expect(DirectoryError(code: ENOENT).message == "No such file or directory")
  }
}
