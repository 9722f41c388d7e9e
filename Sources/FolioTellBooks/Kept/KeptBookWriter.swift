import FolioTellCore
import FoundationEssentials
import Glibc

/// Writes a kept book as its parts come: their text, and their sentences, paragraphs, notes and text marks
/// (offset by what came before), go straight to files of their own, so a long book is never held whole;
/// chapters and pages are gathered. `finish` writes the kept book beside them and renames it into place,
/// so a cut power leaves the old one or none.
final class KeptBookWriter {
  private let textPath: String
  private let textFile: Int32
  private var closed = false
  private var scalars = 0
  private var bytes = 0
  private let sentences: SpilledNumbers
  private let paragraphs: SpilledNumbers
  private let notes: SpilledNumbers
  private let marks: SpilledNumbers
  private var chapters: [KeptBook.Facts.Chapter] = []
  private var pages: [KeptBook.Facts.Page] = []
  private var passages: [LanguagePassage] = []

  init(folder: String, id: String) throws(BookError) {
    textPath = folder + "/" + id + ".text-part"
    textFile = open(textPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard textFile >= 0 else { throw .unreadable(path: textPath, reason: String(cString: strerror(errno))) }
    let base = folder + "/" + id
    do {
      sentences = try SpilledNumbers(path: base + ".sentences-part")
      paragraphs = try SpilledNumbers(path: base + ".paragraphs-part")
      notes = try SpilledNumbers(path: base + ".notes-part")
      marks = try SpilledNumbers(path: base + ".marks-part")
    } catch {
      close(textFile)
      unlink(textPath)
      for kind in ["sentences", "paragraphs", "notes", "marks"] { unlink(base + "." + kind + "-part") }
      throw error
    }
  }

  private var lists: [SpilledNumbers] { [sentences, paragraphs, notes, marks] }

  /// About the size of the kept book so far.
  var size: Int { bytes + 4 * (sentences.count + paragraphs.count + notes.count + marks.count) }

  /// A part of the book, after the ones before it (a blank line between them, as between paragraphs).
  func append(_ part: BookDocument) throws(BookError) {
    guard !part.text.isEmpty else { return }
    if scalars > 0 { try write("\n\n") }
    let base = scalars
    func at(_ offset: Int) -> UInt32 { UInt32(base + offset) }
    for sentence in part.sentences {
      try sentences.append(at(sentence.start))
      try sentences.append(at(sentence.end))
    }
    for start in part.paragraphStarts { try paragraphs.append(at(start)) }
    for note in part.notes { try notes.append(at(note)) }
    chapters += part.chapters.map { KeptBook.Facts.Chapter(title: $0.title, start: base + $0.start, level: $0.level) }
    pages += part.pages.map { KeptBook.Facts.Page(label: $0.label, start: base + $0.start) }
    for passage in part.passages where passages.last?.language != passage.language {
      passages.append(LanguagePassage(start: base + passage.start, language: passage.language, declared: passage.declared))
    }
    try write(part.text)
  }

  private func write(_ text: String) throws(BookError) {
    var text = text
    var marked: [UInt32] = []
    let failed = text.withUTF8 { utf8 -> Int32 in
      for (index, byte) in utf8.enumerated() where byte & 0xC0 != 0x80 {
        if scalars % TextBytes.stride == 0 { marked.append(UInt32(bytes + index)) }
        scalars += 1
      }
      return FileTree.writeAll(textFile, UnsafeRawBufferPointer(utf8))
    }
    guard failed == 0 else { throw .unreadable(path: textPath, reason: String(cString: strerror(failed))) }
    bytes += text.utf8.count
    for mark in marked { try marks.append(mark) }
  }

  /// Writes the kept book to `file` and lets the text's part file go.
  func finish(
    to file: String, path: String, size: Int, modified: Double, format: BookDocument.Format, title: String?,
    author: String?, language: String?, problems: [String]
  ) throws(BookError) {
    defer {
      abandon()
      letListsGo()
    }
    let facts = KeptBook.Facts(
      path: path, size: size, modified: modified, format: format.rawValue, title: title, author: author,
      language: language, chapters: chapters, pages: pages, passages: passages, problems: problems,
      sentences: sentences.count / 2, paragraphs: paragraphs.count, notes: notes.count, marks: marks.count,
      scalars: scalars, textBytes: bytes)
    guard let meta = try? JSONEncoder().encode(facts) else { throw .unreadable(path: file, reason: "its facts could not be written") }
    var head = KeptBook.magic
    head += withUnsafeBytes(of: UInt32(meta.count).littleEndian, Array.init)
    head += meta
    head += [UInt8](repeating: 0, count: KeptBook.aligned(head.count) - head.count)
    let partial = file + ".part"
    let output = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard output >= 0 else { throw .unreadable(path: partial, reason: String(cString: strerror(errno))) }
    defer { close(output) }
    func put(_ buffer: UnsafeRawBufferPointer) -> Bool { FileTree.writeAll(output, buffer) == 0 }
    // The lists written from where they are: a copy of them would be megabytes for a long book.
    var copied = head.withUnsafeBytes(put)
    for list in lists where copied {
      copied = try list.copy(to: put)
    }
    // The text, copied from its part file a megabyte at a time.
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    lseek(textFile, 0, SEEK_SET)
    while copied {
      let got = chunk.withUnsafeMutableBytes { Glibc.read(textFile, $0.baseAddress!, $0.count) }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else {
        copied = got == 0
        break
      }
      copied = chunk.withUnsafeBytes { put(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
    }
    guard copied, fsync(output) == 0, rename(partial, file) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(partial)
      throw .unreadable(path: file, reason: reason)
    }
  }

  /// The kept book is read back from its file as soon as it is written: its chapters and pages here are
  /// let go first, so the two are never held at once.
  private func letListsGo() {
    (chapters, pages, passages) = ([], [], [])
  }

  /// Lets the text's part file go (a reading stopped, or finished).
  func abandon() {
    guard !closed else { return }
    closed = true
    close(textFile)
    unlink(textPath)
    for list in lists { list.remove() }
  }

  deinit { abandon() }
}
