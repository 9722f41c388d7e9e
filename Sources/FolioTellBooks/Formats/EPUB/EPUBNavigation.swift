import FoundationEssentials

/// What an EPUB's navigation says: its table of contents and the print edition's page list, each entry a
/// place in the book (a content document, and the id of an element in it or "" for its start).
///
/// EPUB 3 books have a navigation document (`nav` of type `toc`, and of type `page-list`); EPUB 2 books a
/// `toc.ncx` (`navMap`, `pageList`); many books have both, saying the same. One of them is used, the EPUB 3
/// one when it lists something, and every place is listed once: the first entry that names it wins (a
/// part and its first chapter often point to the same file).
struct EPUBNavigation {
  struct Entry: Equatable {
    var file: String
    var fragment: String
    var label: String
    /// How deep the contents nest it: 1 for a top entry, 2 for one inside it, and so on.
    var level = 1
  }

  var contents: [Entry] = []
  var pages: [Entry] = []

  /// The navigation of the package's nav document (EPUB 3) and NCX (EPUB 2), either possibly missing.
  init(nav: (root: XMLNode, path: String)?, ncx: (root: XMLNode, path: String)?) {
    if let (root, path) = nav {
      let base = EPUBBook.directory(of: path)
      let navs = root.all("nav")
      func navElement(_ type: String, role: String) -> XMLNode? {
        navs.first {
          ($0.attribute("type") ?? "").split(separator: " ").contains(Substring(type))
            || ($0.attribute("role") ?? "").split(separator: " ").contains(Substring(role))
        }
      }
      let toc =
        navElement("toc", role: "doc-toc") ?? navs.first { $0.attribute("type") == nil && $0.attribute("role") == nil }
      contents = Self.entries(toc?.all("a") ?? [], base: base, depths: toc.map { Self.depths(in: $0, nesting: "ol") }) {
        $0.allText.isEmpty ? $0.attribute("title") : $0.allText
      }
      pages = Self.entries(navElement("page-list", role: "doc-pagelist")?.all("a") ?? [], base: base) { $0.allText }
    }
    if let (root, path) = ncx {
      let base = EPUBBook.directory(of: path)
      func label(_ point: XMLNode) -> String? { point.first("navLabel")?.allText }
      if contents.isEmpty {
        let navMap = root.first("navMap")
        contents = Self.entries(
          navMap?.all("navPoint") ?? [], base: base, source: "src",
          depths: navMap.map { Self.depths(in: $0, nesting: "navPoint") }, label: label)
      }
      if pages.isEmpty {
        pages = Self.entries(root.first("pageList")?.all("pageTarget") ?? [], base: base, source: "src", label: label)
      }
    }
  }

  /// The entries of links (`a href`) or NCX points (their `content src`), each place once.
  private static func entries(
    _ nodes: [XMLNode], base: String, source: String? = nil, depths: [ObjectIdentifier: Int]? = nil,
    label: (XMLNode) -> String?
  ) -> [Entry] {
    var entries: [Entry] = []
    var seen: Set<String> = []
    for node in nodes {
      let target = source.map { node.first("content")?.attribute($0) } ?? node.attribute("href")
      guard let target, let label = label(node), !label.isEmpty else { continue }
      let file = EPUBBook.resolve(String(target.prefix { $0 != "#" }), from: base)
      let fragment = target.firstIndex(of: "#").map { String(target[target.index(after: $0)...]) } ?? ""
      let decoded = EPUBBook.percentDecoded(fragment) ?? fragment
      guard seen.insert(file + "#" + decoded).inserted else { continue }
      let level = min(max(depths?[ObjectIdentifier(node)] ?? 1, 1), 6)
      entries.append(Entry(file: file, fragment: decoded, label: label, level: level))
    }
    return entries
  }

  /// Each element's depth under `root` counted in `nesting` elements (a nav's `ol`, an NCX's `navPoint`,
  /// itself included): a link in the top list is 1.
  static func depths(in root: XMLNode, nesting: String) -> [ObjectIdentifier: Int] {
    var depths: [ObjectIdentifier: Int] = [:]
    func visit(_ node: XMLNode, _ depth: Int) {
      let here = node.name == nesting ? depth + 1 : depth
      depths[ObjectIdentifier(node)] = here
      for child in node.children { visit(child, here) }
    }
    visit(root, 0)
    return depths
  }

  /// The chapter titles and page labels placed in one content document. A chapter whose id the document
  /// does not have (a broken link, a common slip) is taken for the document's start; such a page is left
  /// out, as it would put the pages out of order.
  func anchors(for file: String, in document: String) -> HTMLBook.Anchors {
    var anchors = HTMLBook.Anchors()
    func found(_ entry: Entry) -> Bool {
      document.contains("id=\"\(entry.fragment)\"") || document.contains("id='\(entry.fragment)'")
    }
    for entry in contents where entry.file == file {
      let id = entry.fragment.isEmpty || !found(entry) ? "" : entry.fragment
      if anchors.chapters[id] == nil {
        anchors.chapters[id] = entry.label
        anchors.levels[id] = entry.level
      }
    }
    for entry in pages where entry.file == file && (entry.fragment.isEmpty || found(entry)) {
      if anchors.pages[entry.fragment] == nil { anchors.pages[entry.fragment] = entry.label }
    }
    return anchors
  }
}
