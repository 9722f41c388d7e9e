import FolioTellViews
import Testing

@Suite struct ViewGoldenTests {
  let views = Views(typeface: Golden.typeface)

  /// The character range of `word` in `sentence`.
  func range(of word: String, in sentence: String) -> Range<Int> {
    let scalars = Array(sentence.unicodeScalars)
    let needle = Array(word.unicodeScalars)
    let start = (0...(scalars.count - needle.count)).first { Array(scalars[$0..<($0 + needle.count)]) == needle }!
    return start..<(start + needle.count)
  }

  func reading(_ sentence: String, _ word: String, _ name: String) {
    let frame = views.render(.reading(sentence: sentence, word: range(of: word, in: sentence)))
    Golden.check(frame, name)
  }

  @Test func readingFollowsTheSpokenWordInEachLanguage() {
    reading(
      "Alice was beginning to get very tired of sitting by her sister on the bank.", "beginning", "reading-en-start")
    reading(
      "Alice was beginning to get very tired of sitting by her sister on the bank.", "sister", "reading-en-later-page")
    reading("Über die Brücke gingen wir zur Straße, während es regnete.", "Straße,", "reading-de")
    reading("Она открыла дверь и вышла в сад, где цвели розы.", "вышла", "reading-ru")
    reading("Η θάλασσα ήταν ήρεμη το πρωί.", "ήρεμη", "reading-el")
    reading("Déjà vu: l’élève a répondu «oui».", "répondu", "reading-fr")
  }

  @Test func theBigWordIsAsLargeAsFits() {
    Golden.check(views.render(.bigWord("cat")), "big-word-short")
    Golden.check(views.render(.bigWord("Wonderland")), "big-word-long")
    Golden.check(views.render(.bigWord("Straßenbahnhaltestelle")), "big-word-de-compound")
    Golden.check(views.render(.bigWord("дверь")), "big-word-ru")
  }

  @Test func menusShowTheSelectedItemLargeWithItsPosition() {
    let books = ["Alice in Wonderland", "Pride and Prejudice", "Война и мир", "Moby Dick"]
    Golden.check(views.render(.menu(title: "Books", items: books, selected: 2)), "menu-books-ru-item")
    Golden.check(
      views.render(.menu(title: "Speed", items: ["150 wpm", "175 wpm", "200 wpm"], selected: 1)), "menu-speed")
  }

  @Test func statusShowsWhereAndHowFast() {
    Golden.check(
      views.render(.status(Status(title: "Alice in Wonderland", percent: 42, wpm: 175, playback: "Reading"))), "status")
    Golden.check(
      views.render(.status(Status(title: "Война и мир", percent: 7, wpm: 250, playback: "Paused", sleepMinutes: 20))),
      "status-sleep-timer")
  }

  @Test func messagesAndErrorsAreLarge() {
    Golden.check(views.render(.message(title: "End", text: "End of the book")), "message-end")
    Golden.check(views.render(.message(title: "Error", text: "No sound card: check the cable")), "message-error")
  }

  @Test func a128x32PanelGetsEveryViewWithoutLosingTheEssentials() {
    let short = Views(width: 128, height: 32, typeface: Golden.typeface)
    let sentence = "Alice was beginning to get very tired of sitting by her sister."
    Golden.check(short.render(.reading(sentence: sentence, word: range(of: "tired", in: sentence))), "short-reading")
    Golden.check(short.render(.bigWord("Wonderland")), "short-big-word")
    Golden.check(short.render(.menu(title: "Books", items: ["Alice", "Moby Dick"], selected: 1)), "short-menu")
    Golden.check(
      short.render(
        .status(Status(title: "Alice in Wonderland", percent: 42, wpm: 175, playback: "Reading", sleepMinutes: 20))),
      "short-status")
    Golden.check(short.render(.message(title: "Error", text: "No sound card")), "short-message")
  }

  @Test func largeSmallTextNeverBreaksAView() {
    let large = Views(typeface: Golden.typeface, sizes: TextSizes(reading: 48, largest: 48, small: 30))
    for screen: Screen in [
      .status(Status(title: "A", percent: 50, wpm: 200, playback: "Paused", sleepMinutes: 5)),
      .menu(title: "Books", items: ["One", "Two"], selected: 0), .message(title: "Error", text: "Something went wrong"),
      .reading(sentence: "Short.", word: 0..<6), .bigWord(""), .reading(sentence: "", word: nil),
    ] {
      #expect(large.render(screen).width == 128)
    }
  }
}
