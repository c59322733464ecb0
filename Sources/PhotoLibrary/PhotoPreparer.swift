import Synchronization

/// Prepares photos on a background thread of its own, off the render loop: a caller-supplied
/// closure (decode, downscale to screen size) runs for the indices last requested, in their
/// order, and the render loop picks the results up without waiting.
///
/// - ``request(indices:)`` replaces the previous request: queued work for indices no longer
///   wanted is dropped, finished results for them are freed, and a result finishing for one
///   is discarded. Indices already prepared and taken while they stayed requested are not
///   prepared again (``prepareAgain(index:)`` asks for that).
/// - ``takeFinished()`` never waits for a photo: it takes the results finished so far.
/// - Memory is bounded: at most `limit` indices are wanted at once (extra ones are ignored),
///   so at most `limit` results wait to be taken, plus the one being prepared.
/// - ``close()`` (or dropping the preparer) stops the thread and waits for it to end; a
///   prepare already running finishes first, and its result is discarded.
///
/// A failure is a ``PhotoError`` naming the file: the closure's own `PhotoError`, or any other
/// error it throws as kind ``PhotoError/Kind/undecodable`` with the error's text as reason.
public final class PhotoPreparer<Prepared: Sendable>: Sendable {
  /// One finished preparation: the photo's index and its result.
  public typealias Finished = (index: Int, result: Result<Prepared, PhotoError>)

  /// The state shared with the thread.
  let worker: PreparerWorker<Prepared>

  /// Starts the thread.
  ///
  /// - Parameters:
  ///   - folder: The photos; the closure gets `folder.path(at: index)`.
  ///   - limit: The most indices wanted at once (the window: ``PhotoWindow/capacity``).
  ///   - onFinish: Called on the preparer's thread after each result is ready to take, so
  ///     the render loop can wake (an SDL user event); it must not call the preparer back
  ///     synchronously with ``close()``.
  ///   - prepare: Turns a photo's path into the prepared value; runs on the preparer's thread.
  public init(
    folder: PhotoFolder, limit: Int = PhotoWindow.capacity,
    onFinish: @escaping @Sendable () -> Void = {},
    prepare: @escaping @Sendable (String) throws -> Prepared
  ) {
    worker = PreparerWorker(
      paths: { folder.path(at: $0) }, count: folder.count, limit: max(limit, 1),
      onFinish: onFinish, prepare: prepare)
    worker.start()
  }

  deinit { worker.close() }

  /// Asks for the photos at `indices`, in that order, replacing the previous request.
  /// Indices outside the folder and repeats are ignored; only the first `limit` count.
  public func request(indices: [Int]) {
    worker.request(indices)
  }

  /// Asks for the photo at `index` to be prepared again (its file changed or was removed),
  /// if it is still requested.
  public func prepareAgain(index: Int) {
    worker.prepareAgain(index)
  }

  /// The results finished since the last call, in the order they finished; never waits.
  public func takeFinished() -> [Finished] {
    worker.takeFinished()
  }

  /// Stops the thread and waits until it has ended. Later requests are ignored; calling it
  /// again does nothing. Never call it from the `prepare` closure.
  public func close() {
    worker.close()
  }

  /// Whether ``close()`` has been called.
  public var isClosed: Bool { worker.isClosed }
}

/// The preparer's thread and the state it shares with the render loop, behind one mutex.
final class PreparerWorker<Prepared: Sendable>: Sendable {
  /// What the render loop and the thread share.
  struct State {
    /// The latest request, in order (at most `limit`).
    var wanted: [Int] = []
    /// Wanted indices not yet started, in order.
    var queue: [Int] = []
    /// The index being prepared.
    var running: Int?
    /// Results ready to take.
    var finished: [PhotoPreparer<Prepared>.Finished] = []
    /// Indices taken while wanted since: not prepared again.
    var delivered: Set<Int> = []
    /// Set by `close()`.
    var closing = false
    /// Set by the thread as it ends.
    var exited = false
  }

