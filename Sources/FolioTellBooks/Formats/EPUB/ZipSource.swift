import Glibc

/// Where a zip archive's bytes come from: held in memory, or read from its file a range at a time as they
/// are needed, so a long EPUB being indexed never holds its whole file (8 MB for 2,000 chapters).
final class ZipSource {
  let count: Int
  private let memory: [UInt8]
  private let descriptor: Int32

  init(_ bytes: [UInt8]) {
    memory = bytes
    count = bytes.count
    descriptor = -1
  }

  /// The file at `path`, kept open while the archive is read.
  init(file path: String) throws(BookError) {
    let (opened, size) = try BookParser.openBook(path)
    memory = []
    count = size
    descriptor = opened
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The bytes of `range` clamped to the archive; fewer where the file could not be read (callers check).
  func read(_ range: Range<Int>) -> [UInt8] {
    let lower = max(0, min(range.lowerBound, count))
    let upper = max(lower, min(range.upperBound, count))
    guard descriptor >= 0 else { return Array(memory[lower..<upper]) }
    return [UInt8](unsafeUninitializedCapacity: upper - lower) { buffer, filled in
      filled = 0
      while filled < buffer.count {
        let got = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(lower + filled))
        if got < 0, errno == EINTR { continue }
        if got <= 0 { break }
        filled += got
      }
    }
  }
}
