import FoundationEssentials

/// Where a DAISY book is: a folder with an NCC (`ncc.html`), the NCC itself, or a zip holding one.
enum DAISYBook {
  /// The book at `path`, or nil when it is not a DAISY book.
  static func find(at path: String) throws(BookError) -> (files: BookFiles, ncc: String)? {
    let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
    if name == "ncc.html" || name == "ncc.htm" {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      return (BookFiles.folder(folder), URL(fileURLWithPath: path).lastPathComponent)
    }
    if FileTree.isFolder(path) {
      let files = BookFiles.folder(path)
      guard let ncc = files.actualName("ncc.html") ?? files.actualName("ncc.htm") else { return nil }
      return (files, ncc)
    }
    guard name.hasSuffix(".zip") else { return nil }
    let files = try BookFiles.zip(try BookParser.contents(of: path), path: path)
    let ncc = files.allNames.filter { ["ncc.html", "ncc.htm"].contains(URL(fileURLWithPath: $0).lastPathComponent.lowercased()) }
      .min { $0.count < $1.count }
    return ncc.map { (files, $0) }
  }

  /// Whether a file of a library's folders is a DAISY book's NCC: the book is listed by it, and the other
  /// files of its folder are its parts, not books.
  public static func isNCC(_ path: String) -> Bool {
    let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
    return name == "ncc.html" || name == "ncc.htm"
  }
}
