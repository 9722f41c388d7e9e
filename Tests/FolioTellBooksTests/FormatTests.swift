import FolioTellCore
import FolioTellTestSupport
import Foundation
import Testing

@testable import FolioTellBooks

func sentenceTexts(_ document: BookDocument) -> [String] {
  let scalars = Array(document.text.unicodeScalars)
  return document.sentences.map { String(String.UnicodeScalarView(scalars[$0.start..<$0.end])) }
}

func chapterStartsAtTheirHeadings(_ document: BookDocument) -> Bool {
  let scalars = Array(document.text.unicodeScalars)
  return document.chapters.allSatisfy { chapter in
    String(String.UnicodeScalarView(scalars[chapter.start...].prefix(chapter.title.unicodeScalars.count)))
      == chapter.title
  }
}

@Suite struct HTMLBookTests {
  static let page = """
    <!DOCTYPE html>
    <html lang="fr"><head><title>Le Conte &amp; la Nuit</title><style>p { color: red }</style>
    <script>var x = "<p>not text</p>";</script></head>
    <body><nav><a href="/">Accueil</a> | <a href="/b">Livres</a></nav>
    <h1>Chapitre premier</h1>
    <p>Il &eacute;tait une fois&nbsp;un roi. Il r&#233;gnait&#x2026; longtemps.</p>
    <!-- a comment <p>hidden</p> -->
    <p>Un <em>autre</em> paragraphe<br>sur deux lignes.</p>
    <h2>Deuxième partie</h2><ul><li>Un point.</li><li>Un autre.</li></ul>
    </body></html>
    """

  @Test func theBodyTextIsReadWithoutScriptsStylesOrNavigation() {
    let book = HTMLBook.read(Array(Self.page.utf8))
    #expect(!book.text.contains("color"))
    #expect(!book.text.contains("not text"))
    #expect(!book.text.contains("Accueil"))
    #expect(!book.text.contains("hidden"))
    #expect(book.title == "Le Conte & la Nuit")
    #expect(book.language == "fr")
  }

  @Test func entitiesAreDecoded() {
    let book = HTMLBook.read(Array(Self.page.utf8))
    #expect(book.text.contains("Il était une fois un roi."))
    #expect(book.text.contains("Il régnait\u{2026} longtemps."))
  }

  @Test func blocksAreParagraphsAndHeadingsAreChapters() {
    let book = HTMLBook.read(Array(Self.page.utf8))
    #expect(book.chapters.map(\.title) == ["Chapitre premier", "Deuxième partie"])
    #expect(chapterStartsAtTheirHeadings(book))
    #expect(sentenceTexts(book).contains("Un autre paragraphe"))
    #expect(sentenceTexts(book).contains("sur deux lignes."))
    #expect(sentenceTexts(book).suffix(2) == ["Un point.", "Un autre."])
  }

  @Test func unknownEntitiesAndStrayAmpersandsAreKept() {
    #expect(HTMLBook.decodeEntities("Q&A &bogus; &#65;") == "Q&A &bogus; A")
  }
}

@Suite struct MarkdownBookTests {
  static let text = """
    # The Long Night

    Some *emphasis*, some **strong** words, `code`, and a [link](https://example.org).
    It goes on ~~here~~.

    ## Part Two
    > A quoted line.

    - First point.
    - Second point.

    Setext Heading
    --------------

    ![A lighthouse at dusk](light.png)
    """

  @Test func headingsBecomeChaptersAndMarkupIsNotRead() {
    let book = MarkdownBook.read(Array(Self.text.utf8))
    #expect(book.title == "The Long Night")
    #expect(book.chapters.map(\.title) == ["The Long Night", "Part Two", "Setext Heading"])
    #expect(chapterStartsAtTheirHeadings(book))
    #expect(book.text.contains("Some emphasis, some strong words, code, and a link. It goes on here."))
    #expect(!book.text.contains("*"))
    #expect(!book.text.contains("https"))
    #expect(book.text.contains("A quoted line."))
    #expect(book.text.contains("First point."))
    #expect(book.text.contains("A lighthouse at dusk"))
  }
}

@Suite struct EPUBBookTests {
  static let container = """
    <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
    """

