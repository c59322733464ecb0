/// What an `strace -e trace=openat,read,write,poll,ppoll` log of `gesturectl live` or `run`
/// says about its wakes: each wait that blocks (a `ppoll` or `poll` with a timeout other than
/// zero) and returns with the device readable starts a wake, which lasts until the next
/// blocking wait.
///
/// A wake may make one `read` of the node (more only after a read that filled its buffer),
/// no wait that does not block (libevdev's `libevdev_has_event_pending` is such a `poll`)
/// and at most one `write` to standard output.
struct WakeTrace {
  /// The node's descriptor (from its `openat`), or nil when the log never opened it.
  private(set) var nodeDescriptor: Int?
  /// The wakes seen: blocking waits that returned with the node readable.
  private(set) var wakes = 0
  /// Wakes whose one read returned events.
  private(set) var wakesWithEvents = 0
  /// Reads of the node in all.
  private(set) var nodeReads = 0
  /// What broke the rule, one line of the log each (the first few).
  private(set) var violations: [String] = []

  private var inWake = false
  private var reads = 0
  private var fullReads = 0
  private var nonBlockingWaits = 0
  private var writes = 0
  private var firstLine = ""

  /// The reads of a full buffer: 170 events of 24 bytes.
  static let fullRead = 4080

  /// Reads a log; `node` is the path the node was opened as (umockdev prefixes its own
  /// directory, so the path is matched at the end).
  init(log: String, node: String) {
    for line in log.split(separator: "\n") { take(String(line), node: node) }
    endWake()
  }

  private mutating func take(_ line: String, node: String) {
    if line.hasPrefix("openat("), line.contains("\(node)\""),
      let result = line.split(separator: "=").last,
      let descriptor = Int(result.trimmingCharacters(in: .whitespaces))
    {
      nodeDescriptor = descriptor
      return
    }
    guard let descriptor = nodeDescriptor else { return }
    if line.hasPrefix("ppoll(") || line.hasPrefix("poll(") {
      let blocking =
        line.hasPrefix("ppoll(")
        ? !line.contains("{tv_sec=0, tv_nsec=0}, NULL")
        : !line.contains(", 0)")
      guard blocking else {
        nonBlockingWaits += 1
        return
      }
      endWake()
      if line.contains("{fd=\(descriptor), revents=POLLIN") {
        inWake = true
        firstLine = line
        wakes += 1
      }
    } else if line.hasPrefix("read(\(descriptor),") {
      nodeReads += 1
      guard inWake else { return }
      reads += 1
      let bytes = line.split(separator: "=").last.flatMap {
        Int($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " })
      }
      if bytes == Self.fullRead { fullReads += 1 }
      if reads == 1, let bytes, bytes > 0 { wakesWithEvents += 1 }
    } else if line.hasPrefix("write(1,") && inWake {
      writes += 1
    }
  }

  private mutating func endWake() {
    defer {
      inWake = false
      reads = 0
      fullReads = 0
      nonBlockingWaits = 0
      writes = 0
    }
    guard inWake, violations.count < 5 else { return }
    if reads - fullReads > 1 || nonBlockingWaits > 0 || writes > 1 {
      violations.append(
        "\(reads) reads, \(nonBlockingWaits) non-blocking waits, \(writes) writes after "
          + String(firstLine.prefix(120)))
    }
  }
}
