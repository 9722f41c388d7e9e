import FoundationEssentials

/// A DAISY 3 (ANSI/NISO Z39.86-2005) book with text: the package (OPF: metadata, manifest, spine of SMIL
/// files), the NCX (`navMap` of nested `navPoint`s, whose depth is the heading level, and `pageList`), the
/// SMIL 2.0 files (`par`: a `text src` into the DTBook, and audio clips) and the DTBook XML content.
/// https://daisy.org/z3986/2005/Z3986-2005.html
///
/// The text is read in the spine's order of SMIL files; each `navPoint` is a chapter where its text starts
/// and each `pageTarget` a page. A book with narration plays its clips phrase by phrase (`DAISYNarration`).
enum DAISY3Book {
  static func read(_ files: BookFiles, package packageName: String, language override: String?, readNotes: Bool,
    narration: Bool = true)
    throws(BookError) -> BookDocument
  {
    guard let package = XMLNode.parse(try files.file(packageName)) else {
      throw .damaged(path: files.path, reason: "its \(packageName) is not well-formed XML")
    }
    var manifest: [String: (href: String, type: String)] = [:]
    for item in package.all("item") {
      guard let id = item.attribute("id"), let href = item.attribute("href") else { continue }
      manifest[id] = (BookFiles.resolve(href, from: packageName).name, item.attribute("media-type") ?? "")
    }
    let spine = package.all("itemref").compactMap { $0.attribute("idref").flatMap { manifest[$0]?.href } }
    // The NCX: the manifest's, else any .ncx of the book.
    let ncxName =
      manifest.values.first { $0.type.contains("dtbncx") }?.href
      ?? files.allNames.first { $0.lowercased().hasSuffix(".ncx") }
    let ncx = ncxName.flatMap { try? files.file($0) }.flatMap(XMLNode.parse)
    // Where the NCX and the spine disagree (a SMIL file only one of them lists, or another order), the NCX
    // is followed, as the specification's reading systems do, and `info` says so.
    var disagreement: String?
    var smilFiles = spine
    if let ncx, let ncxName {
      var listed: [String] = []
      for content in ncx.all("content") {
        guard let source = content.attribute("src") else { continue }
        let name = BookFiles.resolve(source, from: ncxName).name
        if !listed.contains(name) { listed.append(name) }
      }
      let onlyInNCX = listed.filter { !spine.contains($0) }
      let sameOrder = spine.filter(listed.contains) == listed.filter(spine.contains)
      if !onlyInNCX.isEmpty || !sameOrder {
        smilFiles = listed + spine.filter { !listed.contains($0) }
        disagreement =
          onlyInNCX.isEmpty
          ? "the NCX and the package's spine give the SMIL files in another order; the NCX's is followed"
          : "the NCX points to " + onlyInNCX.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            + ", which the package's spine does not list; the NCX is followed"
      }
    }
    var smil: [String: XMLNode] = [:]
    var broken: [String] = []
    for name in smilFiles where smil[name] == nil {
      if let bytes = try? files.file(name), let tree = XMLNode.parse(bytes) { smil[name] = tree } else { broken.append(name) }
    }

    var chapters: [String: [String: String]] = [:]
    var levels: [String: [String: Int]] = [:]
    var pages: [String: [String: String]] = [:]
    func target(of link: String) -> (name: String, fragment: String)? {
      guard let ncxName else { return nil }
      let place = BookFiles.resolve(link, from: ncxName)
      guard let tree = smil[place.name], let text = DAISY202Book.text(in: tree, at: place.fragment) else { return nil }
      return BookFiles.resolve(text, from: place.name)
    }
    var marks: [DAISYNarration.Target: [DAISYNarration.Mark]] = [:]
    func mark(_ link: String, _ mark: DAISYNarration.Mark) {
      guard let ncxName else { return }
      let place = BookFiles.resolve(link, from: ncxName)
      marks[DAISYNarration.Target(file: place.name, id: place.fragment), default: []].append(mark)
    }
    func visit(_ point: XMLNode, level: Int) {
      if let link = point.children.first(where: { $0.name == "content" })?.attribute("src"),
        let label = point.children.first(where: { $0.name == "navLabel" })?.first("text")?.allText, !label.isEmpty
      {
        mark(link, .heading(label, level: min(level, 6)))
      }
      if let link = point.children.first(where: { $0.name == "content" })?.attribute("src"),
        let label = point.children.first(where: { $0.name == "navLabel" })?.first("text")?.allText, !label.isEmpty,
        let place = target(of: link), chapters[place.name, default: [:]][place.fragment] == nil
      {
        chapters[place.name, default: [:]][place.fragment] = label
        levels[place.name, default: [:]][place.fragment] = level
      }
      for child in point.children where child.name == "navPoint" { visit(child, level: level + 1) }
    }
    if let navMap = ncx?.first("navMap") {
      for point in navMap.children where point.name == "navPoint" { visit(point, level: 1) }
    }
    for page in ncx?.first("pageList")?.all("pageTarget") ?? [] {
      guard let link = page.first("content")?.attribute("src") else { continue }
      let label = page.first("navLabel")?.first("text")?.allText ?? page.attribute("value") ?? ""
      if !label.isEmpty { mark(link, .page(label)) }
      guard let place = target(of: link) else { continue }
      if !label.isEmpty { pages[place.name, default: [:]][place.fragment] = label }
    }

    // The DTBook files in reading order, as the SMIL files show them.
    let ordered = smilFiles.compactMap { name in smil[name].map { (name: name, tree: $0) } }
    let (contents, audio) = DAISYNarration.contents(of: ordered)
    let metadata = Metadata(package)
    // A book with narration plays it, phrase by phrase, showing its text where it has any (unless the
    // reader chose the voice for a book that has text).
    if audio > 0, narration || contents.isEmpty {
      var (narrated, problems) = try DAISYNarration.book(
        files, smil: ordered, marks: marks, title: metadata.title, readNotes: readNotes)
      guard !narrated.isEmpty else { throw .empty(path: files.path) }
      problems += broken.map { "skipped '\($0)': it is missing or not well-formed" }
      if ncx == nil { problems.append("it has no NCX: no chapters or pages") }
      if let disagreement { problems.append(disagreement) }
      var document = narrated.document(
        format: .daisy3, title: metadata.title, author: metadata.author, language: override ?? metadata.language)
      document.problems += problems
      return document
    }
    guard !contents.isEmpty else {
      if !broken.isEmpty {
        throw .damaged(
          path: files.path,
          reason: "its spine lists SMIL files that are missing or not well-formed: " + broken.prefix(3).joined(separator: ", "))
      }
      throw .empty(path: files.path)
    }
    let language = override ?? metadata.language
    var builder = DocumentBuilder()
    var problems = broken.map { "skipped '\($0)': it is missing or not well-formed" }
    if ncx == nil { problems.append("it has no NCX: no chapters or pages") }
    if let disagreement { problems.append(disagreement) }
    for (index, file) in contents.enumerated() {
      guard var text = (try? files.file(file)).map(PlainTextBook.decode) else {
        problems.append("skipped '\(file)': it is missing")
        continue
      }
      // Producers repeat the book's title and author at the start of every DTBook file: said once.
      if index > 0 { text = Self.withoutFrontTitles(text) }
      let anchors = HTMLBook.Anchors(chapters: chapters[file] ?? [:], pages: pages[file] ?? [:], levels: levels[file] ?? [:])
      HTMLBook.add(text, to: &builder, anchors: anchors, language: language, readNotes: readNotes)
    }
    var document = builder.document(format: .daisy3, title: metadata.title, author: metadata.author, language: language)
    document.problems += problems
    return document
  }

  /// The DTBook without its `doctitle` and `docauthor`.
  static func withoutFrontTitles(_ text: String) -> String {
    var result = text
    for element in ["doctitle", "docauthor"] {
      while let open = result.firstRange(of: "<\(element)"),
        let close = result[open.upperBound...].firstRange(of: "</\(element)>")
      {
        result.removeSubrange(open.lowerBound..<close.upperBound)
      }
    }
    return result
  }

  /// Title, author and language from the package's Dublin Core (`dc:Title` or `dc:title`).
  struct Metadata {
    var title: String?
    var author: String?
    var language: String?

    init(_ package: XMLNode) {
      func first(_ name: String) -> String? {
        guard let metadata = package.first("metadata") else { return nil }
        return Self.elements(in: metadata).first { $0.name.lowercased() == name }?.allText.trimmingWhitespace()
          .nilIfEmpty
      }
      title = first("title")
      author = first("creator")
      language = first("language")?.lowercased()
    }

    static func elements(in node: XMLNode) -> [XMLNode] { node.children + node.children.flatMap(elements) }
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
