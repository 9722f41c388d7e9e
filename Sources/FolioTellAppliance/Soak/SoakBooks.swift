import FolioTellSystem
import FoundationEssentials

/// The soak night's library: plain-text books long enough for a night, in chapters of paragraphs, made
/// from the seed so every night with the same seed reads the same words.
public enum SoakBooks {
  static let titles = ["The Long Night", "A River in Winter", "Letters from the Coast", "The Lighthouse Keeper"]
  static let words = """
    the a an old small quiet lamp river house garden window letter road morning evening winter summer \
    keeper child mother father friend village harbour boat light wind rain snow stone bridge field \
    walked read wrote carried found opened closed listened remembered waited watched followed said \
    slowly softly again never always together before after under over across along beside through \
    warm cold dark bright long short green grey blue golden narrow wide still distant
    """.split(separator: " ").map(String.init)

  /// Writes `count` books of about `wordsEach` words into `folder`; returns their paths.
  @discardableResult
  public static func write(into folder: String, count: Int = 3, wordsEach: Int = 60_000, seed: UInt64) throws -> [String] {
    var random = SeededRandom(seed: seed)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var paths: [String] = []
    for number in 0..<count {
      let title = titles[number % titles.count]
      var text = title + "\n\n"
      var written = 0
      var chapter = 0
      while written < wordsEach {
        chapter += 1
        text += "Chapter \(chapter)\n\n"
        for _ in 0..<Int.random(in: 4...9, using: &random) {
          var paragraph: [String] = []
          for _ in 0..<Int.random(in: 3...7, using: &random) {
            let length = Int.random(in: 5...18, using: &random)
            var sentence = (0..<length).map { _ in words.randomElement(using: &random)! }
            sentence[0] = sentence[0].prefix(1).uppercased() + sentence[0].dropFirst()
            paragraph.append(sentence.joined(separator: " ") + (Int.random(in: 0..<6, using: &random) == 0 ? "?" : "."))
            written += length
          }
          text += paragraph.joined(separator: " ") + "\n\n"
        }
      }
      let path = folder + "/" + String(title.lowercased().map { $0 == " " ? "-" : $0 }) + ".txt"
      let file = try WritableFile(path: path, opening: .truncate)
      try file.write(text)
      try file.close()
      paths.append(path)
    }
    return paths
  }
}
