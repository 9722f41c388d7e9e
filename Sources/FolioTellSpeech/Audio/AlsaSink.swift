import CALSA
import CPacedPCM
import Glibc
import Synchronization

/// An ALSA PCM, opened by device name (`default`, `hw:1,0`, `plughw:...`) or as the paced virtual card.
/// Owns the snd_pcm_t: it is closed in deinit, and after the device fails so it can be reopened later.
///
/// Threads: the speech worker writes (`begin`, `write`, `end`, `queuedFrames`); the funnel stops, pauses
/// and resumes. Every ALSA call is made under `state`'s lock, except the worker's own non-blocking writes
/// and polls inside `write`, which the other side never overlaps: it asks the writer instead, through an
/// eventfd that wakes the writer's poll at once. See AlsaSink+Writing.swift for the write loop and fades.
public final class AlsaSink: PCMSink {
  public let label: String
  public let isPaced = true
  let device: Device
  let bufferMicroseconds: UInt32
  let periodMicroseconds: UInt32
  /// Ramps at stop, pause and resume, against clicks.
  let fadeSeconds: Double
  /// Wakes the writer's poll when the funnel asks something of it.
  let wake: Int32

  enum Request {
    case stop
    case pause(resolved: @Sendable () -> Void)
    case resume
  }

  struct State {
    var pcm: OpaquePointer?
    var paced: OpaquePointer?
    var rate = 0
    var underruns = 0
    var canPause = false
    var recording = false
    /// The stream was stopped: writes return false until the next `begin`.
    var dropped = false
    /// The worker is inside `write`, so requests go to it rather than to the device directly.
    var inWrite = false
    var request: Request?
    var paused = false
    /// The last frames of the stream written, so a stop or a pause can take them back and fade them.
    var history: [Int16] = []
    var streamFrames = 0
    /// Stream frames taken back at a pause, to be played again (faded in) on resume.
    var replay: [Int16] = []
    /// Device positions of fades and silence that are not the stream's own frames.
    var synthetic: [Range<Int>] = []
    /// Frames written to the device since it was prepared.
    var deviceWritten = 0
    /// See `streamStartFrame`.
    var streamStart: Int?
    /// `release` was asked while a stream was being written: the device closes when the stream ends.
    var releaseWanted = false
  }
  let state = Mutex(State())

  public enum Device: Sendable, Equatable {
    case named(String)
    /// The in-process paced card, playing `speed` times faster than real time; `canPause` as a card may or may not.
    case virtual(speed: Double, canPause: Bool)
  }

  /// `buffer` is how much audio may wait ahead of the listener; `period` how often a write returns.
  public init(_ device: Device, buffer: Double = 0.25, period: Double = 0.01, fade: Double = 0.002) {
    Self.silenceLibraryMessages
    self.device = device
    switch device {
    case .named(let name): label = name
    case .virtual(let speed, _): label = speed == 1 ? "virtual" : "virtual:\(speed)"
    }
    bufferMicroseconds = UInt32(buffer * 1_000_000)
    periodMicroseconds = UInt32(period * 1_000_000)
    fadeSeconds = fade
    wake = folio_wake_descriptor()
  }

  private static let silenceLibraryMessages: Void = folio_alsa_silence_library_messages()

  deinit {
    state.withLock { state in
      if let pcm = state.pcm { snd_pcm_close(pcm) }
    }
    if wake >= 0 { close(wake) }
  }

  public var canPause: Bool { state.withLock { $0.canPause } }
  public var underruns: Int { state.withLock { $0.underruns } }

  // MARK: - The paced virtual card's test hooks

  /// The paced card, read out of the lock as its address: Swift 6.0's region checker does not let a
  /// non-Sendable OpaquePointer leave Mutex.withLock.
  private func pacedCard() -> OpaquePointer? { OpaquePointer(bitPattern: state.withLock { Int(bitPattern: $0.paced) }) }

  /// The paced card's record of what was played, as samples, when recording was switched on, from sample
  /// `start` (counted from the card's opening). Samples let go by `forgetRecorded` are not given: after
  /// it, ask from where it kept.
  public func recordedSamples(from start: Int = 0) -> [Int16] {
    guard let paced = pacedCard() else { return [] }
    var result: [Int16] = []
    var buffer = [Int16](repeating: 0, count: 65536)
    var from = start
    while true {
      let copied = buffer.withUnsafeMutableBufferPointer {
        folio_paced_pcm_copy_recorded(paced, $0.baseAddress, from, $0.count)
      }
      result += buffer[0..<copied]
      from += copied
      if copied < buffer.count { return result }
    }
  }

  public var recordedCount: Int { recordedSamples().count }

  /// Lets the record's samples before `sample` go: a bench that listens from each press on keeps only
  /// what it still reads, not the whole run's sound (megabytes, counted as the box's memory).
  public func forgetRecorded(before sample: Int) {
    if let paced = pacedCard() { folio_paced_pcm_forget_recorded(paced, max(sample, 0)) }
  }

  /// Pulls the paced card out, as a USB card is unplugged: every call to it fails from now on.
  /// `begin` opens a fresh one, as when the card is plugged back in.
  public func unplugVirtualCard() {
    if let paced = pacedCard() { folio_paced_pcm_unplug(paced) }
  }