  static func package(version: String, nav: Bool) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <package xmlns="http://www.idpf.org/2007/opf" version="\(version)" unique-identifier="id">
    <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Die Reise</dc:title>
    <dc:creator>Anna Beispiel</dc:creator><dc:language>de</dc:language></metadata>
    <manifest>
    \(nav ? "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>" : "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>")
    <item id="c1" href="text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="text/chapter2.xhtml" media-type="application/xhtml+xml"/>
    <item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>
    </manifest>
    <spine\(nav ? "" : " toc=\"ncx\"")><itemref idref="cover" linear="no"/><itemref idref="c1"/><itemref idref="c2"/></spine>
    </package>
    """
  }

  static let nav = """
    <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
    <body><nav epub:type="toc"><ol><li><a href="text/chapter%201.xhtml">Erstes Kapitel</a></li>
    <li><a href="text/chapter2.xhtml#start">Zweites Kapitel</a></li></ol></nav></body></html>
    """

  static let ncx = """
    <?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
    <navPoint id="n1"><navLabel><text>Erstes Kapitel</text></navLabel><content src="text/chapter%201.xhtml"/></navPoint>
    <navPoint id="n2"><navLabel><text>Zweites Kapitel</text></navLabel><content src="text/chapter2.xhtml#start"/></navPoint>
    </navMap></ncx>
    """

  static func chapter(_ heading: String, _ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head>
    <body><h1>\(heading)</h1><p>\(body)</p></body></html>
    """
  }

  static func epub(version: String = "3.0", nav: Bool = true, encryption: String? = nil) -> [UInt8] {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", container)
    if let encryption { zip.add("META-INF/encryption.xml", encryption) }
    zip.add("OEBPS/content.opf", package(version: version, nav: nav))
    if nav { zip.add("OEBPS/nav.xhtml", Self.nav) } else { zip.add("OEBPS/toc.ncx", ncx) }
    zip.add("OEBPS/cover.xhtml", chapter("Cover", "Not read."))
    zip.add("OEBPS/text/chapter 1.xhtml", chapter("1", "Es war z. B. kalt. Wir gingen los."))
    zip.add("OEBPS/text/chapter2.xhtml", chapter("2", "Dann kam die Sonne."))
    return zip.bytes
  }

  func read(_ bytes: [UInt8]) throws -> BookDocument { try EPUBBook.read(bytes, path: "test.epub") }

  @Test func anEpub3IsReadInSpineOrderWithItsNavigationTitles() throws {
    let book = try read(Self.epub())
    #expect(book.format == .epub)
    #expect(book.title == "Die Reise")
    #expect(book.author == "Anna Beispiel")
    #expect(book.language == "de")
    #expect(!book.text.contains("Not read."))
    #expect(sentenceTexts(book) == ["1", "Es war z. B. kalt.", "Wir gingen los.", "2", "Dann kam die Sonne."])
    #expect(book.chapters.map(\.title) == ["Erstes Kapitel", "Zweites Kapitel"])
    #expect(
      book.chapters.map(\.start) == [
        0, book.text.unicodeScalars.count - "2\n\nDann kam die Sonne.".unicodeScalars.count,
      ])
  }

  @Test func aChapterWhoseDocumentHasNoTextIsKeptWhereTheNextBegins() throws {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", Self.container)
    zip.add(
      "OEBPS/content.opf",
      Self.package(version: "3.0", nav: true).replacing(
        #"<itemref idref="c2"/>"#, with: #"<itemref idref="empty"/><itemref idref="c2"/>"#
      ).replacing(
        "</manifest>", with: #"<item id="empty" href="text/empty.xhtml" media-type="application/xhtml+xml"/></manifest>"#))
    zip.add(
      "OEBPS/nav.xhtml",
      Self.nav.replacing(
        #"<li><a href="text/chapter2.xhtml#start">"#,
        with: #"<li><a href="text/empty.xhtml">Ein leeres Kapitel</a></li><li><a href="text/chapter2.xhtml#start">"#))
    zip.add("OEBPS/text/chapter 1.xhtml", Self.chapter("1", "Es war z. B. kalt. Wir gingen los."))
    zip.add("OEBPS/text/empty.xhtml", #"<html xmlns="http://www.w3.org/1999/xhtml"><body><img src="x.png"/></body></html>"#)
    zip.add("OEBPS/text/chapter2.xhtml", Self.chapter("2", "Dann kam die Sonne."))
    let book = try read(zip.bytes)
    #expect(book.chapters.map(\.title) == ["Erstes Kapitel", "Ein leeres Kapitel", "Zweites Kapitel"])
    let second = book.text.unicodeScalars.count - "2\n\nDann kam die Sonne.".unicodeScalars.count
    #expect(book.chapters.map(\.start) == [0, second, second])
  }

  @Test func nestedContentsEntriesAreChaptersOfADeeperLevel() throws {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", Self.container)
    zip.add("OEBPS/content.opf", Self.package(version: "3.0", nav: true))
    zip.add(
      "OEBPS/nav.xhtml",
      Self.nav.replacing(
        #"<li><a href="text/chapter2.xhtml#start">Zweites Kapitel</a></li></ol>"#,
        with: #"<ol><li><a href="text/chapter2.xhtml#start">Zweites Kapitel</a></li></ol></li></ol>"#
      ).replacing(#"Erstes Kapitel</a></li>"#, with: "Erstes Kapitel</a>"))
    zip.add("OEBPS/text/chapter 1.xhtml", Self.chapter("1", "Es war z. B. kalt. Wir gingen los."))
    zip.add("OEBPS/text/chapter2.xhtml", Self.chapter("2", "Dann kam die Sonne."))
    let book = try read(zip.bytes)
    #expect(book.chapters.map(\.title) == ["Erstes Kapitel", "Zweites Kapitel"])
    #expect(book.chapters.map(\.level) == [1, 2])
    let ncxBook = try read(Self.epub(version: "2.0", nav: false))
    #expect(ncxBook.chapters.map(\.level) == [1, 1])
  }

  @Test func anEpub2TakesItsTitlesFromTheNcx() throws {
    let book = try read(Self.epub(version: "2.0", nav: false))
    #expect(book.chapters.map(\.title) == ["Erstes Kapitel", "Zweites Kapitel"])
  }

  @Test func encryptedTextIsRefusedAsProtected() {
    let encryption = """
      <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
      <enc:EncryptedData><enc:CipherData><enc:CipherReference URI="OEBPS/text/chapter2.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>
      """
    #expect(throws: BookError.protected(path: "test.epub")) { try read(Self.epub(encryption: encryption)) }
    #expect(BookError.protected(path: "b.epub").description.contains("is protected (DRM)"))
  }

  @Test func obfuscatedFontsAreNotProtection() throws {
    let encryption = """
      <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
      <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/><enc:CipherData><enc:CipherReference URI="OEBPS/fonts/serif.otf"/></enc:CipherData></enc:EncryptedData></encryption>
      """
    #expect(try read(Self.epub(encryption: encryption)).sentences.count == 5)
  }

  @Test func aTruncatedEpubIsReportedAsDamaged() {
    let bytes = Self.epub()
    #expect(throws: BookError.self) { try read(Array(bytes.prefix(bytes.count / 2))) }
    do {
      _ = try read(Array(bytes.prefix(bytes.count - 30)))
      Issue.record("a truncated EPUB was read")
    } catch {
      #expect("\(error)".contains("is damaged"))
    }
  }

  @Test func somethingThatIsNotAZipIsNotAnEpub() {
    #expect(throws: BookError.damaged(path: "test.epub", reason: "it is not a zip archive, as an EPUB must be")) {
      try read(Array("just text".utf8))
    }
  }

  @Test func theReaderPicksTheFormatFromTheFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formats-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let epub = folder.appendingPathComponent("Die Reise.epub").path
    FileManager.default.createFile(atPath: epub, contents: Data(Self.epub()))
    #expect(try BookParser.read(path: epub).document.format == .epub)
    let html = folder.appendingPathComponent("page.html").path
    FileManager.default.createFile(atPath: html, contents: Data("<p>Hello there.</p>".utf8))
    #expect(try BookParser.read(path: html).document.format == .html)
    let markdown = folder.appendingPathComponent("notes.md").path
    FileManager.default.createFile(atPath: markdown, contents: Data("# Notes\n\nHello.".utf8))
    #expect(try BookParser.read(path: markdown).document.format == .markdown)
    let pdf = folder.appendingPathComponent("paper.pdf").path
    FileManager.default.createFile(atPath: pdf, contents: Data("%PDF-1.4".utf8))
    #expect(throws: BookError.unsupported(path: pdf, kind: "a PDF")) { try BookParser.read(path: pdf) }
  }
}

/// Hostile and broken books: each is refused (or read as far as it can be) with a clear reason, never a crash.
@Suite struct HostileInputTests {
  func temporary(_ name: String, _ bytes: [UInt8]) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)-\(name)")
      .path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  func message(_ path: String) -> String {
    do {
      _ = try BookParser.read(path: path)
      return "read"
    } catch {
      return error.description
    }
  }

  @Test func aZipBombIsRefused() {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", EPUBBookTests.container)
    zip.add("OEBPS/content.opf", String(repeating: " ", count: 20 << 20))
    let path = temporary("bomb.epub", zip.bytes)
    #expect(message(path).contains("(a zip bomb?)"))
    #expect(message(path).contains(path))
  }

  @Test func entriesNamedOutsideTheArchiveAreLeftOutAndSaidSo() throws {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", EPUBBookTests.container)
    zip.add("OEBPS/content.opf", EPUBBookTests.package(version: "3.0", nav: false))
    zip.add("../../etc/evil.xhtml", "<p>Evil.</p>")
    zip.add("/absolute.xhtml", "<p>Evil.</p>")
    zip.add("OEBPS/text/chapter 1.xhtml", EPUBBookTests.chapter("1", "Fine."))
    zip.add("OEBPS/text/chapter2.xhtml", EPUBBookTests.chapter("2", "Also fine."))
    let book = try EPUBBook.read(zip.bytes, path: "evil.epub")
    #expect(book.problems.count == 2)
    #expect(book.problems.allSatisfy { $0.contains("points outside the book") })
    #expect(!book.text.contains("Evil"))
  }

  @Test func truncatedZipsAtManyLengthsNeverCrash() {
    let bytes = EPUBBookTests.epub()
    for length in stride(from: 0, to: bytes.count, by: 37) {
      _ = try? EPUBBook.read(Array(bytes.prefix(length)), path: "cut.epub")
    }
  }

  @Test func malformedXmlIsReportedAsDamage() {
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", "<container><rootfiles><rootfile full-path=")
    #expect(
      throws: BookError.damaged(
        path: "bad.epub", reason: "META-INF/container.xml does not name the book's package file")
    ) {
      try EPUBBook.read(zip.bytes, path: "bad.epub")
    }
  }

  @Test func entityExpansionInXmlDoesNotExplode() {
    let laughs = """
      <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
      <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
      <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
      <package><metadata><title>&lol9;</title></metadata></package>
      """
    var zip = ZipWriter()
    zip.add("mimetype", "application/epub+zip", deflate: false)
    zip.add("META-INF/container.xml", EPUBBookTests.container)
    zip.add("OEBPS/content.opf", laughs)
    let started = ContinuousClock.now
    _ = try? EPUBBook.read(zip.bytes, path: "laughs.epub")
    #expect(ContinuousClock.now - started < .seconds(10))
  }

  @Test func invalidUtf8IsReadAsWindows1252NotRefused() throws {
    let path = temporary("latin.txt", [0x4E, 0x61, 0xEF, 0x76, 0x65, 0x2E, 0xFF, 0xFE, 0x20, 0x4F, 0x6B, 0x2E])
    #expect(try BookParser.read(path: path).document.text.hasPrefix("Naïve."))
  }

  @Test func aHugeSingleLineBookIsReadWithBoundedSentences() throws {
    // 6 MB on one line, sentences without end: windows keep ICU's memory bounded.
    let line = String(repeating: "word ", count: 1_200_000)
    let path = temporary("line.txt", Array(line.utf8))
    let book = try BookParser.read(path: path).document
    #expect(book.sentences.count >= 80)
    #expect(book.sentences.allSatisfy { $0.length <= SentenceSegmenter.window })
  }

  @Test func aBookLargerThanTheLimitIsRefused() {
    let path = temporary("big.txt", [UInt8](repeating: 0x61, count: BookParser.maximumBytes + 1))
    #expect(message(path) == "the book '\(path)' is too large (32 MB); the box reads books up to 32 MB")
  }

  @Test func binaryAndUnknownFilesAreRefused() {
    #expect(
      message(temporary("photo.txt", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1])).contains(
        "it is not text"))
    #expect(message(temporary("renamed.txt", Array("%PDF-1.7\n".utf8))).contains("is a PDF"))
    #expect(message(temporary("empty.txt", [])).contains("has no text to read"))
  }

  @Test func scriptsWithAngleBracketsDoNotSwallowThePage() {
    let page = "<body><script>for (i=0; i<n; i++) { x = a > b; }</script><p>Visible text.</p></body>"
    #expect(HTMLBook.read(Array(page.utf8)).text == "Visible text.")
  }

  @Test func aLineBreakInsideAHeadingIsASpace() {
    let page = "<body><h2>CHAPTER I.<br/>Down the Rabbit-Hole</h2><p>Alice was tired.</p></body>"
    let book = HTMLBook.read(Array(page.utf8))
    #expect(book.chapters.map(\.title) == ["CHAPTER I. Down the Rabbit-Hole"])
    #expect(book.chapters.first?.start == 0)
  }

  @Test func latin1AndTypographicEntitiesAreDecoded() {
    #expect(
      HTMLBook.decodeEntities("&Eacute;t&eacute; &bdquo;Gr&uuml;&szlig;e&ldquo; &oelig;uvre &middot; &sect;3")
        == "Été „Grüße“ œuvre · §3")
  }

  @Test func markdownFrontMatterIsNotRead() {
    let book = MarkdownBook.read(Array("---\ntitle: \"My Notes\"\ndate: 2026\n---\n\nHello there.".utf8))
    #expect(book.title == "My Notes")
    #expect(book.text == "Hello there.")
    #expect(book.chapters.isEmpty)
  }
}

