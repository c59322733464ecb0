import Foundation
import Synchronization

@testable import PhotoLibrary

/// A folder of its own under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
  /// The folder's path.
  let path: String

  /// Creates an empty folder named after `label`, the process and a counter.
  init(_ label: String) throws {
    let unique = Self.counter.add(1, ordering: .relaxed).newValue
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("photolib-\(label)-\(getpid())-\(unique)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Numbers the folders of one process.
  private static let counter = Atomic<Int>(0)

  /// Writes `bytes` to `name` in the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8] = []) throws -> String {
    let file = path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  /// Removes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// The real file system, counting the files opened and the bytes read through it.
final class CountingFiles: FileAccess, @unchecked Sendable {
  /// Opened paths and bytes read.
  let counts = Mutex<(opens: [String], bytes: Int)>(([], 0))

  func entries(ofFolderAt path: String) -> Result<[FolderEntry], SystemError> {
    SystemFiles().entries(ofFolderAt: path)
  }

  func status(ofItemAt path: String) -> ItemStatus {
    SystemFiles().status(ofItemAt: path)
  }

  func open(_ path: String) throws(PhotoError) -> any ReadableFile {
    counts.withLock { $0.opens.append(path) }
    return CountedFile(file: try SystemFiles().open(path), owner: self)
  }

  /// The paths opened so far.
  var opens: [String] { counts.withLock { $0.opens } }
  /// The bytes read so far.
  var bytesRead: Int { counts.withLock { $0.bytes } }
}

/// A file whose reads are added to its owner's count.
final class CountedFile: ReadableFile {
  let file: any ReadableFile
  let owner: CountingFiles

  init(file: any ReadableFile, owner: CountingFiles) {
    self.file = file
    self.owner = owner
  }

  func read(at offset: Int, count: Int) throws(PhotoError) -> [UInt8] {
    let bytes = try file.read(at: offset, count: count)
    owner.counts.withLock { $0.bytes += bytes.count }
    return bytes
  }
}

/// A file system whose folder listing fails with `errno`, as an unreadable folder does (the
/// tests run as root, for whom permissions do not stop a listing).
struct FailingListing: FileAccess {
  let code: Int32

  func entries(ofFolderAt path: String) -> Result<[FolderEntry], SystemError> {
    .failure(SystemError(code: code))
  }

  func status(ofItemAt path: String) -> ItemStatus { .folder }

  func open(_ path: String) throws(PhotoError) -> any ReadableFile {
    throw PhotoError(path: path, kind: .unreadable, reason: "not expected")
  }
}
