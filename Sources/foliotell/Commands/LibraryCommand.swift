import FolioTellJSON
import FolioTellBooks
import FolioTellRuntime
import FolioTellSystem
import FoundationEssentials
import Glibc

/// `foliotell library [FOLDER...] [--json] [--watch]`: the books the box finds, by title.
enum LibraryCommand {
  static func run(_ arguments: [String]) {
    var folders: [String] = []
    var json = false
    var watch = false
    for argument in arguments {
      switch argument {
      case "--json": json = true
      case "--watch": watch = true
      case _ where argument.hasPrefix("--"): fail("library: unknown option '\(argument)'")
      default: folders.append(argument)
      }
    }
    // A folder named on the command line that is not there is a mistake to say, not an empty library.
    for folder in folders {
      var info = stat()
      if stat(folder, &info) != 0 {
        fail("library: no such folder '\(folder)'; name a folder of books (EPUB, HTML, Markdown, text)", status: 1)
      }
      if info.st_mode & S_IFMT != S_IFDIR {
        fail("library: '\(folder)' is a file, not a folder; to see one book use: foliotell info \(folder)", status: 1)
      }
    }
    let library = Library(folders: folders.isEmpty ? [Library.defaultFolder] : folders)
    show(library.scan(), json: json)
    guard watch else { return }
    do {
      let watcher = try LibraryWatcher(library)
      while true {
        if watcher.waitForChange(timeout: 3600) {
          print("--- the library changed")
          show(library.scan(), json: json)
        }
      }
    } catch {
      fail(error.description, status: 1)
    }
  }

  static func show(_ scan: (books: [LibraryEntry], problems: [String]), json: Bool) {
    if json {
      let books = scan.books.map { book in
        JSONWriter.object([
          ("id", JSONWriter.string(book.id)), ("title", JSONWriter.string(book.title)),
          ("author", book.author.map(JSONWriter.string) ?? "null"), ("format", JSONWriter.string(book.format.rawValue)),
          ("path", JSONWriter.string(book.path)),
        ])
      }
      print(
        JSONWriter.object([
          ("books", "[" + books.joined(separator: ", ") + "]"),
          ("problems", "[" + scan.problems.map(JSONWriter.string).joined(separator: ", ") + "]"),
        ]))
      return
    }
    if scan.books.isEmpty { print("no books found") }
    for (index, book) in scan.books.enumerated() {
      print(
        "\(index + 1) of \(scan.books.count): \(book.title)\(book.author.map { " — \($0)" } ?? "")  [\(book.format.rawValue), \(book.id)]  \(book.path)"
      )
    }
    for problem in scan.problems { WritableFile.standardError.print("foliotell: \(problem)\n") }
  }
}
