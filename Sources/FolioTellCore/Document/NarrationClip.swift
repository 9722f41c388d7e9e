/// A stretch of narration: a human voice in an audio file from `begin` to `end` seconds, played for one
/// phrase of a talking book instead of synthesizing its text. A book's place stays an offset in its text:
/// the phrase, and how far into its clip.
public struct NarrationClip: Equatable, Sendable {
  /// The audio file's path.
  public var file: String
  public var begin: Double
  public var end: Double

  public init(file: String, begin: Double, end: Double) {
    self.file = file
    self.begin = begin
    self.end = end
  }

  public var duration: Double { max(end - begin, 0) }

  /// Where in the file a place `fraction` of the way through the phrase is heard.
  public func time(at fraction: Double) -> Double { begin + duration * min(max(fraction, 0), 1) }
}

/// In a trace: `[file, begin, end]`.
extension NarrationClip: Codable {
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init(
      file: try container.decode(String.self), begin: try container.decode(Double.self),
      end: try container.decode(Double.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(file)
    try container.encode(begin)
    try container.encode(end)
  }
}
