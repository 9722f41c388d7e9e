import FolioTellJSON
import FolioTellAppliance
import FolioTellBooks
import FolioTellCore
import FolioTellRuntime
import FolioTellSpeech
import FoundationEssentials
import Glibc

/// `foliotell info BOOK [--json] [--sentences] [--language CODE] [--notes] [--voice-only]`: what the box understood of a book.
enum InfoCommand {
  static func run(_ arguments: [String]) {
    var path: String?
    var json = false
    var listSentences = false
    var language: String?
    var readNotes = false
    var narration = true
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--json": json = true
      case "--sentences": listSentences = true
      case "--notes": readNotes = true
      case "--voice-only": narration = false
      case "--language":
        guard let value = rest.popFirst(), !value.isEmpty else { fail("--language needs a code, like en or de") }
        language = value
      case _ where argument.hasPrefix("--"): fail("info: unknown option '\(argument)'")
      default:
        guard path == nil else { fail("info takes one book; '\(argument)' is a second one") }
        path = argument
      }
    }
    guard let path else { fail("info needs a book: foliotell info BOOK.txt [--json] [--sentences]") }
    let book: BookDocument
    let id: String
    do {
      (id, book) = try BookParser.read(path: path, language: language, readNotes: readNotes, narration: narration)
    } catch {
      fail(error.description, status: 1)
    }
    let voice = Voices.voice(forLanguage: book.language)
    let (languageSource, languageConfidence): (String, Int?) =
      switch book.languageSource {
      case .declared: ("declared", nil)
      case .detected(let confidence): ("detected", confidence)
      case .default: ("default", nil)
      }
    let scalars = Array(book.text.unicodeScalars)
    func sentenceText(_ span: TextSpan) -> String {
      String(String.UnicodeScalarView(scalars[span.start..<span.end])).replacing("\n", with: " ")
    }
    if json {
      var fields: [(String, String)] = [
        ("id", JSONWriter.string(id)), ("format", JSONWriter.string(book.format.rawValue)),
        ("title", book.title.map(JSONWriter.string) ?? "null"),
        ("author", book.author.map(JSONWriter.string) ?? "null"),
        ("language", book.language.map(JSONWriter.string) ?? "null"),
        ("languageSource", JSONWriter.string(languageSource)),
        ("languageConfidence", languageConfidence.map(String.init) ?? "null"),
        ("encoding", book.encoding.map(JSONWriter.string) ?? "null"), ("voice", JSONWriter.string(voice)),
        (
          "passages",
          "[" + book.passages.map {
            JSONWriter.object([("start", String($0.start)), ("language", JSONWriter.string($0.language))])
          }.joined(separator: ", ") + "]"
        ),
        ("characters", String(scalars.count)), ("paragraphs", String(book.paragraphStarts.count)),
        ("sentences", String(book.sentences.count)),
        ("problems", "[" + book.problems.map(JSONWriter.string).joined(separator: ", ") + "]"),
        (
          "chapters",
          "["
            + book.chapters.map {
              JSONWriter.object([
                ("title", JSONWriter.string($0.title)), ("start", String($0.start)), ("level", String($0.level)),
              ])
            }
            .joined(separator: ", ") + "]"
        ),
        (
          "pages",
          "["
            + book.pages.map {
              JSONWriter.object([("label", JSONWriter.string($0.label)), ("start", String($0.start))])
            }
            .joined(separator: ", ") + "]"
        ),
        ("notes", "[" + book.notes.map(String.init).joined(separator: ", ") + "]"),
      ]
      if listSentences {
        fields.append(
          (
            "sentenceList",
            "["
              + book.sentences.map {
                JSONWriter.object([("start", String($0.start)), ("text", JSONWriter.string(sentenceText($0)))])
              }
              .joined(separator: ", ") + "]"
          ))
      }
      print(JSONWriter.object(fields))
      return
    }
    print("format:     \(book.format.rawValue)")
    print("title:      \(book.title ?? "(none given)")")
    print("author:     \(book.author ?? "(none given)")")
    print("language:   \(book.languageSummary)")
    if let encoding = book.encoding { print("encoding:   \(encoding)") }
    if !book.passages.isEmpty {
      let languages = Set(book.passages.map(\.language)).count
      print("passages:   \(book.passages.count) in \(languages) languages (each with its sentence rules and voice)")
      for (index, passage) in book.passages.enumerated() {
        let end = index + 1 < book.passages.count ? book.passages[index + 1].start : scalars.count
        print("  \(passage.language) from \(passage.start) to \(end)")
      }
    }
    print("voice:      \(voice)")
    print("book id:    \(id)")
    print("characters: \(scalars.count), paragraphs: \(book.paragraphStarts.count), sentences: \(book.sentences.count)")
    if book.isNarrated {
      let clips = book.clips.compactMap { $0 }
      let seconds = Int(clips.reduce(0) { $0 + $1.duration }.rounded())
      let clock = seconds >= 3600
        ? "\(seconds / 3600) h \(seconds / 60 % 60) min" : "\(seconds / 60) min \(seconds % 60) s"
      let voiced = book.sentences.count - clips.count
      print(
        "narration:  \(clock) in \(Set(clips.map(\.file)).count) audio file(s), \(clips.count) narrated phrases"
          + (voiced > 0 ? ", \(voiced) read by the voice" : ""))
    }
    print("chapters:   \(book.chapters.isEmpty ? "none found" : String(book.chapters.count))")
    for (index, chapter) in book.chapters.enumerated() {
      // A section is indented under its chapter, two spaces a level.
      let indent = String(repeating: "  ", count: chapter.level)
      print("\(indent)\(index + 1). \(chapter.title)  (at \(chapter.start)\(chapter.level > 1 ? ", level \(chapter.level)" : ""))")
    }
    if let first = book.pages.first, let last = book.pages.last {
      print("pages:      \(book.pages.count) of the print edition, \(first.label) to \(last.label)")
    } else {
      print("pages:      none marked")
    }
    print("notes:      \(book.notes.count) referred to\(book.notes.isEmpty ? "" : readNotes ? ", read" : ", not read")")
    for problem in book.problems { print("note:       \(problem)") }
    if listSentences {
      for sentence in book.sentences { print("\(sentence.start)\t\(sentenceText(sentence))") }
    }
  }
}
