import Dispatch
import FolioTellCore
import FolioTellNarration
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The box's voice: espeak-ng synthesizing on one worker thread, streaming into a PCM sink, and posting
/// each word when the listener hears it (frames written minus what the device still holds), so the
/// reducer's place is the ear's place. Commands return at once; stop and replace silence the device from
/// the calling thread while the worker may be blocked writing.
public final class EspeakSpeechEngine: SpeechEngine {
  public struct Options: Sendable {
    public var volume = 100
    public var pitch = 50
    public var lexicon = Lexicon.empty
    /// Characters of text handed to espeak-ng at a time (whole sentences, at least this many).
    public var chunkLength = 400
    /// Fade-in at the start of an utterance, against clicks.
    public var fadeSeconds = 0.005
    /// When set, the worker takes a request only while it is open (the virtual platform's turns).
    public var gate: WorkerGate?
    public init() {}
  }

  private typealias Request = SpeechControl.Request

  private let sink: any EventSink
  public let audio: any PCMSink
  private let options: Options
  private let espeak: Espeak
  private let control = Mutex(SpeechControl())
  /// The voice found for each language the box's words were said in.
  private let announcementVoices = Mutex<[String: String]>([:])
  private let idleObserver = CallbackSlot<Void, Void>()
  /// Narration files that failed to play: their phrases are read by the voice.
  private let brokenNarration = Mutex<Set<String>>([])
  private let wakeup = DispatchSemaphore(value: 0)

  public init(sink: any EventSink, audio: any PCMSink, options: Options = Options()) throws(EspeakError) {
    self.sink = sink
    self.audio = audio
    self.options = options
    espeak = try Espeak.shared()
    // The thread holds the engine only while it works on a request, so a dropped engine is freed
    // (deinit wakes the thread, which then finds it gone and ends).
    let wakeup = self.wakeup
    DetachedThread.start(name: "foliotell.speech") { [weak self] in
      while true {
        wakeup.wait()
        guard let engine = self else { return }
        engine.takeRequest()
      }
    }
  }

  deinit {
    wakeup.signal()
  }

  // MARK: - Commands, from the funnel's thread

  public func load(book: SentenceMap) { command { $0.load(book) } }

  public func extend(book: SentenceMap) { command { $0.extend(book) } }

  public func announce(_ text: String, wpm: Int, voice: String, languages: [LanguagePassage]) {
    command { $0.announce(text, wpm: wpm, voice: voice, languages: languages) }
  }

  public func startUtterance(token: Int, offset: Int, wpm: Int, voice: String) {
    command { $0.start(token: token, offset: offset, wpm: wpm, voice: voice) }
  }

  public func playEarcon(_ earcon: Earcon) { command { $0.earcon(earcon) } }

  /// Carries out a command's orders. The audio is dropped inside the control lock: the worker, which must
  /// take that lock to start the next utterance, can then never begin it before the old one's audio is
  /// gone. Cancels are posted, and the worker woken, after it.
  private func command(_ change: (inout SpeechControl) -> SpeechControl.Orders) {
    let orders = control.withLock { control -> SpeechControl.Orders in
      let orders = change(&control)
      if orders.dropAudio { audio.drop() }
      return orders
    }
    for token in orders.cancelled { sink.post(.playback(.utteranceDidCancel(token: token))) }
    if orders.resumeAudio { audio.resume() }
    if orders.wakeWorker { wakeup.signal() }
  }

  public func setPitch(_ pitch: Int) { control.withLock { $0.setPitch(pitch) } }

  private var currentPitch: Int { control.withLock { $0.pitch } ?? options.pitch }

  /// Writes a request's tone, unless the request is aborted meanwhile.
  private func playTone(_ request: Request) {
    guard let tone = request.tone else { return }
    let samples = EarconTones.samples(for: tone, sampleRate: espeak.sampleRate)
    let piece = max(espeak.sampleRate / 100, 1)
    var start = 0
    while start < samples.count, !isAborted(request.token) {
      let end = min(start + piece, samples.count)
      let ok = samples[start..<end].withUnsafeBufferPointer { (try? audio.write($0)) ?? false }
      guard ok else { return }
      start = end
    }
  }

