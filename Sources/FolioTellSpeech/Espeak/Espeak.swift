import CEspeakNG
import FolioTellSystem
import Synchronization

/// An installed espeak-ng voice.
public struct VoiceInfo: Equatable, Sendable {
  /// What `--voice` accepts: the voice file's identifier, like `gmw/de`, or `de` for short.
  public var identifier: String
  public var name: String
  /// Language codes, most preferred first, like `["de"]` or `["en-gb", "en"]`.
  public var languages: [String]
}

public enum EspeakError: Error, Equatable, CustomStringConvertible {
  case initializationFailed(path: String?)
  case unknownVoice(String)
  case synthesisFailed(code: Int32)

  public var description: String {
    switch self {
    case .initializationFailed(let path):
      return
        "espeak-ng could not start: its data (espeak-ng-data) was not found\(path.map { " in \($0)" } ?? ""); install the Debian package espeak-ng-data"
    case .unknownVoice(let voice):
      return "no espeak-ng voice or language called '\(voice)'; `foliotell voices` lists the installed ones"
    case .synthesisFailed(let code):
      return "espeak-ng failed to synthesize (error \(code))"
    }
  }
}

/// A word espeak-ng reported: where it starts in the text it was given (0-based, Unicode scalars) and
/// when its sound starts, in frames from the start of that text's audio.
public struct WordMark: Equatable, Sendable {
  public var textIndex: Int
  public var frame: Int
}

/// libespeak-ng in synchronous mode. espeak-ng is neither thread-safe nor re-entrant, and terminating and
/// re-initializing it can deadlock, so it is initialized once per process and every call goes through one lock.
public final class Espeak: Sendable {
  public let sampleRate: Int
  private let lock = Mutex(Settings())

  private struct Settings {
    var voice: String?
    var rate = -1
    var volume = -1
    var pitch = -1
  }

  /// Receives audio and words during `synthesize`; only touched while the lock is held.
  nonisolated(unsafe) private static var receiver: ((UnsafeBufferPointer<Int16>, [WordMark]) -> Bool)?
  private static let instance = Mutex<Result<Espeak, EspeakError>?>(nil)

  private init(sampleRate: Int) { self.sampleRate = sampleRate }

