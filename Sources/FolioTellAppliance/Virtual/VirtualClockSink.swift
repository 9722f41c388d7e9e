import FolioTellRuntime
import FolioTellSpeech
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// A sound card on the virtual clock: it plays at the true sample rate of virtual time, so a word is heard
/// at the virtual moment it would be heard on a real card. Writes wait while its small buffer is full
/// until the driver moves the clock on (`advance`). What it plays, silence included, goes to a WAV file
/// sample for sample at its virtual time, so the file is the listener's timeline.
public final class VirtualClockSink: PCMSink {
  public let label: String
  public let isPaced = true
  public let canPause = true
  public let underruns = 0

  private struct State {
    var rate = 0
    var queue: [Int16] = []
    var head = 0
    /// Frames of the timeline already played (written to the file).
    var played = 0
    var paused = false
    var drops = 0
    /// The writer waits for room.
    var blocked = false
    var file: WritableFile?
    var failure: String?
    /// The run is over: every write is refused, so the speech worker lets go.
    var closed = false
  }
  private let state = Mutex(State())
  private let waitingObserver = CallbackSlot<Void, Void>()
  private let room = Condition()
  private let clock: VirtualClock
  private let path: String?
  /// The speech worker's turns: a write goes on (with room, or dropped) only while it is open.
  public let gate = WorkerGate()
  /// How much audio may wait ahead of the listener: two 10 ms periods.
  public let bufferSeconds = 0.02

  /// `wav:FILE` records the timeline; `null` plays it to nowhere.
  public static func make(spec: String, clock: VirtualClock) throws(AudioError) -> VirtualClockSink {
    if spec == "null" { return VirtualClockSink(path: nil, clock: clock) }
    guard spec.hasPrefix("wav:"), spec.count > 4 else {
      throw .badSpecification(spec + " (on the virtual clock, use wav:FILE or null)")
    }
    return VirtualClockSink(path: String(spec.dropFirst(4)), clock: clock)
  }

  public init(path: String?, clock: VirtualClock) {
    self.path = path
    self.clock = clock
    label = path.map { "wav:\($0) on the virtual clock" } ?? "null on the virtual clock"
  }

  public func begin(sampleRate: Int) throws(AudioError) {
    try state.withLock { (state: inout State) throws(AudioError) in
      if let failure = state.failure { throw .cannotWriteFile(path: path ?? "", reason: failure) }
      if state.rate == 0 {
        state.rate = sampleRate
        if let path {
          guard let file = try? WritableFile(path: path, opening: .truncate),
            (try? file.write(Self.header(rate: sampleRate, frames: 0))) != nil
          else { throw .cannotWriteFile(path: path, reason: "cannot create it (does its folder exist?)") }
          state.file = file
        }
        // The file starts at virtual time 0: silence until the first sound.
        Self.play(&state, to: Self.frame(clock.now(), rate: sampleRate))
      } else if state.rate != sampleRate {
        throw .cannotWriteFile(path: path ?? "", reason: "the sample rate changed from \(state.rate) to \(sampleRate)")
      }
      // A new stream plays: a pause of the one before (stopped or replaced while paused) is over.
      state.paused = false
    }
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    let generation = state.withLock { $0.drops }
    var start = 0
    while start < samples.count {
      room.lock()
      while true {
        let (full, dropped) = state.withLock { state -> (Bool, Bool) in
          let full = state.queue.count - state.head >= Int(Double(state.rate) * bufferSeconds)
          let dropped = state.drops != generation || state.closed
          state.blocked = full && !dropped
          return (full, dropped)
        }
        if dropped {
          room.unlock()
          gate.pass()
          return false
        }
        if !full { break }
        waitingObserver.call()
        room.wait()
      }
      room.unlock()
      gate.pass()
      let accepted = state.withLock { state -> Int in
        let room = max(Int(Double(state.rate) * bufferSeconds) - (state.queue.count - state.head), 1)
        let end = min(samples.count, start + room)
        state.queue.append(contentsOf: samples[start..<end])
        return end - start
      }
      start += accepted
    }
    if let failure = state.withLock({ $0.failure }) { throw .cannotWriteFile(path: path ?? "", reason: failure) }
    return true
  }

