import CALSA
import CPacedPCM
import Glibc
import Synchronization

/// An ALSA PCM, opened by device name (`default`, `hw:1,0`, `plughw:...`) or as the paced virtual card.
/// Owns the snd_pcm_t: it is closed in deinit, and after the device fails so it can be reopened later.
public final class AlsaSink: PCMSink {
  public let label: String
  public let isPaced = true
  private let device: Device
  private let bufferMicroseconds: UInt32
  private let periodMicroseconds: UInt32
  private struct State {
    var pcm: OpaquePointer?
    var paced: OpaquePointer?
    var rate = 0
    var dropped = false
    var underruns = 0
    var canPause = false
    var recording = false
  }
  private let state = Mutex(State())

  public enum Device: Sendable, Equatable {
    case named(String)
    /// The in-process paced card, playing `speed` times faster than real time; `canPause` as a card may or may not.
    case virtual(speed: Double, canPause: Bool)
  }

  /// `buffer` is how much audio may wait ahead of the listener; `period` how often a write returns.
  public init(_ device: Device, buffer: Double = 0.25, period: Double = 0.01) {
    Self.silenceLibraryMessages
    self.device = device
    switch device {
    case .named(let name): label = name
    case .virtual(let speed, _): label = speed == 1 ? "virtual" : "virtual:\(speed)"
    }
    bufferMicroseconds = UInt32(buffer * 1_000_000)
    periodMicroseconds = UInt32(period * 1_000_000)
  }

  private static let silenceLibraryMessages: Void = folio_alsa_silence_library_messages()

  deinit {
    state.withLock { state in
      if let pcm = state.pcm { snd_pcm_close(pcm) }
    }
  }

  public var canPause: Bool { state.withLock { $0.canPause } }
  public var underruns: Int { state.withLock { $0.underruns } }

  /// The paced card's record of what was played, as samples, when recording was switched on.
  public func recordedSamples(from start: Int = 0) -> [Int16] {
    guard let paced = state.withLock({ $0.paced }) else { return [] }
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

  /// Pulls the paced card out, as a USB card is unplugged: every call to it fails from now on.
  /// `begin` opens a fresh one, as when the card is plugged back in.
  public func unplugVirtualCard() {
    if let paced = state.withLock({ $0.paced }) { folio_paced_pcm_unplug(paced) }
  }

  /// Frames the paced card has played since it was opened; 0 for other devices.
  public var playedFrames: Int {
    guard let paced = state.withLock({ $0.paced }) else { return 0 }
    return Int(folio_paced_pcm_played_total(paced))
  }

  /// Keeps every frame the paced card plays, for tests.
  public func record(_ enabled: Bool) {
    state.withLock { state in
      state.recording = enabled
      if let paced = state.paced { folio_paced_pcm_set_recording(paced, enabled ? 1 : 0) }
    }
  }

  public func begin(sampleRate: Int) throws(AudioError) {
    try state.withLock { (state: inout State) throws(AudioError) in
      if state.pcm != nil, state.rate != sampleRate {
        snd_pcm_close(state.pcm)
        state.pcm = nil
      }
      if state.pcm == nil { try open(&state, rate: sampleRate) }
      state.dropped = false
      let current = snd_pcm_state(state.pcm)
      if current != SND_PCM_STATE_PREPARED && current != SND_PCM_STATE_RUNNING {
        let code = snd_pcm_prepare(state.pcm)
        if code < 0 { throw AudioError.cannotOpen(device: label, call: "snd_pcm_prepare", code: code) }
      }
    }
  }

  private func open(_ state: inout State, rate: Int) throws(AudioError) {
    var pcm: OpaquePointer?
    switch device {
    case .named(let name):
      let code = snd_pcm_open(&pcm, name, SND_PCM_STREAM_PLAYBACK, 0)
      guard code >= 0 else { throw .cannotOpen(device: name, call: "snd_pcm_open", code: code) }
    case .virtual(let speed, let canPause):
      var raw: UnsafeMutableRawPointer?
      var paced: OpaquePointer?
      let code = folio_paced_pcm_open(&raw, &paced, "foliotell-virtual", speed, canPause ? 1 : 0)
      guard code >= 0, let raw else { throw .cannotOpen(device: label, call: "folio_paced_pcm_open", code: code) }
      pcm = OpaquePointer(raw)
      state.paced = paced
      if state.recording { folio_paced_pcm_set_recording(paced, 1) }
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
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    guard let pcm = state.withLock({ $0.pcm }), var cursor = samples.baseAddress else { return true }
    var remaining = samples.count
    // A device that fails again right after every recovery is gone, whatever error it reports.
    var recoveriesWithoutProgress = 0
    while remaining > 0 {
      if state.withLock({ $0.dropped }) { return false }
      let written = snd_pcm_writei(pcm, cursor, snd_pcm_uframes_t(remaining))
      if written >= 0 {
        cursor += Int(written)
        remaining -= Int(written)
        recoveriesWithoutProgress = 0
        continue
      }
      recoveriesWithoutProgress += 1
      if recoveriesWithoutProgress > 100 { throw failure(Int32(written)) }
      let code = Int32(written)
      switch -code {
      case EAGAIN, EINTR:
        continue
      case EBADFD:
        // snd_pcm_drop from the controlling side moved the device to SETUP while this write waited.
        if state.withLock({ $0.dropped }) { return false }
        let prepared = snd_pcm_prepare(pcm)
        if prepared < 0 { throw failure(prepared) }
      case EPIPE, ESTRPIPE:
        state.withLock { $0.underruns += 1 }
        let recovered = snd_pcm_recover(pcm, code, 1)
        if recovered < 0 { throw failure(recovered) }
      default:
        throw failure(code)
      }
    }
    return !state.withLock { $0.dropped }
  }

  /// The device failed (unplugged): close it so the next `begin` reopens it.
  private func failure(_ code: Int32) -> AudioError {
    state.withLock { state in
      if let pcm = state.pcm { snd_pcm_close(pcm) }
      state.pcm = nil
      state.paced = nil
    }
    return .deviceLost(device: label, code: code)
  }

  public func queuedFrames() -> Int {
    guard let pcm = state.withLock({ $0.pcm }) else { return 0 }
    var delay: snd_pcm_sframes_t = 0
    guard snd_pcm_delay(pcm, &delay) >= 0 else { return 0 }
    return max(Int(delay), 0)
  }

  public func drop() {
    state.withLock { state in
      state.dropped = true
      if let pcm = state.pcm { snd_pcm_drop(pcm) }
    }
  }

  public func setPaused(_ paused: Bool) -> Bool {
    state.withLock { state in
      guard let pcm = state.pcm, state.canPause else { return false }
      return snd_pcm_pause(pcm, paused ? 1 : 0) >= 0
    }
  }

  public func end() {
    state.withLock { state in
      if let pcm = state.pcm { snd_pcm_drop(pcm) }
    }
  }
}
