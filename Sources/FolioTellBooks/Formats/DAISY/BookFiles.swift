import FoundationEssentials
import Glibc

/// The files of a book made of many (a DAISY book): a folder, or a zip of one. Names are matched without
/// regard to case, as DAISY producers write `NCC.HTML` as often as `ncc.html`.
struct BookFiles {
  /// The book as the listener named it (the folder, the zip or its NCC), for messages.
  let path: String
  /// The folder the files are in; nil for a zip, whose files have no path of their own.
  let folder: String?
  private let names: [String: String]
  private let read: (String) throws(BookError) -> [UInt8]
  /// Where a zip's file can be opened from, for narration (see `playablePath`).
  private var zipped: ((String) -> String?)? = nil

  /// The files under `folder` (its subfolders too, by relative path).
  static func folder(_ folder: String) -> BookFiles {
    var names: [String: String] = [:]
    for relative in FileTree.walk(folder, depth: 4) where !FileTree.isFolder(folder + "/" + relative) {
      names[relative.lowercased()] = relative
    }
    return BookFiles(path: folder, folder: folder, names: names) { (name: String) throws(BookError) -> [UInt8] in
      try BookParser.contents(of: folder + "/" + name)
    }
  }

  /// The files of a zip archive (a DAISY book downloaded as one file).
  static func zip(_ bytes: [UInt8], path: String) throws(BookError) -> BookFiles {
    do {
      return zip(try ZipArchive(bytes), path: path)
    } catch {
      throw .damaged(path: path, reason: EPUBBook.reason(error))
    }
  }

  /// The files of an archive already opened (an EPUB's, for its narration).
  static func zip(_ archive: ZipArchive, path: String) -> BookFiles {
    var names: [String: String] = [:]
    for name in archive.entries.keys where !name.hasSuffix("/") { names[name.lowercased()] = name }
    var files = BookFiles(path: path, folder: nil, names: names) { (name: String) throws(BookError) -> [UInt8] in
      do throws(ZipArchive.Failure) {
        return try archive.data(name)
      } catch {
        throw .damaged(path: path, reason: EPUBBook.reason(error))
      }
    }
    files.zipped = { name in ZippedAudio.path(of: name, in: archive, zip: path) }
    return files
  }

  /// The file `name` (relative to the book's root, any case), or nil when the book has none.
  func actualName(_ name: String) -> String? { names[name.lowercased()] }

  /// Where a file of a book in a folder is (narration is played from its file); nil in a zip, or when the
  /// book has no such file.
  func localPath(_ name: String) -> String? {
    guard let folder, let actual = actualName(name) else { return nil }
    return folder + "/" + actual
  }

  /// Where a file can be opened for playing: a folder's file; a zip's stored file read in place (FFmpeg's
  /// `subfile` protocol); a zip's compressed file once inflated into the temporary folder. Nil when the
  /// book has no such file.
  func playablePath(_ name: String) -> String? {
    guard let actual = actualName(name) else { return nil }
    if let folder { return folder + "/" + actual }
    return zipped?(actual)
  }

  /// Every file's name, as the book has it.
  var allNames: [String] { Array(names.values).sorted() }

  func file(_ name: String) throws(BookError) -> [UInt8] {
    guard let actual = actualName(name) else {
      throw .damaged(path: path, reason: "it names '\(name)', which is not in the book")
    }
    return try read(actual)
  }

  /// A link in the file `from` ("text/chapter.smil#p3"), as a name from the book's root and a fragment.
  static func resolve(_ link: String, from: String) -> (name: String, fragment: String) {
    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let file = parts.first.map(String.init) ?? ""
    let fragment = parts.count > 1 ? String(parts[1]) : ""
    guard !file.isEmpty else { return (from, fragment) }
    return (EPUBBook.resolve(file, from: EPUBBook.directory(of: from)), fragment)
  }
}
