import FolioTellCore
import FoundationEssentials

/// Where a DAISY book is: a folder with an NCC (`ncc.html`, DAISY 2.02) or a package of DTBook content (an
/// `.opf`, DAISY 3), the NCC or package itself, or a zip holding one.
enum DAISYBook {
  enum Kind {
    case daisy202(ncc: String)
    case daisy3(package: String)
  }

  /// The book at `path`, or nil when it is not a DAISY book.
  static func find(at path: String) throws(BookError) -> (files: BookFiles, kind: Kind)? {
    let name = URL(fileURLWithPath: path).lastPathComponent
    if isNCC(path) || name.lowercased().hasSuffix(".opf") {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      let files = BookFiles.folder(folder)
      if isNCC(path) { return (files, .daisy202(ncc: name)) }
      return isDTBookPackage(try BookParser.contents(of: path)) ? (files, .daisy3(package: name)) : nil
    }
    let files: BookFiles
    if FileTree.isFolder(path) {
      files = BookFiles.folder(path)
    } else if name.lowercased().hasSuffix(".zip") {
      files = try BookFiles.zip(try BookParser.contents(of: path), path: path)
    } else {
      return nil
    }
    // The shallowest NCC or DTBook package: a zip may hold the book's folder. A disc of several books
    // (`discinfo.html` lists them) is not one book: each is listed by the library, or named by its folder.
    let names = files.allNames.sorted { $0.split(separator: "/").count < $1.split(separator: "/").count }
    let books = names.filter { isNCC($0) }
    if files.actualName("discinfo.html") != nil, files.actualName("ncc.html") == nil, books.count > 1 {
      throw .unreadable(
        path: path,
        reason: "it is a disc of \(books.count) DAISY books (its discinfo.html lists them): name one of their folders, or put the disc in the library, where each is a book")
    }
    if let ncc = names.first(where: isNCC) { return (files, .daisy202(ncc: ncc)) }
    for package in names where package.lowercased().hasSuffix(".opf") {
      if let bytes = try? files.file(package), isDTBookPackage(bytes) { return (files, .daisy3(package: package)) }
    }
    return nil
  }

  /// Reads the book at `path` if it is a DAISY book.
  static func read(at path: String, language: String?, readNotes: Bool, narration: Bool = true) throws(BookError) -> (
    id: String, document: BookDocument
  )? {
    guard let (files, kind) = try find(at: path) else { return nil }
    switch kind {
    case .daisy202(let ncc):
      let document = try DAISY202Book.read(files, ncc: ncc, language: language, readNotes: readNotes, narration: narration)
      return (BookIdentity.id(forContent: try files.file(ncc)), document)
    case .daisy3(let package):
      let document = try DAISY3Book.read(files, package: package, language: language, readNotes: readNotes, narration: narration)
      return (BookIdentity.id(forContent: try files.file(package)), document)
    }
  }

  /// A disc's list of the DAISY books on it: not a book of its own.
  public static func isDiscInfo(_ path: String) -> Bool {
    URL(fileURLWithPath: path).lastPathComponent.lowercased() == "discinfo.html"
  }

  /// Whether a file is a DAISY 2.02 book's NCC.
  public static func isNCC(_ path: String) -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
    return name == "ncc.html" || name == "ncc.htm"
  }

  /// Whether a package file (OPF) is a DAISY 3 book's: its manifest has DTBook content.
  static func isDTBookPackage(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes.prefix(1 << 20), as: UTF8.self).contains("application/x-dtbook+xml")
  }

  /// Whether a file of a library's folders lists a DAISY book (its NCC, or its DTBook package): the book
  /// is listed by it, and the other files of its folder are its parts, not books.
  public static func isListedBy(_ path: String) -> Bool {
    if isNCC(path) { return true }
    guard path.lowercased().hasSuffix(".opf"), let bytes = try? BookParser.contents(of: path) else { return false }
    return isDTBookPackage(bytes)
  }
}
