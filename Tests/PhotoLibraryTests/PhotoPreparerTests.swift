import Dispatch
import Glibc
import Synchronization
import Testing

@testable import PhotoLibrary

/// A fake prepare closure's world: a gate each preparation waits at, a log of what started,
/// and a signal per result ready, so tests sequence the thread without sleeping.
final class PrepareScript: Sendable {
  /// Paths in the order their preparation started.
  let started = Mutex<[String]>([])
  /// Signalled when a preparation starts.
  let didStart = DispatchSemaphore(value: 0)
  /// Each preparation waits here once.
  let gate = DispatchSemaphore(value: 0)
  /// Signalled after each result is ready to take.
  let didFinish = DispatchSemaphore(value: 0)

  /// The closure: logs, waits at the gate, returns `prepared NAME` or throws for `bad` names.
  func prepare(_ path: String) throws -> String {
    started.withLock { $0.append(path) }
    didStart.signal()
    gate.wait()
    if path.hasSuffix("corrupt.jpg") {
      throw PhotoError(path: path, kind: .undecodable, reason: "Premature end of JPEG file")
    }
    if path.hasSuffix("odd.jpg") { throw OddError() }
    return "prepared " + path
  }

  /// Waits for `count` signals of `semaphore` (10 s at most each: a hang fails, not blocks).
  func wait(_ semaphore: DispatchSemaphore, _ count: Int = 1) -> Bool {
    (0..<count).allSatisfy { _ in semaphore.wait(timeout: .now() + 10) == .success }
  }

  /// The names started so far.
  var startedNames: [String] {
    started.withLock { $0.map { String($0.split(separator: "/").last ?? "") } }
  }
}

/// An error that is not a PhotoError.
struct OddError: Error, CustomStringConvertible {
  var description: String { "odd failure" }
}

@Suite struct PhotoPreparerTests {
  /// A folder of `names` (empty files: the fake closure does not read them).
  static func folder(_ names: [String]) throws -> (TemporaryFolder, PhotoFolder) {
    let temporary = try TemporaryFolder("prepare")
    for name in names { try temporary.write(name) }
    return (temporary, try PhotoFolder(path: temporary.path))
  }

  static let ten = (0..<10).map { "p\($0).jpg" }

