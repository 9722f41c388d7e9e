import FoundationEssentials

/// A DAISY 2.02 talking book: the navigation control centre (`ncc.html`: the headings `h1` to `h6`, the
/// print pages as `span class="page-normal|page-front|page-special"`, the `dc:` and `ncc:` metadata), the
/// SMIL 1.0 files its links point into (`par`: a `text src` into the content, and `audio` clips), and the
/// XHTML content. https://daisy.org/z3986/specifications/daisy_202.html
///
/// The text is read, in the SMIL files' order: each heading is a chapter where its text starts, each page
/// a page. A book with narration plays its clips phrase by phrase instead (`DAISYNarration`), showing the
/// text where it has any.
enum DAISY202Book {
  /// A heading or page of the NCC, where its link leads in the content.
  struct Target {
    var file: String
    var fragment: String
  }

  static func read(_ files: BookFiles, ncc nccName: String, language override: String?, readNotes: Bool,
    narration: Bool = true)
    throws(BookError) -> BookDocument
  {
    guard let ncc = XMLNode.parse(try files.file(nccName)) else {
      throw .damaged(path: files.path, reason: "its \(nccName) is not well-formed XHTML")
    }
    let metadata = Metadata(ncc)
    var smil: [String: XMLNode] = [:]
    var smilOrder: [String] = []
    var brokenSMIL: [String] = []
    func smilFile(_ name: String) -> XMLNode? {
      if let known = smil[name] { return known }
      guard !brokenSMIL.contains(name) else { return nil }
      guard let bytes = try? files.file(name), let parsed = XMLNode.parse(bytes) else {
        brokenSMIL.append(name)
        return nil
      }
      smil[name] = parsed
      smilOrder.append(name)
      return parsed
    }
    // Where each heading and page of the NCC leads: through its SMIL `par` to the text it shows.
    var chapters: [String: [String: String]] = [:]
    var levels: [String: [String: Int]] = [:]
    var pages: [String: [String: String]] = [:]
    var marks: [DAISYNarration.Target: [DAISYNarration.Mark]] = [:]
    var headings = 0
    for item in Navigation.items(of: ncc) {
      let link = BookFiles.resolve(item.href, from: nccName)
      guard let tree = smilFile(link.name) else { continue }
      marks[DAISYNarration.Target(file: link.name, id: link.fragment), default: []].append(
        item.kind == .heading ? .heading(item.label, level: item.level) : .page(item.label))
      if item.kind == .heading { headings += 1 }
      guard let text = Self.text(in: tree, at: link.fragment) else { continue }
      let target = BookFiles.resolve(text, from: link.name)
      switch item.kind {
      case .heading:
        if chapters[target.name, default: [:]][target.fragment] == nil {
          chapters[target.name, default: [:]][target.fragment] = item.label
          levels[target.name, default: [:]][target.fragment] = item.level
        }
      case .page:
        pages[target.name, default: [:]][target.fragment] = item.label
      }
    }
    // The content files in reading order: as the SMIL files (in the NCC's order) show them.
    let ordered = smilOrder.compactMap { name in smil[name].map { (name: name, tree: $0) } }
    let (contents, audio) = DAISYNarration.contents(of: ordered)
    // A book with narration plays it, phrase by phrase, showing its text where it has any (unless the
    // reader chose the voice for a book that has text).
    if audio > 0, narration || contents.isEmpty {
      var (narrated, problems) = try DAISYNarration.book(
        files, smil: ordered, marks: marks, title: metadata.title, readNotes: readNotes)
      guard !narrated.isEmpty else { throw .empty(path: files.path) }
      problems += brokenSMIL.map { "skipped '\($0)': it is missing or not well-formed" }
      if headings == 0 { problems.append("its NCC lists no headings") }
      var document = narrated.document(
        format: .daisy202, title: metadata.title, author: metadata.author, language: override ?? metadata.language)
      document.problems += problems
      return document
    }
    guard !contents.isEmpty else {
      if !brokenSMIL.isEmpty {
        throw .damaged(
          path: files.path,
          reason: "its NCC points to SMIL files that are missing or not well-formed: "
            + brokenSMIL.prefix(3).joined(separator: ", "))
      }
      throw .empty(path: files.path)
    }
    var problems = brokenSMIL.map { "skipped '\($0)': it is missing or not well-formed" }
    var builder = DocumentBuilder()
    let language = override ?? metadata.language
    for file in contents {
      let bytes: [UInt8]
      do {
        bytes = try files.file(file)
      } catch {
        problems.append("skipped '\(file)': \(error.description)")
        continue
      }
      let anchors = HTMLBook.Anchors(chapters: chapters[file] ?? [:], pages: pages[file] ?? [:], levels: levels[file] ?? [:])
      HTMLBook.add(PlainTextBook.decode(bytes), to: &builder, anchors: anchors, language: language, readNotes: readNotes)
    }
    var document = builder.document(
      format: .daisy202, title: metadata.title, author: metadata.author, language: language)
    if headings == 0 { problems.append("its NCC lists no headings") }
    document.problems += problems
    return document
  }

