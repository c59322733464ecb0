import Dispatch
import Foundation
import GestureTestSupport
import Synchronization
import Testing
import TouchInput

@testable import GestureRecognition

/// Marks the main queue, which runs the main actor (its thread varies once `dispatch_main` ran,
/// as in the test runner): found only by code on it.
private let mainQueue: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// A view model on the main actor, as a UIKit app has: it records where its action ran (without
/// trapping, so the old behaviour fails the test instead of stopping the run).
@MainActor private final class TapModel {
  var ranOnMainActor: [Bool] = []
  func handleTap(_ recognizer: TapGestureRecognizer) {
    ranOnMainActor.append(DispatchQueue.getSpecific(key: mainQueue) == true)
  }
}

/// A tap of finger 1 at `time`: landing, then lifting 50 ms later.
private func tapFrames(at time: Microseconds) -> [TouchFrame] {
  let at = MillimeterPoint(x: 20, y: 20)
  return [
    TouchFrame(time: time, touches: [Touch(id: TouchID(1), phase: .began, location: at)]),
    TouchFrame(time: time + 50_000, touches: [Touch(id: TouchID(1), phase: .ended, location: at)]),
  ]
}

/// An engine moved to another thread behind the checker's back (Swift 5 code does the same).
private final class Smuggled: @unchecked Sendable {
  let engine: GestureEngine
  init(_ engine: GestureEngine) { self.engine = engine }
}

@Suite struct MainActorTargetTests {
  @Test("a @MainActor target wired on the main actor is called there")
  @MainActor func runsOnMainActor() {
    let engine = GestureEngine()
    let tap = engine.add(TapGestureRecognizer())
    let model = TapModel()
    tap.addTarget(model, action: TapModel.handleTap)
    var said: [GestureEngineDiagnostic] = []
    engine.onDiagnostic = { said.append($0) }
    for frame in tapFrames(at: 0) { engine.process(frame) }
    engine.flush(after: 50_000)
    #expect(model.ranOnMainActor == [true])
    #expect(said.isEmpty)
  }

  @Test("an engine run off the main thread does not call a main-actor target: it reports it")
  @MainActor func offMainThreadIsReported() {
    let engine = GestureEngine()
    let tap = engine.add(TapGestureRecognizer())
    let model = TapModel()
    tap.addTarget(model, action: TapModel.handleTap)
    let said = Mutex<[GestureEngineDiagnostic]>([])
    let box = Smuggled(engine)
    let done = Atomic<Bool>(false)
    Thread {
      box.engine.onDiagnostic = { diagnostic in said.withLock { $0.append(diagnostic) } }
      for frame in tapFrames(at: 0) { box.engine.process(frame) }
      box.engine.flush(after: 50_000)
      done.store(true, ordering: .releasing)
    }.start()
    while !done.load(ordering: .acquiring) { usleep(1_000) }
    // Before, the action ran on the engine's thread: `[false]`.
    #expect(model.ranOnMainActor.isEmpty)
    #expect(said.withLock { $0 } == [.targetOffMainActor(recognizer: "tap")])
  }

  /// Type-checks `source` against this build's modules; with `sil`, the region checks run too.
  func compile(_ source: String, sil: Bool = false, swift5: Bool = false) throws -> ProcessResult {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let swiftc = try #require(
      (path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin"])
        .map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) })
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "main-actor-target-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let modules = productsDirectory.appendingPathComponent("Modules").path
    let mode = sil ? ["-emit-sil", "-o", "/dev/null"] : ["-typecheck"]
    let language =
      swift5
      ? ["-swift-version", "5", "-enable-upcoming-feature", "InferSendableFromCaptures"]
      : ["-swift-version", "6"]
    return try runProcess(swiftc, mode + language + ["-I", modules, file.path], timeout: 120)
  }

  static let model = """
    import GestureRecognition
    @MainActor final class ViewModel {
      func handlePan(_ recognizer: PanGestureRecognizer) {}
    }
    final class Plain {
      func handlePan(_ recognizer: PanGestureRecognizer) {}
    }

    """

  @Test("a main-actor target cannot be wired from code off the main actor (Swift 6)")
  func wiringOffMainActorDoesNotCompile() throws {
    let wrong = try compile(
      Self.model + """
        func wire(_ pan: PanGestureRecognizer, _ model: ViewModel) {
          pan.addTarget(model, action: ViewModel.handlePan)
        }
        """)
    #expect(wrong.status != 0)
    #expect(
      wrong.stdout.contains("call to main actor-isolated instance method 'addTarget")
        || wrong.stderr.contains("call to main actor-isolated instance method 'addTarget"),
      "\(wrong.stderr)")
    // The same wiring on the main actor, and a plain target anywhere, compile.
    let right = try compile(
      Self.model + """
        @MainActor func wire(_ pan: PanGestureRecognizer, _ model: ViewModel) {
          pan.addTarget(model, action: ViewModel.handlePan)
        }
        func wire(_ pan: PanGestureRecognizer, _ plain: Plain) {
          pan.addTarget(plain, action: Plain.handlePan)
        }
        """, sil: true)
    #expect(right.status == 0, "\(right.stderr)")
  }

  @Test("Swift 5 mode with InferSendableFromCaptures: wiring off the main actor does not compile")
  func swift5ModeWithTheFeature() throws {
    let wrong = try compile(
      Self.model + """
        func wire(_ pan: PanGestureRecognizer, _ model: ViewModel) {
          pan.addTarget(model, action: ViewModel.handlePan)
        }
        """, swift5: true)
    #expect(wrong.status != 0)
    #expect(
      (wrong.stdout + wrong.stderr).contains("main actor-isolated instance method 'addTarget"),
      "\(wrong.stderr)")
  }

  @Test("a recognizer wired to a main-actor target cannot be sent to another task (Swift 6)")
  func wiredRecognizerStaysOnMainActor() throws {
    let sent = try compile(
      Self.model + """
        @MainActor func wire(_ model: ViewModel) {
          let engine = GestureEngine()
          let pan = engine.add(PanGestureRecognizer())
          pan.addTarget(model, action: ViewModel.handlePan)
          Task.detached { _ = engine }
        }
        """, sil: true)
    #expect(sent.status != 0)
    #expect((sent.stdout + sent.stderr).contains("risks causing data races"), "\(sent.stderr)")
  }
}
