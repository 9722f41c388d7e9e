import FolioTellBooks
import Foundation
import Testing

/// DAISY books made by a producer (PyPI's anemone-daisy-maker, installed by `scripts/install-python-tools`),
/// at test time: opened, read, and navigated by heading level and page as a listener would.
@Suite(.serialized) struct DAISYMadeByOthersTests {
  static let venv = ProcessInfo.processInfo.environment["FOLIOTELL_PYTHON_TOOLS"] ?? "/var/cache/foliotell/anemone-venv"
  static var available: Bool { FileManager.default.isExecutableFile(atPath: venv + "/bin/python") }

  static let chapters = [
    """
    <h1 data-pid="c1-h"><span data-no="1"></span>Chapter 1: The Harbour</h1>
    <p data-pid="c1-p1">The little harbour lay sheltered behind a long arm of grey stone.</p>
    <h2 data-pid="c1-h2"><span data-no="2"></span>The Keeper</h2>
    <p data-pid="c1-p2">He was an old man with a weathered face.</p>
    """,
    """
    <h1 data-pid="c2-h"><span data-no="3"></span>Chapter 2: The Storm</h1>
    <p data-pid="c2-p1">The wind rose in the night and the sea grew wild.</p>
    <h2 data-pid="c2-h2">The Ship</h2>
    <p data-pid="c2-p2">A small ship fought its way toward the harbour.</p>
    """,
  ]

  /// A DAISY 2.02 text book (a zip) made by anemone from the chapters above.
  static func make(daisy3: Bool = false) throws -> String {
    let folder = VirtualRun.folder()
    var inputs: [String] = []
    for (index, body) in chapters.enumerated() {
      let path = folder + "/ch\(index + 1).html"
      let html = """
        <!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/>\
        <title>Chapter \(index + 1)</title></head><body>\(body)</body></html>
        """
      FileManager.default.createFile(atPath: path, contents: Data(html.utf8))
      inputs.append(path)
    }
    let output = folder + "/keeper.zip"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: venv + "/bin/python")
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.arguments =
      ["-m", "anemone"] + (daisy3 ? ["--daisy3"] : []) + inputs + [
        output, "--title", "The Keeper of the Light", "--creator", "A. N. Author", "--lang", "en", "--date",
        "2024-01-01", "--url", "urn:uuid:6f1c2d3e-0000-4000-8000-000000000001", "--cache", "",
      ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    guard process.terminationStatus == 0 else { throw DAISYMakerFailed(message: said) }
    return output
  }

  struct DAISYMakerFailed: Error { var message: String }

  @Test func aDAISY202TextBookOpensWithItsLevelsAndPages() throws {
    guard Self.available else {
      print("skipped: anemone-daisy-maker is not installed at \(Self.venv) (scripts/install-python-tools)")
      return
    }
    let (_, book) = try BookParser.read(path: try Self.make())
    #expect(book.format == .daisy202)
    #expect(book.title == "The Keeper of the Light" && book.author == "A. N. Author" && book.language == "en")
    #expect(book.chapters.map(\.title) == ["Chapter 1: The Harbour", "The Keeper", "Chapter 2: The Storm", "The Ship"])
    #expect(book.chapters.map(\.level) == [1, 2, 1, 2])
    #expect(book.pages.map(\.label) == ["1", "2", "3"])
    #expect(book.text.contains("He was an old man with a weathered face."))
    #expect(!book.text.contains("\n\n1\n\n"), "a page number is not read")
  }

  @Test func aDAISY3TextBookOpensWithItsLevelsAndPages() throws {
    guard Self.available else {
      print("skipped: anemone-daisy-maker is not installed at \(Self.venv) (scripts/install-python-tools)")
      return
    }
    let (_, book) = try BookParser.read(path: try Self.make(daisy3: true))
    #expect(book.format == .daisy3)
    #expect(book.title == "The Keeper of the Light" && book.author == "A. N. Author" && book.language == "en")
    #expect(book.chapters.map(\.title) == ["Chapter 1: The Harbour", "The Keeper", "Chapter 2: The Storm", "The Ship"])
    #expect(book.chapters.map(\.level) == [1, 2, 1, 2])
    #expect(book.pages.map(\.label) == ["1", "2", "3"])
    #expect(book.text.components(separatedBy: "The Keeper of the Light").count == 2, "the title is said once")
    #expect(book.text.contains("A small ship fought its way toward the harbour."))
  }

  @Test func aLibraryListsEachUnpackedBookOnce() throws {
    guard Self.available else {
      print("skipped: anemone-daisy-maker is not installed at \(Self.venv) (scripts/install-python-tools)")
      return
    }
    let library = VirtualRun.folder()
    for (name, zip) in [("two", try Self.make()), ("three", try Self.make(daisy3: true))] {
      let unzip = Process()
      unzip.executableURL = URL(fileURLWithPath: Self.venv + "/bin/python")
      unzip.arguments = ["-m", "zipfile", "-e", zip, library + "/" + name]
      try unzip.run()
      unzip.waitUntilExit()
      #expect(unzip.terminationStatus == 0)
    }
    let found = Library(folders: [library], mediaRoot: nil).scan()
    #expect(found.books.map(\.format).sorted { $0.rawValue < $1.rawValue } == [.daisy202, .daisy3], "\(found.books.map(\.path))")
    #expect(found.books.allSatisfy { $0.title == "The Keeper of the Light" })
    #expect(found.problems.isEmpty, "\(found.problems)")
  }

