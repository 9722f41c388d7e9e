extension StringProtocol {
  /// Without the leading and trailing characters that match (Foundation's `trimmingCharacters(in:)`,
  /// which FoundationEssentials does not have).
  public func trimming(while matches: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !matches($0) }) else { return "" }
    let last = lastIndex(where: { !matches($0) })!
    return String(self[first...last])
  }

  /// Without leading and trailing spaces and tabs (line breaks stay).
  public func trimmingSpaces() -> String { trimming { $0.isWhitespace && !$0.isNewline } }

  /// Without leading and trailing white space, line breaks included.
  public func trimmingWhitespace() -> String { trimming(while: \.isWhitespace) }
}
