import FolioTellCore
import FoundationEssentials
import Glibc
import Synchronization

/// The kept books of a data directory (`<data>/books`): a book indexed once opens at once the next time,
/// at any place in it, for as long as its file keeps its size and modification time. The folder is kept
/// under a budget: the books opened longest ago make room.
public struct BookKeeper: Sendable {
  public let folder: String
  public let budgetBytes: Int
  /// The kept books' folder in the data directory.
  public static let folderName = "books"

  /// The kept book opened last, shared by every copy of this keeper.
  private let recent = RecentKept()

  public init(folder: String, budgetBytes: Int = 512 << 20) {
    self.folder = folder
    self.budgetBytes = budgetBytes
  }

  /// What indexing a book gave.
  public enum Indexed: Sendable {
    /// The whole book, kept, its text mapped.
    case kept(KeptBook)
    /// A book not indexed in parts (a talking book, HTML, another encoding), read whole; or one that could
    /// not be kept (a full card): it reads all the same.
    case whole(BookDocument)
  }

  /// A book's beginning, to read from while the rest is indexed: its document, and about where the whole
  /// text will end.
  public struct Beginning: Sendable {
    public var document: BookDocument
    public var expectedCharacters: Int
  }

  func file(for id: String) -> String { folder + "/" + id + ".book" }

  /// The book kept for the file at `path` (of id `id`), mapped, when the file is the same as when it was
  /// kept; nil otherwise.
  public func kept(id: String, path: String) -> KeptBook? {
    guard let status = FileTree.status(path) else { return nil }
    let keptFile = file(for: id)
    var book: KeptBook
    if let recent = recent.book(id: id, file: FileTree.status(keptFile)) {
      book = recent
    } else {
      guard let read = KeptBook.read(keptFile) else { return nil }
      book = read
      book.id = id
    }
    guard book.facts.size == status.size, book.facts.modified == status.modified else { return nil }
    // Opened now: the last to make room.
    utimes(keptFile, nil)
    recent.remember(book, file: FileTree.status(keptFile))
    return book
  }

  /// Indexes the book at `path` part by part and keeps it. `beginning` gets the first part as soon as it
  /// is read; `stop` is asked between parts (another book was chosen) and ends the indexing.
  public func index(
    id: String, path: String, language: String? = nil, readNotes: Bool = false, narration: Bool = true,
    stop: @escaping () -> Bool = { false }, beginning: @escaping (Beginning) -> Void = { _ in }
  ) throws(BookError) -> Indexed {
    guard let status = FileTree.status(path) else { throw .unreadable(path: path, reason: "no such file") }
    // Another book is being opened: the last one's text and lists are let go with it.
    recent.forget()
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var failure: BookError?
    let writer: KeptBookWriter?
    do {
      writer = try KeptBookWriter(folder: folder, id: id)
    } catch {
      writer = nil
      failure = error
    }
    var parts = 0
    let read: () throws(BookError) -> BookSlices.Outcome = {
      try BookSlices.read(path: path, language: language, readNotes: readNotes, narration: narration) {
      part, fractionRead in
      if parts == 0 {
        let expected = Int(Double(part.text.unicodeScalars.count) / max(fractionRead, 0.0001))
        beginning(Beginning(document: part, expectedCharacters: max(expected, part.text.unicodeScalars.count)))
      }
      parts += 1
      do throws(BookError) {
        try writer?.append(part)
      } catch {
        failure = error
      }
      return failure == nil && !stop()
    }
    }
    func cannotKeep(_ error: BookError) -> BookError {
      guard case .unreadable(_, let reason) = error else { return error }
      return .cannotKeep(path: path, folder: folder, reason: reason)
    }
    let outcome: BookSlices.Outcome
    do {
      outcome = try read()
    } catch {
      if let failure { throw cannotKeep(failure) }
      throw error
    }
    switch outcome {
    case .stopped:
      writer?.abandon()
      if let failure { throw cannotKeep(failure) }
      throw .unreadable(path: path, reason: "its indexing was stopped: another book was chosen")
    case .whole(let document):
      writer?.abandon()
      return .whole(document)
    case .parts(let format, let title, let author, let language, let problems):
      guard let writer, failure == nil else { throw cannotKeep(failure ?? .unreadable(path: folder, reason: "cannot write there")) }
      makeRoom(for: writer.size)
      do {
        try writer.finish(
          to: file(for: id), path: path, size: status.size, modified: status.modified, format: format, title: title,
          author: author, language: language, problems: problems)
      } catch {
        throw cannotKeep(error)
      }
      guard var kept = KeptBook.read(file(for: id)) else {
        throw .unreadable(path: file(for: id), reason: "the book kept there cannot be read back")
      }
      kept.id = id
      recent.remember(kept, file: FileTree.status(file(for: id)))
      return .kept(kept)
    }
  }

  /// Lets the books opened longest ago go until a new one of `incoming` bytes fits in the budget.
  func makeRoom(for incoming: Int) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var books = names.filter { $0.hasSuffix(".book") }.compactMap { name -> (path: String, size: Int, used: Double)? in
      let path = folder + "/" + name
      return FileTree.status(path).map { (path, $0.size, $0.modified) }
    }
    var total = books.reduce(incoming) { $0 + $1.size }
    books.sort { $0.used < $1.used }
    while total > budgetBytes, let oldest = books.first {
      unlink(oldest.path)
      total -= oldest.size
      books.removeFirst()
    }
  }
}

/// The kept book opened last (see `BookKeeper.kept`): the book being read, chosen again from the menu or
/// opened at power-on and then chosen, is handed out again rather than read and held a second time, for as
/// long as its kept file is the one it was read from. A kept file seen changed in any way (its inode, size
/// or modification time) is let go at once, so a file damaged in place, even within one tick of the clock
/// that stamps it, is read and judged again.
final class RecentKept: Sendable {
  private let last = Mutex<(book: KeptBook, file: FileTree.Status)?>(nil)

  func book(id: String, file: FileTree.Status?) -> KeptBook? {
    last.withLock { last in
      guard let kept = last, kept.book.id == id else { return nil }
      guard let file, kept.file == file else {
        last = nil
        return nil
      }
      return kept.book
    }
  }

  func remember(_ book: KeptBook, file: FileTree.Status?) {
    last.withLock { $0 = file.map { (book, $0) } }
  }

  func forget() { last.withLock { $0 = nil } }
}
