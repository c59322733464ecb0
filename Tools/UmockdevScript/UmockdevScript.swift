import TouchInput

/// How blocks of the script are paced: the recording's gaps divided by a speed-up factor, with
/// a floor (umockdev needs ≥ 1 ms between blocks or the reader gets partial `input_event`s and
/// libevdev fails with `EINVAL`).
struct Pacing {
  /// The speed-up factor: 1 replays in real time, 10 ten times faster.
  var speed: Double = 1
  /// The smallest delay between two blocks, in milliseconds.
  var minimumDelay: Int = 1
  /// The delay before the first block, in milliseconds. umockdev starts the script when the
  /// node is opened, and the program still has to finish opening it (libevdev's ~60 ioctls
  /// each go to umockdev-run over a socket) before it reads; blocks that pile up beyond 4095
  /// bytes are read with an `input_event` split in two, and libevdev fails with `EINVAL`.
  var startDelay: Int = 250
  /// The least delay after a block holding `SYN_DROPPED`, in milliseconds: libevdev's sync
  /// first discards everything already readable (`drain_events`), so the frames after the drop
  /// must not arrive before the reader has synced, however busy the machine.
  var afterDrop: Int = 250
}

/// Encodes events as an umockdev script: one `r DELAY DATA` line per frame.
///
/// DATA is the frame's `struct input_event` records (x86-64: 8-byte seconds, 8-byte
/// microseconds, type, code, value, little-endian), with bytes below 32 written as `^`
/// followed by the byte + 64 and `^` itself as ``^` ``. umockdev's parser drops a block's
/// leading space (0x20) — the low byte of the first event's seconds — so no block may start in
/// a second ≡ 32 (mod 256): every time is shifted by the fewest whole seconds that keep every
/// frame's start out of such a second (reported in `shift`). Only a recording whose frames
/// start in every residue (over 255 s long) is left unshifted, and then a frame that would
/// start with a space is sent in the same block as the frame before it (a block of more than
/// 4095 bytes then reaches the reader split mid-event, so such recordings are best cut).
struct UmockdevScript {
  /// The script's bytes (latin-1: umockdev reads DATA byte by byte).
  private(set) var bytes: [UInt8] = []
  /// Microseconds added to every timestamp (whole seconds: 0 unless a frame began at a second
  /// ≡ 32 mod 256).
  private(set) var shift: Microseconds = 0
  /// How many frames were merged into their predecessor's block to avoid a leading space.
  private(set) var mergedFrames = 0
  /// How many blocks were written.
  private(set) var blockCount = 0

  /// Builds the script for `events` (split into frames at `SYN_REPORT`).
  init(events: [InputEvent], pacing: Pacing) {
    let frames = Self.frames(of: events)
    guard !frames.isEmpty else { return }
    shift = Self.shift(avoiding: frames.map { events[$0.lowerBound] })
    var blocks: [(time: Microseconds, data: [UInt8])] = []
    var dropBlocks = Set<Int>()
    for frame in frames {
      var data: [UInt8] = []
      data.reserveCapacity(frame.count * 24)
      for event in events[frame] { Self.append(event, shift: shift, to: &data) }
      let time = events[frame.upperBound - 1].time
      if data.first == 0x20, !blocks.isEmpty {
        blocks[blocks.count - 1].data += data
        blocks[blocks.count - 1].time = time
        mergedFrames += 1
      } else {
        blocks.append((time, data))
      }
      if events[frame].contains(where: { $0.type == EventType.syn && $0.code == SynCode.dropped }) {
        dropBlocks.insert(blocks.count - 1)
      }
    }
    var elapsed = 0  // milliseconds of delay written so far, after the start delay
    let start = blocks[0].time
    for (index, block) in blocks.enumerated() {
      let target = Double(block.time - start) / 1000 / pacing.speed
      let delay: Int
      if index == 0 {
        delay = max(1, pacing.startDelay)
      } else {
        delay = max(
          dropBlocks.contains(index - 1) ? pacing.afterDrop : pacing.minimumDelay,
          Int((target - Double(elapsed)).rounded()))
        elapsed += delay
      }
      bytes += Array("r \(delay) ".utf8)
      Self.escape(block.data, into: &bytes)
      bytes.append(0x0a)
    }
    blockCount = blocks.count
  }

  /// The index ranges of the frames: each ends with `SYN_REPORT` (the last may not).
  private static func frames(of events: [InputEvent]) -> [Range<Int>] {
    var frames: [Range<Int>] = []
    var start = 0
    for (index, event) in events.enumerated()
    where event.type == EventType.syn && event.code == SynCode.report {
      frames.append(start..<(index + 1))
      start = index + 1
    }
    if start < events.count { frames.append(start..<events.count) }
    return frames
  }

  /// The fewest whole seconds (as µs) to add so that no frame's first event falls in a second
  /// ≡ 32 (mod 256); 0 when every shift leaves one there.
  private static func shift(avoiding starts: [InputEvent]) -> Microseconds {
    var residues = Set<UInt8>()
    for event in starts { residues.insert(UInt8(truncatingIfNeeded: event.time / 1_000_000)) }
    for seconds in 0..<256 where !residues.contains(UInt8(truncatingIfNeeded: 0x20 - seconds)) {
      return Microseconds(seconds) * 1_000_000
    }
    return 0
  }

  private static func append(_ event: InputEvent, shift: Microseconds, to data: inout [UInt8]) {
    let time = event.time + shift
    appendLittleEndian(UInt64(bitPattern: time / 1_000_000), bytes: 8, to: &data)
    appendLittleEndian(UInt64(bitPattern: time % 1_000_000), bytes: 8, to: &data)
    appendLittleEndian(UInt64(event.type), bytes: 2, to: &data)
    appendLittleEndian(UInt64(event.code), bytes: 2, to: &data)
    appendLittleEndian(UInt64(UInt32(bitPattern: event.value)), bytes: 4, to: &data)
  }

  private static func appendLittleEndian(_ value: UInt64, bytes: Int, to data: inout [UInt8]) {
    for index in 0..<bytes { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
  }

  /// umockdev's escaping: bytes below 32 as `^` + (byte + 64), `^` as ``^` ``, others verbatim
  /// as latin-1 characters.
  static func escape(_ data: [UInt8], into out: inout [UInt8]) {
    for byte in data {
      if byte < 32 {
        out.append(UInt8(ascii: "^"))
        out.append(byte + 64)
      } else if byte == UInt8(ascii: "^") {
        out.append(UInt8(ascii: "^"))
        out.append(UInt8(ascii: "`"))
      } else {
        out.append(byte)
      }
    }
  }
}
