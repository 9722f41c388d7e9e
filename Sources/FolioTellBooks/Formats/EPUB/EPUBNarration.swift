import FolioTellCore
import FoundationEssentials

/// An EPUB 3 with media overlays (https://www.w3.org/TR/epub-33/#sec-media-overlays): each spine item
/// whose manifest entry names a `media-overlay` is played from its SMIL file, `par` by `par`, the text
/// each shows on the display as it is heard; an item with none is read by the voice, sentence by sentence.
/// The contents' entries are the chapters, placed before the first phrase that shows what they point to.
enum EPUBNarration {
  struct Item {
    var content: String
    var overlay: String?
  }

  static func read(
    _ zip: ZipArchive, path: String, spine: [Item], navigation: EPUBNavigation, title: String?, author: String?,
    language: String?, readNotes: Bool
  ) throws(BookError) -> BookDocument {
    let files = BookFiles.zip(zip, path: path)
    var marks: [DAISYNarration.Target: [DAISYNarration.Mark]] = [:]
    for entry in navigation.contents {
      marks[DAISYNarration.Target(file: entry.file, id: entry.fragment), default: []].append(
        .heading(entry.label, level: min(max(entry.level, 1), 6)))
    }
    for entry in navigation.pages {
      marks[DAISYNarration.Target(file: entry.file, id: entry.fragment), default: []].append(.page(entry.label))
    }
    var reader = DAISYNarration.Reader(files: files, marks: [:], title: title, readNotes: readNotes)
    reader.textMarks = marks
    var problems: [String] = []
    for item in spine {
      if let overlay = item.overlay {
        guard let tree = (try? files.file(overlay)).flatMap(XMLNode.parse) else {
          problems.append("skipped the narration of '\(item.content)': its overlay '\(overlay)' is missing or not well-formed")
          try voice(item.content, files: files, language: language, readNotes: readNotes, into: &reader)
          continue
        }
        try reader.visit(tree, in: overlay)
      } else {
        try voice(item.content, files: files, language: language, readNotes: readNotes, into: &reader)
      }
    }
    guard !reader.builder.isEmpty else { throw .empty(path: path) }
    var document = reader.builder.document(format: .epub, title: title, author: author, language: language)
    document.problems = problems + reader.problems
    return document
  }

  /// A content document with no narration: its sentences, read by the voice.
  private static func voice(
    _ content: String, files: BookFiles, language: String?, readNotes: Bool, into reader: inout DAISYNarration.Reader
  ) throws(BookError) {
    guard let bytes = try? files.file(content) else { return }
    var builder = DocumentBuilder()
    HTMLBook.add(PlainTextBook.decode(bytes), to: &builder, anchors: HTMLBook.Anchors(), language: language, readNotes: readNotes)
    let document = builder.document(format: .epub, title: nil, author: nil, language: language)
    let scalars = Array(document.text.unicodeScalars)
    let sentences = document.sentences.map { String(String.UnicodeScalarView(scalars[$0.start..<$0.end])) }
    reader.voicePhrases(sentences, file: content)
  }
}
