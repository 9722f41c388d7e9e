public enum MenuEvent: Equatable, Sendable, Codable {
  case opened
  /// Turned or stepped: positive moves down the list.
  case moved(steps: Int)
  /// The knob turned pushed in: on the Books page, to the first book of the next (or previous) letter,
  /// a letter a detent; elsewhere as `moved`.
  case jumpedByLetter(steps: Int)
  case chosen
  /// Back: up a page, or out of the menu from its first page.
  case back
}
