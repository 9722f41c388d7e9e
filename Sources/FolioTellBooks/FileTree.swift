import Glibc

/// Folders walked with stat, as the library needs them (FoundationEssentials has no directory enumerator).
enum FileTree {
  struct Status: Equatable {
    var isFolder: Bool
    var size: Int
    /// Seconds since 1970, to the nanosecond: a change of the file changes it.
    var modified: Double
    /// The file's inode: a file written anew and renamed into place has another.
    var inode: UInt64 = 0
  }

  static func status(_ path: String) -> Status? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Status(
      isFolder: info.st_mode & S_IFMT == S_IFDIR, size: Int(info.st_size),
      modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9, inode: UInt64(info.st_ino))
  }

  static func exists(_ path: String) -> Bool { status(path) != nil }

  /// Writes all of `bytes` to `descriptor`, again after an interrupted or short write; 0, or why not (an
  /// errno: a full card is ENOSPC).
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var written = 0
    while written < bytes.count {
      let now = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if now < 0, errno == EINTR { continue }
      if now <= 0 { return now < 0 ? errno : EIO }
      written += now
    }
    return 0
  }

  static func isFolder(_ path: String) -> Bool { status(path)?.isFolder ?? false }

  /// The names in a folder, without "." and "..", or nothing when it cannot be read.
  static func names(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Every path under `folder`, relative to it, depth first; links to folders are not followed (a loop
  /// of links cannot hang the library), and at most `depth` levels are walked.
  static func walk(_ folder: String, depth: Int = 16) -> [String] {
    var result: [String] = []
    func visit(_ relative: String, level: Int) {
      let path = relative.isEmpty ? folder : folder + "/" + relative
      for name in names(in: path) {
        let child = relative.isEmpty ? name : relative + "/" + name
        result.append(child)
        var info = stat()
        if level < depth, lstat(folder + "/" + child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
          visit(child, level: level + 1)
        }
      }
    }
    visit("", level: 0)
    return result
  }
}
