import CALSA
import Glibc
import Synchronization

/// The write loop, and the fades that take the edge off a stop, a pause and a resume.
///
/// A stop or a pause takes back what the device has not played yet (`snd_pcm_rewind`), then writes a few
/// milliseconds of it ramped down to silence: the listener hears the sound end smoothly within the fade's
/// length. A pause keeps what it took back and plays it again, ramped up, on resume, so not a frame of
/// speech is lost or repeated. A device that cannot rewind is stopped hard.
extension AlsaSink {
  var fadeFrames: Int { max(1, Int(fadeSeconds * Double(max(state.withLock { $0.rate }, 1)))) }

  private enum Outcome {
    case goOn, stopped
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    // The device's address, not the pointer, leaves the lock (Swift 6.0 will not let an OpaquePointer).
    let entered = state.withLock { state -> Int?? in
      guard !state.dropped else { return .none }
      guard let pcm = state.pcm else { return .some(nil) }
      state.inWrite = true
      return .some(Int(bitPattern: pcm))
    }
    guard let addressOrNil = entered else { return false }
    guard let pcm = OpaquePointer(bitPattern: addressOrNil ?? 0) else { return true }
    defer { state.withLock { $0.inWrite = false } }

    var pending = ArraySlice(samples)
    var replaying = false
    var failuresWithoutProgress = 0
    while true {
      if try handleRequest(pcm) == .stopped { return false }
      if state.withLock({ $0.paused }) {
        // Every request (resume, stop) arrives through the eventfd: a paused box sleeps until then.
        waitForDevice(pcm, includingDevice: false, timeout: -1)
        continue
      }
      if !replaying,
        let replay = state.withLock({ state -> [Int16]? in
          guard !state.replay.isEmpty else { return nil }
          defer { state.replay = [] }
          return state.replay
        })
      {
        // Frames taken back at the pause go out again first, ramped up; they are already in the history.
        try writeAll(pcm, Self.ramp(replay[...], up: true, over: fadeFrames), stream: false)
        replaying = true
        continue
      }
      if pending.isEmpty { return true }
      let written = pending.withUnsafeBufferPointer { snd_pcm_writei(pcm, $0.baseAddress, snd_pcm_uframes_t($0.count)) }
      if written >= 0 {
        remember(pending.prefix(Int(written)))
        pending = pending.dropFirst(Int(written))
        failuresWithoutProgress = 0
        continue
      }
      failuresWithoutProgress += 1
      // A device that fails again right after every recovery is gone, whatever error it reports.
      if failuresWithoutProgress > 100 { throw failure(Int32(written)) }
      try recover(pcm, Int32(written))
    }
  }

  /// Writes frames that are not new stream frames (replayed or faded), waiting for room.
  private func writeAll(_ pcm: OpaquePointer, _ frames: [Int16], stream: Bool) throws(AudioError) {
    var rest = frames[...]
    var failures = 0
    while !rest.isEmpty {
      let written = rest.withUnsafeBufferPointer { snd_pcm_writei(pcm, $0.baseAddress, snd_pcm_uframes_t($0.count)) }
      if written >= 0 {
        state.withLock { $0.deviceWritten += Int(written) }
        rest = rest.dropFirst(Int(written))
        continue
      }
      failures += 1
      if failures > 100 { throw failure(Int32(written)) }
      try recover(pcm, Int32(written))
    }
  }

  private func recover(_ pcm: OpaquePointer, _ code: Int32) throws(AudioError) {
    switch -code {
    case EAGAIN:
      waitForDevice(pcm, includingDevice: true)
    case EINTR:
      break
    case EPIPE, ESTRPIPE:
      state.withLock { $0.underruns += 1 }
      let recovered = snd_pcm_recover(pcm, code, 1)
      if recovered < 0 { throw failure(recovered) }
      state.withLock { state in
        state.deviceWritten = 0
        state.synthetic = []
      }
    case EBADFD:
      let prepared = snd_pcm_prepare(pcm)
      if prepared < 0 { throw failure(prepared) }
      state.withLock { state in
        state.deviceWritten = 0
        state.synthetic = []
      }
    default:
      throw failure(code)
    }
  }