  public func stop(token: Int) { command { $0.stop(token: token) } }

  public func pause(token: Int) {
    guard control.withLock({ $0.pauseOnDevice(token: token) }) else { return }
    let events = sink
    if audio.pause(resolved: { events.post(.playback(.pauseResolved(token: token))) }) { return }
    command { $0.pauseByStopping(token: token) }
  }

  public func resume(token: Int) { command { $0.resume(token: token) } }

  // MARK: - The worker

  private func takeRequest() {
    options.gate?.pass()
    guard
      let (request, book) = control.withLock({ $0.take() })
    else { return }
    speak(request, book: book)
    control.withLock { $0.workDone() }
    if isIdle { idleObserver.call() }
  }

  /// Called on the worker's thread each time it becomes idle (see `isIdle`).
  public func observeIdle(_ action: @escaping @Sendable () -> Void) { idleObserver.set(action) }

  /// Nothing to say and nothing being said: every callback about earlier requests has been posted. The
  /// virtual platform's driver moves its clock only when the engine is idle or waiting on the sound card.
  public var isIdle: Bool { control.withLock { $0.isIdle } }

  private enum Outcome {
    case finished, aborted
    case failed(String)
  }

  private func speak(_ request: Request, book: SentenceMap) {
    if let text = request.announcement { return say(text, request) }
    let token = request.token
    if !request.isContinuation { sink.post(.playback(.utteranceDidStart(token: token))) }
    var outcome: Outcome
    if !book.hasText {
      outcome = .failed("this book has no text to speak")
    } else {
      do {
        try espeak.configure(voice: request.voice, wpm: request.wpm, volume: options.volume, pitch: currentPitch)
        try audio.begin(sampleRate: espeak.sampleRate)
        playTone(request)
        outcome = try stream(request, book: book)
      } catch let error as EspeakError {
        outcome = .failed(error.description)
      } catch let error as AudioError {
        outcome = .failed(error.description)
      } catch {
        outcome = .failed("\(error)")
      }
    }
    let softPause = control.withLock { $0.utteranceEnded(request) }
    if case .failed = outcome {
    } else if !control.withLock({ $0.isWaiting }) {
      audio.end()
    }
    switch outcome {
    case .finished:
      sink.post(.playback(.utteranceDidFinish(token: token)))
    case .aborted where softPause:
      sink.post(.playback(.pauseResolved(token: token)))
    case .aborted:
      sink.post(.playback(.utteranceDidCancel(token: token)))
    case .failed(let reason):
      sink.post(.playback(.engineFailed(token: token, reason: reason)))
    }
  }

  /// An announcement: synthesized and played at once, no word events, cut off by anything newer. A
  /// failure is not reported (the next utterance meets the same device and reports it).
  private func say(_ text: String, _ request: Request) {
    let token = request.token
    do {
      try espeak.configure(voice: request.voice, wpm: request.wpm, volume: options.volume, pitch: currentPitch)
      try audio.begin(sampleRate: espeak.sampleRate)
      playTone(request)
      let piece = max(espeak.sampleRate / 100, 1)
      var written = 0
      // Each run in its language's voice, one after the other with no gap (the box's words, a title).
      for run in languageRuns(of: text, request) where !isAborted(token) {
        let spoken = Normalizer(lexicon: options.lexicon, language: espeak.language(ofVoice: run.voice))
          .spokenText(for: run.scalars)
        let settings = Espeak.VoiceSettings(
          voice: run.voice, wpm: request.wpm, volume: options.volume, pitch: currentPitch)
        _ = try espeak.synthesize(spoken.string(0..<spoken.scalars.count), settings: settings) { samples, _ in
          var start = 0
          while start < samples.count {
            let end = min(start + piece, samples.count)
            guard let ok = try? self.audio.write(UnsafeBufferPointer(rebasing: samples[start..<end])), ok,
              !self.isAborted(token)
            else { return false }
            written += end - start
            start = end
          }
          return true
        }
      }
      // Played out before the device is let go (on silence, as the book's end is), unless something newer
      // already took over.
      let silence = [Int16](repeating: 0, count: piece)
      let speechEnd = written
      while audio.isPaced, !isAborted(token), written - audio.queuedFrames() < speechEnd {
        guard (try? silence.withUnsafeBufferPointer({ try audio.write($0) })) == true else { break }
        written += silence.count
      }
    } catch {}
    let finished = control.withLock { $0.announcementEnded(token: token) }
    if control.withLock({ $0.isQuiet }) { audio.end() }
    // A tone alone is not something said: nothing waits for it to end.
    if finished, !text.isEmpty { sink.post(.announcementFinished) }
  }