/// Inputs the fuzzers found, kept as regressions (they are also seeds in Tests/FuzzCorpus).
@Suite struct FuzzFindingTests {
  @Test func anEmptyProcessingInstructionInXmlIsNoCrash() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("FuzzCorpus/epub/empty-processing-instruction.epub").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(throws: BookError.self) { try EPUBBook.read([UInt8](bytes), path: "found.epub") }
  }

  @Test func xmlWithMalformedUtf8IsRefusedAndOddPartsAreRead() {
    #expect(XMLNode.parse([0x3C, 0x61, 0xD0, 0xFD, 0x3E]) == nil)
    #expect(XMLNode.parse(Array("<?pi?><a b='1'>x<![CDATA[<y>]]><!-- c --></a>".utf8))?.allText == "x<y>")
  }

  /// The XML reader reads UTF-8 bytes: a byte order mark, names and values beyond ASCII, a `>` inside a
  /// quoted value, Unicode's white space between attributes, prefixes and entities come out as characters.
  @Test func xmlIsReadFromItsBytesWithEveryCharacterKept() throws {
    let xml = "\u{FEFF}<!DOCTYPE x [<!ENTITY e \"no\">]><opf:package xmlns:opf='u'>"
      + "<item\u{00A0}id=\"ç1\"\u{3000}href='Kapitel Ä.xhtml' title=\"a > b &amp; c\"/>"
      + "<dc:title>Zoë &#x2014; “Ünïcödé”</dc:title><mark>日本語</mark></opf:package>"
    let root = try #require(XMLNode.parse(Array(xml.utf8)))
    #expect(root.name == "package")
    let item = try #require(root.first("item"))
    #expect(item.attribute("id") == "ç1")
    #expect(item.attribute("href") == "Kapitel Ä.xhtml")
    #expect(item.attribute("title") == "a > b & c")
    #expect(item.children.isEmpty)
    #expect(root.first("title")?.allText == "Zoë — “Ünïcödé”")
    #expect(root.first("mark")?.text == "日本語")
    #expect(root.all("item").count == 1 && root.first("nothing") == nil)
    #expect(XMLNode.tag(Array("a  href='x y'".unicodeScalars)).1 == ["href": "x y"])
    // An unterminated CDATA section runs to the end of the file, its last character whole.
    #expect(XMLNode.parse(Array("<a><![CDATA[xxé".utf8))?.text == "xxé")
  }
}
