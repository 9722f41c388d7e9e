import FolioTellCore
import FolioTellUnicode
import FoundationEssentials
import Glibc

/// Collects a book's paragraphs and chapter starts in reading order, and makes the document.
struct DocumentBuilder {
  private var text = ""
  private var length = 0
  private var paragraphStarts: [Int] = []
  private var chapters: [BookDocument.Chapter] = []
  private var pendingChapter: String?

  /// A paragraph of reading text; white space inside it is folded to single spaces.
  mutating func paragraph(_ raw: String) {
    let folded = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    guard !folded.isEmpty else { return }
    if !text.isEmpty {
      text += "\n\n"
      length += 2
    }
    if let title = pendingChapter {
      chapters.append(BookDocument.Chapter(title: title, start: length))
      pendingChapter = nil
    }
    paragraphStarts.append(length)
    let composed = folded.canonicallyComposed
    text += composed
    length += composed.unicodeScalars.count
  }

  /// The next paragraph starts a chapter with this title (a heading is also read, as its own paragraph).
  mutating func chapter(_ title: String) {
    let folded = title.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    guard !folded.isEmpty else { return }
    pendingChapter = folded
  }

  /// The document; `language` is the declared one (nil when the book and the reader say nothing: then it is
  /// detected from the text, before the sentences are found, so that they follow its rules).
  func document(format: BookDocument.Format, title: String?, author: String?, language declared: String?)
    -> BookDocument
  {
    let (language, source) = BookLanguage.resolve(declared: declared, text: text)
    let sentences = SentenceSegmenter.sentences(in: text, language: language ?? BookLanguage.fallback)
    return BookDocument(
      format: format, title: title, author: author, language: language, languageSource: source, text: text,
      sentences: sentences, paragraphStarts: paragraphStarts, chapters: chapters)
  }
}
