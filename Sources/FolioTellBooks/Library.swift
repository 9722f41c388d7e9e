import FolioTellCore
import FoundationEssentials
import Glibc
import Synchronization

/// A book on the shelf: what the book list shows, and where to open it.
public struct LibraryEntry: Equatable, Sendable {
  public var id: String
  public var title: String
  public var author: String?
  public var format: BookDocument.Format
  public var path: String
  public var language: String?
  public var chapters: Int = 0
}

/// The books in the box's folders (by default `/var/lib/foliotell/books`, and every drive mounted under
/// `/media`), listed by title. A book's id is the hash of its content, so a renamed or moved file keeps
/// its place. Books that cannot be read are listed apart with the reason, and the rest are still shown.
public final class Library: Sendable {
  public static let defaultFolder = "/var/lib/foliotell/books"
  public static let bookExtensions: Set<String> = ["txt", "text", "md", "markdown", "html", "htm", "xhtml", "epub"]
  /// Books the box cannot read, by extension, with what to convert them with: listed as problems, so a
  /// book put in the folder is never left out without a word.
  static let unreadableFormats: [String: (name: String, convert: String)] = [
    "pdf": ("PDF", "pdftotext BOOK.pdf BOOK.txt, or Calibre's ebook-convert to EPUB"),
    "mobi": ("Kindle (MOBI)", "Calibre's ebook-convert BOOK.mobi BOOK.epub"),
    "azw": ("Kindle (AZW)", "Calibre's ebook-convert BOOK.azw BOOK.epub"),
    "azw3": ("Kindle (AZW3)", "Calibre's ebook-convert BOOK.azw3 BOOK.epub"),
    "doc": ("Word", "LibreOffice: soffice --convert-to txt BOOK.doc"),
    "docx": ("Word", "LibreOffice: soffice --convert-to txt BOOK.docx"),
    "odt": ("OpenDocument", "LibreOffice: soffice --convert-to txt BOOK.odt"),
    "rtf": ("RTF", "LibreOffice: soffice --convert-to txt BOOK.rtf"),
    "fb2": ("FictionBook", "Calibre's ebook-convert BOOK.fb2 BOOK.epub"),
    "djvu": ("DjVu", "djvutxt BOOK.djvu BOOK.txt"),
  ]

  public let folders: [String]
  public let mediaRoot: String?
  private struct Cached {
    var modified: Double
    var size: Int
    var entry: LibraryEntry?
    var problem: String?
    var spokenProblem: String?
  }
  /// What the library knows of each file, by path: the one list of its books that the box holds (the
  /// menu's list is made from it). `generation` counts its changes, so the index is written only after one.
  private struct Shelf {
    var files: [String: Cached] = [:]
    var generation = 0
  }
  private let cache = Mutex(Shelf())

  public init(folders: [String] = [Library.defaultFolder], mediaRoot: String? = "/media") {
    self.folders = folders
    self.mediaRoot = mediaRoot
  }

  /// The folders searched now: the configured ones and every folder of a drive under the media root
  /// (`/media/usb0`, `/media/pi/MYSTICK`).
  public var searchedFolders: [String] {
    var result = folders
    guard let mediaRoot else { return result }
    for first in (try? FileManager.default.contentsOfDirectory(atPath: mediaRoot)) ?? [] {
      let level1 = mediaRoot + "/" + first
      result.append(level1)
      for second in (try? FileManager.default.contentsOfDirectory(atPath: level1)) ?? [] {
        if FileTree.isFolder(level1 + "/" + second) {
          result.append(level1 + "/" + second)
        }
      }
    }
    return result
  }

  /// The files of the last scan that could not be read, by path, with why in a few words for the voice.
  public var unreadable: [(path: String, reason: String)] {
    cache.withLock { shelf in
      shelf.files.compactMap { path, cached in
        cached.entry == nil ? (path, cached.spokenProblem ?? "it cannot be read") : nil
      }.sorted { $0.path < $1.path }
    }
  }

  /// How many times what the library knows has changed (a book read, changed or gone; an index taken):
  /// the index needs writing only when this moved since it was last written.
  public var generation: Int { cache.withLock { $0.generation } }

  /// The book of this id, as the last scan found it; nil when it is no longer in the library. The same
  /// book in two places (a copy on a stick) is the one of the first path, every time.
  public func entry(id: String) -> LibraryEntry? {
    cache.withLock { shelf in shelf.files.values.compactMap(\.entry).filter { $0.id == id }.min { $0.path < $1.path } }
  }

  /// What the library knows of its files, for the index.
  public var indexed: [IndexedFile] { Array(indexedFiles) }

  /// The same, one file at a time, by path, made as it is asked for: writing the index of thousands of
  /// books holds no second list of them.
  public var indexedFiles: some Sequence<IndexedFile> {
    let files = cache.withLock { $0.files }
    return files.keys.sorted().lazy.compactMap { path in
      files[path].map { cached in
        IndexedFile(
          path: path, modified: cached.modified, size: cached.size, id: cached.entry?.id, title: cached.entry?.title,
          author: cached.entry?.author, format: cached.entry?.format.rawValue, language: cached.entry?.language,
          chapters: cached.entry?.chapters, problem: cached.problem, spokenProblem: cached.spokenProblem)
      }
    }
  }

