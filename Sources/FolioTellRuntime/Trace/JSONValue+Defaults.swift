import FolioTellJSON

extension JSONValue {
  /// This value with what it lacks taken from `defaults`: an object keeps its members and gains the
  /// default's members it does not have, member by member, all the way down. That is how a state recorded
  /// before a field was added still reads: the field takes the value a new box starts with.
  ///
  /// Swift's `Codable` writes an enum's case as an object with one member named after the case; a case
  /// other than the default's is taken as it is (its members are not the default case's).
  func filling(from defaults: JSONValue) -> JSONValue {
    guard case .object(let members) = self, case .object(let defaultMembers) = defaults else { return self }
    if members.count == 1, defaultMembers.count == 1, members.keys.first != defaultMembers.keys.first {
      return self
    }
    var filled = defaultMembers
    for (key, value) in members {
      filled[key] = defaultMembers[key].map { value.filling(from: $0) } ?? value
    }
    return .object(filled)
  }
}
