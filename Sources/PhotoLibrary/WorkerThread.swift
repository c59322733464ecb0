import Dispatch
import Glibc
import Synchronization

/// A counting semaphore (Dispatch's): the preparer's thread waits on it for work.
struct Semaphore: Sendable {
  /// The semaphore.
  private let semaphore = DispatchSemaphore(value: 0)

  /// Adds one signal, waking a waiter.
  func signal() { semaphore.signal() }

  /// Waits for a signal and takes it.
  func wait() { semaphore.wait() }
}

/// A POSIX thread that runs one closure and can be joined, so closing a preparer leaves no
/// thread running.
///
/// The closure reaches the new thread through a table keyed by a number that is passed as the
/// thread's argument (its bit pattern, never dereferenced), so no object is passed as a raw
/// pointer.
struct WorkerThread: Sendable {
  /// The thread.
  private let thread: pthread_t

  /// Closures waiting for their thread to pick them up, by key.
  private static let waiting = Mutex<(next: Int, bodies: [Int: @Sendable () -> Void])>(
    (1, [:]))

  /// Starts a thread running `body`.
  static func start(_ body: @escaping @Sendable () -> Void) -> WorkerThread {
    let key = waiting.withLock { table in
      let key = table.next
      table.next += 1
      table.bodies[key] = body
      return key
    }
    var thread = pthread_t()
    // The C boundary: `pthread_create(3)` hands its start routine one `void *`; the key
    // travels as that pointer's bit pattern and is never dereferenced.
    let status = pthread_create(
      &thread, nil,
      { argument in
        let key = Int(bitPattern: argument)
        let body = WorkerThread.waiting.withLock { $0.bodies.removeValue(forKey: key) }
        body?()
        return nil
      }, UnsafeMutableRawPointer(bitPattern: key))
    // A failure to create a thread is the system out of resources: nothing sensible to do.
    precondition(status == 0, "pthread_create failed: \(status)")
    return WorkerThread(thread: thread)
  }

  /// Waits until the thread's closure has returned and the thread has ended.
  func join() {
    pthread_join(thread, nil)
  }
}