  /// Frames the paced card has played since it was opened; 0 for other devices.
  public var playedFrames: Int {
    guard let paced = pacedCard() else { return 0 }
    return Int(folio_paced_pcm_played_total(paced))
  }

  /// Keeps every frame the paced card plays, for tests.
  public func record(_ enabled: Bool) {
    state.withLock { state in
      state.recording = enabled
      if let paced = state.paced { folio_paced_pcm_set_recording(paced, enabled ? 1 : 0) }
    }
  }

  // MARK: - Opening and closing

  public func begin(sampleRate: Int) throws(AudioError) {
    try state.withLock { (state: inout State) throws(AudioError) in
      if state.pcm != nil, state.rate != sampleRate {
        snd_pcm_close(state.pcm)
        state.pcm = nil
      }
      if state.pcm == nil { try open(&state, rate: sampleRate) }
      // Something is to be heard again: the card stays open.
      state.releaseWanted = false
      state.dropped = false
      state.request = nil
      state.replay = []
      state.streamFrames = 0
      if state.paused {
        // A stop while paused: what was held back is not wanted any more.
        snd_pcm_drop(state.pcm)
        state.paused = false
      }
      let current = snd_pcm_state(state.pcm)
      // A stop's fade may still be playing: the new stream follows it in the same run of the device.
      if current != SND_PCM_STATE_PREPARED && current != SND_PCM_STATE_RUNNING {
        let code = snd_pcm_prepare(state.pcm)
        if code < 0 { throw AudioError.cannotOpen(device: label, call: "snd_pcm_prepare", code: code) }
        state.deviceWritten = 0
        state.synthetic = []
      }
      if let paced = state.paced {
        var delay: snd_pcm_sframes_t = 0
        let queued = snd_pcm_delay(state.pcm, &delay) >= 0 ? max(Int(delay), 0) : 0
        state.streamStart = Int(folio_paced_pcm_played_total(paced)) + queued
      }
    }
  }

  /// On the paced card: the frame (counted as `playedFrames` counts) at which the newest stream's first
  /// frame is heard. The latency bench tells the old sentence's fade from the new sentence by it.
  public var streamStartFrame: Int? { state.withLock { $0.streamStart } }

  private func open(_ state: inout State, rate: Int) throws(AudioError) {
    var pcm: OpaquePointer?
    switch device {
    case .named(let name):
      let code = snd_pcm_open(&pcm, name, SND_PCM_STREAM_PLAYBACK, Int32(SND_PCM_NONBLOCK))
      guard code >= 0 else { throw .cannotOpen(device: name, call: "snd_pcm_open", code: code) }
    case .virtual(let speed, let canPause):
      var raw: UnsafeMutableRawPointer?
      var paced: OpaquePointer?
      let code = folio_paced_pcm_open(&raw, &paced, "foliotell-virtual", speed, canPause ? 1 : 0)
      guard code >= 0, let raw else { throw .cannotOpen(device: label, call: "folio_paced_pcm_open", code: code) }
      pcm = OpaquePointer(raw)
      state.paced = paced
      if state.recording { folio_paced_pcm_set_recording(paced, 1) }
      snd_pcm_nonblock(pcm, 1)
    }
    var failedCall: UnsafePointer<CChar>?
    let code = folio_snd_pcm_configure(pcm, UInt32(rate), 1, bufferMicroseconds, periodMicroseconds, &failedCall)
    guard code >= 0 else {
      snd_pcm_close(pcm)
      state.paced = nil
      throw .cannotOpen(device: label, call: failedCall.map { String(cString: $0) } ?? "configure", code: code)
    }
    state.pcm = pcm
    state.rate = rate
    state.canPause = folio_snd_pcm_can_pause(pcm) != 0
    state.history = [Int16](repeating: 0, count: max(rate, 1))
    state.deviceWritten = 0
    state.synthetic = []
  }

  /// The device failed (unplugged): close it so the next `begin` reopens it.
  func failure(_ code: Int32) -> AudioError {
    state.withLock { state in
      if let pcm = state.pcm { snd_pcm_close(pcm) }
      state.pcm = nil
      state.paced = nil
      state.paused = false
    }
    return .deviceLost(device: label, code: code)
  }

  public func release() {
    // The paced virtual card has nothing to power down, and its recording is what tests and benches read.
    if case .virtual = device { return }
    state.withLock { state in
      guard !state.inWrite else {
        // A stop's fade is still being written, or the stream is paused inside `write`: close at its end.
        state.releaseWanted = true
        return
      }
      Self.closeDevice(&state)
    }
  }

  private static func closeDevice(_ state: inout State) {
    state.releaseWanted = false
    guard let pcm = state.pcm else { return }
    snd_pcm_close(pcm)
    state.pcm = nil
    state.paced = nil
    state.paused = false
    state.deviceWritten = 0
  }

  public func end() {
    // Let a stop's fade (and any last frames) play out before the device stops, so it ends on silence.
    waitUntilPlayed(limit: 0.1)
    state.withLock { state in
      if let pcm = state.pcm { snd_pcm_drop(pcm) }
      state.synthetic = []
      state.deviceWritten = 0
      if state.releaseWanted { Self.closeDevice(&state) }
    }
  }
}
