import Glibc
import Synchronization

/// A 16-bit mono WAV file. Every stream of audio is appended. The samples are gathered in memory and
/// written about six seconds at a time, each time followed by the header's sizes, so a file is written in a
/// few hundred system calls for half an hour of speech (not two per 10 ms), and is a valid WAV of what
/// reached the disk even if the program is killed. `flush`, `end`, `drop`, `release` and `deinit` write out
/// what is gathered.
public final class WavFileSink: PCMSink {
  public let label: String
  public let isPaced = false
  public let canPause = false
  public let underruns = 0
  private let path: String
  private struct State {
    var descriptor: Int32 = -1
    var rate = 0
    /// Bytes of audio accepted, gathered ones included.
    var dataBytes = 0
    /// Bytes of audio on the disk, which the header counts.
    var writtenBytes = 0
    var pending: [UInt8] = []
    var dropped = false
    /// System calls that wrote to the file (header and audio).
    var fileWrites = 0
  }
  private let state = Mutex(State())

  /// The most audio a WAV file can hold: its sizes are 32-bit (about 27 hours at 22,050 Hz).
  let maximumDataBytes: Int
  /// Bytes gathered before they are written: about six seconds at 22,050 Hz.
  let bufferBytes: Int

  public init(path: String, maximumDataBytes: Int = Int(UInt32.max) - 44, bufferBytes: Int = 256 * 1024) {
    self.path = path
    self.maximumDataBytes = maximumDataBytes
    self.bufferBytes = max(bufferBytes, 2)
    label = "wav:\(path)"
  }

  deinit {
    state.withLock { state in
      if state.descriptor >= 0 {
        try? writePending(&state)
        close(state.descriptor)
      }
    }
  }

  /// Seconds of audio written so far.
  public var duration: Double {
    state.withLock { $0.rate > 0 ? Double($0.dataBytes / 2) / Double($0.rate) : 0 }
  }

  /// How many system calls wrote to the file so far (the tests count them).
  var fileWrites: Int { state.withLock { $0.fileWrites } }

  public func begin(sampleRate: Int) throws(AudioError) {
    try state.withLock { (state: inout State) throws(AudioError) in
      state.dropped = false
      guard state.descriptor < 0 else { return }
      let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw .cannotWriteFile(path: path, reason: errnoText(errno)) }
      state.descriptor = descriptor
      state.rate = sampleRate
      state.pending.reserveCapacity(bufferBytes)
      try writeHeader(&state)
    }
  }

  private func writeHeader(_ state: inout State) throws(AudioError) {
    var header: [UInt8] = []
    func append(_ text: String) { header += Array(text.utf8) }
    func append32(_ value: Int) { header += withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
    func append16(_ value: Int) { header += withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
    append("RIFF")
    append32(min(36 + state.writtenBytes, Int(UInt32.max)))
    append("WAVEfmt ")
    append32(16)
    append16(1)
    append16(1)
    append32(state.rate)
    append32(state.rate * 2)
    append16(2)
    append16(16)
    append("data")
    append32(min(state.writtenBytes, Int(UInt32.max)))
    state.fileWrites += 1
    let written = header.withUnsafeBytes { pwrite(state.descriptor, $0.baseAddress, $0.count, 0) }
    guard written == header.count else { throw .cannotWriteFile(path: path, reason: errnoText(errno)) }
  }

  /// Writes the gathered audio after what is on the disk, then the header's sizes: the file is whole
  /// at every moment a reader could look (the sizes never count audio that is not there yet).
  private func writePending(_ state: inout State) throws(AudioError) {
    guard state.descriptor >= 0, !state.pending.isEmpty else { return }
    var done = 0
    let count = state.pending.count
    let offset = 44 + state.writtenBytes
    let descriptor = state.descriptor
    var writes = 0
    let failure = state.pending.withUnsafeBytes { raw -> Int32? in
      while done < count {
        writes += 1
        let written = pwrite(descriptor, raw.baseAddress! + done, count - done, off_t(offset + done))
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return errno }
        done += written
      }
      return nil
    }
    state.fileWrites += writes
    state.pending.removeAll(keepingCapacity: true)
    if let failure { throw .cannotWriteFile(path: path, reason: errnoText(failure)) }
    state.writtenBytes += count
    try writeHeader(&state)
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    try state.withLock { (state: inout State) throws(AudioError) -> Bool in
      guard !state.dropped, state.descriptor >= 0 else { return false }
      let bytes = samples.count * 2
      guard state.dataBytes + bytes <= maximumDataBytes else {
        // What was accepted before the limit stays in the file.
        try writePending(&state)
        throw .cannotWriteFile(
          path: path,
          reason: "a WAV file holds at most 4 GiB of audio; read part of the book at a time with --from and --to")
      }
      // The machine's own order is the file's: the box runs on little-endian ARM and x86.
      state.pending.append(contentsOf: UnsafeRawBufferPointer(samples))
      state.dataBytes += bytes
      if state.pending.count >= bufferBytes { try writePending(&state) }
      return true
    }
  }

  public func flush() throws(AudioError) {
    try state.withLock { (state: inout State) throws(AudioError) in try writePending(&state) }
  }

  public func queuedFrames() -> Int { 0 }
  public func drop() {
    // The audio already accepted is in the file's timeline, as it would have been unbuffered.
    state.withLock { state in
      state.dropped = true
      try? writePending(&state)
    }
  }
  public func pause(resolved: @escaping @Sendable () -> Void) -> Bool { false }
  public func resume() {}
  public func end() { state.withLock { try? writePending(&$0) } }
  public func release() { state.withLock { try? writePending(&$0) } }
}

/// Discards the audio at once: for measuring synthesis, and for a box with no sound wanted.
public final class NullSink: PCMSink {
  public let label = "null"
  public let isPaced = false
  public let canPause = false
  public let underruns = 0
  private let counts = Mutex((frames: 0, dropped: false))

  public init() {}

  public var framesWritten: Int { counts.withLock { $0.frames } }
  public func begin(sampleRate: Int) throws(AudioError) { counts.withLock { $0.dropped = false } }
  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    counts.withLock {
      guard !$0.dropped else { return false }
      $0.frames += samples.count
      return true
    }
  }
  public func queuedFrames() -> Int { 0 }
  public func drop() { counts.withLock { $0.dropped = true } }
  public func pause(resolved: @escaping @Sendable () -> Void) -> Bool { false }
  public func resume() {}
  public func end() {}
}

/// Reads an `--audio` value.
public enum AudioSpecification {
  public static func sink(for text: String) throws(AudioError) -> any PCMSink {
    switch text {
    case "null": return NullSink()
    case "virtual": return AlsaSink(.virtual(speed: 1, canPause: true))
    case _ where text.hasPrefix("virtual:"):
      guard let speed = Double(text.dropFirst("virtual:".count)), speed > 0, speed <= 1000 else {
        throw .badSpecification(text)
      }
      return AlsaSink(.virtual(speed: speed, canPause: true))
    case _ where text.hasPrefix("wav:"):
      let path = String(text.dropFirst(4))
      guard !path.isEmpty else { throw .badSpecification(text) }
      return WavFileSink(path: path)
    case _ where text.hasPrefix("alsa:"):
      let name = String(text.dropFirst(5))
      guard !name.isEmpty else { throw .badSpecification(text) }
      return AlsaSink(.named(name))
    case "":
      throw .badSpecification(text)
    default:
      return AlsaSink(.named(text))
    }
  }
}
