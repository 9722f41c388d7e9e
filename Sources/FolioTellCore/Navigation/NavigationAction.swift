/// What the bookmarks and navigation feature is asked to do.
enum NavigationAction: Equatable, Sendable {
  /// Playback's jumps (sentences, the start), keeping where the listener was for undo; `force`: a new
  /// undo place even within a burst.
  case jump([PlaybackEvent], force: Bool)
  /// A long NEXT or PREVIOUS.
  case chapter(forward: Bool)
  case undo
  /// The knob's detents while reading, by the unit it moves.
  case turned(KnobUnit, steps: Int)
  /// A place chosen in the menu: moved to and said.
  case go(to: Int, saying: String)
  /// A jump is over: if it went nowhere, the undo place is what it was before it.
  case settle(JumpMark)
  /// The knob's detents are over: a tone if they crossed into another chapter.
  case knobLanded(chapterBefore: Int?)
  /// A bookmark where the listener is (the menu's "Add a bookmark here").
  case addBookmark
  /// The bookmark of this index deleted (its page in the menu).
  case removeBookmark(Int)
}
