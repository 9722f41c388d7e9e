/// Words of another language inside the box's own (a book's title in a prompt). The reducer's words are
/// text; a run in another language is marked inline with private-use characters, and `Box.say` turns the
/// marks into `LanguagePassage`s for the speech engine, which says each run with a voice of its language.
public enum SpokenLanguages {
  static let open: Unicode.Scalar = "\u{F8F0}"
  static let separator: Unicode.Scalar = "\u{F8F1}"
  static let close: Unicode.Scalar = "\u{F8F2}"

  /// `text` marked as `language`'s, unless it is the box's own language (or not known).
  public static func mark(_ text: String, language: String?, within boxLanguage: String) -> String {
    let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { !isMark($0) }))
    guard let language, !language.isEmpty, LanguageForms.base(of: language) != LanguageForms.base(of: boxLanguage)
    else { return clean }
    return String(open) + language + String(separator) + clean + String(close)
  }

  /// The text without marks, and its passages (offsets in scalars): the box's language from the start
  /// and around each marked run.
  public static func passages(of marked: String, boxLanguage: String) -> (text: String, passages: [LanguagePassage]) {
    var scalars = String.UnicodeScalarView()
    var passages = [LanguagePassage(start: 0, language: boxLanguage)]
    var iterator = marked.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      guard scalar == open else {
        if !isMark(scalar) { scalars.append(scalar) }
        continue
      }
      var language = ""
      while let next = iterator.next(), next != separator { language.unicodeScalars.append(next) }
      passages.append(LanguagePassage(start: scalars.count, language: language))
      while let next = iterator.next(), next != close { scalars.append(next) }
      passages.append(LanguagePassage(start: scalars.count, language: boxLanguage))
    }
    let text = String(scalars)
    // A run at the very end leaves an empty passage of the box's language after it; two at one offset keep
    // the later.
    var kept: [LanguagePassage] = []
    for passage in passages where passage.start < scalars.count || passage.start == 0 {
      if kept.last?.start == passage.start { kept.removeLast() }
      if kept.last?.language != passage.language { kept.append(passage) }
    }
    return (text, kept)
  }

  /// `marked` as it is shown or logged: the marks taken out.
  public static func plain(_ marked: String) -> String {
    guard marked.unicodeScalars.contains(open) else { return marked }
    var scalars = String.UnicodeScalarView()
    var inLanguageName = false
    for scalar in marked.unicodeScalars {
      if scalar == open { inLanguageName = true } else if scalar == separator { inLanguageName = false }
      if !inLanguageName, !isMark(scalar) { scalars.append(scalar) }
    }
    return String(scalars)
  }

  static func isMark(_ scalar: Unicode.Scalar) -> Bool { scalar == open || scalar == separator || scalar == close }
}
