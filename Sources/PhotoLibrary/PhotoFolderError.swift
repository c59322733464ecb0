import TextOutput

/// Why a folder of photos cannot be opened.
///
/// Each case's ``description`` is the text of one `error:` line (`PATH: reason`, control
/// characters escaped); the viewer prints `error: ` before it and exits with status 1.
public enum PhotoFolderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing exists at the path.
  case missing(path: String)
  /// The path names a file (or something else), not a folder.
  case notAFolder(path: String)
  /// The folder exists but cannot be listed; `reason` is the system's message.
  case unreadable(path: String, reason: String)
  /// The folder holds no file with a photo's extension (hidden files do not count);
  /// `others` is how many other entries it has.
  case empty(path: String, others: Int)

  /// The folder's path as given.
  public var path: String {
    switch self {
    case .missing(let path), .notAFolder(let path), .unreadable(let path, _),
      .empty(let path, _):
      path
    }
  }

  /// The reason, without the path.
  public var reason: String {
    switch self {
    case .missing: "no such folder"
    case .notAFolder: "not a folder"
    case .unreadable(_, let reason): "cannot list the folder: " + reason
    case .empty(_, let others):
      "no photos (no file ending in " + PhotoFolder.extensionList + ")"
        + (others > 0 ? "; \(others) other entr\(others == 1 ? "y" : "ies") skipped" : "")
    }
  }

  /// `PATH: reason`, with control characters escaped.
  public var description: String {
    (path + ": " + reason).escapingControlCharacters
  }
}
