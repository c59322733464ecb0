// An engine is used from one thread at a time (it is not Sendable). Fed from two threads at
// once (Swift 5 mode, or through an `@unchecked Sendable` box), it used to crash inside its
// queue. Debug builds check every entry instead and stop with a message naming the misuse;
// release builds keep no check (it would cost an atomic exchange per frame).

#if DEBUG
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
  import Synchronization

  /// The thread inside an engine, 0 when none (debug builds only).
  final class EngineOccupant: Sendable {
    let thread = Atomic<UInt>(0)
  }

  extension GestureEngine {
    /// Marks the calling thread as inside the engine; stops with a message if another thread
    /// is inside it. Returns whether this call entered (false on a nested call, from an action).
    func enterThread() -> Bool {
      let me = UInt(bitPattern: Int(bitPattern: pthread_self()))
      let (entered, holder) = occupant.thread.compareExchange(
        expected: 0, desired: me, ordering: .acquiringAndReleasing)
      precondition(
        entered || holder == me,
        "GestureEngine used from two threads at once: an engine is not Sendable; feed it from "
          + "one thread, task or actor at a time")
      return entered
    }

    /// Marks the thread as out of the engine, if `entered`.
    func leaveThread(_ entered: Bool) {
      if entered { occupant.thread.store(0, ordering: .releasing) }
    }
  }
#endif
