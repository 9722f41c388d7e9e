import FolioTellBooks
import Glibc

/// libFuzzer's entry: any bytes, read as an HTML page and as a Markdown file. It must never crash or hang:
/// a broken book is an error, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = HTMLBook.read(bytes)
  _ = MarkdownBook.read(bytes)
  _ = PlainTextBook.read(bytes)
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
        _ = bytes.withUnsafeBufferPointer { fuzzHTML($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
      }
    }
  }
#endif
