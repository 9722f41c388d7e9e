/// A speed change is said at the new rate; the fastest and slowest rates say so.
enum SpokenSpeed {
  static func change(to wpm: Int, _ state: BoxState) -> Outcome {
    let limits = state.playback.wpmLimits
    let rate = SpeechRate.clamped(wpm, within: limits)
    let words: String
    let atLimit = rate == state.playback.wpm && (rate == limits.upperBound || rate == limits.lowerBound)
    if atLimit, rate == limits.upperBound {
      words = state.words(.fastest, .count(rate, .wordsPerMinute))
    } else if atLimit {
      words = state.words(.slowest, .count(rate, .wordsPerMinute))
    } else {
      words = state.words(.speed, .count(rate, .wordsPerMinute))
    }
    var said = Interjection.say(words, state, before: [.speedChanged(wpm: rate)])
    if atLimit { said.send.append(.perform(.earcon(.limit))) }
    return said
  }
}
