import FolioTellCore
import Foundation
import Testing

@testable import FolioTellBooks

/// DAISY 2.02 books with text: the NCC's headings are chapters and its pages pages, the text is read in the
/// SMIL files' order, and the library lists the folder as one book.
@Suite struct DAISY202Tests {
  static let ncc = """
    <?xml version="1.0" encoding="utf-8"?>
    <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "xhtml1-transitional.dtd">
    <html xmlns="http://www.w3.org/1999/xhtml"><head><title>A Walk</title>
    <meta name="dc:title" content="A Walk by the Sea" /><meta name="dc:creator" content="Jane Example" />
    <meta name="dc:language" content="en" /><meta name="ncc:multimediaType" content="textNCC" /></head>
    <body>
    <h1 class="title" id="n1"><a href="s1.smil#t1">A Walk by the Sea</a></h1>
    <h2 id="n2"><a href="s1.smil#t2">The Morning</a></h2>
    <span class="page-normal" id="n3"><a href="s1.smil#t4">2</a></span>
    <h2 id="n4"><a href="S2.SMIL#t5">The Evening</a></h2>
    </body></html>
    """

  static let smil1 = """
    <?xml version="1.0" encoding="utf-8"?>
    <smil><head><meta name="dc:format" content="Daisy 2.02" /></head><body><seq>
    <par endsync="last" id="t1"><text src="content.html#c1" id="x1" /></par>
    <par endsync="last" id="t2"><text src="content.html#c2" id="x2" /></par>
    <par endsync="last" id="t3"><text src="content.html#c3" id="x3" /></par>
    <par endsync="last" id="t4"><text src="content.html#c4" id="x4" /></par>
    </seq></body></smil>
    """

  static let smil2 = """
    <?xml version="1.0" encoding="utf-8"?>
    <smil><body><seq><par endsync="last" id="t5"><text src="content.html#c5" id="x5" /></par>
    <par id="t6"><text src="content.html#c6" /></par></seq></body></smil>
    """

  static let content = """
    <?xml version="1.0" encoding="utf-8"?>
    <html xmlns="http://www.w3.org/1999/xhtml"><head><title>A Walk</title></head><body>
    <h1 id="c1">A Walk by the Sea</h1>
    <h2 id="c2">The Morning</h2>
    <p id="c3">We left the house early. The sand was cold.</p>
    <span class="page-normal" id="c4">2</span>
    <p>Gulls called over the water.</p>
    <h2 id="c5">The Evening</h2>
    <p id="c6">The tide came in. We went home.</p>
    </body></html>
    """

  static func folder(_ files: [String: String]) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daisy-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in files { FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8)) }
    return folder
  }

  static let book = ["ncc.html": ncc, "s1.smil": smil1, "s2.smil": smil2, "content.html": content]

  func sentences(_ book: BookDocument) -> [String] {
    book.sentences.map { span in
      String(String.UnicodeScalarView(Array(book.text.unicodeScalars)[span.start..<span.end]))
    }
  }

  @Test func aTextBookIsReadWithItsHeadingsAsChaptersAndItsPages() throws {
    let folder = Self.folder(Self.book)
    for path in [folder, folder + "/ncc.html"] {
      let (id, book) = try BookParser.read(path: path)
      #expect(book.format == .daisy202)
      #expect(book.title == "A Walk by the Sea" && book.author == "Jane Example" && book.language == "en")
      #expect(
        sentences(book) == [
          "A Walk by the Sea", "The Morning", "We left the house early.", "The sand was cold.",
          "Gulls called over the water.", "The Evening", "The tide came in.", "We went home.",
        ])
      #expect(book.chapters.map(\.title) == ["A Walk by the Sea", "The Morning", "The Evening"])
      #expect(book.chapters.map(\.level) == [1, 2, 2])
      #expect(book.pages.map(\.label) == ["2"])
      let gulls = book.text.unicodeScalars.count - "Gulls called over the water.\n\nThe Evening\n\nThe tide came in. We went home.".unicodeScalars.count
      #expect(book.pages.first?.start == gulls)
      #expect(id == BookIdentity.id(forContent: Array(Self.ncc.utf8)))
      #expect(book.problems.isEmpty, "\(book.problems)")
    }
  }

  @Test func aNarratedBookWhoseAudioIsMissingAndABrokenOneSayWhy() throws {
    let narrated = Self.folder([
      "NCC.HTML": Self.ncc,
      "s1.smil": #"<smil><body><seq><par id="t1"><audio src="a.mp3" clip-begin="npt=0.000s" clip-end="npt=1.5s"/></par></seq></body></smil>"#,
    ])
    #expect(throws: BookError.damaged(path: narrated, reason: "'s1.smil' plays 'a.mp3', which is not in the book")) {
      try BookParser.read(path: narrated)
    }
    let broken = Self.folder(["ncc.html": "<html><body><h1><a href=\"s1.smil#t1\">One</a>"])
    #expect {
      try BookParser.read(path: broken)
    } throws: { error in
      "\(error)".contains("is damaged: its NCC points to SMIL files that are missing or not well-formed: s1.smil")
    }
  }

  @Test func theLibraryListsTheFolderAsOneBook() throws {
    let library = Self.folder(["loose.txt": "A loose text book."])
    let daisy = library + "/walk"
    try FileManager.default.createDirectory(atPath: daisy, withIntermediateDirectories: true)
    for (name, text) in Self.book { FileManager.default.createFile(atPath: daisy + "/" + name, contents: Data(text.utf8)) }
    let found = Library(folders: [library], mediaRoot: nil).scan()
    #expect(found.books.map(\.title).sorted() == ["A Walk by the Sea", "loose"], "\(found.books.map(\.path))")
    #expect(found.books.first { $0.format == .daisy202 }?.path == daisy + "/ncc.html")
    #expect(found.problems.isEmpty, "\(found.problems)")
  }

  @Test func aDiscOfSeveralBooksListsEachAndIsNotOneBook() throws {
    let disc = Self.folder(["discinfo.html": #"<html><body><a href="walk/ncc.html">A Walk</a><a href="again/ncc.html">Again</a></body></html>"#])
    for name in ["walk", "again"] {
      try FileManager.default.createDirectory(atPath: disc + "/" + name, withIntermediateDirectories: true)
      for (file, text) in Self.book { FileManager.default.createFile(atPath: disc + "/\(name)/" + file, contents: Data(text.utf8)) }
    }
    let found = Library(folders: [disc], mediaRoot: nil).scan()
    #expect(found.books.map(\.path).sorted() == [disc + "/again/ncc.html", disc + "/walk/ncc.html"])
    #expect(found.problems.isEmpty, "\(found.problems)")
    #expect {
      try BookParser.read(path: disc)
    } throws: { error in
      "\(error)".contains("it is a disc of 2 DAISY books (its discinfo.html lists them): name one of their folders")
    }
    #expect(try BookParser.read(path: disc + "/walk").document.title == "A Walk by the Sea")
  }
}