  /// The shared state.
  let state = Mutex(State())
  /// The thread, to join.
  let thread: Mutex<WorkerThread?> = Mutex(nil)
  /// Signalled when there is work or the preparer closes.
  let wake = Semaphore()
  /// The path of an index.
  let paths: @Sendable (Int) -> String
  /// The number of photos.
  let count: Int
  /// The most indices wanted at once.
  let limit: Int
  /// Called after each result.
  let onFinish: @Sendable () -> Void
  /// The caller's closure.
  let prepare: @Sendable (String) throws -> Prepared

  /// Creates the state; `start()` starts the thread.
  init(
    paths: @escaping @Sendable (Int) -> String, count: Int, limit: Int,
    onFinish: @escaping @Sendable () -> Void,
    prepare: @escaping @Sendable (String) throws -> Prepared
  ) {
    self.paths = paths
    self.count = count
    self.limit = limit
    self.onFinish = onFinish
    self.prepare = prepare
  }

  /// Starts the thread.
  func start() {
    let started = WorkerThread.start { [self] in run() }
    thread.withLock { $0 = started }
  }

  /// Whether the thread has ended.
  var hasExited: Bool { state.withLock { $0.exited } }

  /// Whether `close()` was called.
  var isClosed: Bool { state.withLock { $0.closing } }

  func request(_ indices: [Int]) {
    let accepted = state.withLock { state -> Bool in
      guard !state.closing else { return false }
      var wanted: [Int] = []
      for index in indices where (0..<count).contains(index) && !wanted.contains(index) {
        guard wanted.count < limit else { break }
        wanted.append(index)
      }
      state.wanted = wanted
      state.finished.removeAll { !wanted.contains($0.index) }
      state.delivered.formIntersection(wanted)
      let finished = state.finished.map(\.index)
      let running = state.running
      let delivered = state.delivered
      state.queue = wanted.filter {
        $0 != running && !finished.contains($0) && !delivered.contains($0)
      }
      return true
    }
    if accepted { wake.signal() }
  }

  func prepareAgain(_ index: Int) {
    let queued = state.withLock { state -> Bool in
      guard !state.closing, state.wanted.contains(index) else { return false }
      state.delivered.remove(index)
      state.finished.removeAll { $0.index == index }
      if !state.queue.contains(index) { state.queue.append(index) }
      return true
    }
    if queued { wake.signal() }
  }

  func takeFinished() -> [PhotoPreparer<Prepared>.Finished] {
    state.withLock { state in
      let taken = state.finished
      state.finished = []
      state.delivered.formUnion(taken.map(\.index))
      return taken
    }
  }

  func close() {
    let first = state.withLock { state -> Bool in
      defer { state.closing = true }
      state.queue = []
      state.finished = []
      return !state.closing
    }
    if first { wake.signal() }
    let joining = thread.withLock { thread -> WorkerThread? in
      defer { thread = nil }
      return thread
    }
    joining?.join()
  }

  /// The thread's loop: wait, prepare what is queued, until closed.
  private func run() {
    while true {
      wake.wait()
      while let index = nextJob() {
        let path = paths(index)
        let result: Result<Prepared, PhotoError>
        do {
          result = .success(try prepare(path))
        } catch let error as PhotoError {
          result = .failure(error)
        } catch {
          result = .failure(
            PhotoError(path: path, kind: .undecodable, reason: String(describing: error)))
        }
        let kept = state.withLock { state -> Bool in
          state.running = nil
          guard !state.closing, state.wanted.contains(index),
            !state.finished.contains(where: { $0.index == index })
          else { return false }
          state.finished.append((index, result))
          return true
        }
        if kept { onFinish() }
      }
      if state.withLock({ $0.closing }) { break }
    }
    state.withLock { $0.exited = true }
  }

  /// The next queued index (now running), or `nil` when there is none or the preparer closes.
  private func nextJob() -> Int? {
    state.withLock { state in
      guard !state.closing, !state.queue.isEmpty else { return nil }
      let index = state.queue.removeFirst()
      state.running = index
      return index
    }
  }
}
