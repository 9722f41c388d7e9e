/// The bookmarks and navigation feature's state: the open book's bookmarks and where undo goes back to.
public struct NavigationState: Equatable, Sendable, Codable {
  /// The open book's bookmarks, as offsets in reading order.
  public var bookmarks: [Int] = []
  /// Where the listener was before the last jump (a chapter, a bookmark, a burst of knob detents); undo
  /// goes back there.
  public var undoPlace: Int?
  /// When the listener last jumped: detents close together are one jump, for undo.
  public var lastJumpTime: Double?

  public init(bookmarks: [Int] = []) {
    self.bookmarks = bookmarks
  }
}
