import PhotoLibrary
import TextOutput

/// The photos the carousel shows: a ``PhotoLibrary/PhotoFolder``'s listing less the files
/// that are not images (skipped with a warning each).
///
/// The folder listing opens no file; telling an image from something else needs its first
/// 12 bytes, read here once at the start for folders of up to `sniffLimit` photos (one open
/// and read per file; 10,000 files took 0.6 s in a debug build, see Docs/PhotoViewer.md). A
/// larger folder opens at once and a non-image in it shows as a placeholder saying so when
/// reached. Entries the listing could not use (a folder named `x.jpg`, a dangling link) are
/// warned about too.
struct PhotoList: Sendable {
  let folder: PhotoFolder
  /// The folder's indices of the photos kept, in order.
  private let kept: [Int]
  /// Where each kept folder index sits in the list.
  private let positions: [Int: Int]

  /// The most photos whose first bytes are read at the start.
  static let sniffLimit = 2000

  /// Lists the folder at `path`, sniffing its files when it has at most `sniffLimit` photos.
  init(path: String, sniffLimit: Int = PhotoList.sniffLimit) throws(ViewerError) {
    do throws(PhotoFolderError) {
      folder = try PhotoFolder(path: path)
    } catch {
      throw .io(error.description)
    }
    for skipped in folder.skipped { warn(skipped.description + "; skipping it") }
    var kept: [Int] = []
    for index in 0..<folder.count {
      guard folder.count <= sniffLimit else {
        kept.append(index)
        continue
      }
      do throws(PhotoError) {
        _ = try PhotoKind.sniff(fileAt: folder.path(at: index))
        kept.append(index)
      } catch {
        if error.kind == .notAnImage {
          warn(error.description + "; skipping it")
        } else {
          // Unreadable now: kept, so its placeholder says why (it may be fixed meanwhile).
          kept.append(index)
        }
      }
    }
    guard !kept.isEmpty else {
      throw .io(
        "\(path.escapingControlCharacters): no photos: none of its image files is an image")
    }
    self.kept = kept
    positions = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
  }

  var count: Int { kept.count }
  func name(at index: Int) -> String { folder.name(at: kept[index]) }
  func path(at index: Int) -> String { folder.path(at: kept[index]) }
  /// The folder's index of the photo at `index`.
  func folderIndex(_ index: Int) -> Int { kept[index] }
  /// The list's index of the folder's photo `folderIndex`.
  func index(ofFolderIndex folderIndex: Int) -> Int? { positions[folderIndex] }
}