  /// Keeps the last second of stream frames, for fades and for replay after a pause.
  private func remember(_ frames: ArraySlice<Int16>) {
    state.withLock { state in
      state.deviceWritten += frames.count
      state.streamFrames += frames.count
      state.history += frames
      if state.history.count > 2 * max(state.rate, 1) {
        state.history.removeFirst(state.history.count - max(state.rate, 1))
      }
    }
  }

  /// Sleeps in poll until the device has room (or, paused, until asked something), or the funnel asks.
  func waitForDevice(_ pcm: OpaquePointer, includingDevice: Bool, timeout: Int32 = 100) {
    let count = includingDevice ? Int(max(snd_pcm_poll_descriptors_count(pcm), 0)) : 0
    var descriptors = [pollfd](repeating: pollfd(), count: count + 1)
    if count > 0 { _ = snd_pcm_poll_descriptors(pcm, &descriptors, UInt32(count)) }
    descriptors[count] = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    if descriptors[count].revents & Int16(POLLIN) != 0 {
      var value: UInt64 = 0
      _ = read(wake, &value, 8)
    }
    if count > 0 {
      // Lets the device's plugin consume its own wake-up (the paced card's timerfd).
      var revents: UInt16 = 0
      _ = snd_pcm_poll_descriptors_revents(pcm, &descriptors, UInt32(count), &revents)
    }
  }

  func signalWriter() {
    var one: UInt64 = 1
    _ = Glibc.write(wake, &one, 8)
  }

  // MARK: - Requests from the funnel

  public func drop() {
    let asked = state.withLock { state -> Bool in
      if state.inWrite {
        state.request = .stop
        return true
      }
      stopNow(&state)
      return false
    }
    if asked { signalWriter() }
  }

  public func pause(resolved: @escaping @Sendable () -> Void) -> Bool {
    let asked = state.withLock { state -> Bool? in
      guard state.pcm != nil, state.canPause, !state.dropped else { return nil }
      if state.inWrite {
        state.request = .pause(resolved: resolved)
        return true
      }
      // Between writes nothing is being heard but the queue: pause it where it is.
      state.paused = snd_pcm_pause(state.pcm, 1) >= 0
      return state.paused ? false : nil
    }
    switch asked {
    case nil: return false
    case true?: signalWriter()
    case false?: resolved()
    }
    return true
  }

  public func resume() {
    let asked = state.withLock { state -> Bool in
      if state.inWrite {
        state.request = .resume
        return true
      }
      if state.paused, let pcm = state.pcm {
        _ = snd_pcm_pause(pcm, 0)
        state.paused = false
      }
      return false
    }
    if asked { signalWriter() }
  }

  /// In the writer: carries out what the funnel asked.
  private func handleRequest(_ pcm: OpaquePointer) throws(AudioError) -> Outcome {
    guard
      let request = state.withLock({ state -> Request? in
        defer { state.request = nil }
        return state.request
      })
    else { return .goOn }
    switch request {
    case .stop:
      state.withLock { stopNow(&$0) }
      return .stopped
    case .pause(let resolved):
      let faded = state.withLock { fadeOut(&$0, keepForReplay: true) }
      if faded { waitUntilPlayed(limit: 0.2) }
      let paused = state.withLock { state -> Bool in
        state.paused = snd_pcm_pause(pcm, 1) >= 0
        if !state.paused {
          // The device refused to pause after all: what is left is silence, so stop it and start again on resume.
          snd_pcm_drop(pcm)
          state.paused = true
        }
        return state.paused
      }
      if paused { resolved() }
      return .goOn
    case .resume:
      state.withLock { state in
        guard state.paused else { return }
        if snd_pcm_state(pcm) == SND_PCM_STATE_PAUSED {
          _ = snd_pcm_pause(pcm, 0)
        } else {
          _ = snd_pcm_prepare(pcm)
          state.deviceWritten = 0
          state.synthetic = []
        }
        state.paused = false
      }
      return .goOn
    }
  }

  /// Ends the stream now: faded when the device can take back what it holds, cut otherwise.
  func stopNow(_ state: inout State) {
    state.dropped = true
    state.replay = []
    guard let pcm = state.pcm else { return }
    if state.paused {
      snd_pcm_drop(pcm)
      state.paused = false
      state.deviceWritten = 0
      state.synthetic = []
      return
    }
    if !fadeOut(&state, keepForReplay: false) {
      snd_pcm_drop(pcm)
      state.deviceWritten = 0
      state.synthetic = []
    }
  }