  /// The process's espeak-ng, initialized on first use.
  public static func shared() throws(EspeakError) -> Espeak {
    let result = instance.withLock { instance -> Result<Espeak, EspeakError> in
      if let instance { return instance }
      // espeak-ng starts a thread of its own here (its asynchronous mode's, which this box never uses, so
      // it sleeps for good); named after the library, it is told apart from the box's threads.
      let rate = DetachedThread.naming("espeak-ng") {
        espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 100, nil, Int32(espeakINITIALIZE_DONT_EXIT))
      }
      let made: Result<Espeak, EspeakError> =
        rate > 0 ? .success(Espeak(sampleRate: Int(rate))) : .failure(.initializationFailed(path: nil))
      if rate > 0 { espeak_SetSynthCallback(Espeak.callback) }
      instance = made
      return made
    }
    return try result.get()
  }

  private static let callback:
    @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?)
      -> Int32 = { wave, count, events in
        var words: [WordMark] = []
        if var event = events {
          while event.pointee.type != espeakEVENT_LIST_TERMINATED {
            if event.pointee.type == espeakEVENT_WORD {
              words.append(
                WordMark(textIndex: Int(event.pointee.text_position) - 1, frame: Int(event.pointee.audio_position)))
            }
            event += 1
          }
        }
        let samples = UnsafeBufferPointer(start: wave, count: wave == nil ? 0 : Int(max(count, 0)))
        guard let receiver = Espeak.receiver else { return 1 }
        return receiver(samples, words) ? 0 : 1
      }

  /// Sets the voice (a voice name or identifier, or a language code), rate (words per minute),
  /// volume (0-200, 100 normal) and pitch (0-100, 50 normal) for what follows.
  public func configure(voice: String, wpm: Int, volume: Int = 100, pitch: Int = 50) throws(EspeakError) {
    try lock.withLock { (settings: inout Settings) throws(EspeakError) in
      try Self.apply(VoiceSettings(voice: voice, wpm: wpm, volume: volume, pitch: pitch), to: &settings)
    }
  }

  /// The voice, rate, volume and pitch of one synthesis.
  public struct VoiceSettings: Equatable, Sendable {
    public var voice: String
    public var wpm: Int
    public var volume: Int
    public var pitch: Int

    public init(voice: String, wpm: Int, volume: Int = 100, pitch: Int = 50) {
      self.voice = voice
      self.wpm = wpm
      self.volume = volume
      self.pitch = pitch
    }
  }

  private static func apply(_ wanted: VoiceSettings, to settings: inout Settings) throws(EspeakError) {
    let (voice, wpm, volume, pitch) = (wanted.voice, wanted.wpm, wanted.volume, wanted.pitch)
    if settings.voice != voice {
      if espeak_SetVoiceByName(voice) != EE_OK {
        var spec = espeak_VOICE()
        let found = voice.withCString { language in
          spec.languages = language
          return espeak_SetVoiceByProperties(&spec)
        }
        guard found == EE_OK else { throw .unknownVoice(voice) }
      }
      settings.voice = voice
      settings.rate = -1
    }
    if settings.rate != wpm {
      espeak_SetParameter(espeakRATE, Int32(wpm), 0)
      settings.rate = wpm
    }
    if settings.volume != volume {
      espeak_SetParameter(espeakVOLUME, Int32(volume), 0)
      settings.volume = volume
    }
    if settings.pitch != pitch {
      espeak_SetParameter(espeakPITCH, Int32(pitch), 0)
      settings.pitch = pitch
    }
  }

  /// Synthesizes `text`, handing each block of 16-bit mono samples and the words that start in it to
  /// `receive`, which returns false to abort. Word frames count from the start of this text's audio.
  /// Returns false when aborted.
  /// With `settings`, they are set under the same lock, so another engine in the process (tests run several)
  /// cannot change the voice or rate between setting them and speaking.
  @discardableResult
  public func synthesize(
    _ text: String, settings wanted: VoiceSettings? = nil, pauseAtEnd: Bool = true,
    _ receive: @escaping (UnsafeBufferPointer<Int16>, [WordMark]) -> Bool
  ) throws(EspeakError) -> Bool {
    let rate = sampleRate
    var aborted = false
    let status = try lock.withLock { (settings: inout Settings) throws(EspeakError) -> espeak_ERROR in
      if let wanted { try Self.apply(wanted, to: &settings) }
      Espeak.receiver = { samples, words in
        let framed = words.map { WordMark(textIndex: $0.textIndex, frame: $0.frame * rate / 1000) }
        let goOn = receive(samples, framed)
        if !goOn { aborted = true }
        return goOn
      }
      defer { Espeak.receiver = nil }
      let flags = UInt32(espeakCHARS_UTF8) | (pauseAtEnd ? UInt32(espeakENDPAUSE) : 0)
      return text.withCString { pointer in
        espeak_Synth(pointer, text.utf8.count + 1, 0, POS_CHARACTER, 0, flags, nil, nil)
      }
    }
    guard status == EE_OK else { throw .synthesisFailed(code: status.rawValue) }
    return !aborted
  }

  /// The language a voice speaks, for text normalization: `en-gb` for `gmw/en-GB`, `English (Great
  /// Britain)` or `en-gb`; the text itself when no installed voice matches.
  public func language(ofVoice voice: String) -> String {
    let wanted = voice.lowercased()
    let match = voices().first { candidate in
      candidate.identifier.lowercased() == wanted || candidate.name.lowercased() == wanted
        || candidate.identifier.lowercased().split(separator: "/").last.map(String.init) == wanted
    }
    return (match?.languages.first ?? wanted).lowercased()
  }

  /// Whether a voice named as `--voice` or the config's `voice` takes it is installed: an identifier
  /// (`gmw/de`, or `de` for short), a name (`German`), or a language code of a voice (`de`, `en-gb`, or
  /// `en` for any English one); a variant after `+` (`en+f3`) is espeak-ng's own.
  public func isInstalled(voice: String) -> Bool {
    let wanted = String(voice.lowercased().prefix { $0 != "+" })
    guard !wanted.isEmpty else { return false }
    return voices().contains { candidate in
      let identifier = candidate.identifier.lowercased()
      return identifier == wanted || candidate.name.lowercased() == wanted
        || identifier.split(separator: "/").last.map(String.init) == wanted
        || candidate.languages.contains { language in
          let code = language.lowercased()
          return code == wanted || code.hasPrefix(wanted + "-")
        }
    }
  }

  /// The installed voices, sorted by identifier.
  public func voices() -> [VoiceInfo] {
    lock.withLock { _ in
      var result: [VoiceInfo] = []
      guard var entry = espeak_ListVoices(nil) else { return result }
      while let voice = entry.pointee {
        result.append(
          VoiceInfo(
            identifier: voice.pointee.identifier.map { String(cString: $0) } ?? "",
            name: voice.pointee.name.map { String(cString: $0) } ?? "",
            languages: Self.languages(voice.pointee.languages)))
        entry += 1
      }
      return result.sorted { $0.identifier < $1.identifier }
    }
  }

  /// espeak-ng's language list: pairs of a priority byte and a NUL-terminated code, ended by a zero byte.
  private static func languages(_ list: UnsafePointer<CChar>?) -> [String] {
    guard var cursor = list else { return [] }
    var codes: [String] = []
    while cursor.pointee != 0 {
      cursor += 1
      let code = String(cString: cursor)
      codes.append(code)
      cursor += code.utf8.count + 1
    }
    return codes
  }
}
