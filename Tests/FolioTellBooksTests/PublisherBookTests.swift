import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellBooks

/// An EPUB 3 made as publishers make them: a package with a navigation document (and, for older reading
/// systems, an NCX too), content documents in a folder, pictures, fixed-layout SVG pages.
struct PublisherEPUB {
  struct Item {
    var id: String
    var href: String
    var type = "application/xhtml+xml"
    var properties = ""
    var content = ""
    var inSpine = true
  }

  var items: [Item] = []
  var nav: String?
  var ncx: String?
  var language = "en"

  var bytes: [UInt8] {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", EPUBBookTests.container)
    var manifest = items.map { item in
      "<item id=\"\(item.id)\" href=\"\(item.href)\" media-type=\"\(item.type)\""
        + (item.properties.isEmpty ? "" : " properties=\"\(item.properties)\"") + "/>"
    }
    if nav != nil {
      manifest.append("<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>")
    }
    if ncx != nil { manifest.append("<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>") }
    let spine = items.filter(\.inSpine).map { "<itemref idref=\"\($0.id)\"/>" }
    zip.add(
      "OEBPS/content.opf",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="\(language)">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:1</dc:identifier>
      <dc:title>Sample</dc:title><dc:language>\(language)</dc:language>
      <meta property="rendition:layout">pre-paginated</meta></metadata>
      <manifest>\(manifest.joined(separator: "\n"))</manifest>
      <spine\(ncx == nil ? "" : " toc=\"ncx\"")>\(spine.joined())</spine></package>
      """)
    if let nav { zip.add("OEBPS/nav.xhtml", nav) }
    if let ncx { zip.add("OEBPS/toc.ncx", ncx) }
    for item in items where !item.content.isEmpty { zip.add("OEBPS/" + item.href, item.content) }
    return zip.bytes
  }

  static func page(_ body: String, language: String = "en") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(language)" xml:lang="\(language)">
    <head><title>Sample</title><link rel="stylesheet" type="text/css" href="../css/book.css"/></head>
    <body epub:type="bodymatter">\(body)</body></html>
    """
  }

  static func nav(toc: String, pageList: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
    <body><nav epub:type="toc" role="doc-toc" id="toc"><h1>Contents</h1><ol>\(toc)</ol></nav>
    \(pageList.isEmpty ? "" : "<nav epub:type=\"page-list\" role=\"doc-pagelist\" hidden=\"\"><ol>\(pageList)</ol></nav>")
    <nav epub:type="landmarks" hidden=""><ol><li><a epub:type="bodymatter" href="text/ch1.xhtml">Start</a></li></ol></nav>
    </body></html>
    """
  }
}

/// What a paragraph of markup reads as, and what it marks: one case of the table below.
struct MarkupCase: CustomTestStringConvertible, Sendable {
  var name: String
  var markup: String
  var text: String
  var pages: [String] = []
  var notes = 0
  var readNotes = false
  var testDescription: String { name }
}

@Suite struct PublisherMarkupTests {
  static let cases: [MarkupCase] = [
    MarkupCase(
      name: "an empty page break with a title", markup: "<p>One<span epub:type=\"pagebreak\" title=\"12\"/> two.</p>",
      text: "One two.", pages: ["12"]),
    MarkupCase(
      name: "a page break's number is not read",
      markup: "<p>One <span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"p13\">13</span>two.</p>",
      text: "One two.", pages: ["13"]),
    MarkupCase(
      name: "an aria-label names the page",
      markup: "<p>One.</p><div role=\"doc-pagebreak\" aria-label=\" iv \"></div><p>Two.</p>", text: "One.\n\nTwo.",
      pages: ["iv"]),
    MarkupCase(
      name: "an id names the page when nothing else does",
      markup: "<p>One.</p><hr epub:type=\"pagebreak\" id=\"page_xii\"><p>Two.</p>", text: "One.\n\nTwo.",
      pages: ["xii"]),
    MarkupCase(
      name: "a footnote and its reference are not read",
      markup: """
        <p>She left<a epub:type="noteref" role="doc-noteref" href="#fn1" id="r1"><sup>1</sup></a> at dawn.</p>
        <aside epub:type="footnote" role="doc-footnote" id="fn1"><p>In 1820.</p></aside><p>Then rain.</p>
        """,
      text: "She left at dawn.\n\nThen rain.", notes: 1),
    MarkupCase(
      name: "notes are read with readNotes, their backlinks and reference numbers never",
      markup: """
        <p>She left<sup><a role="doc-noteref" href="#fn1">1</a></sup> at dawn.</p>
        <aside role="doc-footnote" id="fn1"><p><a role="doc-backlink" href="#r1">↩</a> In 1820.</p></aside>
        """,
      text: "She left at dawn.\n\nIn 1820.", notes: 1, readNotes: true),
    MarkupCase(
      name: "an endnotes section is not read",
      markup: """
        <p>Text.<a epub:type="noteref" href="#en1">*</a></p><section epub:type="endnotes" role="doc-endnotes">
        <h2>Notes</h2><ol><li epub:type="endnote" id="en1"><div><div>First</div> note.</div></li>
        <li epub:type="rearnote"><p>Second.</p></li></ol></section><p>After.</p>
        """,
      text: "Text.\n\nAfter.", notes: 1),
    MarkupCase(
      name: "a formula reads as its alttext",
      markup: """
        <p>Here <math xmlns="http://www.w3.org/1998/Math/MathML" alttext="E equals m c squared" display="inline">
        <semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>
        <annotation encoding="application/x-tex">E=mc^2</annotation></semantics></math>, Einstein said.</p>
        """,
      text: "Here E equals m c squared, Einstein said."),
    MarkupCase(
      name: "a formula without alttext reads as its aria-label",
      markup: "<p>So <m:math aria-label=\"x over two\"><m:mfrac><m:mi>x</m:mi><m:mn>2</m:mn></m:mfrac></m:math>.</p>",
      text: "So x over two."),
    MarkupCase(
      name: "a formula with only TeX says formula",
      markup: """
        <p>Take<math><semantics><mi>y</mi><annotation encoding="application/x-tex">y</annotation></semantics></math>and go.</p>
        """,
      text: "Take formula and go."),
    MarkupCase(
      name: "an epub:switch is read once",
      markup: """
        <p>So <epub:switch><epub:case required-namespace="http://www.w3.org/1998/Math/MathML">
        <math alttext="a plus b"><mi>a</mi><mo>+</mo><mi>b</mi></math></epub:case>
        <epub:default><img src="f1.png" alt="a + b"/></epub:default></epub:switch> stays.</p>
        """,
      text: "So a plus b stays."),
    MarkupCase(
      name: "inline SVG text is read, its title and description are not",
      markup: """
        <p>Before.</p><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800"><title>Map</title>
        <desc>A drawn map</desc><rect width="10" height="10"/><text x="10" y="20">The old <tspan font-style="italic">
        harbour</tspan></text><text x="10" y="40">and <tspan x="10" dy="20">the hill</tspan>.</text></svg><p>After.</p>
        """,
      text: "Before.\n\nThe old harbour and the hill.\n\nAfter."),
  ]

  @Test(arguments: cases) func markupReadsAsPublishersMeantIt(_ example: MarkupCase) {
    let book = HTMLBook.read(Array(PublisherEPUB.page(example.markup).utf8), readNotes: example.readNotes)
    #expect(book.text == example.text)
    #expect(book.pages.map(\.label) == example.pages)
    #expect(book.notes.count == example.notes)
  }
}

@Suite struct PublisherEPUBTests {
  static let chapter1 = PublisherEPUB.page(
    """
    <section epub:type="part" role="doc-part" id="part1"><h1 epub:type="title">Part One</h1></section>
    <section epub:type="chapter" role="doc-chapter" id="ch1">
    <h2><span epub:type="label">Chapter</span> <span epub:type="ordinal">1</span></h2>
    <h3 epub:type="subtitle">The Harbour</h3>
    <p>The ships came in<a href="notes.xhtml#n1" epub:type="noteref" role="doc-noteref" id="ref1">1</a> at noon.
    <span epub:type="pagebreak" role="doc-pagebreak" id="page_2" title="2"></span>Gulls followed them.</p>
    <p id="p3">The harbour master counted <math alttext="three times four">3×4</math> crates.</p>
    </section>
    """)

  static let chapter2 = PublisherEPUB.page(
    """
    <section epub:type="chapter" id="ch2"><h2>Chapter 2: The Hill</h2>
    <p>They climbed the hill.</p>
    <section id="s2-1"><h3>At the Top</h3><p>The view was wide.</p></section></section>
    """)

  static let notes = PublisherEPUB.page(
    """
    <section epub:type="endnotes" role="doc-endnotes"><h2>Notes</h2><ol>
    <li id="n1" epub:type="endnote" role="doc-endnote"><p>In the year 1820. <a href="ch1.xhtml#ref1" role="doc-backlink">↩</a></p></li>
    </ol></section>
    """)

  /// Nested entries to the same file, an entry to a fragment, a page list; and an NCX that says it all again.
  static let nav = PublisherEPUB.nav(
    toc: """
      <li><a href="text/ch1.xhtml">Part One</a><ol>
      <li><a href="text/ch1.xhtml#ch1">Chapter 1: The Harbour</a></li>
      <li><a href="text/ch1.xhtml#ch1">The Harbour</a></li></ol></li>
      <li><a href="text/ch2.xhtml">Chapter 2: The Hill</a><ol><li><a href="text/ch2.xhtml#s2-1">At the Top</a></li></ol></li>
      <li><a href="text/ch2.xhtml">Chapter 2: The Hill</a></li>
      <li><a href="text/notes.xhtml">Notes</a></li>
      """,
    pageList: """
      <li><a href="text/ch1.xhtml#part1">1</a></li><li><a href="text/ch1.xhtml#page_2">2</a></li>
      <li><a href="text/ch1.xhtml#p3">3</a></li><li><a href="text/ch2.xhtml">4</a></li>
      """)

  static let ncx = """
    <?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
    <navMap><navPoint id="a" playOrder="1"><navLabel><text>Part One</text></navLabel><content src="text/ch1.xhtml"/>
    <navPoint id="b" playOrder="2"><navLabel><text>Chapter 1</text></navLabel><content src="text/ch1.xhtml#ch1"/></navPoint>
    </navPoint><navPoint id="c" playOrder="3"><navLabel><text>Chapter 2</text></navLabel><content src="text/ch2.xhtml"/></navPoint>
    </navMap><pageList><pageTarget type="normal" value="1"><navLabel><text>1</text></navLabel><content src="text/ch1.xhtml"/></pageTarget>
    </pageList></ncx>
    """

  static func book(nav: String? = nav, ncx: String? = ncx) -> PublisherEPUB {
    PublisherEPUB(
      items: [
        .init(id: "ch1", href: "text/ch1.xhtml", properties: "mathml", content: chapter1),
        .init(id: "ch2", href: "text/ch2.xhtml", content: chapter2),
        .init(id: "notes", href: "text/notes.xhtml", content: notes),
      ], nav: nav, ncx: ncx)
  }

  func text(_ book: BookDocument, from start: Int, count: Int) -> String {
    String(String.UnicodeScalarView(Array(book.text.unicodeScalars)[start...].prefix(count)))
  }

  @Test func theContentsListEachChapterOnceAtItsPlace() throws {
    let book = try EPUBBook.read(Self.book().bytes, path: "sample.epub")
    #expect(
      book.chapters.map(\.title) == ["Part One", "Chapter 1: The Harbour", "Chapter 2: The Hill", "At the Top"])
    #expect(
      book.chapters.map { text(book, from: $0.start, count: 9) } == [
        "Part One\n", "Chapter 1", "Chapter 2", "At the To",
      ])
  }

  /// Sphinx puts a navigation bar before each page's heading: the contents entry and the heading are one chapter.
  @Test func aHeadingAfterANavigationBarIsTheContentsChapterNotASecondOne() throws {
    let page = PublisherEPUB.page(
      """
      <div class="related" role="navigation"><h3>Navigation</h3><ul><li><a href="b.xhtml">next</a></li>
      <li><a href="index.xhtml">Guide</a> »</li></ul></div>
      <div class="body" role="main"><h1>Getting Started</h1><p>Text.</p><h2>Tools</h2><p>More.</p></div>
      """)
    let epub = PublisherEPUB(
      items: [.init(id: "a", href: "text/a.xhtml", content: page)],
      nav: PublisherEPUB.nav(toc: "<li><a href=\"text/a.xhtml\">Getting Started</a></li>"))
    let book = try EPUBBook.read(epub.bytes, path: "sphinx.epub")
    #expect(book.chapters.map(\.title) == ["Getting Started", "Tools"])
  }

  @Test func anEpub2ContentsInTheNcxIsUsedWithoutANav() throws {
    let book = try EPUBBook.read(Self.book(nav: nil).bytes, path: "sample.epub")
    #expect(book.chapters.map(\.title) == ["Part One", "Chapter 1", "Chapter 2", "At the Top"])
    #expect(book.pages.map(\.label) == ["1", "2"])
  }

  @Test func pagesComeFromBreaksAndThePageListInReadingOrder() throws {
    let book = try EPUBBook.read(Self.book().bytes, path: "sample.epub")
    #expect(book.pages.map(\.label) == ["1", "2", "3", "4"])
    #expect(
      book.pages.map { text(book, from: $0.start, count: 8) } == ["Part One", "Gulls fo", "The harb", "Chapter "])
    #expect(book.pages.map(\.start) == book.pages.map(\.start).sorted())
    #expect(!book.text.contains("2Gulls") && !book.text.contains(" 2 "))
  }

  @Test func notesAreLeftOutAndTheirReferencesKept() throws {
    let book = try EPUBBook.read(Self.book().bytes, path: "sample.epub")
    #expect(sentenceTexts(book).contains("The ships came in at noon."))
    #expect(!book.text.contains("1820"))
    #expect(book.notes.count == 1)
    #expect(text(book, from: book.notes[0] - 7, count: 7) == "came in")
    #expect(book.text.contains("counted three times four crates."))
  }

  @Test func notesAreReadWhenAsked() throws {
    let book = try EPUBBook.read(Self.book().bytes, path: "sample.epub", readNotes: true)
    #expect(sentenceTexts(book).contains("In the year 1820."))
    #expect(sentenceTexts(book).contains("The ships came in at noon."))
    #expect(!book.text.contains("↩"))
    #expect(book.chapters.last?.title == "Notes")
    #expect(book.notes.count == 1)
  }

  /// A fixed-layout book: an SVG page (its text in `<text>`), an XHTML page whose text is inline SVG.
  @Test func fixedLayoutPagesReadTheirSvgText() throws {
    let svgPage = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 1200 1600">
      <title>Page 1</title><image width="1200" height="1600" xlink:href="../images/p1.jpg"/>
      <text x="100" y="200" font-size="48">Once upon a time,</text>
      <text x="100" y="260" font-size="48"><tspan>there was a </tspan><tspan font-weight="bold">lighthouse</tspan>.</text></svg>
      """
    let xhtmlPage = PublisherEPUB.page(
      """
      <div class="page"><svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100%" height="100%" viewBox="0 0 1200 1600">
      <image width="1200" height="1600" xlink:href="../images/p2.jpg"/><svg:text x="100" y="200">It shone all night.</svg:text></svg></div>
      """)
    let epub = PublisherEPUB(
      items: [
        .init(id: "p1", href: "pages/p1.svg", type: "image/svg+xml", content: svgPage),
        .init(id: "p2", href: "pages/p2.xhtml", properties: "svg", content: xhtmlPage),
      ], nav: PublisherEPUB.nav(toc: "<li><a href=\"pages/p1.svg\">Story</a></li>"))
    let book = try EPUBBook.read(epub.bytes, path: "fixed.epub")
    #expect(sentenceTexts(book) == ["Once upon a time, there was a lighthouse.", "It shone all night."])
    #expect(book.chapters.map(\.title) == ["Story"])
  }

  @Test(arguments: [
    ("xhtml pages of pictures", "application/xhtml+xml", "<div><img src=\"../images/p1.jpg\" alt=\"\"/></div>"),
    ("pictures in the spine", "image/jpeg", ""),
    (
      "svg pages of pictures", "image/svg+xml",
      "<svg xmlns=\"http://www.w3.org/2000/svg\"><image href=\"../images/p1.jpg\"/></svg>"
    ),
  ])
  func aBookOfPicturesSaysSoAndIsNotCalledDamaged(_ example: (String, String, String)) {
    let (_, type, body) = example
    let content = type.contains("xhtml") ? PublisherEPUB.page(body) : body
    let href = type == "image/jpeg" ? "images/p1.jpg" : type.contains("svg") ? "pages/p1.svg" : "pages/p1.xhtml"
    let epub = PublisherEPUB(items: [.init(id: "p1", href: href, type: type, content: content)])
    #expect(throws: BookError.onlyPictures(path: "comic.epub")) {
      try EPUBBook.read(epub.bytes, path: "comic.epub")
    }
    #expect(
      BookError.onlyPictures(path: "comic.epub").description
        == "the book 'comic.epub' has no text to read: its pages are pictures")
  }

  @Test func aSpineOfNothingReadableIsStillDamaged() {
    let epub = PublisherEPUB(items: [.init(id: "x", href: "data.bin", type: "application/octet-stream")])
    #expect(throws: BookError.damaged(path: "x.epub", reason: "its spine lists no readable content document")) {
      try EPUBBook.read(epub.bytes, path: "x.epub")
    }
  }

  @Test func aFormulaWithoutWordsSaysFormulaInTheBooksLanguage() throws {
    let epub = PublisherEPUB(
      items: [
        .init(
          id: "c", href: "c.xhtml",
          content: PublisherEPUB.page("<p>Die Summe <math><mi>x</mi></math> ist klein.</p>", language: "de"))
      ], language: "de")
    #expect(try EPUBBook.read(epub.bytes, path: "de.epub").text == "Die Summe Formel ist klein.")
  }
}

