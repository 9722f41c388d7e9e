import FolioTellBooks
import FolioTellCore
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The books behind the menu: scanned at start and, on the box and the desktop, again whenever books or
/// drives come and go (inotify, on a thread that sleeps until then); and the opener that reads a chosen
/// book and posts `bookOpened` (or `bookFailedToOpen`): the other half of the `openLibraryBook` effect.
final class LibraryService: Sendable {
  /// The books found, held once: the opener looks a chosen book up here, and the menu's list is made from it.
  let library: Library
  /// Books are opened and drives scanned one at a time, in the order asked, off the event loop, on a
  /// thread that exists only while there is one to open.
  private let opening = PassingWorker(name: "foliotell.books")
  /// A book not kept yet is indexed here, part by part, while its beginning is read: a press, a scan or
  /// another book chosen never waits for it.
  private let indexing = PassingWorker(name: "foliotell.index")
  /// The book being opened: a book chosen after it stops its indexing.
  private let chosen = Mutex<String?>(nil)
  /// The books indexed once, in the data directory (nil without one: every book is read whole).
  private let keeper: BookKeeper?
  private let language: String?
  private let readNotes: Bool
  private let narration: Bool
  private let synchronous: Bool
  private let watched = Mutex<(LibraryWatcher, EventLoop)?>(nil)
  /// The index in the data directory (nil without one), the library's generation it was last written at,
  /// and a digest of the list last posted: a scan that learned nothing writes and posts nothing, and
  /// neither is held as a second list of thousands of books.
  private let indexPath: String?
  private let savedGeneration = Mutex<Int?>(nil)
  private let posted = Mutex<Int?>(nil)
  private let report: @Sendable (String) -> Void
  /// When each book was last read (seconds since 1970), from the store: the Books page lists the latest first.
  private let lastRead: @Sendable () -> [String: Double]
  /// Runs after each scan (the drives may have changed): the updates look for bundles on them.
  private let afterScan: @Sendable (BoxRuntime) -> Void

  /// `synchronous` opens books on the caller's thread (the virtual platform, where everything happens in
  /// order on the driver's thread). `readNotes` reads books' footnotes and endnotes where they sit. The
  /// voice a book is read with is the reducer's choice, from the language this reports with the book.
  init(
    folders: [String], language: String?, synchronous: Bool, readNotes: Bool = false, narration: Bool = true, indexPath: String? = nil,
    keeper: BookKeeper? = nil,
    report: @escaping @Sendable (String) -> Void = { _ in }, afterScan: @escaping @Sendable (BoxRuntime) -> Void = { _ in },
    lastRead: @escaping @Sendable () -> [String: Double] = { [:] }
  ) {
    self.lastRead = lastRead
    self.afterScan = afterScan
    self.keeper = keeper
    library = Library(folders: folders)
    self.language = language
    self.readNotes = readNotes
    self.narration = narration
    self.synchronous = synchronous
    self.indexPath = indexPath
    self.report = report
  }

  /// At start, on the books thread, so the greeting never waits for the library (thousands of books on a
  /// stick): the books the index knows, unchanged, are listed first; the others are read and listed when
  /// they are learned. On the virtual platform everything is read first, in order, as the driver needs.
  func start(into runtime: BoxRuntime) {
    guard !synchronous else {
      loadIndex()
      scan(into: runtime)
      return
    }
    opening.run {
      self.loadIndex()
      let quick = self.library.scanKnown()
      self.post(quick.books, runtime)
      self.scan(into: runtime)
    }
  }

  private func loadIndex() {
    guard let indexPath else { return }
    library.remember(LibraryIndex.load(from: indexPath))
    let generation = library.generation
    savedGeneration.withLock { $0 = generation }
  }

