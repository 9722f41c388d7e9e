import CNarration

/// Why a narrated file cannot be played, said so a person knows what to do.
public struct NarrationAudioError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public var description: String {
    "cannot play the narration '\(path)': \(reason); check that the file is whole (copy it again) and is MP3, M4A/M4B, Ogg, Opus, FLAC or WAV"
  }
}

/// One narrated audio file, through FFmpeg: its length, chapters and tags, and its sound from any time in
/// it, mono at the sound output's rate, at any speed with its pitch kept (Sonic). Used by one thread at a
/// time; it holds only the decoder's buffers, never the file.
public final class NarrationAudio {
  public struct Chapter: Equatable, Sendable {
    public var start: Double
    public var end: Double
    public var title: String?
  }

  public let path: String
  public let sampleRate: Int
  private let audio: OpaquePointer
  public private(set) var speed = 1.0

  public init(path: String, sampleRate: Int) throws(NarrationAudioError) {
    var message = [CChar](repeating: 0, count: 200)
    guard let opened = folio_audio_open(path, Int32(sampleRate), &message, message.count) else {
      throw NarrationAudioError(path: path, reason: Self.text(message))
    }
    self.path = path
    self.sampleRate = sampleRate
    audio = opened
  }

  deinit { folio_audio_close(audio) }

  /// Whether FFmpeg's libraries load (they are opened when narration first plays): the sonames, and why
  /// not when they do not.
  public static func libraries() -> (sonames: String, problem: String?) {
    var sonames = [CChar](repeating: 0, count: 256)
    var error = [CChar](repeating: 0, count: 256)
    let ready = folio_audio_libraries(&sonames, sonames.count, &error, error.count) == 1
    return (text(sonames), ready ? nil : text(error))
  }

  /// The length in seconds (0 when the file does not say).
  public var duration: Double { folio_audio_duration(audio) }

  public var codec: String { String(cString: folio_audio_codec(audio)) }

  public var chapters: [Chapter] {
    (0..<Int(folio_audio_chapter_count(audio))).map { index in
      var start = 0.0
      var end = 0.0
      var title = [CChar](repeating: 0, count: 512)
      folio_audio_chapter(audio, Int32(index), &start, &end, &title, title.count)
      let text = Self.text(title).trimmingSpaces
      return Chapter(start: start, end: end, title: text.isEmpty ? nil : text)
    }
  }

  /// A tag of the file ("title", "album", "artist", "track"), trimmed; nil when absent or blank.
  public func tag(_ key: String) -> String? {
    var value = [CChar](repeating: 0, count: 1024)
    guard folio_audio_tag(audio, key, &value, value.count) == 1 else { return nil }
    let text = Self.text(value).trimmingSpaces
    return text.isEmpty ? nil : text
  }

  /// The next samples are those from `seconds` on, to the sample.
  public func seek(to seconds: Double) throws(NarrationAudioError) {
    guard folio_audio_seek(audio, seconds) == 0 else { throw failure() }
  }

  /// 1.0 plays as narrated; 2.0 twice as fast, at the same pitch.
  public func setSpeed(_ speed: Double) {
    guard speed != self.speed else { return }
    self.speed = speed
    folio_audio_set_speed(audio, speed)
  }

  /// Where the samples read so far end, in seconds of the file (before the speed change).
  public var position: Double { folio_audio_position(audio) }

  /// Fills up to `capacity` samples of `buffer` (from its start); 0 at the end of the file.
  public func read(into buffer: inout [Int16], capacity: Int) throws(NarrationAudioError) -> Int {
    if buffer.count < capacity { buffer += [Int16](repeating: 0, count: capacity - buffer.count) }
    let made = buffer.withUnsafeMutableBufferPointer { folio_audio_read(audio, $0.baseAddress, Int32(capacity)) }
    guard made >= 0 else { throw failure() }
    return Int(made)
  }

  private func failure() -> NarrationAudioError {
    NarrationAudioError(path: path, reason: String(cString: folio_audio_error(audio)))
  }

  private static func text(_ characters: [CChar]) -> String {
    let bytes = characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
