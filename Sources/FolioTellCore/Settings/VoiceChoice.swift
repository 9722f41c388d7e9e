/// An installed voice the listener can choose: what the engine takes, its name, and its language.
public struct VoiceChoice: Equatable, Sendable, Codable {
  public var id: String
  public var name: String
  public var language: String

  public init(id: String, name: String, language: String) {
    self.id = id
    self.name = name
    self.language = language
  }
}
