import FolioTellBooks
import Glibc

/// libFuzzer's entry: any bytes, read as an EPUB (zip container, XML, HTML). It must never crash or hang:
/// a broken book is an error, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEPUB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? EPUBBook.read(bytes, path: "fuzz.epub")
  return 0
}

#if !FUZZING
  /// Without libFuzzer (an ordinary build): runs the entry on each file named, so a crash found by the
  /// fuzzer can be replayed and debugged.
  @main
  struct ReplayInputs {
    static func main() {
      for path in CommandLine.arguments.dropFirst() {
        guard let file = fopen(path, "rb") else { continue }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
          let count = fread(&buffer, 1, buffer.count, file)
          if count <= 0 { break }
          bytes += buffer[0..<count]
        }
        fclose(file)
        _ = bytes.withUnsafeBufferPointer { fuzzEPUB($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
      }
    }
  }
#endif
