/// An installed voice the listener can choose: what the engine takes, its name, its language, and every
/// language it speaks (espeak-ng's English voice speaks `en-gb` and `en`).
public struct VoiceChoice: Equatable, Sendable, Codable {
  public var id: String
  public var name: String
  public var language: String
  /// The languages the voice speaks, its own first.
  public var languages: [String]

  public init(id: String, name: String, language: String, languages: [String]? = nil) {
    self.id = id
    self.name = name
    self.language = language
    self.languages = languages ?? [language]
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, language, languages
  }

  /// Voices recorded before `languages` was kept speak their one language.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    language = try container.decode(String.self, forKey: .language)
    languages = try container.decodeIfPresent([String].self, forKey: .languages) ?? [language]
  }
}