  /// Takes what an index kept: a file it knows, unchanged since, is not read again.
  public func remember(_ files: [IndexedFile]) {
    cache.withLock { shelf in
      shelf.generation += 1
      for file in files {
        var entry: LibraryEntry?
        if let id = file.id, let title = file.title {
          entry = LibraryEntry(
            id: id, title: title, author: file.author,
            format: file.format.flatMap(BookDocument.Format.init(rawValue:)) ?? .plainText, path: file.path,
            language: file.language, chapters: file.chapters ?? 0)
        }
        guard entry != nil || file.problem != nil else { continue }
        shelf.files[file.path] = Cached(
          modified: file.modified, size: file.size, entry: entry, problem: file.problem,
          spokenProblem: file.spokenProblem)
      }
    }
  }

  /// Every book found (sorted by title, then path), and the files that could not be read, with why.
  public func scan() -> (books: [LibraryEntry], problems: [String]) {
    let found = walk(onlyKnown: false)
    return (found.books, found.problems)
  }

  /// A quick look that reads no book: the books known unchanged (from the index or an earlier scan), and
  /// how many files it left for a full scan.
  public func scanKnown() -> (books: [LibraryEntry], unknown: Int) {
    let found = walk(onlyKnown: true)
    return (found.books, found.unknown)
  }

  private func walk(onlyKnown: Bool) -> (books: [LibraryEntry], problems: [String], unknown: Int) {
    var books: [LibraryEntry] = []
    var problems: [String] = []
    var unknown = 0
    var seen: Set<String> = []
    var audioBooks: [String] = []
    // A book found: described (read, or known from the index), or counted for the full scan.
    func list(_ path: String) {
      seen.insert(path)
      if onlyKnown, !isKnown(path) {
        unknown += 1
        return
      }
      let (entry, problem) = describe(path)
      if let entry { books.append(entry) }
      if let problem { problems.append(problem) }
    }
    for folder in searchedFolders {
      let walked = FileTree.walk(folder)
      var seenAudioFolders: Set<String> = []
      // A DAISY book is its folder: listed by its NCC, and its content and SMIL files are not books.
      let listing = Set(walked.filter { DAISYBook.isNCC($0) || ($0.lowercased().hasSuffix(".opf") && DAISYBook.isListedBy(folder + "/" + $0)) })
      let daisyFolders = Set(listing.map(Self.parent))
      for relative in walked {
        let path = folder + "/" + relative
        if !listing.contains(relative), Self.isInside(relative, daisyFolders) || DAISYBook.isDiscInfo(relative) { continue }
        let pathExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }), !seen.contains(path) else {
          continue
        }
        if Audiobook.extensions.contains(pathExtension) {
          // A folder of audio files is one audiobook; in the library's own folder each file is a book.
          let parent = Self.parent(relative)
          if parent.isEmpty {
            audioBooks.append(path)
          } else if !seenAudioFolders.contains(parent) {
            seenAudioFolders.insert(parent)
            audioBooks.append(folder + "/" + parent)
          }
          continue
        }
        if let format = Self.unreadableFormats[pathExtension] {
          seen.insert(path)
          problems.append(
            "\(path): the box cannot read \(format.name) books; convert it to EPUB or plain text (\(format.convert))")
          continue
        }
        guard Self.bookExtensions.contains(pathExtension) || listing.contains(relative) else { continue }
        list(path)
      }
    }
    for path in audioBooks where !seen.contains(path) { list(path) }
    if !onlyKnown {
      // Removed where they are: a filtered copy would be a second dictionary of every book.
      cache.withLock { shelf in
        let gone = shelf.files.keys.filter { !seen.contains($0) }
        for path in gone { shelf.files[path] = nil }
        if !gone.isEmpty { shelf.generation += 1 }
      }
    }
    books.sort { ($0.title.lowercased(), $0.path) < ($1.title.lowercased(), $1.path) }
    return (books, problems, unknown)
  }

  /// Whether `relative` is inside one of `folders` (relative paths; "" is the library's own folder).
  static func isInside(_ relative: String, _ folders: Set<String>) -> Bool {
    guard !folders.isEmpty else { return false }
    var folder = relative
    while !folder.isEmpty {
      folder = parent(folder)
      if folders.contains(folder) { return true }
    }
    return false
  }

  /// "a/b/ncc.html" → "a/b"; "ncc.html" → "".
  static func parent(_ relative: String) -> String {
    relative.lastIndex(of: "/").map { String(relative[..<$0]) } ?? ""
  }

  /// Whether the file is known as it is now (same size and modification time).
  private func isKnown(_ path: String) -> Bool {
    guard let status = FileTree.status(path), let cached = cache.withLock({ $0.files[path] }) else { return false }
    return cached.modified == status.modified && cached.size == status.size
  }

  private func describe(_ path: String) -> (LibraryEntry?, String?) {
    let status = FileTree.status(path)
    let modified = status?.modified ?? 0
    let size = status?.size ?? -1
    if let cached = cache.withLock({ $0.files[path] }), cached.modified == modified, cached.size == size {
      return (cached.entry, cached.problem)
    }
    var result: (LibraryEntry?, String?)
    var spoken: String?
    do {
      let (id, document) = try Self.describingRead(path, size: size)
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      result = (
        LibraryEntry(
          id: id, title: document.title ?? name, author: document.author, format: document.format, path: path,
          language: document.language, chapters: document.chapters.count), nil
      )
    } catch {
      result = (nil, error.description)
      spoken = error.spokenReason
    }
    cache.withLock {
      $0.files[path] = Cached(modified: modified, size: size, entry: result.0, problem: result.1, spokenProblem: spoken)
      $0.generation += 1
    }
    return result
  }
}