  /// An announcement cut where its language changes, each run with its voice: the request's voice where it
  /// speaks the run's language, else an installed voice of that language (else the request's).
  func languageRuns(of text: String, _ request: SpeechControl.Request) -> [(scalars: [Unicode.Scalar], voice: String)] {
    let scalars = Array(text.unicodeScalars)
    guard !request.languages.isEmpty else { return [(scalars, request.voice)] }
    let own = LanguageForms.base(of: espeak.language(ofVoice: request.voice))
    var runs: [(scalars: [Unicode.Scalar], voice: String)] = []
    for (index, passage) in request.languages.enumerated() {
      let start = min(max(passage.start, 0), scalars.count)
      let end = index + 1 < request.languages.count ? min(max(request.languages[index + 1].start, start), scalars.count) : scalars.count
      guard start < end else { continue }
      let language = LanguageForms.base(of: passage.language)
      let voice = language == own ? request.voice : announcementVoice(for: language) ?? request.voice
      if let last = runs.last, last.voice == voice {
        runs[runs.count - 1].scalars += scalars[start..<end]
      } else {
        runs.append((Array(scalars[start..<end]), voice))
      }
    }
    return runs
  }

  /// The installed voice of a language for the box's words, found once.
  private func announcementVoice(for language: String) -> String? {
    if let known = announcementVoices.withLock({ $0[language] }) { return known }
    guard let found = Self.voice(forLanguage: language, among: espeak.voices()) else { return nil }
    announcementVoices.withLock { $0[language] = found }
    return found
  }

  /// At the end of a book opened from its beginning: the whole book, when it was indexed meanwhile.
  private func readOn(into book: inout SentenceMap, at offset: Int) -> Bool {
    let latest = control.withLock { $0.book }
    guard latest.endOffset > offset, book.scalars.isPrefix(of: latest.scalars) else { return false }
    book = latest
    return true
  }

