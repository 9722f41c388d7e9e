import CLanguageDetection
import FolioTellCore

/// The languages of a book that mixes them, paragraph by paragraph: a paragraph with enough letters for
/// CLD2 to be sure is in its language; a shorter one (a heading, a line of dialogue) stays in the language
/// before it. Runs of paragraphs in one language make a passage. A book in one language has none.
public enum PassageDetector {
  /// Bytes of letters a paragraph needs before its language is believed.
  static let minimumLetters: Int32 = 120
  /// The share of a paragraph (percent) that must be in the language.
  static let minimumShare: Int32 = 70

  /// `declared`: the language an element around a paragraph declares, by the paragraph's start; it wins
  /// over what the text looks like.
  public static func passages(
    in text: String, paragraphStarts: [Int], bookLanguage: String, declared: [Int: String] = [:]
  ) -> [LanguagePassage] {
    guard paragraphStarts.count > 1 else { return [] }
    let view = text.unicodeScalars
    // One walk through the text, a paragraph at a time: a long book is never copied whole.
    var index = view.startIndex
    var offset = 0
    var found: [LanguagePassage] = []
    var current = base(bookLanguage)
    for (number, start) in paragraphStarts.enumerated() {
      let end = number + 1 < paragraphStarts.count ? paragraphStarts[number + 1] : Int.max
      guard start >= offset, let from = view.index(index, offsetBy: start - offset, limitedBy: view.endIndex),
        from < view.endIndex
      else { break }
      let to = view.index(from, offsetBy: end == Int.max ? view.distance(from: from, to: view.endIndex) : end - start,
        limitedBy: view.endIndex) ?? view.endIndex
      let marked = declared[start].map(base)
      if let marked {
        current = marked
      } else if let language = detect(String(view[from..<to])) {
        current = language
      }
      if found.last?.language != current {
        found.append(LanguagePassage(start: start, language: current, declared: marked != nil))
      }
      index = to
      offset = end == Int.max ? start + view.distance(from: from, to: to) : end
    }
    // The first passage starts the book; one language throughout is no mixture.
    if !found.isEmpty { found[0].start = 0 }
    return Set(found.map(\.language)).count > 1 ? found : []
  }

  static func base(_ language: String) -> String { LanguageForms.base(of: language) }

  static func detect(_ paragraph: String) -> String? {
    var percent: Int32 = 0
    var reliable: Int32 = 0
    var scored: Int32 = 0
    let bytes = Array(paragraph.utf8)
    let code = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        String(cString: folio_language_detect($0.baseAddress, Int32($0.count), &percent, &reliable, &scored))
      }
    }
    guard code != "un", reliable == 1, percent >= minimumShare, scored >= minimumLetters else { return nil }
    return base(LanguageDetector.code(code))
  }
}
