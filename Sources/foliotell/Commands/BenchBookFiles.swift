import FoundationEssentials

/// The books `bench books` opens, made at run time from the public-domain sample (Lewis Carroll, 1865):
/// a long plain text, an EPUB with thousands of chapters the size of the largest public samples, and an
/// EPUB whose pages are full of MathML formulas, as a mathematics textbook is.
enum BenchBookFiles {
  /// About `megabytes` of prose in paragraphs.
  static func plainText(megabytes: Int) -> String {
    var prose = ""
    prose.reserveCapacity((megabytes << 20) + 4096)
    while prose.utf8.count < megabytes << 20 { prose += SampleBook.text + "\n\n" }
    return prose
  }

  /// An EPUB 3 of `chapters` chapters of about `charactersPerChapter` each, with a navigation document
  /// that lists them all.
  static func epub(title: String, chapters: Int, charactersPerChapter: Int, mathPerParagraph: Int = 0) -> [UInt8] {
    let paragraphs = SampleBook.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    var zip = StoredZip()
    zip.add("mimetype", "application/epub+zip")
    zip.add(
      "META-INF/container.xml",
      """
      <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
      <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
      """)
    var manifest = "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
    var spine = ""
    var navigation = ""
    var next = 0
    for chapter in 1...chapters {
      let name = "chapter\(chapter).xhtml"
      manifest += "<item id=\"c\(chapter)\" href=\"\(name)\" media-type=\"application/xhtml+xml\"/>"
      spine += "<itemref idref=\"c\(chapter)\"/>"
      navigation += "<li><a href=\"\(name)\">Chapter \(chapter)</a></li>"
      var body = "<h1>Chapter \(chapter)</h1>"
      var written = 0
      while written < charactersPerChapter {
        let paragraph = paragraphs[next % paragraphs.count]
        next += 1
        written += paragraph.unicodeScalars.count
        var escaped = paragraph.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
        for formula in 0..<mathPerParagraph {
          escaped += " Then <math xmlns=\"http://www.w3.org/1998/Math/MathML\" alttext=\"x sub \(formula) squared\">"
            + "<msup><msub><mi>x</mi><mn>\(formula)</mn></msub><mn>2</mn></msup><mo>+</mo><mfrac><mi>a</mi><mi>b</mi></mfrac></math> holds."
        }
        body += "<p>\(escaped)</p>"
      }
      zip.add("OEBPS/" + name, page(title: "Chapter \(chapter)", body: body))
    }
    zip.add("OEBPS/nav.xhtml", page(title: "Contents", body: "<nav epub:type=\"toc\"><ol>\(navigation)</ol></nav>"))
    zip.add(
      "OEBPS/content.opf",
      """
      <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">\
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">bench-\(chapters)</dc:identifier>\
      <dc:title>\(title)</dc:title><dc:language>en</dc:language></metadata>\
      <manifest>\(manifest)</manifest><spine>\(spine)</spine></package>
      """)
    return zip.bytes
  }

  private static func page(title: String, body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\
    <head><title>\(title)</title></head><body>\(body)</body></html>
    """
  }
}

/// A zip archive with every file stored (an EPUB reader must read those as it reads deflated ones).
struct StoredZip {
  private var local: [UInt8] = []
  private var central: [UInt8] = []
  private var count = 0

  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  mutating func add(_ name: String, _ text: String) {
    let data = Array(text.utf8)
    let nameBytes = Array(name.utf8)
    let crc = Self.crc32(data)
    let offset = local.count
    func header(_ signature: UInt32, central: Bool) -> [UInt8] {
      var out = le32(signature)
      if central { out += le16(20) }
      out += le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
      out += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count)) + le16(nameBytes.count) + le16(0)
      if central { out += le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) }
      return out + nameBytes
    }
    local += header(0x0403_4B50, central: false) + data
    self.central += header(0x0201_4B50, central: true)
    count += 1
  }

  var bytes: [UInt8] {
    local + central + le32(0x0605_4B50) + le16(0) + le16(0) + le16(count) + le16(count)
      + le32(UInt32(central.count)) + le32(UInt32(local.count)) + le16(0)
  }
}

private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