  /// Synthesizes chunk after chunk, writes the audio, and posts words as they are heard. Each chunk is
  /// normalized as it comes, so starting anywhere in a long book costs only its first sentences.
  ///
  /// A word's span is settled only by the next word espeak-ng reports (see `WordSpans`), so the audio from
  /// the last reported word on is held here until then: synthesis runs far ahead of the ear, so holding it
  /// costs no time, and every word is posted, whole, as its sound is heard.
  private func stream(_ request: Request, book loaded: SentenceMap) throws -> Outcome {
    var book = loaded
    let token = request.token
    // A book that mixes languages reads each passage with a voice of its language (found once per voice).
    var passageVoices: [String: String] = [:]
    func voice(at offset: Int) -> String {
      guard let language = book.passages.language(at: offset),
        LanguageForms.base(of: espeak.language(ofVoice: request.voice)) != language
      else { return request.voice }
      if let known = passageVoices[language] { return known }
      let found = Self.voice(forLanguage: language, among: espeak.voices()) ?? request.voice
      passageVoices[language] = found
      return found
    }
    // Words whose spans are settled, waiting for the listener to reach them.
    var heard: [WordSpans.Word] = []
    control.withLock { $0.beginStreaming() }
    var written = 0
    var held: [Int16] = []
    let piece = max(espeak.sampleRate / 100, 1)
    var fadeLeft = request.isContinuation ? 0 : Int(options.fadeSeconds * Double(espeak.sampleRate))
    let fadeLength = max(fadeLeft, 1)
    var writeError: AudioError?
    // Writes the held audio up to frame `limit`, 10 ms at a time: espeak-ng hands over about 100 ms at a
    // time, so each word is announced within about 10 ms of being heard. False when aborted or dropped.
    func writeHeld(upTo limit: Int) throws -> Bool {
      let count = min(max(limit - written, 0), held.count)
      var start = 0
      defer { held.removeFirst(start) }
      // A card is written 10 ms at a time, so each word is posted within about 10 ms of being heard; a file
      // is not heard and takes what is settled at once.
      let step = audio.isPaced ? piece : max(count, 1)
      while start < count {
        let end = min(start + step, count)
        let ok = try held[start..<end].withUnsafeBufferPointer { try audio.write($0) }
        written += end - start
        start = end
        postHeard(&heard, token: token, written: written)
        if !ok || isAborted(token) { return false }
      }
      return true
    }
    func fadeIn(_ block: inout [Int16]) {
      guard fadeLeft > 0 else { return }
      for index in 0..<min(fadeLeft, block.count) {
        let gain = Double(fadeLength - fadeLeft + index) / Double(fadeLength)
        block[index] = Int16(Double(block[index]) * gain)
      }
      fadeLeft = max(0, fadeLeft - block.count)
    }
    // A talking book's phrases are played from their narration: its clips, one reader for the utterance.
    let clips = book.isNarrated ? ClipReader(sampleRate: espeak.sampleRate) : nil
    let gain = Double(min(max(options.volume, 0), 200)) / 100
    var bookStart = min(max(request.offset, 0), book.endOffset)
    while bookStart < book.endOffset || readOn(into: &book, at: bookStart) {
      if let clips, let (clip, sentence) = narratedSentence(at: bookStart, in: book),
        !brokenNarration.withLock({ $0.contains(clip.file) })
      {
        let from = max(bookStart, sentence.start)
        let fraction = sentence.length > 0 ? Double(from - sentence.start) / Double(sentence.length) : 0
        // The phrase is shown whole as its narration begins.
        let phraseFrame = written + held.count
        heard.append(WordSpans.Word(frame: phraseFrame, span: TextSpan(start: from, end: sentence.end)))
        let speed = Double(request.wpm) / Double(SpeechRate.normal)
        let begin = clip.time(at: fraction)
        // A long phrase (an audiobook's 10 seconds) is followed second by second, so the place kept is
        // where the listener is in it, not its start.
        var second = 1
        var reached = from
        func followPhrase(upTo frame: Int) {
          guard clip.duration > 3, sentence.length > 1 else { return }
          while begin + Double(second) < clip.end - 0.5 {
            let markFrame = phraseFrame + Int(Double(second) * Double(espeak.sampleRate) / speed)
            guard markFrame <= frame else { return }
            let location = sentence.start + Int(Double(sentence.length) * (begin + Double(second) - clip.begin) / clip.duration)
            if location > reached, location < sentence.end {
              heard.append(WordSpans.Word(frame: markFrame, span: TextSpan(start: location, end: sentence.end)))
              reached = location
            }
            second += 1
          }
        }
        do {
          let played = try clips.play(clip, from: begin, speed: speed, block: piece * 10) { samples in
            guard !isAborted(token) else { return false }
            var block = gain == 1 ? samples : samples.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
            fadeIn(&block)
            held += block
            followPhrase(upTo: written + held.count)
            return try writeHeld(upTo: Int.max)
          }
          if !played || isAborted(token) { return .aborted }
          bookStart = max(sentence.end, bookStart + 1)
          continue
        } catch let error as NarrationAudioError {
          // A missing or damaged narration file: its phrases are read by the voice instead.
          brokenNarration.withLock { _ = $0.insert(clip.file) }
          WritableFile.standardError.print("foliotell: \(error.description); reading its text instead\n")
          heard.removeAll { $0.frame >= phraseFrame }
        }
      }
      let bookEnd = chunkEnd(from: bookStart, in: book)
      let chunkVoice = voice(at: bookStart)
      let normalizer = Normalizer(lexicon: options.lexicon, language: espeak.language(ofVoice: chunkVoice))
      let text = normalizer.spokenText(for: Array(book.scalars[bookStart..<bookEnd]), base: bookStart)
      let chunkBase = written + held.count
      var spans = WordSpans(book: book, range: bookStart..<bookEnd, frame: chunkBase)
      let settings = Espeak.VoiceSettings(
        voice: chunkVoice, wpm: request.wpm, volume: options.volume, pitch: currentPitch)
      let completed = try espeak.synthesize(text.string(0..<text.scalars.count), settings: settings) { samples, words in
        for word in words {
          if let offset = text.bookOffset(ofSpokenIndex: word.textIndex) {
            heard += spans.report(offset: offset, frame: chunkBase + word.frame)
          }
        }
        guard !self.isAborted(token) else { return false }
        var block = Array(samples)
        fadeIn(&block)
        held += block
        do {
          return try writeHeld(upTo: spans.openFrame ?? Int.max)
        } catch {
          writeError = error as? AudioError ?? .deviceLost(device: self.audio.label, code: EIO)
          return false
        }
      }
      if let writeError { throw writeError }
      if !completed || isAborted(token) { return .aborted }
      heard += spans.finish(frame: written + held.count)
      guard try writeHeld(upTo: Int.max) else { return .aborted }
      bookStart = bookEnd
    }
    // A file holds the whole book before its end is reported (a full disk fails the utterance).
    if !audio.isPaced { try audio.flush() }
    // Keep the device running on silence until the last word has been heard and the audio played out.
    let silence = [Int16](repeating: 0, count: max(espeak.sampleRate / 100, 1))
    let speechEnd = written
    while !heard.isEmpty || written - audio.queuedFrames() < speechEnd {
      if isAborted(token) { return .aborted }
      guard audio.isPaced else {
        postHeard(&heard, token: token, written: Int.max)
        break
      }
      let ok = try silence.withUnsafeBufferPointer { try audio.write($0) }
      written += silence.count
      postHeard(&heard, token: token, written: written)
      if !ok { return .aborted }
    }
    return isAborted(token) ? .aborted : .finished
  }

