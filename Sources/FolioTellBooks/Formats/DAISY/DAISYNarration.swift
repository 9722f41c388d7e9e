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

  private struct Reader {
    let files: BookFiles
    let marks: [Target: [Mark]]
    let title: String?
    let readNotes: Bool
    var builder = NarratedBookBuilder()
    var problems: [String] = []
    var contents: [String: XMLNode?] = [:]
    var heading: String?
    var sinceHeading = 0.0

    init(files: BookFiles, marks: [Target: [Mark]], title: String?, readNotes: Bool) {
      self.files = files
      self.marks = marks
      self.title = title
      self.readNotes = readNotes
    }

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

    private mutating func mark(_ target: Target) {
      for mark in marks[target] ?? [] {
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
      var words = text.flatMap { $0.attribute("src") }.flatMap { shown(BookFiles.resolve($0, from: smil)) }
      let clip = try clip(of: node.name == "audio" ? [node] : node.all("audio"), in: smil)
      if words == nil || words?.isEmpty == true {
        guard let clip else { return }
        // Narration with no text: the phrase is shown as its heading and how far into it.
        let name = heading ?? title ?? "Narration"
        words = sinceHeading < 0.5 ? name : "\(name), \(ClockTime.text(sinceHeading))"
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
        guard let path = files.localPath(name) else {
          if files.actualName(name) == nil {
            problems.append("'\(smil)' plays '\(name)', which is not in the book")
            continue
          }
          throw .unreadable(
            path: files.path,
            reason: "it is a zipped DAISY book with narration, which plays only from a folder: unzip it into a folder of its own and choose that folder")
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
      if contents[link.name] == nil {
        contents[link.name] = (try? files.file(link.name)).flatMap(XMLNode.parse) as XMLNode??
      }
      guard let tree = contents[link.name] ?? nil else { return nil }
      guard !link.fragment.isEmpty else { return nil }
      return DAISY202Book.find(link.fragment, in: tree, parents: [])?.0.allText
    }
  }
}
