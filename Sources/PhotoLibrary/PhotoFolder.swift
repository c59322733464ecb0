/// The photos of one folder, listed once, in the order a person expects.
///
/// Opening a folder reads its entries and nothing else: no photo is opened, so a folder of
/// 10,000 photos opens at once, and an unreadable or huge photo costs nothing until it is
/// shown. A photo is a regular file (or a symbolic link to one) whose name ends in one of
/// ``photoExtensions`` (any case) and does not start with a dot. Names are sorted in natural
/// order (`img2` before `img10`, case ignored). Entries that look like photos but cannot be
/// (a folder named `x.jpg`, a dangling link, a FIFO) are listed in ``skipped`` for warnings.
public struct PhotoFolder: Sendable {
  /// The extensions of a photo's name, lowercased, without the dot.
  public static let photoExtensions: [String] = [
    "jpg", "jpeg", "png", "webp", "tif", "tiff", "bmp", "gif",
  ]

  /// The extensions as a message writes them: `.jpg, .jpeg, …`.
  static let extensionList = photoExtensions.map { "." + $0 }.joined(separator: ", ")

  /// The folder's path as given.
  public let path: String
  /// The photos' names, sorted.
  private let names: [String]
  /// Entries with a photo's extension that are not photos, with the reason (for warnings).
  public let skipped: [PhotoError]

  /// Lists the photos of the folder at `path`.
  ///
  /// - Throws: ``PhotoFolderError`` when nothing is there, it is not a folder, it cannot be
  ///   listed, or it holds no photo.
  public init(path: String) throws(PhotoFolderError) {
    try self.init(path: path, files: SystemFiles())
  }

  /// Lists the photos of a folder through `files` (tests count what is opened).
  init(path: String, files: some FileAccess) throws(PhotoFolderError) {
    self.path = path
    switch files.status(ofItemAt: path) {
    case .folder: break
    case .missing: throw .missing(path: path)
    case .failed(let reason): throw .unreadable(path: path, reason: reason)
    case .file, .other: throw .notAFolder(path: path)
    }
    let entries: [FolderEntry]
    switch files.entries(ofFolderAt: path) {
    case .success(let listed): entries = listed
    case .failure(let error): throw .unreadable(path: path, reason: error.message)
    }
    var photos: [(key: NaturalSortKey, name: String)] = []
    var skipped: [PhotoError] = []
    var others = 0
    let prefix = path.hasSuffix("/") ? path : path + "/"
    for entry in entries {
      guard !entry.lossyName.hasPrefix("."), Self.hasPhotoExtension(entry.lossyName) else {
        if !entry.lossyName.hasPrefix(".") { others += 1 }
        continue
      }
      guard let name = entry.name else {
        skipped.append(
          PhotoError(
            path: prefix + entry.lossyName, kind: .unreadable, reason: "name is not UTF-8"))
        continue
      }
      let status = entry.status ?? files.status(ofItemAt: prefix + name)
      switch status {
      case .file:
        photos.append((NaturalSortKey(name), name))
        continue
      case .folder:
        skipped.append(PhotoError(path: prefix + name, kind: .unreadable, reason: "a folder"))
      case .other:
        skipped.append(
          PhotoError(path: prefix + name, kind: .unreadable, reason: "not a regular file"))
      case .missing:
        skipped.append(
          PhotoError(path: prefix + name, kind: .missing, reason: "dangling symbolic link"))
      case .failed(let reason):
        skipped.append(PhotoError(path: prefix + name, kind: .unreadable, reason: reason))
      }
    }
    guard !photos.isEmpty else { throw .empty(path: path, others: others + skipped.count) }
    photos.sort { $0.key < $1.key }
    self.names = photos.map(\.name)
    self.skipped = skipped.sorted { NaturalSortKey($0.name) < NaturalSortKey($1.name) }
  }

  /// The number of photos (at least 1).
  public var count: Int { names.count }

  /// The name of the photo at `index` (`0..<count`), as listed: not escaped.
  public func name(at index: Int) -> String {
    names[index]
  }

  /// The path of the photo at `index` (`0..<count`): the folder's path, `/`, the name.
  public func path(at index: Int) -> String {
    path.hasSuffix("/") ? path + names[index] : path + "/" + names[index]
  }

  /// All names, in order.
  public var allNames: [String] { names }

  /// Whether `name` ends in a photo's extension, in any case.
  static func hasPhotoExtension(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    let suffix = name[name.index(after: dot)...].lowercased()
    return photoExtensions.contains(suffix)
  }
}