  @Test("requested photos are prepared in order off the caller's thread, taken without waiting")
  func order() throws {
    let (temporary, folder) = try Self.folder(Self.ten)
    defer { temporary.remove() }
    let script = PrepareScript()
    let preparer = PhotoPreparer(folder: folder, onFinish: { script.didFinish.signal() }) {
      try script.prepare($0)
    }
    preparer.request(indices: [4, 5, 3])
    #expect(script.wait(script.didStart))
    // The thread is inside the first preparation: taking returns at once, with nothing.
    #expect(preparer.takeFinished().isEmpty)
    (0..<3).forEach { _ in script.gate.signal() }
    #expect(script.wait(script.didFinish, 3))
    let finished = preparer.takeFinished()
    #expect(finished.map(\.index) == [4, 5, 3])
    #expect(
      try finished.map { try $0.result.get() }
        == [4, 5, 3].map { "prepared " + folder.path(at: $0) })
    #expect(preparer.takeFinished().isEmpty)
  }

  @Test("a new request drops stale queued work, the stale running result and unread results")
  func staleRequests() throws {
    let (temporary, folder) = try Self.folder(Self.ten)
    defer { temporary.remove() }
    let script = PrepareScript()
    let preparer = PhotoPreparer(folder: folder, onFinish: { script.didFinish.signal() }) {
      try script.prepare($0)
    }
    preparer.request(indices: [0, 1, 9])
    #expect(script.wait(script.didStart))
    preparer.request(indices: [5, 6, 4])
    (0..<4).forEach { _ in script.gate.signal() }
    #expect(script.wait(script.didFinish, 3))
    #expect(script.startedNames == ["p0.jpg", "p5.jpg", "p6.jpg", "p4.jpg"])
    // 5, 6 and 4 wait to be taken; a request for 6 alone frees the other two.
    preparer.request(indices: [6])
    #expect(preparer.takeFinished().map(\.index) == [6])
  }

  @Test("at most limit photos are wanted; out-of-range indices and repeats are ignored")
  func bounded() throws {
    let (temporary, folder) = try Self.folder(Self.ten)
    defer { temporary.remove() }
    let script = PrepareScript()
    let preparer = PhotoPreparer(
      folder: folder, limit: 3, onFinish: { script.didFinish.signal() }
    ) { try script.prepare($0) }
    preparer.request(indices: [2, 2, -1, 10, 3, 7, 8, 9])
    (0..<3).forEach { _ in script.gate.signal() }
    #expect(script.wait(script.didFinish, 3))
    #expect(preparer.takeFinished().map(\.index) == [2, 3, 7])
    #expect(script.startedNames == ["p2.jpg", "p3.jpg", "p7.jpg"])
  }

  @Test("taken photos are not prepared again while requested; prepareAgain asks for it")
  func noRework() throws {
    let (temporary, folder) = try Self.folder(Self.ten)
    defer { temporary.remove() }
    let script = PrepareScript()
    let preparer = PhotoPreparer(folder: folder, onFinish: { script.didFinish.signal() }) {
      try script.prepare($0)
    }
    preparer.request(indices: [1, 2, 0])
    (0..<3).forEach { _ in script.gate.signal() }
    #expect(script.wait(script.didFinish, 3))
    #expect(preparer.takeFinished().count == 3)
    // A swipe to 2: the window is 2, 3, 1; only 3 is new.
    preparer.request(indices: PhotoWindow(current: 2, count: 10).indices)
    script.gate.signal()
    #expect(script.wait(script.didFinish))
    #expect(preparer.takeFinished().map(\.index) == [3])
    preparer.prepareAgain(index: 1)
    preparer.prepareAgain(index: 8)  // Not requested: ignored.
    script.gate.signal()
    #expect(script.wait(script.didFinish))
    #expect(preparer.takeFinished().map(\.index) == [1])
    #expect(script.startedNames == ["p1.jpg", "p2.jpg", "p0.jpg", "p3.jpg", "p1.jpg"])
  }

  @Test("failures carry the file's name and reason")
  func failures() throws {
    let (temporary, folder) = try Self.folder(["a-corrupt.jpg", "b-odd.jpg", "c.jpg"])
    defer { temporary.remove() }
    let script = PrepareScript()
    let preparer = PhotoPreparer(folder: folder, onFinish: { script.didFinish.signal() }) {
      try script.prepare($0)
    }
    preparer.request(indices: [0, 1, 2])
    (0..<3).forEach { _ in script.gate.signal() }
    #expect(script.wait(script.didFinish, 3))
    let results = preparer.takeFinished().map(\.result)
    #expect(
      results[0]
        == .failure(
          PhotoError(
            path: folder.path(at: 0), kind: .undecodable, reason: "Premature end of JPEG file")))
    #expect(
      results[1]
        == .failure(PhotoError(path: folder.path(at: 1), kind: .undecodable, reason: "odd failure"))
    )
    guard case .failure(let error) = results[1] else { return }
    #expect(error.name == "b-odd.jpg")
    #expect(try results[2].get() == "prepared " + folder.path(at: 2))
  }

  @Test("close waits for the running preparation, discards it and ends the thread")
  func close() throws {
    let (temporary, folder) = try Self.folder(Self.ten)
    defer { temporary.remove() }
    let script = PrepareScript()
    let preparer = PhotoPreparer(folder: folder) { try script.prepare($0) }
    preparer.request(indices: [0, 1, 2])
    #expect(script.wait(script.didStart))
    let closed = DispatchSemaphore(value: 0)
    // A thread of its own: a Dispatch queue could wait behind tests blocking the pool.
    let closer = WorkerThread.start {
      preparer.close()
      closed.signal()
    }
    defer { closer.join() }
    // Once close() has marked the preparer closed, it cannot return while the preparation
    // runs (the thread is still inside it): it returns once the gate opens.
    let deadline = ContinuousClock.now + .seconds(10)
    while !preparer.isClosed, ContinuousClock.now < deadline { sched_yield() }
    #expect(preparer.isClosed)
    #expect(closed.wait(timeout: .now()) == .timedOut)
    #expect(!preparer.worker.hasExited)
    script.gate.signal()
    #expect(script.wait(closed))
    #expect(preparer.worker.hasExited)
    #expect(preparer.isClosed)
    #expect(preparer.takeFinished().isEmpty)
    preparer.request(indices: [3])
    preparer.close()
    #expect(script.startedNames == ["p0.jpg"])
  }

  @Test("dropping the preparer ends its thread before deinit returns")
  func deinitJoins() throws {
    let (temporary, folder) = try Self.folder(Self.ten)
    defer { temporary.remove() }
    let script = PrepareScript()
    var preparer: PhotoPreparer<String>? = PhotoPreparer(folder: folder) {
      try script.prepare($0)
    }
    let worker = try #require(preparer?.worker)
    preparer?.request(indices: [0])
    #expect(script.wait(script.didStart))
    script.gate.signal()
    #expect(!worker.isClosed)
    preparer = nil
    #expect(worker.hasExited)
    #expect(worker.isClosed)
  }
}