  /// Takes back what the device has not played, and writes the first few milliseconds of it ramped down
  /// to zero, then as long again of silence. Returns false when the device could not take anything back.
  @discardableResult
  func fadeOut(_ state: inout State, keepForReplay: Bool) -> Bool {
    guard let pcm = state.pcm else { return false }
    // Leave 1 ms queued, so the device does not run dry before the fade is written (if it does all the
    // same, the fade is written again after a prepare, below).
    let margin = max(1, state.rate / 1000)
    let rewindable = Int(snd_pcm_rewindable(pcm)) - margin
    guard rewindable > 0 else { return false }
    let rewound = Int(max(snd_pcm_rewind(pcm, snd_pcm_uframes_t(rewindable)), 0))
    guard rewound > 0 else { return false }
    state.deviceWritten -= rewound
    let streamBack = min(rewound, state.history.count, state.streamFrames)
    let takenBack = Array(state.history.suffix(streamBack))
    state.history.removeLast(streamBack)
    state.streamFrames -= streamBack
    if keepForReplay { state.replay = takenBack + state.replay }
    let length = max(1, Int(fadeSeconds * Double(max(state.rate, 1))))
    let tail = Self.ramp(takenBack.prefix(length), up: false, over: length) + [Int16](repeating: 0, count: length)
    var written = tail.withUnsafeBufferPointer { snd_pcm_writei(pcm, $0.baseAddress, snd_pcm_uframes_t($0.count)) }
    if written == -snd_pcm_sframes_t(EPIPE), snd_pcm_prepare(pcm) >= 0 {
      // It ran dry all the same (a busy machine): start again with the fade, from silence.
      state.underruns += 1
      state.deviceWritten = 0
      state.synthetic = []
      written = tail.withUnsafeBufferPointer { snd_pcm_writei(pcm, $0.baseAddress, snd_pcm_uframes_t($0.count)) }
      // Too short to reach the start threshold on its own.
      if written > 0 { _ = snd_pcm_start(pcm) }
    }
    if written > 0 {
      state.synthetic.append(state.deviceWritten..<(state.deviceWritten + Int(written)))
      state.deviceWritten += Int(written)
    }
    return true
  }

  /// A linear ramp over the first `length` frames: up from silence, or down to it.
  static func ramp(_ frames: ArraySlice<Int16>, up: Bool, over length: Int) -> [Int16] {
    var result = Array(frames)
    let count = up ? min(length, result.count) : result.count
    for index in 0..<count {
      let position = Double(index + 1) / Double(max(up ? length : result.count, 1))
      let gain = up ? position : 1 - position
      result[index] = Int16((Double(result[index]) * gain).rounded())
    }
    return result
  }

  public func queuedFrames() -> Int {
    state.withLock { state in
      guard let pcm = state.pcm else { return state.replay.count }
      var delay: snd_pcm_sframes_t = 0
      let queued = snd_pcm_delay(pcm, &delay) >= 0 ? max(Int(delay), 0) : 0
      let played = state.deviceWritten - queued
      state.synthetic.removeAll { $0.upperBound <= played }
      let synthetic = state.synthetic.reduce(0) { $0 + max(0, $1.upperBound - max($1.lowerBound, played)) }
      return max(0, queued - synthetic) + state.replay.count
    }
  }

  /// Waits while the device plays what it holds, at most `limit` seconds.
  func waitUntilPlayed(limit: Double) {
    let deadline = ContinuousClock.now + .milliseconds(Int(limit * 1000))
    while ContinuousClock.now < deadline {
      let (address, remaining, rate) = state.withLock { state -> (Int, Int, Int) in
        guard let pcm = state.pcm, !state.paused, snd_pcm_state(pcm) == SND_PCM_STATE_RUNNING else {
          return (0, 0, 1)
        }
        var delay: snd_pcm_sframes_t = 0
        return (Int(bitPattern: pcm), snd_pcm_delay(pcm, &delay) >= 0 ? Int(delay) : 0, max(state.rate, 1))
      }
      guard let pcm = OpaquePointer(bitPattern: address), remaining > 0 else { return }
      let milliseconds = Int32(min(max(remaining * 1000 / rate, 1), 20))
      waitForDevice(pcm, includingDevice: false, timeout: milliseconds)
    }
  }
}