  /// Scans (reading only the books that are new or changed), posts the books if they changed, and keeps
  /// what was learned in the index.
  func scan(into runtime: BoxRuntime) {
    let scan = library.scan()
    post(scan.books, runtime)
    saveIndex()
    afterScan(runtime)
    // Reading a stick of thousands of books leaves the heap full of freed pages: handed back, so the box
    // reads on in the memory it needs (megabytes on a 512 MB board).
    if !synchronous { Heap.trim() }
  }

  private func post(_ entries: [LibraryEntry], _ runtime: BoxRuntime) {
    // A file that cannot be read is listed too, named by its file and said with why.
    let unreadable = library.unreadable.map { file in
      LibraryBook(
        id: "unreadable:" + file.path, title: URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent,
        problem: file.reason)
    }
    let read = lastRead()
    let listed =
      entries.map { LibraryBook(id: $0.id, title: $0.title, language: $0.language, lastRead: read[$0.id]) } + unreadable
    var digest = Hasher()
    digest.combine(listed)
    let listedDigest = digest.finalize()
    let changed = posted.withLock { posted in
      defer { posted = listedDigest }
      return posted != listedDigest
    }
    if changed { runtime.post(.libraryChanged(listed)) }
  }

  private func saveIndex() {
    guard let indexPath else { return }
    let generation = library.generation
    guard savedGeneration.withLock({ $0 != generation }) else { return }
    do {
      try LibraryIndex.save(library.indexedFiles, to: indexPath)
      savedGeneration.withLock { $0 = generation }
    } catch {
      report("cannot keep the library's index in \(indexPath): \(error); the books are read again at the next start")
    }
  }

  /// Watches for changes on the event loop (inotify on the folders, the mount table for drives); a change
  /// scans again, off the loop (reading new books takes a while), in order with the books being opened.
  func watch(_ runtime: BoxRuntime, loop: EventLoop, report: @escaping @Sendable (String) -> Void) {
    let watcher: LibraryWatcher
    do {
      watcher = try LibraryWatcher(library)
    } catch {
      report("books added later will not be noticed: \(error)")
      return
    }
    let booksChanged: EventLoop.Handler = { [self] _ in
      guard watcher.waitForChange(timeout: 0) else { return }
      opening.run { self.scan(into: runtime) }
    }
    let drivesChanged: EventLoop.Handler = { [self] _ in
      watcher.mountsChanged()
      opening.run { self.scan(into: runtime) }
    }
    do {
      try loop.watch(watcher.descriptor, booksChanged)
      if let mounts = watcher.mountsDescriptor { try loop.watch(mounts, events: EventLoop.priority, drivesChanged) }
      watched.withLock { $0 = (watcher, loop) }
    } catch {
      report("books added later will not be noticed: \(error)")
    }
  }

  /// Takes the watch off the loop.
  func stopWatching() {
    guard let (watcher, loop) = watched.withLock({ $0 }) else { return }
    loop.unwatch(watcher.descriptor)
    if let mounts = watcher.mountsDescriptor { loop.unwatch(mounts) }
    watched.withLock { $0 = nil }
  }

  func open(_ bookID: String, runtime: BoxRuntime) {
    if synchronous {
      read(bookID, runtime: runtime)
    } else {
      opening.run { self.read(bookID, runtime: runtime) }
    }
  }

  private func read(_ bookID: String, runtime: BoxRuntime) {
    guard let entry = library.entry(id: bookID) else {
      runtime.post(.bookFailedToOpen(title: "that book", reason: "it is no longer in the library"))
      return
    }
    chosen.withLock { $0 = entry.id }
    if let kept = keeper?.kept(id: entry.id, path: entry.path) {
      return open(kept, title: entry.title, runtime: runtime)
    }
    guard let keeper else { return readWhole(entry, runtime: runtime) }
    if synchronous {
      index(entry, keeper: keeper, runtime: runtime)
    } else {
      indexing.run { self.index(entry, keeper: keeper, runtime: runtime) }
    }
  }

