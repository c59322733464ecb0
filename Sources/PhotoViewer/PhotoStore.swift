import CSDL2
import PhotoLibrary

/// A photo made ready off the render loop: decoded, scaled to the screen, with the
/// orientation its EXIF tag gives.
struct PreparedPhoto: Sendable {
  let surface: SDLSurface
  let orientation: PhotoOrientation
}

/// An SDL texture owned by Swift (render thread only).
final class SDLTexture {
  let pointer: OpaquePointer
  /// The texture's size in pixels (as stored, before the turn).
  let width: Int
  let height: Int

  init(_ pointer: OpaquePointer, width: Int, height: Int) {
    self.pointer = pointer
    self.width = width
    self.height = height
  }

  deinit { SDL_DestroyTexture(pointer) }
}

/// A photo as the render loop holds it.
enum ShownPhoto {
  /// Still being prepared.
  case loading
  /// Ready to draw.
  case photo(SDLTexture, PhotoOrientation)
  /// Shown as a placeholder with this reason.
  case failed(String)
}

/// The photos held at screen size: the current one and its two neighbours, no more, as
/// textures made on the render thread from surfaces the worker prepared.
final class PhotoStore {
  private let preparer: PhotoPreparer<PreparedPhoto>
  private let list: PhotoList
  private var held: [Int: ShownPhoto] = [:]
  private var wanted: [Int] = []
  /// How many textures were ever held at once (for the memory bound's test).
  private(set) var mostHeld = 0

  /// A store preparing `list`'s photos to fit `maximum` pixels, at most `limit` held;
  /// `wake` is called on the worker thread when a photo is ready.
  init(
    list: PhotoList, maximum: (width: Int, height: Int), limit: Int = PhotoWindow.capacity,
    wake: @escaping @Sendable () -> Void
  ) {
    self.list = list
    preparer = PhotoPreparer(folder: list.folder, limit: limit, onFinish: wake) {
      path throws(PhotoError) in
      try preparePhoto(path: path, maximum: maximum)
    }
  }

  deinit { preparer.close() }

  /// Holds `indices` (the current photo first) and drops every other photo.
  func hold(_ indices: [Int]) {
    guard indices != wanted else { return }
    wanted = indices
    for index in held.keys where !indices.contains(index) { held[index] = nil }
    let missing = indices.filter { held[$0] == nil }
    for index in missing { held[index] = .loading }
    preparer.request(indices: indices.map(list.folderIndex))
  }

  /// Forgets `index` so the next `hold` prepares it again (its file changed or vanished).
  func reload(_ index: Int) {
    held[index] = .loading
    preparer.prepareAgain(index: list.folderIndex(index))
  }

  /// Takes the worker's finished photos and makes textures of those still wanted.
  /// - Returns: Whether anything new became showable.
  func poll(_ screen: SDLScreen) -> Bool {
    var changed = false
    for finished in preparer.takeFinished() {
      guard let index = list.index(ofFolderIndex: finished.index), wanted.contains(index)
      else { continue }
      changed = true
      switch finished.result {
      case .failure(let error): held[index] = .failed(error.reason)
      case .success(let photo):
        if let texture = screen.texture(of: photo.surface) {
          held[index] = .photo(
            SDLTexture(texture, width: photo.surface.width, height: photo.surface.height),
            photo.orientation)
        } else {
          held[index] = .failed("cannot make a texture: " + sdlError())
        }
      }
    }
    var textures = 0
    for photo in held.values {
      if case .photo = photo { textures += 1 }
    }
    mostHeld = max(mostHeld, textures)
    return changed
  }

  /// What is held for `index`.
  func photo(at index: Int) -> ShownPhoto {
    held[index] ?? .loading
  }

  /// Whether a wanted photo is still loading.
  var isLoading: Bool {
    held.values.contains { if case .loading = $0 { return true } else { return false } }
  }
}
