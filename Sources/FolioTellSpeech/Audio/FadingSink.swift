import Synchronization

/// A sink in front of another that can fade the sound out: the gain falls steadily to silence over a number
/// of frames as they are written, and comes back at once when asked. The sleep timer's fade goes through
/// the same path as speech, so what is written (a WAV file, the card) is what is heard.
public final class FadingSink: PCMSink {
  private struct Fade {
    var sampleRate = 22050
    /// Frames left until silence, and the fade's whole length; nil: full volume.
    var remaining: Int?
    var length = 1
    /// The listener's volume, 0 to 1, under the fade.
    var volume = 1.0
  }

  public let inner: any PCMSink
  private let fade = Mutex(Fade())

  public init(_ inner: any PCMSink) { self.inner = inner }

  public var label: String { inner.label }
  public var isPaced: Bool { inner.isPaced }
  public var canPause: Bool { inner.canPause }
  public var underruns: Int { inner.underruns }

  /// Fades to silence over the next `seconds` of sound written.
  public func fadeOut(seconds: Double) {
    fade.withLock { fade in
      let frames = max(1, Int(seconds * Double(fade.sampleRate)))
      fade.remaining = frames
      fade.length = frames
    }
  }

  public func restoreVolume() { fade.withLock { $0.remaining = nil } }

  /// The listener's volume, in percent of full.
  public func setVolume(_ percent: Int) { fade.withLock { $0.volume = Double(min(max(percent, 0), 100)) / 100 } }

  /// The gain now, 0 to 1.
  public var gain: Double {
    fade.withLock { fade in fade.remaining.map { Double($0) / Double(fade.length) } ?? 1 }
  }

  public func begin(sampleRate: Int) throws(AudioError) {
    fade.withLock { fade in
      if let remaining = fade.remaining, fade.sampleRate != sampleRate, fade.sampleRate > 0 {
        // Keep the fade's time when the rate changes.
        fade.remaining = remaining * sampleRate / fade.sampleRate
        fade.length = max(1, fade.length * sampleRate / fade.sampleRate)
      }
      fade.sampleRate = sampleRate
    }
    try inner.begin(sampleRate: sampleRate)
  }

  public func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool {
    let (ramp, volume) = fade.withLock { fade -> ((start: Int, length: Int)?, Double) in
      guard let remaining = fade.remaining else { return (nil, fade.volume) }
      fade.remaining = max(0, remaining - samples.count)
      return ((remaining, fade.length), fade.volume)
    }
    guard ramp != nil || volume < 1 else { return try inner.write(samples) }
    var scaled = [Int16](repeating: 0, count: samples.count)
    for index in 0..<samples.count {
      var gain = volume
      if let ramp { gain *= Double(max(0, ramp.start - index)) / Double(ramp.length) }
      scaled[index] = Int16(Double(samples[index]) * gain)
    }
    // withUnsafeBufferPointer is rethrows (untyped) in Swift 6.0: the typed error is carried out by hand.
    var failure: AudioError?
    let written = scaled.withUnsafeBufferPointer { buffer -> Bool in
      do throws(AudioError) { return try inner.write(buffer) } catch {
        failure = error
        return false
      }
    }
    if let failure { throw failure }
    return written
  }

  public func queuedFrames() -> Int { inner.queuedFrames() }
  public func drop() { inner.drop() }
  public func pause(resolved: @escaping @Sendable () -> Void) -> Bool { inner.pause(resolved: resolved) }
  public func resume() { inner.resume() }
  public func end() { inner.end() }
  public func flush() throws(AudioError) { try inner.flush() }
  public func release() { inner.release() }
}
