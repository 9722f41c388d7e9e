import FolioTellCore
import FolioTellTestSupport
import Foundation
import Synchronization
import Testing

@testable import FolioTellRuntime

/// A long book in a trace is written as its size only, so the ring stays within its bound and a line is
/// quick to write; replay finds the book again through its finder, or stands in with its size.
@Suite struct LongBookTraceTests {
  /// A book of `sentences` sentences of 40 characters each, with its text.
  static func longBook(sentences: Int) -> SentenceMap {
    let sentence = "A sentence of prose that goes on a bit."
    let text = Array(repeating: sentence, count: sentences).joined(separator: " ")
    let spans = (0..<sentences).map { TextSpan(start: $0 * 40, end: $0 * 40 + 39) }
    return try! SentenceMap(sentences: spans, text: text)
  }

  @Test func aLongBookIsWrittenAsItsSizeAndReadBackThroughItsFinder() throws {
    let book = Self.longBook(sentences: 10_000)
    #expect(book.endOffset > TraceCoding.longBookCharacters)
    let line = TraceCoding.line(.bookOpened(bookID: "long", book: book, saved: nil, title: "Long"), at: 1)
    #expect(line.utf8.count < 400, "the line: \(line.prefix(400))")
    #expect(line.contains(#""elided":{"characters":\#(book.endOffset),"sentences":10000}"#))

    let asked = Mutex<[[Int]]>([])
    let finder = LongBookCoding.Finder { characters, sentences in
      asked.withLock { $0.append([characters, sentences]) }
      return characters == book.endOffset ? LongBookCoding.Found(map: book) : nil
    }
    let found = try #require(try TraceCoding.readEntry(line, line: 2, books: finder))
    guard case .bookOpened(_, let read, _, let title, _, _, _, _, _, _, _, _) = found.event else {
      Issue.record("not a book opened: \(found.event)")
      return
    }
    #expect(read == book && title == "Long")
    #expect(asked.withLock { $0 } == [[book.endOffset, 10_000]])

    // Without the book, its size stands in: every sentence and place in the trace is still in the book.
    let standIn = try #require(try TraceCoding.readEntry(line, line: 2))
    guard case .bookOpened(_, let sized, _, _, _, _, _, _, _, _, _, _) = standIn.event else { return }
    #expect(sized.count == 10_000 && sized.endOffset == book.endOffset && !sized.hasText)
    #expect(sized.sentenceIndex(at: book.sentences[5_000].start) == 5_000)
  }

  @Test func aBookBeingIndexedKeepsItsExpectedEndAndAShortBookIsWrittenWhole() throws {
    var beginning = Self.longBook(sentences: 7_000)
    beginning.expectedEndOffset = 9_000_000
    let line = TraceCoding.line(.bookIndexed(bookID: "long", book: beginning), at: 3)
    let read = try #require(try TraceCoding.readEntry(line, line: 2))
    guard case .bookIndexed(_, let sized, _, _, _, _) = read.event else { return }
    #expect(sized.expectedEndOffset == 9_000_000 && !sized.isWhole)

    let short = Self.longBook(sentences: 20)
    let written = TraceCoding.line(.bookIndexed(bookID: "short", book: short), at: 3)
    #expect(!written.contains("elided"))
    let again = try #require(try TraceCoding.readEntry(written, line: 2))
    #expect(again.event == .bookIndexed(bookID: "short", book: short))
  }

  @Test func theRingStaysWithinItsBoundWithALongBookOpenAndReplaysIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ring-\(UUID().uuidString)").path
    let ring = try TraceRing(folder: folder, fileBytes: 4096, files: 3)
    let recorder = TraceRecorder(ring: ring)
    let harness = Harness { parts in SimulatedSpeechEngine(sink: parts.sink, scheduler: parts.scheduler) }
    harness.runtime.observe { recorder.record($0) }
    let book = Self.longBook(sentences: 20_000)
    // Its layout as a long book's: a page every 2,000 characters, a paragraph every 10 sentences.
    let layout = LongBookCoding.Layout(
      chapters: (0..<20).map { ChapterMark(title: "Chapter \($0 + 1)", start: $0 * 40_000) },
      pages: (0..<400).map { PageMark(label: String($0 + 1), start: $0 * 2_000) }, notes: [],
      paragraphs: Array(stride(from: 0, to: book.endOffset, by: 400)))
    harness.funnel.post(
      .bookOpened(
        bookID: "long", book: book, saved: nil, title: "Long", chapters: layout.chapters, pages: layout.pages,
        paragraphs: layout.paragraphs))
    for _ in 0..<300 { harness.funnel.post(.control(name: .next, gesture: .release)) }
    harness.funnel.drain()
    #expect(ring.paths.count == 3)
    var last: BoxState?
    for path in ring.paths {
      let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? .max
      // A file is closed at its bound; the line that crosses it is a step, not a book.
      #expect(size < 4096 + 8192, "\(path) is \(size) bytes")
      let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
      var replay = Replay(books: LongBookCoding.Finder { _, _ in LongBookCoding.Found(map: book, layout: layout) })
      for line in lines { _ = try replay.feed(line) }
      #expect(replay.root?.book.id == "long")
      #expect(replay.root?.playback.book == book)
      #expect(replay.root?.book.pages == layout.pages && replay.root?.book.chapters == layout.chapters)
      #expect(lines[0].contains(#""layoutLeftOut":true"#) && !lines[0].contains(#""label":"#))
      last = replay.root
    }
    #expect(last == harness.state)
  }
}
