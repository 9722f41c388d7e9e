import FolioTellCore
import FoundationEssentials

/// A DAISY book's SMIL files read for their narration (DAISY 2.02's SMIL 1.0 and DAISY 3's SMIL 2.0 alike):
/// each `par` is a phrase, with the text it shows (where it has any) and the audio clip that speaks it.
/// Headings and pages are where the NCC or NCX points into the SMIL files.
enum DAISYNarration {
  /// A SMIL element a heading or page of the navigation points to.
  struct Target: Hashable {
    var file: String
    var id: String
  }

  enum Mark {
    case heading(String, level: Int)
    case page(String)
  }

  /// The content files the SMIL files show text from, in reading order, and how many audio clips they play.
  static func contents(of smil: [(name: String, tree: XMLNode)]) -> (files: [String], clips: Int) {
    var files: [String] = []
    var clips = 0
    for (name, tree) in smil {
      clips += tree.all("audio").count
      for text in tree.all("text") {
        guard let source = text.attribute("src") else { continue }
        let file = BookFiles.resolve(source, from: name).name
        if !files.contains(file) { files.append(file) }
      }
    }
    return (files, clips)
  }

  /// The talking book the SMIL files make, phrase by phrase. Skippable phrases (page numbers always; notes
  /// and producer's notes unless `readNotes`) are left out, as in a book of text.
  static func book(
    _ files: BookFiles, smil: [(name: String, tree: XMLNode)], marks: [Target: [Mark]], title: String?,
    readNotes: Bool
  ) throws(BookError) -> (builder: NarratedBookBuilder, problems: [String]) {
    var reader = Reader(files: files, marks: marks, title: title, readNotes: readNotes)
    for (name, tree) in smil {
      try reader.visit(tree, in: name)
    }
    if reader.builder.isEmpty, let first = reader.problems.first {
      throw .damaged(path: files.path, reason: first)
    }
    return (reader.builder, reader.problems)
  }

  /// "npt=1.893s", "0:00:01.893", "1893ms", "12.5" as seconds; nil when it is none of these.
  static func seconds(_ clock: String) -> Double? {
    var value = clock.trimmingWhitespace()
    if value.hasPrefix("npt=") { value.removeFirst(4) }
    for (suffix, scale) in [("ms", 0.001), ("min", 60.0), ("h", 3600.0), ("s", 1.0)] where value.hasSuffix(suffix) {
      return Double(value.dropLast(suffix.count)).map { $0 * scale }
    }
    var total = 0.0
    for part in value.split(separator: ":", omittingEmptySubsequences: false) {
      guard let number = Double(part) else { return nil }
      total = total * 60 + number
    }
    return total
  }

  /// Reads SMIL files phrase by phrase into a talking book. `marks` are where the navigation points into
  /// the SMIL files (DAISY); `textMarks`, where it points into the content the phrases show (an EPUB's
  /// contents, its file alone for the file's start): each is placed before the first phrase that shows it,
  /// or shows something inside it.
  struct Reader {
    let files: BookFiles
    let marks: [Target: [Mark]]
    var textMarks: [Target: [Mark]] = [:]
    let title: String?
    let readNotes: Bool
    var builder = NarratedBookBuilder()
    private var started: Set<String> = []
    private var inside: [Target: Set<String>] = [:]
    var problems: [String] = []
    var contents: [String: XMLNode?] = [:]
    var heading: String?
    var sinceHeading = 0.0


    mutating func visit(_ node: XMLNode, in smil: String) throws(BookError) {
      if let id = node.attribute("id") { mark(Target(file: smil, id: id)) }
      if node.name == "par" || (node.name == "audio") {
        // The ids inside a phrase may be what the navigation points to (its text, its audio).
        for inner in node.children.flatMap({ $0.all("text") + $0.all("audio") }) {
          if let id = inner.attribute("id") { mark(Target(file: smil, id: id)) }
        }
        try phrase(node, in: smil)
        return
      }
      for child in node.children { try visit(child, in: smil) }
    }

    private mutating func mark(_ target: Target) { place(marks[target] ?? []) }

    /// Places the navigation's marks into the content before a phrase that shows `link`.
    mutating func markText(_ link: (name: String, fragment: String)) {
      if started.insert(link.name).inserted, let atStart = textMarks.removeValue(forKey: Target(file: link.name, id: "")) {
        place(atStart)
      }
      for target in textMarks.keys.filter({ $0.file == link.name }).sorted(by: { $0.id < $1.id }) {
        guard target.id == link.fragment || ids(inside: target.id, of: link.name).contains(link.fragment) else { continue }
        place(textMarks.removeValue(forKey: target) ?? [])
      }
    }