  /// The `src` of the text a SMIL element shows: the element itself, or the `par` it is in, or the first
  /// text inside it (a `seq` of pars).
  static func text(in tree: XMLNode, at fragment: String) -> String? {
    guard !fragment.isEmpty else { return tree.first("text")?.attribute("src") }
    guard let (node, parents) = find(fragment, in: tree, parents: []) else { return nil }
    if node.name == "text" { return node.attribute("src") }
    if let inside = node.first("text")?.attribute("src") { return inside }
    for parent in parents.reversed() where parent.name == "par" {
      if let text = parent.first("text")?.attribute("src") { return text }
    }
    return nil
  }

  static func find(_ id: String, in node: XMLNode, parents: [XMLNode]) -> (XMLNode, [XMLNode])? {
    if node.attributes["id"] == id { return (node, parents) }
    for child in node.children {
      if let found = find(id, in: child, parents: parents + [node]) { return found }
    }
    return nil
  }

  /// The book's title, author and language from the NCC's `meta` elements (`dc:title`, `dc:creator`,
  /// `dc:language`), else its `title`.
  struct Metadata {
    var title: String?
    var author: String?
    var language: String?

    init(_ ncc: XMLNode) {
      var named: [String: String] = [:]
      for meta in ncc.all("meta") {
        guard let name = meta.attribute("name")?.lowercased(), let content = meta.attribute("content") else { continue }
        let value = content.trimmingWhitespace()
        if !value.isEmpty, named[name] == nil { named[name] = value }
      }
      title = named["dc:title"] ?? ncc.first("title")?.allText.nonEmpty
      author = named["dc:creator"]
      language = named["dc:language"]?.lowercased()
    }
  }

  /// The NCC's headings and pages in reading order.
  enum Navigation {
    enum Kind { case heading, page }
    struct Item {
      var kind: Kind
      var level: Int
      var label: String
      var href: String
    }

    static func items(of ncc: XMLNode) -> [Item] {
      var items: [Item] = []
      func visit(_ node: XMLNode) {
        let name = node.name.lowercased()
        if name.count == 2, name.first == "h", let level = Int(String(name.last!)), (1...6).contains(level) {
          if let link = node.first("a"), let href = link.attribute("href"), let label = node.allText.nonEmpty {
            items.append(Item(kind: .heading, level: level, label: label, href: href))
          }
          return
        }
        if name == "span", let kind = node.attribute("class")?.lowercased(),
          ["page-normal", "page-front", "page-special"].contains(kind)
        {
          if let link = node.first("a"), let href = link.attribute("href"), let label = node.allText.nonEmpty {
            items.append(Item(kind: .page, level: 0, label: label, href: href))
          }
          return
        }
        for child in node.children { visit(child) }
      }
      visit(ncc)
      return items
    }
  }
}

extension String {
  fileprivate var nonEmpty: String? {
    let trimmed = trimmingWhitespace()
    return trimmed.isEmpty ? nil : trimmed
  }
}