  @Test func whereTheNCXAndTheSpineDisagreeTheNCXIsFollowedAndSaid() throws {
    guard Self.available else {
      print("skipped: anemone-daisy-maker is not installed at \(Self.venv) (scripts/install-python-tools)")
      return
    }
    let folder = VirtualRun.folder() + "/book"
    let unzip = Process()
    unzip.executableURL = URL(fileURLWithPath: Self.venv + "/bin/python")
    unzip.arguments = ["-m", "zipfile", "-e", try Self.make(daisy3: true), folder]
    try unzip.run()
    unzip.waitUntilExit()
    let opf = folder + "/package.opf"
    let package = try String(contentsOfFile: opf, encoding: .utf8)
    // The second chapter's SMIL file taken out of the spine: the NCX still points into it.
    let cut = package.replacingOccurrences(of: #"<itemref idref="0002"/>"#, with: "")
    #expect(cut != package, "the package's spine as anemone writes it")
    try cut.write(toFile: opf, atomically: true, encoding: .utf8)
    let (_, book) = try BookParser.read(path: folder)
    #expect(book.text.contains("The wind rose in the night and the sea grew wild."))
    #expect(book.chapters.map(\.title) == ["Chapter 1: The Harbour", "The Keeper", "Chapter 2: The Storm", "The Ship"])
    #expect(book.problems.contains("the NCX points to '0002.smil', which the package's spine does not list; the NCX is followed"), "\(book.problems)")
  }

  @Test func aListenerMovesThroughItByLevelAndByPage() throws {
    guard Self.available else {
      print("skipped: anemone-daisy-maker is not installed at \(Self.venv) (scripts/install-python-tools)")
      return
    }
    let book = try Self.make()
    // A long push of the knob three times: paragraph, level 1, level 2; then NEXT twice; then level 1
    // again (three more pushes round: page, sentence, paragraph, level 1) and PREVIOUS.
    let script = """
      1.0 ENCODER_PUSH long
      1.2 ENCODER_PUSH release
      3.0 ENCODER_PUSH long
      3.2 ENCODER_PUSH release
      5.0 ENCODER_PUSH long
      5.2 ENCODER_PUSH release
      7.0 NEXT
      10.0 NEXT
      13.0 STOP
      """
    let run = try VirtualRun.run(script: script, book: "", bookFile: false, extra: [book])
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    #expect(said.contains("Move by paragraph.") && said.contains("Move by level 1.") && said.contains("Move by level 2."), "\(said)")
    let landed = run.booksOpened.isEmpty ? [] : run.heard.map(\.location)
    #expect(!landed.isEmpty)
    // NEXT by level 2 goes to "The Keeper", then to "Chapter 2: The Storm".
    let opened = try BookParser.read(path: book).1
    let keeper = opened.chapters[1].start
    let storm = opened.chapters[2].start
    #expect(run.heard.contains { $0.location == keeper }, "heard from The Keeper")
    #expect(run.heard.contains { $0.location == storm }, "heard from Chapter 2")
  }

  @Test func aListenerMovesThroughADAISY3BookByPage() throws {
    guard Self.available else {
      print("skipped: anemone-daisy-maker is not installed at \(Self.venv) (scripts/install-python-tools)")
      return
    }
    let book = try Self.make(daisy3: true)
    // Four long pushes of the knob: paragraph, level 1, level 2, page; then NEXT twice.
    let pushes = (0..<4).map { "\(1 + $0 * 2).0 ENCODER_PUSH long\n\(1 + $0 * 2).2 ENCODER_PUSH release" }
    let script = pushes.joined(separator: "\n") + "\n10.0 NEXT\n13.0 NEXT\n16.0 STOP"
    let run = try VirtualRun.run(script: script, book: "", bookFile: false, extra: [book])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.announcements.map(\.text).contains("Move by page."), "\(run.announcements.map(\.text))")
    let pages = try BookParser.read(path: book).1.pages
    #expect(pages.count == 3)
    #expect(run.heard.contains { $0.location == pages[1].start }, "heard from page 2")
    #expect(run.heard.contains { $0.location == pages[2].start }, "heard from page 3")
  }

  @Test func aDAISYBookIsResumedWhereTheListenerStopped() throws {
    guard Self.available else {
      print("skipped: anemone-daisy-maker is not installed at \(Self.venv) (scripts/install-python-tools)")
      return
    }
    let book = try Self.make()
    let data = VirtualRun.folder() + "/data"
    let first = try VirtualRun.run(script: "1.0 NEXT long\n8.0 STOP", book: "", bookFile: false, dataDirectory: data, extra: [book])
    #expect(first.status == 0, "\(first.errors)")
    let lastHeard = try #require(first.heard.last?.location)
    // Power on again with no book named: the DAISY book is reopened at its place.
    let again = try VirtualRun.run(script: "6.0 STOP", book: "", bookFile: false, dataDirectory: data)
    #expect(again.status == 0, "\(again.errors)")
    #expect(again.booksOpened.first?["title"] as? String == "The Keeper of the Light")
    let resumed = try #require(again.heard.first?.location)
    #expect(resumed <= lastHeard && resumed > 0, "resumed at \(resumed), last heard \(lastHeard)")
  }
}
