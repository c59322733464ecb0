import TextOutput

/// Why one photo of a folder cannot be shown: its file, what went wrong, and in words.
///
/// The viewer skips a file whose kind is ``Kind/notAnImage`` with a warning, and shows a
/// placeholder naming ``name`` and ``reason`` for the others.
public struct PhotoError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: Sendable, Hashable {
    /// The file has an image extension but its first bytes are no image format's signature.
    case notAnImage
    /// The file is gone (removed, or a dangling symbolic link).
    case missing
    /// The file exists but cannot be opened or read (permissions, a folder, an I/O error).
    case unreadable
    /// The file starts like an image but its contents cannot be decoded (corrupt, truncated).
    case undecodable
  }

  /// The file's path, as the folder lists it.
  public var path: String
  /// What kind of failure this is.
  public var kind: Kind
  /// The reason in words, such as `not an image: starts with 3C 21 44 4F ("<!DO")`.
  public var reason: String

  /// Creates an error value.
  public init(path: String, kind: Kind, reason: String) {
    self.path = path
    self.kind = kind
    self.reason = reason
  }

  /// The file's name: the last component of ``path``.
  public var name: String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `PATH: reason`, with control characters escaped, for a `warning:` or `error:` line.
  public var description: String {
    (path + ": " + reason).escapingControlCharacters
  }
}