extension Library {
  /// Books longer than this are described from their beginning (title, author, language) and their
  /// file's hash, not read whole: a scan never holds a long book, and the book is indexed when opened.
  static let describedFromBeginning = 1 << 20

  static func describingRead(_ path: String, size: Int) throws(BookError) -> (id: String, document: BookDocument) {
    guard size > describedFromBeginning, let id = BookParser.contentID(of: path) else { return try BookParser.read(path: path) }
    var beginning: BookDocument?
    let outcome = try BookSlices.read(path: path) { part, _ in
      beginning = part
      return false
    }
    if case .whole(let document) = outcome { return (id, document) }
    guard var document = beginning else { throw .empty(path: path) }
    // Its chapters are counted when it is indexed.
    document.chapters = []
    return (id, document)
  }
}

/// Wakes when books appear or disappear in the library's folders, or a drive is mounted under /media:
/// an inotify descriptor for the runtime's poll loop.
public final class LibraryWatcher: Sendable {
  public let descriptor: Int32
  /// /proc/self/mounts, which polls as changed when a drive is mounted or unmounted, even on a mount
  /// point that already existed (where inotify sees nothing).
  private let mounts: Int32
  private let watched = Mutex<[String: Int32]>([:])
  private let library: Library

  public init(_ library: Library) throws(BookError) {
    self.library = library
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw .unreadable(path: "inotify", reason: String(cString: strerror(errno)))
    }
    mounts = library.mediaRoot == nil ? -1 : open("/proc/self/mounts", O_RDONLY | O_CLOEXEC)
    refreshWatches()
  }

  deinit {
    close(descriptor)
    if mounts >= 0 { close(mounts) }
  }

  /// Watches every searched folder and its subfolders, and the media root (for drives coming and going).
  public func refreshWatches() {
    var folders = library.searchedFolders
    if let root = library.mediaRoot { folders.append(root) }
    for folder in folders {
      var all = [folder]
      for relative in FileTree.walk(folder) where FileTree.isFolder(folder + "/" + relative) {
        all.append(folder + "/" + relative)
      }
      for path in all where watched.withLock({ $0[path] == nil }) {
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF)
        let watch = inotify_add_watch(descriptor, path, mask)
        if watch >= 0 { watched.withLock { $0[path] = watch } }
      }
    }
    // Folders that are gone (a drive pulled out) lose their watch; the same path mounted again is watched anew.
    watched.withLock { watched in
      for (path, watch) in watched where !FileManager.default.fileExists(atPath: path) {
        _ = inotify_rm_watch(descriptor, watch)
        watched[path] = nil
      }
    }
  }

  /// The mount table, which polls as changed (POLLPRI) when a drive comes or goes; nil without /media.
  public var mountsDescriptor: Int32? { mounts >= 0 ? mounts : nil }

  /// The mount table changed (an event loop saw POLLPRI, which that very poll consumed): reads it to its
  /// end, which re-arms the notification, and watches the folders as they are now.
  public func mountsChanged() {
    guard mounts >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 8192)
    _ = lseek(mounts, 0, SEEK_SET)
    while read(mounts, &buffer, buffer.count) > 0 {}
    refreshWatches()
  }

  /// Waits up to `timeout` seconds for a change; true when something changed (then scan again).
  public func waitForChange(timeout: Double) -> Bool {
    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    if mounts >= 0 { descriptors.append(pollfd(fd: mounts, events: Int16(POLLPRI), revents: 0)) }
    guard poll(&descriptors, nfds_t(descriptors.count), Int32(timeout * 1000)) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 8192)
    var changed = false
    while read(descriptor, &buffer, buffer.count) > 0 { changed = true }
    if descriptors.count > 1, descriptors[1].revents & Int16(POLLPRI | POLLERR) != 0 {
      // Reading the mount table to its end re-arms the notification.
      _ = lseek(mounts, 0, SEEK_SET)
      while read(mounts, &buffer, buffer.count) > 0 {}
      changed = true
    }
    if changed { refreshWatches() }
    return changed
  }
}
