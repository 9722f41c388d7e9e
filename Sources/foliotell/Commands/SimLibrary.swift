import FolioTellBooks
import FolioTellCore
import FolioTellPanel
import FolioTellRuntime
import Foundation
import Synchronization

/// The library behind the menu in `sim`: scanned at start and again whenever books or drives come and go
/// (on a thread of its own, waiting on inotify), and the opener that reads a chosen book.
final class SimLibrary: Sendable {
  let library: Library
  private let books = Mutex<[FolioTellBooks.LibraryEntry]>([])
  /// Books are opened one at a time, in the order chosen.
  private let opening = DispatchQueue(label: "foliotell.library.open")

  init(folders: [String]) {
    library = Library(folders: folders)
  }

  /// `voice` is the listener's `--voice`, when given: it is kept for every book; otherwise each book is
  /// read with a voice of its language.
  func start(
    runtime: ReaderRuntime, effects: EffectHandler, display: DisplayPipeline?, language: String?, voice: String?
  ) {
    effects.setBookOpener { [self] bookID in
      opening.async { self.open(bookID, runtime: runtime, display: display, language: language, voice: voice) }
    }
    let thread = Thread { [self] in
      var watcher: LibraryWatcher?
      while true {
        let scan = library.scan()
        books.withLock { $0 = scan.books }
        runtime.post(.libraryChanged(scan.books.map { LibraryBook(id: $0.id, title: $0.title) }))
        if watcher == nil { watcher = try? LibraryWatcher(library) }
        guard let watcher else { return }
        while !watcher.waitForChange(timeout: 3600) {}
      }
    }
    thread.name = "foliotell.library"
    thread.start()
  }

  private func open(
    _ bookID: String, runtime: ReaderRuntime, display: DisplayPipeline?, language: String?, voice: String?
  ) {
    guard let entry = books.withLock({ $0.first { $0.id == bookID } }) else {
      runtime.post(.bookFailedToOpen(title: "that book", reason: "it is no longer in the library"))
      return
    }
    do {
      let (id, document) = try BookReader.read(path: entry.path, language: language)
      // A book in another language is read with a voice of that language (unless --voice said one).
      let current = runtime.snapshot.playback.voice
      if voice == nil, let bookVoice = SimCommand.voice(forLanguage: document.language, current: current),
        bookVoice != current
      {
        runtime.post(.playback(.voiceChanged(voice: bookVoice)))
      }
      runtime.open(bookID: id, book: document.sentenceMap, title: document.title ?? entry.title, path: entry.path)
    } catch {
      runtime.post(.bookFailedToOpen(title: entry.title, reason: error.description))
    }
  }
}
