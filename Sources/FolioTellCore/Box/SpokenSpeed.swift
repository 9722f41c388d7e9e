/// A speed change is said at the new rate; the fastest and slowest rates say so.
enum SpokenSpeed {
  static func change(to wpm: Int, _ state: BoxState) -> Outcome {
    let limits = state.playback.wpmLimits
    let rate = SpeechRate.clamped(wpm, within: limits)
    let words: String
    let atLimit = rate == state.playback.wpm && (rate == limits.upperBound || rate == limits.lowerBound)
    if atLimit, rate == limits.upperBound {
      words = "Fastest: \(rate) words a minute."
    } else if atLimit {
      words = "Slowest: \(rate) words a minute."
    } else {
      words = "\(rate) words a minute."
    }
    var said = Interjection.say(words, state, before: [.speedChanged(wpm: rate)])
    if atLimit { said.send.append(.perform(.earcon(.limit))) }
    return said
  }
}
