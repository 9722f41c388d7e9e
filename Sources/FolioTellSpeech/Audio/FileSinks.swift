import Glibc
import Synchronization

/// A 16-bit mono WAV file. Every stream of audio is appended; the header's sizes are kept right after
/// each write, so the file is valid even if the program is stopped.
public final class WavFileSink: PCMSink {
  public let label: String
  public let isPaced = false
  public let canPause = false
  public let underruns = 0
  private let path: String
  private struct State {
    var descriptor: Int32 = -1
    var rate = 0
    var dataBytes = 0
    var dropped = false
  }
  private let state = Mutex(State())

  /// The most audio a WAV file can hold: its sizes are 32-bit (about 27 hours at 22,050 Hz).
  let maximumDataBytes: Int

  public init(path: String, maximumDataBytes: Int = Int(UInt32.max) - 44) {
    self.path = path
    self.maximumDataBytes = maximumDataBytes
    label = "wav:\(path)"
  }

  deinit {
    state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
  }

  /// Seconds of audio written so far.
  public var duration: Double {
    state.withLock { $0.rate > 0 ? Double($0.dataBytes / 2) / Double($0.rate) : 0 }
  }

  public func begin(sampleRate: Int) throws(AudioError) {
    try state.withLock { (state: inout State) throws(AudioError) in
      state.dropped = false
      guard state.descriptor < 0 else { return }
      let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw .cannotWriteFile(path: path, reason: errnoText(errno)) }
      state.descriptor = descriptor
      state.rate = sampleRate
      try writeHeader(state)
    }
  }

  private func writeHeader(_ state: State) throws(AudioError) {
    var header: [UInt8] = []
    func append(_ text: String) { header += Array(text.utf8) }
    func append32(_ value: Int) { header += withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
    func append16(_ value: Int) { header += withUnsafeBytes(of: UInt16(value).littleEndian, Array.init) }
    append("RIFF")
    append32(min(36 + state.dataBytes, Int(UInt32.max)))
    append("WAVEfmt ")
    append32(16)
    append16(1)
    append16(1)
    append32(state.rate)
    append32(state.rate * 2)
    append16(2)
    append16(16)
    append("data")
    append32(min(state.dataBytes, Int(UInt32.max)))
    let written = header.withUnsafeBytes { pwrite(state.descriptor, $0.baseAddress, $0.count, 0) }
    guard written == header.count else { throw .cannotWriteFile(path: path, reason: errnoText(errno)) }
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    try state.withLock { (state: inout State) throws(AudioError) -> Bool in
      guard !state.dropped, state.descriptor >= 0 else { return false }
      let bytes = samples.count * 2
      guard state.dataBytes + bytes <= maximumDataBytes else {
        throw .cannotWriteFile(
          path: path,
          reason: "a WAV file holds at most 4 GiB of audio; read part of the book at a time with --from and --to")
      }
      var done = 0
      let raw = UnsafeRawBufferPointer(samples)
      while done < bytes {
        let written = pwrite(
          state.descriptor, raw.baseAddress! + done, bytes - done, off_t(44 + state.dataBytes + done))
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { throw .cannotWriteFile(path: path, reason: errnoText(errno)) }
        done += written
      }
      state.dataBytes += bytes
      try writeHeader(state)
      return true
    }
  }

  public func queuedFrames() -> Int { 0 }
  public func drop() { state.withLock { $0.dropped = true } }
  public func pause(resolved: @escaping @Sendable () -> Void) -> Bool { false }
  public func resume() {}
  public func end() {}
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
