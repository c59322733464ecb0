import SystemDirectory

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Plain POSIX file access for the few files gesturectl reads and writes besides recordings, so
// the tool does not load Foundation (about 4 ms of start-up on every run).

/// Writes `text` to `path` atomically: a temporary file in the same directory (`PATH.tmp-`
/// and six characters), synced, then a rename, so a reader never sees half a file. The file gets the usual mode (0666 less the umask).
///
/// - Throws: `CommandFailure` naming the path and the reason.
func writeFileAtomically(_ text: String, to path: String) throws(CommandFailure) {
  func failure() -> CommandFailure {
    CommandFailure(message: "\(path): cannot write: " + String(cString: strerror(errno)))
  }
  var template = Array((path + ".tmp-XXXXXX").utf8CString)
  // The C boundary: `mkstemp(3)` rewrites the array's storage (its NUL-terminated name).
  let descriptor = mkstemp(&template)
  guard descriptor >= 0 else { throw failure() }
  let temporary = String(
    decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let mask = umask(0)
  umask(mask)
  var written = fchmod(descriptor, 0o666 & ~mask) == 0
  if written { written = writeAll(descriptor, Array(text.utf8)).error == nil }
  // On disk before the rename, so a crash leaves the old file or the new one, never an empty
  // one under the new name.
  if written { written = fsync(descriptor) == 0 }
  let closed = close(descriptor) == 0
  guard written && closed && rename(temporary, path) == 0 else {
    let error = failure()
    unlink(temporary)
    throw error
  }
}

/// Writes all of `bytes` to `descriptor` (again after a short write or `EINTR`).
///
/// - Returns: How many bytes were written, and the `errno` of the write that failed, if one
///   did (a write of 0 bytes counts as `ENOSPC`).
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> (written: Int, error: Int32?) {
  var offset = 0
  while offset < bytes.count {
    // The C boundary: `write(2)` reads the array's storage from `offset` on.
    let count = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { write(descriptor, $0 + offset, raw.count - offset) } ?? -1
    }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { return (offset, count == 0 ? ENOSPC : errno) }
    offset += count
  }
  return (offset, nil)
}

/// Refuses `path` when it is a symbolic link: a command that writes there (often as root)
/// must not overwrite what the link points to.
///
/// - Throws: `CommandFailure` naming the path.
func refuseSymbolicLink(_ path: String) throws(CommandFailure) {
  var info = stat()
  guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return }
  throw CommandFailure(
    message: "\(path): is a symbolic link; not writing through it (remove it or name its target)"
      + (path.hasPrefix("/dev/") ? "; -o - writes to standard output" : ""))
}

/// Creates (or truncates) `path` for writing, never through a symbolic link (`O_NOFOLLOW`),
/// with the usual mode (0666 less the umask).
///
/// - Returns: The open descriptor.
/// - Throws: `CommandFailure` naming the path and the reason.
func createOutputFile(_ path: String) throws(CommandFailure) -> Int32 {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o666)
  guard descriptor >= 0 else {
    if errno == ELOOP { try refuseSymbolicLink(path) }
    throw CommandFailure(message: "\(path): cannot write: " + String(cString: strerror(errno)))
  }
  return descriptor
}

/// Why `readRegularFile(_:limit:)` gave no bytes.
enum FileReadError: Error, Equatable {
  /// A system call failed with this `errno` (the file is missing, say).
  case system(Int32)
  /// Not a regular file (a FIFO, a device, a directory): it could block or never end.
  case notRegular
  /// Longer than the limit, in bytes.
  case tooLarge(Int)

  /// The reason, for `PATH: cannot read …: REASON`.
  var reason: String {
    switch self {
    case .system(let error): String(cString: strerror(error))
    case .notRegular: "not a regular file"
    case .tooLarge(let limit): "larger than \(limit) bytes"
    }
  }
}

/// The bytes of the regular file at `path`, at most `limit` of them.
///
/// The file is opened without blocking (a FIFO's `open` would wait for a writer) and refused
/// unless it is a regular file, so `/dev/zero` or a pipe can neither hang the caller nor fill
/// its memory. With `truncating`, a longer file gives its first `limit` bytes (an image's
/// header); without, it is an error.
func readRegularFile(_ path: String, limit: Int, truncating: Bool = false)
  -> Result<[UInt8], FileReadError>
{
  let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  guard descriptor >= 0 else { return .failure(.system(errno)) }
  defer { close(descriptor) }
  var info = stat()
  guard fstat(descriptor, &info) == 0 else { return .failure(.system(errno)) }
  guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegular) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while bytes.count <= limit {
    // The C boundary: `read(2)` fills the array's storage.
    let count = read(descriptor, &chunk, chunk.count)
    if count < 0 && errno == EINTR { continue }
    guard count >= 0 else { return .failure(.system(errno)) }
    if count == 0 { return .success(bytes) }
    bytes.append(contentsOf: chunk[0..<count])
  }
  guard truncating else { return .failure(.tooLarge(limit)) }
  return .success(Array(bytes.prefix(limit)))
}

/// Removes the temporary files `writeFileAtomically(_:to:)` left next to `path` when it was
/// killed between creating and renaming one (`PATH.tmp-` and six characters).
func removeStaleTemporaries(of path: String) {
  let slash = path.lastIndex(of: "/")
  let directory = slash.map { String(path[...$0]) } ?? ""
  let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp-"
  guard let names = try? directoryEntries(directory.isEmpty ? "." : directory) else { return }
  for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
    unlink(directory + name)
  }
}

/// Whether something exists at `path`.
func fileExists(_ path: String) -> Bool {
  access(path, F_OK) == 0
}

/// Whether `path` is a regular file (a recording, say, rather than a device node).
func isRegularFile(_ path: String) -> Bool {
  var info = stat()
  return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}

/// The names in the directory at `path`, without `.` and `..`, in no particular order.
///
/// - Throws: `CommandFailure` naming the directory and the reason.
func directoryEntries(_ path: String) throws(CommandFailure) -> [String] {
  switch readDirectory(path) {
  case .success(let entries): return entries.map(\.name)
  case .failure(let error):
    throw CommandFailure(message: "\(path): cannot list images: " + error.message)
  }
}
