import FolioTellCore
import FolioTellNarration
import FoundationEssentials

/// A human-narrated audiobook: a folder of audio files (MP3, M4A/M4B, Ogg, Opus, FLAC, WAV), each file a
/// chapter in natural order ("2" before "10"), titled by its tags where it has them; or one file, whose
/// chapter marks (M4B, MP3 chapter frames) are its chapters. Its phrases are stretches of `phraseSeconds`,
/// so a place is kept to within them and NEXT and PREVIOUS move by them.
enum Audiobook {
  static let extensions: Set<String> = ["mp3", "m4a", "m4b", "aac", "ogg", "oga", "opus", "flac", "wav"]
  /// A phrase of narration with no text of its own: the step of NEXT and PREVIOUS by phrase.
  static let phraseSeconds = 10.0

  static func isAudio(_ path: String) -> Bool {
    extensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
  }

  /// The audio files of a folder, in natural order; hidden files left out.
  static func files(inFolder folder: String) -> [String] {
    FileTree.walk(folder, depth: 0)
      .filter { isAudio($0) && !$0.split(separator: "/").contains(where: { $0.hasPrefix(".") }) }
      .sorted(by: NaturalOrder.precedes)
      .map { folder + "/" + $0 }
  }

  /// The audiobook at `path` (a folder of audio files, or an audio file), or nil when it is neither.
  static func read(at path: String) throws(BookError) -> (id: String, document: BookDocument)? {
    let files: [String]
    if FileTree.isFolder(path) {
      files = Self.files(inFolder: path)
      guard !files.isEmpty else { return nil }
    } else {
      guard isAudio(path) else { return nil }
      files = [path]
    }
    var builder = NarratedBookBuilder()
    var problems: [String] = []
    var title: String?
    var author: String?
    var language: String?
    // The id is the files' names and lengths: a folder has no bytes of its own, and reading 500 MB of
    // narration to name it would keep the listener waiting.
    var identity = ""
    for file in files {
      let audio: NarrationAudio
      do {
        audio = try NarrationAudio(path: file, sampleRate: 22050)
      } catch {
        problems.append("skipped '\(file)': \(error.reason)")
        continue
      }
      let duration = audio.duration
      guard duration > 0 else {
        problems.append("skipped '\(file)': it does not say how long it is")
        continue
      }
      identity += "\(URL(fileURLWithPath: file).lastPathComponent):\(FileTree.status(file)?.size ?? 0);"
      title = title ?? audio.tag("album") ?? (files.count == 1 ? audio.tag("title") : nil)
      author = author ?? audio.tag("artist") ?? audio.tag("album_artist")
      language = language ?? audio.tag("language").map(languageCode)
      let marks = audio.chapters.filter { $0.end > $0.start }
      if files.count == 1, !marks.isEmpty {
        for (index, mark) in marks.enumerated() {
          add(file, from: mark.start, to: min(mark.end, duration), title: mark.title ?? "Chapter \(index + 1)", to: &builder)
        }
      } else {
        let named = audio.tag("title") ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        add(file, from: 0, to: duration, title: named, to: &builder)
      }
    }
    guard !builder.isEmpty else {
      throw .unreadable(path: path, reason: problems.first ?? "it holds no audio the box can play")
    }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    var document = builder.document(
      format: .audiobook, title: title ?? name, author: author, language: language)
    document.problems = problems
    return (BookIdentity.id(forContent: Array(identity.utf8)), document)
  }

  /// A chapter of narration, cut into phrases (the last one takes a remainder shorter than half a phrase).
  private static func add(_ file: String, from start: Double, to end: Double, title: String, to builder: inout NarratedBookBuilder) {
    builder.chapter(title)
    var time = start
    while time < end - 0.05 {
      var next = time + phraseSeconds
      if end - next < phraseSeconds / 2 { next = end }
      // The time is shown from the first phrase on: a phrase that only said the title would be taken for
      // the heading, and skipped after the title is said on a chapter jump, though it is narration.
      let shown = "\(title), \(ClockTime.text(time - start))"
      builder.phrase(shown, clip: NarrationClip(file: file, begin: time, end: next))
      time = next
    }
  }

  /// "eng" or "English" → "en"; a code as it is otherwise.
  private static func languageCode(_ tag: String) -> String {
    let known = ["eng": "en", "english": "en", "deu": "de", "ger": "de", "german": "de", "fra": "fr", "fre": "fr",
      "french": "fr", "spa": "es", "spanish": "es", "rus": "ru", "russian": "ru"]
    return known[tag.lowercased()] ?? tag.lowercased()
  }
}

/// File names as people number them: "2 Chapter" before "10 Chapter", "a" before "B".
enum NaturalOrder {
  static func precedes(_ left: String, _ right: String) -> Bool {
    let (a, b) = (pieces(left), pieces(right))
    for (x, y) in zip(a, b) where x != y {
      switch (x, y) {
      case (.number(let m), .number(let n)): return m < n
      case (.number, .text): return true
      case (.text, .number): return false
      case (.text(let s), .text(let t)): return s < t
      }
    }
    return a.count != b.count ? a.count < b.count : left < right
  }

  private enum Piece: Equatable {
    case number(Double)
    case text(String)
  }

  private static func pieces(_ name: String) -> [Piece] {
    var result: [Piece] = []
    var current = ""
    var inNumber = false
    func close() {
      guard !current.isEmpty else { return }
      result.append(inNumber ? .number(Double(current) ?? 0) : .text(current.lowercased()))
      current = ""
    }
    for character in name {
      let isDigit = character.isASCII && character.isNumber
      if isDigit != inNumber { close() }
      inNumber = isDigit
      current.append(character)
    }
    close()
    return result
  }
}
