/// What the About page says: the box's version and the free space where books and places are kept.
public struct SystemFacts: Equatable, Sendable, Codable {
  public var version: String
  /// Bytes free on the data partition; nil when it cannot be told.
  public var freeBytes: Int64?

  public init(version: String, freeBytes: Int64?) {
    self.version = version
    self.freeBytes = freeBytes
  }

  /// "1.2 gigabytes", "350 megabytes".
  public func spokenFreeSpace(_ words: BoxWords) -> String {
    guard let freeBytes else { return words(.unknown) }
    let megabytes = Double(freeBytes) / 1_000_000
    if megabytes >= 1000 {
      return words.text(of: .tenths(Int((megabytes / 100).rounded()), .gigabyte))
    }
    return words.count(Int(megabytes.rounded()), .megabyte)
  }
}
