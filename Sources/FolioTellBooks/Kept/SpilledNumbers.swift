import Glibc

/// A list of numbers written to a file of its own as it grows (a kept book's sentences, paragraphs, notes
/// and text marks): a 30 MB book has some 600,000 of them, megabytes that an array would hold (twice
/// over, as it grows) while the book is indexed.
final class SpilledNumbers {
  let path: String
  private let file: Int32
  private var buffer: [UInt32] = []
  private(set) var count = 0
  private var removed = false
  private static let bufferCount = 16_384

  init(path: String) throws(BookError) {
    self.path = path
    file = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
    buffer.reserveCapacity(Self.bufferCount)
  }

  func append(_ value: UInt32) throws(BookError) {
    buffer.append(value.littleEndian)
    count += 1
    if buffer.count == Self.bufferCount { try flush() }
  }

  private func flush() throws(BookError) {
    let failed = buffer.withUnsafeBytes { FileTree.writeAll(file, $0) }
    guard failed == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(failed))) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Every number, in order, handed to `put` a buffer at a time; false when the file could not be read
  /// back or `put` failed.
  func copy(to put: (UnsafeRawBufferPointer) -> Bool) throws(BookError) -> Bool {
    try flush()
    var chunk = [UInt8](repeating: 0, count: Self.bufferCount * 4)
    var offset = 0
    while offset < count * 4 {
      let got = chunk.withUnsafeMutableBytes { pread(file, $0.baseAddress!, min($0.count, count * 4 - offset), off_t(offset)) }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { return false }
      guard chunk.withUnsafeBytes({ put(UnsafeRawBufferPointer(rebasing: $0[0..<got])) }) else { return false }
      offset += got
    }
    return true
  }

  /// Lets the file go.
  func remove() {
    guard !removed else { return }
    removed = true
    close(file)
    unlink(path)
  }

  deinit { remove() }
}
