import FolioTellCore
import Testing

@testable import FolioTellBooks

/// Tables, task lists and quotes in Markdown, as a listener hears them: sentence by sentence.
@Suite struct MarkdownReadingTests {
  static let table = """
    | Name | Price |
    |------|------:|
    | Tea  | $3.50 |
    | Cake | `$4`  |
    """

  @Test(arguments: [
    // A table: each row a sentence of its cells; the line of dashes is not read.
    (table, ["Name, Price.", "Tea, $3.50.", "Cake, $4."]),
    // Without outer bars, with alignment marks, an escaped bar and an empty cell.
    ("Left | Right\n:--- | :---:\na \\| b | \nc | d!", ["Left, Right.", "a | b.", "c, d!"]),
    // The table ends at a blank line or a line without a bar.
    ("| A | B |\n| - | - |\n| 1 | 2 |\nAfter the table.", ["A, B.", "1, 2.", "After the table."]),
    // A bar in a sentence is no table without its line of dashes.
    ("Either this | or that.\nGoes on here.", ["Either this | or that.", "Goes on here."]),
    // Nor is a line of dashes with a different number of cells.
    ("| A | B |\n|---|\n", ["| A | B | |---|"]),
    // Tasks: the box is said, and a quote after an item is a paragraph of its own.
    ("- [ ] a task\n- [x] done\n> A quote.", ["To do: a task", "Done: done", "A quote."]),
    (
      "* [X] Shipped.\n\n> First line\ngoes on lazily.\n\nAfter.",
      ["Done: Shipped.", "First line goes on lazily.", "After."]
    ),
    // A quote after a paragraph is apart from it, and its lines are one paragraph.
    ("Said she:\n> Come in.\n> Sit down.", ["Said she:", "Come in.", "Sit down."]),
    // Brackets that are not a task's box are read as written.
    ("- [see below] for more.", ["[see below] for more."]),
    // An empty heading is not read as "hash hash", with or without its closing hashes.
    ("Before.\n\n##\n\n### ###\n\n#\nAfter.", ["Before.", "After."]),
    // Seven hashes are no heading: text.
    ("#######", ["#######"]),
  ])
  func englishMarkdownIsReadAsSentences(markdown: String, sentences: [String]) {
    #expect(sentenceTexts(MarkdownBook.read(Array(markdown.utf8))) == sentences)
  }

  @Test func anEmptyHeadingStartsNoChapter() {
    let book = MarkdownBook.read(Array("# One\n\nText.\n\n##\n\nMore.\n\n## Two\n\nEnd.".utf8))
    #expect(book.chapters.map(\.title) == ["One", "Two"])
  }

  @Test(arguments: [
    ("de", ["Offen: Brot kaufen", "Erledigt: Milch"]),
    ("en-GB", ["To do: Brot kaufen", "Done: Milch"]),
    ("fr", ["Brot kaufen", "Milch"]),
  ])
  func theTaskBoxIsSaidInTheBooksLanguageOrDropped(language: String, sentences: [String]) {
    let book = MarkdownBook.read(Array("- [ ] Brot kaufen\n- [x] Milch".utf8), language: language)
    #expect(sentenceTexts(book) == sentences)
  }

  @Test func quotesAndTablesKeepTheirParagraphs() {
    let book = MarkdownBook.read(Array("- [ ] a task\n> a quote\n\n| A | B |\n|---|---|\n| 1 | 2 |".utf8))
    #expect(book.text == "To do: a task\n\na quote\n\nA, B.\n\n1, 2.")
    #expect(book.paragraphStarts.count == 4)
  }
}