  private func postHeard(_ heard: inout [WordSpans.Word], token: Int, written: Int) {
    let played = written == Int.max ? Int.max : written - audio.queuedFrames()
    var count = 0
    for word in heard {
      guard word.frame <= played else { break }
      if isAborted(token) { break }
      sink.post(.playback(.willSpeakRange(token: token, location: word.span.start, length: word.span.length)))
      control.withLock { $0.heard(offset: word.span.start) }
      count += 1
    }
    heard.removeFirst(count)
  }

  private func isAborted(_ token: Int) -> Bool { control.withLock { $0.isAborted(token) } }

  /// Where the chunk starting at book offset `start` ends: after whole sentences, at least `chunkLength`
  /// characters in, or at the end of the book.
  private func chunkEnd(from start: Int, in book: SentenceMap) -> Int {
    guard !book.isEmpty else { return book.endOffset }
    var index = book.sentenceIndex(at: start)
    var end = book.sentences[index].end
    // In a talking book a phrase read by the voice (its narration is broken) is a chunk of its own, and a
    // chunk stops where narration takes over.
    if book.clip(ofSentence: index) != nil, start < end { return end }
    while end - start < options.chunkLength, index + 1 < book.count, book.clip(ofSentence: index + 1) == nil {
      index += 1
      end = book.sentences[index].end
    }
    if index == book.count - 1 || end <= start { end = book.endOffset }
    // A passage in another language is a chunk of its own: it is read with its own voice.
    if let passage = book.passages.nextStart(after: start), passage < end { end = passage }
    return min(max(end, start + 1), book.endOffset)
  }

  /// The narrated sentence a place is in, or the next one where the place is in the gap after a sentence.
  private func narratedSentence(at offset: Int, in book: SentenceMap) -> (NarrationClip, TextSpan)? {
    guard !book.isEmpty else { return nil }
    var index = book.sentenceIndex(at: offset)
    if offset >= book.sentences[index].end, index + 1 < book.count { index += 1 }
    guard let clip = book.clip(ofSentence: index), offset < book.sentences[index].end else { return nil }
    return (clip, book.sentences[index])
  }

  /// An installed voice of `language` ("de"): the one named like it, else the first that speaks it.
  static func voice(forLanguage language: String, among voices: [VoiceInfo]) -> String? {
    if let exact = voices.first(where: { $0.identifier == language }) { return exact.identifier }
    return voices.first { voice in
      voice.languages.contains { $0 == language || $0.hasPrefix(language + "-") }
    }?.identifier
  }
}
