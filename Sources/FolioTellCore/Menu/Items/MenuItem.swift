/// An item of a menu page with items of its own (not a list of books, chapters or speeds): its words and
/// what choosing it does sit together, and its place on the page is its place among the items shown.
protocol MenuItem: Equatable {
  /// The items the page shows now, in order.
  static func shown(in state: BoxState) -> [Self]
  /// What the item says (and shows).
  func words(in state: BoxState) -> String
  /// What choosing it does: the menu's next state, and what the root is asked to do for it.
  func chosen(_ menu: MenuState, _ context: MenuContext) -> FeatureStep<MenuState?>
}

extension MenuItem where Self: CaseIterable, AllCases == [Self] {
  static func shown(in state: BoxState) -> [Self] { allCases }
}

extension MenuItem {
  /// The page's words, item by item.
  static func words(in state: BoxState) -> [String] { shown(in: state).map { $0.words(in: state) } }

  /// The item at a selection (the last one past the end).
  static func at(_ selected: Int, in state: BoxState) -> Self {
    let items = shown(in: state)
    return items[min(max(selected, 0), items.count - 1)]
  }

  /// Where the item is on its page (for coming back to it).
  func position(in state: BoxState) -> Int { Self.shown(in: state).firstIndex(of: self) ?? 0 }
}
