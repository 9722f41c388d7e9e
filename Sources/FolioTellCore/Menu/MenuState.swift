/// Where the listener is in the menu. The menu is spoken: every page is said as it is entered and every
/// item as it is reached, so it works without the display.
public struct MenuState: Equatable, Sendable, Codable {
  public enum Page: String, Equatable, Sendable, CaseIterable, Codable {
    case main
    case books
    case goTo
    case chapters
    case percent
    case pages
    case bookmarks
    /// One bookmark (`subject`): go to it or delete it.
    case bookmark
    case speed
    case voice
    /// Volume, pitch and the earcons.
    case sound
    case volume
    case pitch
    case sleepTimer
    case display
    case about
    /// The language of the box's own words.
    case language
  }

  public var page: Page
  public var selected: Int
  /// The bookmark a `bookmark` page is about.
  public var subject: Int
  /// Reading was going on when the menu opened: a choice that changes a setting goes back to it.
  public var resumeReading: Bool

  public init(page: Page = .main, selected: Int = 0, subject: Int = 0, resumeReading: Bool = false) {
    self.page = page
    self.selected = selected
    self.subject = subject
    self.resumeReading = resumeReading
  }
}
