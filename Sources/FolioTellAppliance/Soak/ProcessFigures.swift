import FoundationEssentials
import Glibc

/// What this process holds, read from /proc: the figures that must not grow over a night.
public struct ProcessFigures: Equatable, Sendable {
  public var residentKiB: Int
  /// What of it is the process's own (RssAnon: the heap, stacks), not pages of mapped files (the libraries,
  /// espeak-ng's voice data), which are counted once first touched and are the kernel's to drop.
  public var anonymousKiB: Int
  /// The most this process ever held resident (VmHWM).
  public var peakKiB: Int
  public var descriptors: Int
  public var threads: Int
  /// Bytes handed to write(2) and its kin since the process began (/proc/self/io `wchar`).
  public var bytesWritten: Int

  public init(residentKiB: Int, anonymousKiB: Int, peakKiB: Int, descriptors: Int, threads: Int, bytesWritten: Int) {
    self.residentKiB = residentKiB
    self.anonymousKiB = anonymousKiB
    self.peakKiB = peakKiB
    self.descriptors = descriptors
    self.threads = threads
    self.bytesWritten = bytesWritten
  }

  public static func now() -> ProcessFigures {
    let status = field(in: "/proc/self/status")
    let io = field(in: "/proc/self/io")
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    return ProcessFigures(
      residentKiB: status("VmRSS") ?? 0, anonymousKiB: status("RssAnon") ?? 0, peakKiB: status("VmHWM") ?? 0, descriptors: descriptors, threads: status("Threads") ?? 0,
      bytesWritten: io("wchar") ?? 0)
  }

  /// The first number after `name:` on a line of a /proc file of "name: value" lines.
  private static func field(in path: String) -> (String) -> Int? {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return { name in
      for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
        let digits = line.dropFirst(name.count + 1).split(whereSeparator: { !$0.isNumber }).first
        return digits.flatMap { Int($0) }
      }
      return nil
    }
  }
}
