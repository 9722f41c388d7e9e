import FolioTellCore

/// The soak test's listener: bursts of presses (every control and gesture, the knob turned and pushed,
/// the key describer's chord), quiet stretches of listening between them, and now and then a visit to the
/// menu as a listener makes it, by ear: MENU, the knob to an item (Books most often), PLAY, then the knob
/// and PLAY on the pages it leads to: another book, a chapter, a bookmark, the sleep timer, a speed.
/// Everything comes from the seed, so a night is replayed exactly.
public struct SoakListener: Sendable {
  private var random: SeededRandom
  /// The mean time between presses over the night.
  private let meanGap: Double
  private var burstLeft = 0
  private var visit: MenuVisit?
  /// Books chosen on the Books page.
  public private(set) var bookSwitches = 0

  /// A visit to the menu under way: the main item it goes to, the presses made so far, whether that item
  /// was chosen, and whether the knob has been turned on the page now open.
  private struct MenuVisit: Sendable {
    var target: Int
    var presses = 0
    var entered = false
    var turned = false
  }

  static let burstSizes = 3...30
  static let gapsInBurst = 0.25...1.5

  public init(seed: UInt64, pressesPerHour: Double) {
    random = SeededRandom(seed: seed)
    meanGap = 3600 / max(pressesPerHour, 1)
  }

  /// When the next press comes after `time`: soon inside a burst, after a quiet stretch otherwise, so the
  /// night has both many presses and long listening.
  public mutating func nextPress(after time: Double) -> Double {
    if burstLeft > 0 {
      burstLeft -= 1
      return time + Double.random(in: Self.gapsInBurst, using: &random)
    }
    burstLeft = Int.random(in: Self.burstSizes, using: &random) - 1
    let meanBurst = Double(Self.burstSizes.lowerBound + Self.burstSizes.upperBound) / 2
    let meanInBurst = (Self.gapsInBurst.lowerBound + Self.gapsInBurst.upperBound) / 2
    let quiet = max(1, meanBurst * meanGap - (meanBurst - 1) * meanInBurst)
    return time + random.exponential(mean: quiet)
  }

  /// The next press, from what the box is doing: a step of a visit to the menu under way, or a new one,
  /// or any control at all.
  public mutating func press(in state: BoxState) -> BoxEvent {
    // With no book open (a box new from the shop) the listener's first wish is a book.
    if visit == nil, state.book.id == nil, !state.library.books.isEmpty {
      visit = MenuVisit(target: Menu.booksItemPosition(in: state))
    }
    if visit == nil, Int.random(in: 0..<100, using: &random) < 6 {
      let items = Menu.items(of: .main, in: state).count
      // Books most often: changing book is what a night's listener does through the menu.
      let books = Menu.booksItemPosition(in: state)
      let target = Bool.random(using: &random) ? books : Int.random(in: 0..<max(items, 1), using: &random)
      visit = MenuVisit(target: target)
    }
    // Voices and the box's languages are listened through but left as they were: another voice's
    // dictionary is another steady amount of memory, which would hide a leak or fake one.
    if let page = state.menu?.page, page == .voice || page == .language, visit == nil || visit?.turned == true {
      visit = nil
      return .control(name: .back, gesture: .short)
    }
    if var going = visit {
      going.presses += 1
      let event = step(of: &going, in: state)
      visit = going.presses >= 10 || event == nil ? nil : going
      if let event { return event }
    }
    return anyPress()
  }

  /// The visit's next press: MENU, the knob to the item, PLAY, then the knob and PLAY on the pages it
  /// leads to; nil once the menu has closed again.
  private mutating func step(of visit: inout MenuVisit, in state: BoxState) -> BoxEvent? {
    guard let menu = state.menu else {
      return visit.presses == 1 ? .control(name: .menu, gesture: .short) : nil
    }
    if menu.page == .main, !visit.entered {
      if menu.selected != visit.target { return .encoder(steps: visit.target - menu.selected) }
      visit.entered = true
      return .control(name: .play, gesture: .short)
    }
    if !visit.turned {
      visit.turned = true
      let count = max(Menu.items(of: menu.page, in: state).count, 2)
      return .encoder(steps: Int.random(in: 1..<count, using: &random))
    }
    visit.turned = false
    if menu.page == .books { bookSwitches += 1 }
    return .control(name: .play, gesture: .short)
  }

  private mutating func anyPress() -> BoxEvent {
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<22:
      return .encoder(steps: Int.random(in: 1...4, using: &random) * (Bool.random(using: &random) ? 1 : -1))
    case 22..<30:
      return .encoderPushed(steps: Int.random(in: 1...2, using: &random) * (Bool.random(using: &random) ? 1 : -1))
    case 30..<33:
      return .control(name: .describerChord, gesture: .long)
    default:
      let controls = ControlName.allCases.filter { $0 != .encoder && $0 != .describerChord }
      let control = controls.randomElement(using: &random)!
      let gesture: Gesture
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<70: gesture = .short
      case 70..<85: gesture = .long
      case 85..<93: gesture = .repeatWhileHeld
      default: gesture = .release
      }
      return .control(name: control, gesture: gesture)
    }
  }
}
