import CSDL2

/// A photo made ready off the render loop: decoded, scaled to the screen, with the turn its
/// EXIF orientation asks for; or the reason it cannot be shown.
enum PreparedPhoto: Sendable {
  case photo(SDLSurface, PhotoTurn)
  case failed(PhotoFailure)
}

/// How to turn a decoded photo upright: mirror left-right first, then turn clockwise.
struct PhotoTurn: Sendable, Hashable {
  /// Clockwise quarter turns, 0…3.
  var quarterTurns = 0
  /// Mirrored left-right before turning.
  var mirrored = false

  /// The turn of EXIF orientation `value` (1…8; anything else is upright).
  init(exifOrientation value: Int) {
    switch value {
    case 2: mirrored = true
    case 3: quarterTurns = 2
    case 4: (quarterTurns, mirrored) = (2, true)
    case 5: (quarterTurns, mirrored) = (3, true)
    case 6: quarterTurns = 1
    case 7: (quarterTurns, mirrored) = (1, true)
    case 8: quarterTurns = 3
    default: break
    }
  }

  init() {}

  /// Whether width and height swap on screen.
  var sideways: Bool { quarterTurns % 2 == 1 }
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
  case photo(SDLTexture, PhotoTurn)
  /// Shown as a placeholder with this reason.
  case failed(PhotoFailure)
}

/// Prepares photos in the background: ask for indices, collect what is done without waiting.
protocol PhotoWorker: AnyObject {
  /// Asks for exactly these indices (earlier requests for others may be dropped).
  func request(_ indices: [Int])
  /// The photos finished since the last call; never blocks.
  func takeFinished() -> [(index: Int, photo: PreparedPhoto)]
  /// Whether a request is still being worked on.
  var isBusy: Bool { get }
}

/// The photos held at screen size: the current one and its two neighbours, no more, as
/// textures made on the render thread from surfaces the worker prepared.
final class PhotoStore {
  private let worker: any PhotoWorker
  private var held: [Int: ShownPhoto] = [:]
  private var wanted: [Int] = []
  /// How many textures were ever held at once (for the memory bound's test).
  private(set) var mostHeld = 0

  init(worker: any PhotoWorker) {
    self.worker = worker
  }

  /// Holds `indices` (the current photo first) and drops every other photo.
  func hold(_ indices: [Int]) {
    guard indices != wanted else { return }
    wanted = indices
    for index in held.keys where !indices.contains(index) { held[index] = nil }
    let missing = indices.filter { held[$0] == nil }
    for index in missing { held[index] = .loading }
    worker.request(indices.filter { index in
      if case .loading? = held[index] { return true }
      return false
    })
  }

  /// Forgets `index` so the next `hold` prepares it again (its file changed or vanished).
  func reload(_ index: Int) {
    held[index] = nil
    let indices = wanted
    wanted = []
    hold(indices)
  }

  /// Takes the worker's finished photos and makes textures of those still wanted.
  /// - Returns: Whether anything new became showable.
  func poll(_ screen: SDLScreen) -> Bool {
    var changed = false
    for (index, photo) in worker.takeFinished() where wanted.contains(index) {
      changed = true
      switch photo {
      case .failed(let failure): held[index] = .failed(failure)
      case .photo(let surface, let turn):
        if let texture = screen.texture(of: surface) {
          held[index] = .photo(
            SDLTexture(texture, width: surface.width, height: surface.height), turn)
        } else {
          held[index] = .failed(.undecodable("no texture: " + sdlError()))
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
