import FolioTellCore
import FoundationEssentials
import Glibc

/// Narration inside a zip (a zipped DAISY book, an EPUB with media overlays), made playable by FFmpeg:
/// a stored file is read in place, a compressed one is inflated once into the temporary folder.
enum ZippedAudio {
  static func path(of name: String, in archive: ZipArchive, zip: String) -> String? {
    if let range = archive.storedRange(name) {
      // The `subfile` protocol reads a byte range of a file; its own separators may not be in the path.
      guard !zip.contains(",,") else { return nil }
      return "subfile,,start,\(range.lowerBound),end,\(range.upperBound),,:\(zip)"
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foliotell-narration").path
    let suffix = URL(fileURLWithPath: name).pathExtension
    let file = folder + "/" + BookIdentity.id(forContent: Array("\(zip)\n\(name)".utf8)) + (suffix.isEmpty ? "" : "." + suffix)
    if FileTree.status(file) != nil { return file }
    guard let bytes = try? archive.data(name) else { return nil }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Written under another name first, so a cut-off copy is never taken for the whole file.
    let partial = file + ".partial"
    guard FileManager.default.createFile(atPath: partial, contents: Data(bytes)), rename(partial, file) == 0 else {
      return nil
    }
    return file
  }
}
