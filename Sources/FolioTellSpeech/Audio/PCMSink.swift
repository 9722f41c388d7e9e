import Glibc

/// Why audio cannot be played, said so a person knows what to do.
public enum AudioError: Error, Equatable, CustomStringConvertible {
  case cannotOpen(device: String, call: String, code: Int32)
  case deviceLost(device: String, code: Int32)
  case cannotWriteFile(path: String, reason: String)
  case badSpecification(String)

  public var description: String {
    switch self {
    case .cannotOpen(let device, let call, let code):
      return
        "cannot open the sound device '\(device)': \(call): \(errnoText(code)). Is a sound card connected? `aplay -L` lists the devices; --audio wav:FILE or --audio null work without one"
    case .deviceLost(let device, let code):
      return "the sound device '\(device)' stopped working: \(errnoText(code)) (was it unplugged?)"
    case .cannotWriteFile(let path, let reason):
      return "cannot write the audio file '\(path)': \(reason)"
    case .badSpecification(let text):
      return
        "'\(text)' is not an audio output; use an ALSA device (default, hw:1,0, plughw:1,0 or alsa:NAME), wav:FILE, null, or virtual[:SPEED]"
    }
  }
}

func errnoText(_ code: Int32) -> String {
  String(cString: strerror(code < 0 ? -code : code))
}

/// Where samples go: a sound card, the paced virtual card, a WAV file or nowhere. 16-bit mono.
///
/// `write` is called from one thread (the speech worker); `drop`, `pause` and `resume` from another (the funnel),
/// and must take effect at once even while `write` is blocked.
public protocol PCMSink: AnyObject, Sendable {
  var label: String { get }
  /// Whether writes block at the pace of playback (a sound card), so `queuedFrames` means something.
  var isPaced: Bool { get }
  var canPause: Bool { get }
  /// Gets ready for a new stream of audio, opening the device if needed.
  func begin(sampleRate: Int) throws(AudioError)
  /// Writes all samples, blocking while the device is full. Returns false when `drop` discarded the stream meanwhile.
  func write(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) -> Bool
  /// Frames written but not yet heard.
  func queuedFrames() -> Int
  /// Discards everything queued: silence now.
  func drop()
  /// Pauses in the device, calling `resolved` once the output is silent; false when the device cannot pause.
  func pause(resolved: @escaping @Sendable () -> Void) -> Bool
  /// Goes on after `pause`, from the very frame where it stopped.
  func resume()
  /// The stream is over (played out or dropped): let the device idle.
  func end()
  /// Underruns recovered so far.
  var underruns: Int { get }
  /// Nothing is live and none is expected soon: close the device, so it neither hisses nor holds the card.
  /// The next `begin` opens it again. Does nothing while a stream is being written.
  func release()
  /// Puts everything written so far where it goes (a file's gathered audio on the disk), so a failure
  /// there is reported with the utterance; a sound card has nothing to do.
  func flush() throws(AudioError)
}

extension PCMSink {
  public func release() {}
  public func flush() throws(AudioError) {}
}