    /// The ids of the element `id` of a content file and of everything inside it, found once per mark.
    private mutating func ids(inside id: String, of file: String) -> Set<String> {
      let key = Target(file: file, id: id)
      if let known = inside[key] { return known }
      let found = collectIDs(inside: id, of: file)
      inside[key] = found
      return found
    }

    private mutating func collectIDs(inside id: String, of file: String) -> Set<String> {
      guard let tree = content(file), let (element, _) = DAISY202Book.find(id, in: tree, parents: []) else { return [] }
      var found: Set<String> = []
      func visit(_ node: XMLNode) {
        if let inner = node.attributes["id"] { found.insert(inner) }
        node.children.forEach(visit)
      }
      visit(element)
      return found
    }

    /// Sentences the voice reads (a document with no narration), each a phrase with no clip.
    mutating func voicePhrases(_ sentences: [String], file: String) {
      markText((file, ""))
      for sentence in sentences { builder.phrase(sentence, clip: nil) }
    }

    init(files: BookFiles, marks: [Target: [Mark]], title: String?, readNotes: Bool) {
      self.files = files
      self.marks = marks
      self.title = title
      self.readNotes = readNotes
    }

    private mutating func place(_ marks: [Mark]) {
      for mark in marks {
        switch mark {
        case .heading(let label, let level):
          builder.chapter(label, level: level)
          heading = label
          sinceHeading = 0
        case .page(let label):
          builder.page(label)
        }
      }
    }

    private func isSkipped(_ node: XMLNode) -> Bool {
      let test = (node.attribute("customTest") ?? node.attribute("class") ?? "").lowercased()
      if ["pagenum", "page-normal", "page-front", "page-special"].contains(test) { return true }
      return !readNotes && ["note", "footnote", "endnote", "prodnote", "annotation", "sidebar-note"].contains(test)
    }

    private mutating func phrase(_ node: XMLNode, in smil: String) throws(BookError) {
      guard !isSkipped(node) else { return }
      let text = node.name == "par" ? node.first("text") : nil
      if let text, isSkipped(text) { return }
      let link = text.flatMap { $0.attribute("src") }.map { BookFiles.resolve($0, from: smil) }
      if let link { markText(link) }
      var words = link.flatMap { shown($0) }
      let clip = try clip(of: node.name == "audio" ? [node] : node.all("audio"), in: smil)
      if words == nil || words?.isEmpty == true {
        guard let clip else { return }
        // Narration with no text: the phrase is shown as its heading and how far into it.
        let name = heading ?? title ?? "Narration"
        words = "\(name), \(ClockTime.text(sinceHeading))"
      }
      builder.phrase(words ?? "", clip: clip)
      sinceHeading += clip?.duration ?? 0
    }

    /// The phrase's narration: its clips in one file, joined (a phrase read in pieces).
    private mutating func clip(of audio: [XMLNode], in smil: String) throws(BookError) -> NarrationClip? {
      var clip: NarrationClip?
      for element in audio {
        guard let source = element.attribute("src") else { continue }
        let name = BookFiles.resolve(source, from: smil).name
        guard let path = files.playablePath(name) else {
          problems.append(
            files.actualName(name) == nil
              ? "'\(smil)' plays '\(name)', which is not in the book"
              : "'\(name)' cannot be taken out of the zip to be played")
          continue
        }
        let begin = (element.attribute("clip-begin") ?? element.attribute("clipBegin")).flatMap(DAISYNarration.seconds) ?? 0
        guard let end = (element.attribute("clip-end") ?? element.attribute("clipEnd")).flatMap(DAISYNarration.seconds), end > begin
        else { continue }
        if let known = clip {
          guard known.file == path else { break }
          clip = NarrationClip(file: path, begin: min(known.begin, begin), end: max(known.end, end))
        } else {
          clip = NarrationClip(file: path, begin: begin, end: end)
        }
      }
      return clip
    }

    /// The text an element of a content file shows, by its id.
    private mutating func shown(_ link: (name: String, fragment: String)) -> String? {
      guard !link.fragment.isEmpty, let tree = content(link.name) else { return nil }
      return DAISY202Book.find(link.fragment, in: tree, parents: [])?.0.allText
    }

    private mutating func content(_ file: String) -> XMLNode? {
      if contents[file] == nil {
        contents[file] = (try? files.file(file)).flatMap(XMLNode.parse) as XMLNode??
      }
      return contents[file] ?? nil
    }
  }
}
