import Glibc
import SystemDirectory

/// What a path names, after following symbolic links.
enum ItemStatus: Sendable, Hashable {
  /// A regular file.
  case file
  /// A folder.
  case folder
  /// A FIFO, socket or device: never opened (a FIFO would block the reader).
  case other
  /// Nothing (or a dangling symbolic link).
  case missing
  /// A loop of symbolic links, or another `stat` failure; `reason` is the system's message.
  case failed(reason: String)
}

/// One entry of a folder as `readdir` reports it.
struct FolderEntry: Sendable, Hashable {
  /// The name; `nil` when it is not valid UTF-8 (then `lossyName` shows it).
  var name: String?
  /// The name with invalid UTF-8 replaced, for a warning.
  var lossyName: String
  /// The entry's type from `d_type`: `nil` for a symbolic link or an unknown type, which
  /// `status(ofItemAt:)` resolves.
  var status: ItemStatus?
}

/// An open file read at offsets.
protocol ReadableFile: AnyObject {
  /// Up to `count` bytes from `offset`; fewer at the end of the file.
  func read(at offset: Int, count: Int) throws(PhotoError) -> [UInt8]
}

/// The file system as the library uses it: list a folder, look at a path, open a file.
/// Tests inject their own to count what is opened.
protocol FileAccess: Sendable {
  /// The entries of a folder (without `.` and `..`), or the `errno` of the failure.
  func entries(ofFolderAt path: String) -> Result<[FolderEntry], SystemError>
  /// What `path` names, following symbolic links.
  func status(ofItemAt path: String) -> ItemStatus
  /// Opens a regular file for reading.
  func open(_ path: String) throws(PhotoError) -> any ReadableFile
}

/// An `errno` value with the system's message.
struct SystemError: Error, Sendable, Hashable {
  /// The `errno` value.
  var code: Int32
  /// The system's message for it (`strerror`).
  var message: String { String(cString: strerror(code)) }
}

/// The real file system, through glibc: the library's one C boundary.
struct SystemFiles: FileAccess {
  func entries(ofFolderAt path: String) -> Result<[FolderEntry], SystemError> {
    readDirectory(path).map { entries in
      entries.map { entry in
        let status: ItemStatus? =
          switch entry.kind {
          case .regularFile: .file
          case .directory: .folder
          case .fifo, .socket, .characterDevice, .blockDevice: .other
          case .symbolicLink, .unknown: nil
          }
        return FolderEntry(name: entry.validName, lossyName: entry.name, status: status)
      }
    }.mapError { SystemError(code: $0.code) }
  }

  func status(ofItemAt path: String) -> ItemStatus {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      return code == ENOENT || code == ENOTDIR
        ? .missing : .failed(reason: SystemError(code: code).message)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  func open(_ path: String) throws(PhotoError) -> any ReadableFile {
    try SystemFile(path: path)
  }
}

/// A file descriptor open for reading, closed when the value goes away.
final class SystemFile: ReadableFile {
  /// The descriptor.
  private let descriptor: Int32
  /// The path, for errors.
  private let path: String

  /// Opens `path` without blocking (a FIFO renamed `x.jpg` cannot hang the reader) and checks
  /// it is a regular file.
  init(path: String) throws(PhotoError) {
    self.path = path
    let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      throw PhotoError(
        path: path, kind: code == ENOENT ? .missing : .unreadable,
        reason: "cannot open: " + SystemError(code: code).message)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw PhotoError(path: path, kind: .unreadable, reason: "not a regular file")
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  func read(at offset: Int, count: Int) throws(PhotoError) -> [UInt8] {
    guard count > 0, offset >= 0 else { return [] }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = 0
      while initialized < count {
        let result = pread(
          descriptor, buffer.baseAddress.map { $0 + initialized }, count - initialized,
          off_t(offset + initialized))
        if result < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if result == 0 { return }
        initialized += result
      }
    }
    if failure != 0 {
      throw PhotoError(
        path: path, kind: .unreadable, reason: "cannot read: " + SystemError(code: failure).message
      )
    }
    return bytes
  }
}
