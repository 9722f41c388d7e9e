import FolioTellCore

/// Builds a talking book: phrase after phrase, each with the narration that speaks it (or none, where the
/// voice reads its text). Each phrase is one sentence of the book, so the display shows it whole while it
/// is heard, and the place kept is the phrase and how far into it.
struct NarratedBookBuilder {
  private(set) var text = ""
  private var length = 0
  private(set) var sentences: [TextSpan] = []
  private(set) var clips: [NarrationClip?] = []
  private(set) var chapters: [BookDocument.Chapter] = []
  private(set) var pages: [PageMark] = []
  private var pendingChapters: [(title: String, level: Int)] = []
  private var pendingPages: [String] = []

  var isEmpty: Bool { sentences.isEmpty }

  /// A chapter (heading) that starts with the next phrase.
  mutating func chapter(_ title: String, level: Int = 1) {
    pendingChapters.append((title, min(max(level, 1), 6)))
  }

  /// A print page that starts with the next phrase.
  mutating func page(_ label: String) { pendingPages.append(label) }

  mutating func phrase(_ words: String, clip: NarrationClip?) {
    let shown = words.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    guard !shown.isEmpty else { return }
    if !text.isEmpty {
      text += "\n\n"
      length += 2
    }
    for (title, level) in pendingChapters {
      chapters.append(BookDocument.Chapter(title: title, start: length, level: level))
    }
    for label in pendingPages { pages.append(PageMark(label: label, start: length)) }
    pendingChapters = []
    pendingPages = []
    let count = shown.unicodeScalars.count
    sentences.append(TextSpan(start: length, end: length + count))
    clips.append(clip)
    text += shown
    length += count
  }

  func document(format: BookDocument.Format, title: String?, author: String?, language: String?) -> BookDocument {
    var document = BookDocument(
      format: format, title: title, author: author, language: language,
      languageSource: language == nil ? .default(reason: "a narrated book does not say its language") : .declared,
      text: text, sentences: sentences, paragraphStarts: chapters.map(\.start), chapters: chapters, pages: pages)
    document.clips = clips
    return document
  }
}

/// A time as a listener reads it: "4:05", "1:02:09".
enum ClockTime {
  static func text(_ seconds: Double) -> String {
    let whole = max(Int(seconds.rounded(.down)), 0)
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }
}