  /// Indexes a book and keeps it. Its beginning is opened as soon as it is read, unless the place kept for
  /// it lies further on (the book opens there once it is indexed); the whole follows as `bookIndexed`.
  private func index(_ entry: LibraryEntry, keeper: BookKeeper, runtime: BoxRuntime) {
    let isChosen = { [self] in chosen.withLock { $0 == entry.id } }
    guard isChosen() else { return }
    let saved = runtime.savedPlace(bookID: entry.id)?.offset ?? 0
    // The virtual platform opens the whole book at once, in order, as the driver needs.
    let opensBeginning = Mutex(false)
    var outcome: BookKeeper.Indexed
    do {
      outcome = try keeper.index(
        id: entry.id, path: entry.path, language: language, readNotes: readNotes, narration: narration,
        stop: { !isChosen() },
        beginning: { [synchronous] beginning in
          var map = beginning.document.sentenceMap
          guard !synchronous, saved < map.endOffset, map.endOffset < beginning.expectedCharacters else { return }
          map.expectedEndOffset = beginning.expectedCharacters
          opensBeginning.withLock { $0 = true }
          self.open(beginning.document, map: map, id: entry.id, title: entry.title, path: entry.path, runtime: runtime)
        })
    } catch {
      guard isChosen() else { return }
      guard case .cannotKeep = error else {
        return runtime.post(.bookFailedToOpen(title: entry.title, reason: error.description))
      }
      // A book that cannot be kept (a full card) still reads: whole, each time.
      report(error.description)
      guard opensBeginning.withLock({ $0 }) else { return readWhole(entry, runtime: runtime) }
      guard let (_, document) = try? BookParser.read(
        path: entry.path, language: language, readNotes: readNotes, narration: narration)
      else { return }
      outcome = .whole(document)
    }
    let opened = opensBeginning.withLock { $0 }
    switch outcome {
    case .kept(let kept) where opened:
      runtime.post(
        .bookIndexed(
          bookID: entry.id, book: kept.map, chapters: kept.chapters, pages: kept.pages, notes: kept.notes,
          paragraphs: kept.paragraphs))
    case .kept(let kept):
      open(kept, title: entry.title, runtime: runtime)
    case .whole(let document) where opened:
      runtime.post(
        .bookIndexed(
          bookID: entry.id, book: document.sentenceMap, chapters: Self.chapters(document), pages: document.pages,
          notes: document.notes, paragraphs: document.paragraphStarts))
    case .whole(let document):
      open(document, map: document.sentenceMap, id: entry.id, title: entry.title, path: entry.path, runtime: runtime)
    }
  }

  private func readWhole(_ entry: LibraryEntry, runtime: BoxRuntime) {
    do {
      let (id, document) = try BookParser.read(
        path: entry.path, language: language, readNotes: readNotes, narration: narration)
      open(document, map: document.sentenceMap, id: id, title: entry.title, path: entry.path, runtime: runtime)
    } catch {
      runtime.post(.bookFailedToOpen(title: entry.title, reason: error.description))
    }
  }

  private func open(_ kept: KeptBook, title: String, runtime: BoxRuntime) {
    runtime.open(
      bookID: kept.id, book: kept.map, title: kept.facts.title ?? title, path: kept.facts.path, chapters: kept.chapters,
      pages: kept.pages, notes: kept.notes, language: kept.facts.language, paragraphs: kept.paragraphs)
  }

  private func open(
    _ document: BookDocument, map: SentenceMap, id: String, title: String, path: String, runtime: BoxRuntime
  ) {
    runtime.open(
      bookID: id, book: map, title: document.title ?? title, path: path, chapters: Self.chapters(document),
      pages: document.pages, notes: document.notes, language: document.language, paragraphs: document.paragraphStarts)
  }

  static func chapters(_ document: BookDocument) -> [ChapterMark] {
    document.chapters.map { ChapterMark(title: $0.title, start: $0.start, level: $0.level) }
  }
}
