#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// One reader of directories for the whole package (gesturectl's image folders, EvdevDevice's
// `/dev/input`, PhotoLibrary's photo folders): `opendir(3)` and `readdir(3)`, each record's
// name and type read in place.

/// One entry of a directory, as `readdir(3)` reports it.
public struct DirectoryEntry: Sendable, Hashable {
  /// What an entry is, from the record's `d_type`.
  public enum Kind: Sendable, Hashable {
    /// A regular file (`DT_REG`).
    case regularFile
    /// A directory (`DT_DIR`).
    case directory
    /// A symbolic link (`DT_LNK`), not followed.
    case symbolicLink
    /// A FIFO (`DT_FIFO`).
    case fifo
    /// A socket (`DT_SOCK`).
    case socket
    /// A character device (`DT_CHR`).
    case characterDevice
    /// A block device (`DT_BLK`).
    case blockDevice
    /// Not known (`DT_UNKNOWN`: some file systems do not fill the type in); `stat(2)` the
    /// path to learn it.
    case unknown
  }

  /// The name's bytes as the file system stores them (any bytes but `/` and NUL).
  public let nameBytes: [UInt8]
  /// What the entry is.
  public let kind: Kind

  /// Creates an entry.
  public init(nameBytes: [UInt8], kind: Kind) {
    self.nameBytes = nameBytes
    self.kind = kind
  }

  /// The name as text, invalid UTF-8 replaced by U+FFFD (as `String(cString:)` reads it).
  public var name: String { String(decoding: nameBytes, as: UTF8.self) }
  /// The name as text, or nil when it is not valid UTF-8.
  public var validName: String? { String(validating: nameBytes, as: UTF8.self) }
}

/// Why a directory could not be read: the `errno` of `opendir(3)`.
public struct DirectoryError: Error, Sendable, Hashable {
  /// The `errno` value.
  public let code: Int32

  /// Creates an error for an `errno` value.
  public init(code: Int32) {
    self.code = code
  }

  /// The C library's message for it (`strerror`).
  public var message: String { String(cString: strerror(code)) }
}

/// The entries of the directory at `path`, without `.` and `..`, in the order `readdir(3)`
/// gives them (no particular order).
///
/// - Returns: The entries, or the `errno` of `opendir(3)`.
public func readDirectory(_ path: String) -> Result<[DirectoryEntry], DirectoryError> {
  guard let directory = opendir(path) else { return .failure(DirectoryError(code: errno)) }
  defer { closedir(directory) }
  var entries: [DirectoryEntry] = []
  // The C boundary: glibc's records are only as long as their name, so the name is read in
  // place, up to its NUL, and `d_type` as one byte at its offset, never by copying the record
  // (`entry.pointee` copies the whole 256-byte `d_name` field, reading past a short record's
  // end: the heap-buffer-overflow AddressSanitizer found in the three readers this one
  // replaces).
  let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
  let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type) ?? 18
  while let record = readdir(directory) {
    let start = UnsafeRawPointer(record).advanced(by: nameOffset)
    let length = strlen(start.assumingMemoryBound(to: CChar.self))
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: length))
    if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
    let type = UnsafeRawPointer(record).load(fromByteOffset: typeOffset, as: UInt8.self)
    entries.append(DirectoryEntry(nameBytes: bytes, kind: kind(ofType: type)))
  }
  return .success(entries)
}

/// The kind for a record's `d_type`.
private func kind(ofType type: UInt8) -> DirectoryEntry.Kind {
  switch Int32(type) {
  case Int32(DT_REG): .regularFile
  case Int32(DT_DIR): .directory
  case Int32(DT_LNK): .symbolicLink
  case Int32(DT_FIFO): .fifo
  case Int32(DT_SOCK): .socket
  case Int32(DT_CHR): .characterDevice
  case Int32(DT_BLK): .blockDevice
  default: .unknown
  }
}
