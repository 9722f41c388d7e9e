@testable import FolioTellCore

/// Feeds events to the root reducer one after another, all at `time`: the state after them and every
/// effect they asked for.
func run(_ state: BoxState, _ events: [BoxEvent], at time: Double = 10) -> (BoxState, [BoxEffect]) {
  var state = state
  var all: [BoxEffect] = []
  for event in events {
    let (next, effects) = Box.reduce(state, event, at: time)
    state = next
    all += effects
  }
  return (state, all)
}

/// What the effects say aloud (the box's words, not the book).
func said(_ effects: [BoxEffect]) -> [String] {
  effects.compactMap { if case .announce(let text, _, _, _) = $0 { return text } else { return nil } }
}
