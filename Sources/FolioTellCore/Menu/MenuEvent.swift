public enum MenuEvent: Equatable, Sendable, Codable {
  case opened
  /// Turned or stepped: positive moves down the list.
  case moved(steps: Int)
  case chosen
  /// Back: up a page, or out of the menu from its first page.
  case back
}
