import FolioTellCore
import FolioTellUnicode
import FoundationEssentials
import Glibc

/// Collects a book's paragraphs, chapter starts, page starts and note references in reading order, and
/// makes the document.
struct DocumentBuilder {
  /// A place inside a paragraph's text that is not read but remembered.
  enum Mark: Equatable {
    /// A page of the print edition starts here.
    case page(String)
    /// The text refers to a note here.
    case note
  }

  /// Where a chapter title came from: the book's table of contents names a chapter better than a heading
  /// inside it does, so a heading never replaces a contents title waiting for its paragraph.
  enum ChapterSource {
    case contents
    case heading
  }

  private var text = ""
  private var length = 0
  /// The scalars of text so far.
  var characters: Int { length }
  private var paragraphStarts: [Int] = []
  /// The language an element around the paragraph declares (`lang`, `xml:lang`), set by the HTML reader
  /// before each paragraph; kept by paragraph start.
  var elementLanguage: String?
  private var declaredLanguages: [Int: String] = [:]
  private var chapters: [BookDocument.Chapter] = []
  private var chapterSources: [ChapterSource] = []
  private var pendingChapter: (title: String, source: ChapterSource, level: Int)?
  private var pages: [PageMark] = []
  /// Pages and notes marked where no text followed: they belong to the next paragraph's start.
  private var pendingPages: [String] = []
  private var pendingNotes = 0
  private var notes: [Int] = []
  /// The index in `paragraphStarts` of the current document's first paragraph.
  private var documentStart = 0

  /// A paragraph of reading text; white space inside it is folded to single spaces.
  mutating func paragraph(_ raw: String) { paragraph([raw], marks: []) }

  /// A paragraph given in pieces with a mark between each two (`pieces.count == marks.count + 1`); white
  /// space is folded across the pieces as if they were one text.
  mutating func paragraph(_ pieces: [String], marks: [Mark]) {
    var composed = ""
    var count = 0
    var space = false
    var placed: [(mark: Mark, at: Int)] = []
    for (index, piece) in pieces.enumerated() {
      if piece.first?.isWhitespace == true { space = true }
      let words = piece.split(whereSeparator: { $0.isWhitespace })
      if !words.isEmpty {
        if space, count > 0 {
          composed += " "
          count += 1
        }
        // Composed piece by piece: a mark never falls inside a composed character.
        let part = words.joined(separator: " ").canonicallyComposed
        composed += part
        count += part.unicodeScalars.count
        space = piece.last?.isWhitespace == true
      }
      if index < marks.count { placed.append((marks[index], count + (space && count > 0 ? 1 : 0))) }
    }
    guard count > 0 else {
      for (mark, _) in placed {
        switch mark {
        case .page(let label): pendingPages.append(label)
        case .note: pendingNotes += 1
        }
      }
      return
    }
    if !text.isEmpty {
      text += "\n\n"
      length += 2
    }
    if let (title, source, level) = pendingChapter {
      if !repeatsTheLastChapter(title, source: source) {
        chapters.append(BookDocument.Chapter(title: title, start: length, level: level))
        chapterSources.append(source)
      }
      pendingChapter = nil
    }
    paragraphStarts.append(length)
    if let elementLanguage { declaredLanguages[length] = elementLanguage }
    for label in pendingPages { page(label, at: length) }
    pendingPages = []
    notes += Array(repeating: length, count: pendingNotes)
    pendingNotes = 0
    for (mark, at) in placed {
      switch mark {
      case .page(let label):
        // A page that starts after the paragraph's last word starts with the next paragraph.
        if at < count { page(label, at: length + at) } else { pendingPages.append(label) }
      case .note:
        // A note referred to after the last word belongs to this paragraph: its last character.
        notes.append(length + min(at, count - 1))
      }
    }
    text += composed
    length += count
  }

  private mutating func page(_ label: String, at start: Int) {
    // A page-break marker and a page-list entry often name the same page next to each other.
    if let last = pages.last, last.label == label { return }
    pages.append(PageMark(label: label, start: start))
  }

  /// The next paragraph starts a chapter with this title (a heading is also read, as its own paragraph).
  /// A contents title waiting for its paragraph is kept, unless `replacing` says its document had no text:
  /// then it is still a chapter (the book's contents list it), starting where the next one does.
  mutating func chapter(
    _ title: String, from source: ChapterSource = .heading, level: Int = 1, replacing: Bool = false
  ) {
    let folded = title.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    guard !folded.isEmpty else { return }
    if let pending = pendingChapter, pending.source == .contents {
      guard replacing else { return }
      if !repeatsTheLastChapter(pending.title, source: .contents) {
        chapters.append(
          BookDocument.Chapter(title: pending.title, start: text.isEmpty ? 0 : length + 2, level: pending.level))
        chapterSources.append(.contents)
      }
    }
    pendingChapter = (folded, source, level)
  }

  /// The next paragraphs come from another document of the book (an EPUB's next content document).
  mutating func beginDocument() { documentStart = paragraphStarts.count }

  /// A heading that names the chapter just started is not a chapter of its own: the same title a few
  /// paragraphs on; after a contents entry, any heading (a subtitle) in the very next paragraph, or in the
  /// same document a heading with the entry's title, or one the entry's title contains ("The Beginning"
  /// after "Chapter 1: The Beginning"), or that contains it (after a navigation bar of a Sphinx book).
  private func repeatsTheLastChapter(_ title: String, source: ChapterSource) -> Bool {
    guard let last = chapters.last else { return false }
    let lastParagraph = paragraphStarts.lastIndex(of: last.start) ?? 0
    let distance = paragraphStarts.count - lastParagraph
    let new = Self.comparable(title)
    let old = Self.comparable(last.title)
    guard !new.isEmpty, !old.isEmpty else { return false }
    if new == old, distance <= 3 { return true }
    guard source == .heading, chapterSources.last == .contents else { return false }
    if distance == 1 { return true }
    let near = distance <= 3 || (lastParagraph >= documentStart && min(new.count, old.count) >= 4)
    return near && (new == old || old.contains(new) || new.contains(old))
  }

  /// Letters and digits only, lowercased: "Chapter 1: The Beginning" and "CHAPTER 1 - the beginning" compare.
  private static func comparable(_ title: String) -> String {
    String(title.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
  }

  /// The document; `language` is the declared one (nil when the book and the reader say nothing: then it is
  /// detected from the text, before the sentences are found, so that they follow its rules).
  func document(format: BookDocument.Format, title: String?, author: String?, language declared: String?)
    -> BookDocument
  {
    let (language, source) = BookLanguage.resolve(declared: declared, text: text)
    let passages = PassageDetector.passages(
      in: text, paragraphStarts: paragraphStarts, bookLanguage: language ?? BookLanguage.fallback,
      declared: declaredLanguages)
    let sentences = SentenceSegmenter.sentences(
      in: text, language: language ?? BookLanguage.fallback, passages: passages)
    var document = BookDocument(
      format: format, title: title, author: author, language: language, languageSource: source, text: text,
      sentences: sentences, paragraphStarts: paragraphStarts, chapters: chapters, pages: pages, notes: notes)
    document.passages = passages
    return document
  }
}
