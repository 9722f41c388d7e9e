import FolioTellCore

/// What the box understood of a book: its text as it will be read, and its structure.
public struct BookDocument: Equatable, Sendable {
  public enum Format: String, Sendable {
    case plainText = "plain text"
    case markdown = "Markdown"
    case html = "HTML"
    case epub = "EPUB"
    case daisy202 = "DAISY 2.02"
    case daisy3 = "DAISY 3"
    case audiobook = "audiobook"
  }

  public struct Chapter: Equatable, Sendable {
    public var title: String
    /// Where the chapter starts, in Unicode scalars of `text`.
    public var start: Int
    /// 1 for a part or chapter, 2 for its sections, down to 6.
    public var level: Int = 1
  }

  public var format: Format
  public var title: String?
  public var author: String?
  /// A language code (`en`, `de`...): declared by the book or the reader, or detected in its text; nil when
  /// unknown (then the sentence rules are `BookLanguage.fallback`'s).
  public var language: String?
  /// Where `language` came from.
  public var languageSource: LanguageSource
  /// The reading text: composed (NFC), paragraphs separated by blank lines, hard-wrapped lines joined.
  public var text: String
  public var sentences: [TextSpan]
  public var paragraphStarts: [Int]
  public var chapters: [Chapter]
  /// The print edition's pages, in reading order (starts never go back); empty when the book marks none.
  /// The print edition's pages (from page-break markers or the navigation's page list), as the box's
  /// `PageMark`: the label as printed ("iv", "12") and where it starts in `text`.
  public var pages: [PageMark] = []
  /// Where the text refers to a footnote or endnote (its note reference), in Unicode scalars of `text`,
  /// in reading order. The notes themselves are read only when the reader is asked to read notes.
  public var notes: [Int] = []
  /// Parts that could not be read and were skipped (a broken chapter file of an EPUB), with why.
  public var problems: [String] = []
  /// Where the book changes language, when it mixes languages (see `PassageDetector`); empty otherwise.
  public var passages: [LanguagePassage] = []
  /// The encoding a plain-text file was read in ("UTF-8", "windows-1252", "KOI8-R"); nil for other formats.
  public var encoding: String?
  /// A talking book's narration: the clip that speaks each sentence (phrase), nil where the voice reads it;
  /// empty for a book of text only.
  public var clips: [NarrationClip?] = []

  public var isNarrated: Bool { clips.contains { $0 != nil } }

  /// The language as a person reads it: "de (detected, 97% confidence)", "en (default: no language could
  /// be detected)".
  public var languageSummary: String { "\(language ?? BookLanguage.fallback) (\(languageSource))" }

  /// What playback needs.
  public var sentenceMap: SentenceMap {
    // The sentences come from the text itself, so they always fit it.
    var map = (try? SentenceMap(sentences: sentences, text: text)) ?? .empty
    map.passages = passages
    map.clips = clips
    return map
  }
}

/// Why a book cannot be read, said so a person knows what to do.
public enum BookError: Error, Equatable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case empty(path: String)
  case unsupported(path: String, kind: String)
  case protected(path: String)
  case damaged(path: String, reason: String)
  case tooLarge(path: String, bytes: Int, limit: Int)
  case notText(path: String)
  /// An EPUB whose pages are pictures (a comic, a scanned or picture book): nothing to read aloud.
  case onlyPictures(path: String)
  /// The book reads, but its index cannot be kept for next time (a full or read-only data directory).
  case cannotKeep(path: String, folder: String, reason: String)

  /// Why, in a few words for the voice (the book's name is said before it).
  public var spokenReason: String {
    switch self {
    case .unreadable: return "the file cannot be read"
    case .empty: return "it has no text to read"
    case .unsupported(_, let kind): return "it is \(kind), which the box cannot read"
    case .protected: return "it is copy protected"
    case .damaged: return "the file is damaged; try downloading it again"
    case .tooLarge: return "it is too large"
    case .notText: return "it is not a book the box can read"
    case .onlyPictures: return "its pages are pictures, with no text to read"
    case .cannotKeep: return "the box's storage is full"
    }
  }

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "cannot open the book '\(path)': \(reason)"
    case .empty(let path):
      return "the book '\(path)' has no text to read"
    case .unsupported(let path, let kind):
      return "the book '\(path)' is \(kind), which the box cannot read; EPUB, HTML, Markdown and plain text work"
    case .protected(let path):
      return "the book '\(path)' is protected (DRM): the box can only read books without copy protection"
    case .damaged(let path, let reason):
      return "the book '\(path)' is damaged: \(reason); try downloading it again"
    case .tooLarge(let path, let bytes, let limit):
      return "the book '\(path)' is too large (\(bytes >> 20) MB); the box reads books up to \(limit >> 20) MB"
    case .notText(let path):
      return
        "the file '\(path)' is not a book the box can read: it is not text (EPUB, HTML, Markdown and plain text work)"
    case .onlyPictures(let path):
      return "the book '\(path)' has no text to read: its pages are pictures"
    case .cannotKeep(let path, let folder, let reason):
      return
        "the book '\(path)' cannot be kept in \(folder) for a quick opening next time: \(reason); it is read whole each time (free some space on the card)"
    }
  }
}
