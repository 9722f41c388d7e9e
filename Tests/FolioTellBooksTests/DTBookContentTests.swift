import Testing

@testable import FolioTellBooks

/// DTBook, a DAISY 3 book's content: its own elements for pages, notes and producer's notes follow the same
/// settings as EPUB's (notes and page numbers are not read unless notes are asked for).
@Suite struct DTBookContentTests {
  static let dtbook = """
    <?xml version="1.0" encoding="utf-8"?>
    <dtbook xmlns="http://www.daisy.org/z3986/2005/dtbook/" version="2005-3" xml:lang="en"><book><bodymatter>
    <level1><h1 id="h">The Voyage</h1>
    <p>The ship left at dawn<noteref idref="#n1">1</noteref> and sailed west.</p>
    <prodnote render="optional">A drawing of a three-masted ship.</prodnote>
    <pagenum page="normal" id="p5">5</pagenum>
    <p>The wind held all day.</p>
    <note id="n1"><p>Dawn was at five that morning.</p></note>
    </level1></bodymatter></book></dtbook>
    """

  @Test func notesProducersNotesAndPageNumbersAreSkippedUnlessNotesAreRead() {
    let book = HTMLBook.read(Array(Self.dtbook.utf8))
    #expect(book.text.contains("The ship left at dawn and sailed west."))
    #expect(book.text.contains("The wind held all day."))
    #expect(!book.text.contains("three-masted"))
    #expect(!book.text.contains("Dawn was at five"))
    #expect(!book.text.contains("5\n"))
    #expect(book.pages.map(\.label) == ["5"])
    #expect(book.notes.count == 1)
    let withNotes = HTMLBook.read(Array(Self.dtbook.utf8), readNotes: true)
    #expect(withNotes.text.contains("Dawn was at five that morning."))
    #expect(withNotes.text.contains("A drawing of a three-masted ship."))
  }
}