/// The fuzzers' seeds with these parts (Tests/FuzzCorpus/*/publisher.*) read as they should, so fuzzing
/// starts from books that reach the code for pages, notes, formulas and SVG.
@Suite struct PublisherSeedTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("FuzzCorpus")

  func seed(_ name: String) throws -> [UInt8] {
    [UInt8](try #require(FileManager.default.contents(atPath: Self.corpus.appendingPathComponent(name).path)))
  }

  @Test func theEpubSeedHasPagesNotesFormulasAndSvgText() throws {
    let book = try EPUBBook.read(try seed("epub/publisher.epub"), path: "publisher.epub")
    #expect(
      sentenceTexts(book) == ["One", "Sub", "A ship sails x squared and formula.", "Svg text", "z", "Fixed layout"])
    #expect(book.chapters.map(\.title) == ["One", "Two"])
    #expect(book.pages.map(\.label) == ["i", "2"])
    #expect(book.notes.count == 1)
  }

  @Test func theHtmlSeedHasPagesNotesFormulasAndSvgText() throws {
    let book = HTMLBook.read(try seed("html/publisher.html"))
    #expect(sentenceTexts(book) == ["Notes and pages", "Text goes on a over b.", "Drawn words"])
    #expect(book.pages.map(\.label) == ["iv", "5"])
    #expect(book.notes.count == 1)
  }
}