  public func queuedFrames() -> Int { state.withLock { $0.queue.count - $0.head } }

  public func drop() {
    state.withLock { state in
      state.queue.removeAll()
      state.head = 0
      state.drops += 1
      state.blocked = false
      // What was paused is gone: the card is silent, not paused.
      state.paused = false
    }
    wakeWriter()
  }

  public func pause(resolved: @escaping @Sendable () -> Void) -> Bool {
    state.withLock { $0.paused = true }
    // The virtual card stops between two frames: silent at once.
    resolved()
    return true
  }

  public func resume() {
    state.withLock { $0.paused = false }
  }

  public func end() {}

  /// Called on the writer's thread each time it starts waiting for the clock.
  public func observeWaiting(_ action: @escaping @Sendable () -> Void) { waitingObserver.set(action) }

  /// The writer is waiting for the clock to move (its buffer is full, or the card is paused).
  public var isWaitingForTime: Bool { state.withLock { $0.blocked } }

  /// Paused: moving the clock plays nothing of the stream.
  public var isPaused: Bool { state.withLock { $0.paused } }

  /// The virtual moment the next period (10 ms) of audio is played out.
  public func nextPeriod(after time: Double) -> Double? {
    state.withLock { state in
      guard state.rate > 0 else { return nil }
      let period = state.rate / 100
      return Double(Self.frame(time, rate: state.rate) / period * period + period) / Double(state.rate)
    }
  }

  /// The clock moved to `time`: plays (and records) every frame up to it, and makes room for the writer.
  public func advance(to time: Double) {
    state.withLock { state in
      guard state.rate > 0 else { return }
      Self.play(&state, to: Self.frame(time, rate: state.rate))
      state.blocked = false
    }
    wakeWriter()
  }

  /// Ends the run: whatever is still being written is refused (the worker lets go of espeak-ng).
  public func close() {
    state.withLock { state in
      state.closed = true
      state.blocked = false
    }
    wakeWriter()
  }

  /// Writes the WAV sizes; the file is complete after this.
  public func finish() throws(AudioError) {
    let result = state.withLock { state -> String? in
      guard let file = state.file else { return state.failure }
      let frames = state.played
      do {
        try file.seek(to: 0)
        try file.write(Self.header(rate: state.rate, frames: frames))
        try file.close()
      } catch {
        return "\(error)"
      }
      state.file = nil
      return state.failure
    }
    if let result { throw .cannotWriteFile(path: path ?? "", reason: result) }
  }

  /// Frames since virtual time 0, rounded to the nearest so a time made from a frame count gives it back.
  static func frame(_ time: Double, rate: Int) -> Int { Int((time * Double(rate)).rounded()) }

  private static func play(_ state: inout State, to frame: Int) {
    // A second at a time: a box powered on hours into a night plays (and records) its silence since
    // virtual time 0 without holding it all at once.
    while state.played < frame {
      let count = min(frame - state.played, max(state.rate, 1))
      let available = state.paused ? 0 : min(count, state.queue.count - state.head)
      let played = state.queue[state.head..<(state.head + available)]
      state.head += available
      if state.head == state.queue.count {
        state.queue.removeAll(keepingCapacity: true)
        state.head = 0
      } else if state.head >= state.rate, state.head * 2 >= state.queue.count {
        // A writer that keeps the buffer topped up never lets it run empty: what was played is dropped
        // here, or a long reading would hold every sample it ever played.
        state.queue.removeFirst(state.head)
        state.head = 0
      }
      state.played += count
      guard let file = state.file, state.failure == nil else { continue }
      var out = Array(played)
      out += repeatElement(0, count: count - available)
      do {
        try file.write(out.withUnsafeBytes { Array($0) })
      } catch {
        state.failure = error.description
      }
    }
  }

  private func wakeWriter() {
    room.lock()
    room.broadcast()
    room.unlock()
  }

  static func header(rate: Int, frames: Int) -> [UInt8] {
    func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    let data = frames * 2
    return Array("RIFF".utf8) + le32(36 + data) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + le16(1)
      + le16(1) + le32(rate) + le32(rate * 2) + le16(2) + le16(16) + Array("data".utf8) + le32(data)
  }
}
