import FolioTellSystem
import Glibc

/// The store's file calls: each goes through the one `SystemCall` (errno read at once, EINTR retried), and
/// a failure becomes a StoreError naming the call and the path, with what to do about it.
enum StoreFileCalls {
  @discardableResult
  static func run(_ call: String, _ path: String, _ body: () -> Int) throws(StoreError) -> Int {
    do {
      return try SystemCall.run(call, body)
    } catch {
      throw StoreError(call: call, path: path, code: error.code)
    }
  }

  static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0o644) throws(StoreError) -> Int32 {
    Int32(try run("open", path) { Int(Glibc.open(path, flags | O_CLOEXEC, mode)) })
  }

  static func readAll(_ descriptor: Int32, _ path: String) throws(StoreError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var offset: off_t = 0
    while true {
      let count = try run("read", path) {
        buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      offset += off_t(count)
    }
  }

  static func write(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int, _ path: String, stats: IOStats)
    throws(StoreError)
  {
    var done = 0
    while done < bytes.count {
      let count = try run("write", path) {
        bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
      }
      done += count
    }
    stats.wrote(bytes.count)
  }

  static func sync(_ descriptor: Int32, _ path: String, stats: IOStats) throws(StoreError) {
    try run("fsync", path) { Int(fsync(descriptor)) }
    stats.synced()
  }

  /// Makes a rename or unlink inside `directory` durable.
  static func syncDirectory(_ directory: String, stats: IOStats) throws(StoreError) {
    let descriptor = try open(directory, O_RDONLY | O_DIRECTORY)
    defer { close(descriptor) }
    try sync(descriptor, directory, stats: stats)
  }
}
