import Foundation
import Testing

@testable import FolioTellCore

/// A German, a French and a Russian box, each run as a listener would (`sim --box-language`, real
/// espeak-ng on the virtual clock): the greeting, where am I, the menu and its pages, a speed, the key
/// describer and the Language page are all said in the box's own language, never in English.
@Suite(.serialized) struct BoxLanguageRunTests {
  static let books: [String: String] = [
    "de": "Das gefällt mir sehr. Es war ein gutes Jahr. Wir kamen zu spät nach Hause. Der Abend war lang und still.",
    "fr": "Le matin était calme. Nous avons marché jusqu'à la mer. Le vent soufflait fort sur la plage.",
    "ru": "Утро было тихим. Мы пошли к морю. Ветер сильно дул на берегу, и волны были высокими.",
  ]

  static let script = """
    1.0 PLAY long
    5.0 BACK+MENU long
    8.0 NEXT
    10.0 BACK+MENU long
    13.0 MENU
    14.0 ENCODER +3
    15.0 PLAY
    17.0 MENU
    18.0 ENCODER +20
    19.0 PLAY
    21.0 BACK
    22.0 BACK
    24.0 STOP
    """

  /// English words of the box that must never be heard from a box in another language: every template's
  /// fixed text (the parts between its placeholders) of six letters or more, unless the language's own
  /// table uses the same words (the buttons' names).
  static func englishFragments(except table: WordTable) -> Set<String> {
    var fragments = Set<String>()
    for template in WordTable.english.phrases.values {
      for part in template.split(whereSeparator: { $0 == "{" || $0 == "}" }) {
        let fragment = part.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        guard fragment.filter(\.isLetter).count >= 6, Int(fragment) == nil else { continue }
        guard !table.phrases.values.contains(where: { $0.contains(fragment) }) else { continue }
        fragments.insert(fragment)
      }
    }
    return fragments
  }

  @Test(arguments: ["de", "fr", "ru"])
  func aBoxSpeaksAllItsPromptsInItsOwnLanguage(language: String) throws {
    let table = WordTable.of(language)
    let run = try VirtualRun.run(
      script: Self.script, book: Self.books[language]!, extra: ["--box-language", language, "--language", language])
    #expect(run.status == 0, "\(run.errors)")
    let said = run.announcements.map(\.text)
    #expect(said.count >= 12, "\(said)")
    let english = Self.englishFragments(except: table)
    for text in said {
      for fragment in english where text.contains(fragment) {
        Issue.record("a \(table.name) box said English (\"\(fragment)\"): \(text)")
      }
    }
    let words = BoxWords(language: language)
    // The menu's first page, the Speed page, the Language page and the menu closed, in the box's words.
    #expect(said.contains(words(.menuTitle) + ". " + words(.booksTitle) + ". " + words(.itemOfCount, .number(1), .number(12))))
    #expect(said.contains { $0.hasPrefix(words(.speedTitle) + ". ") && $0.contains(words.count(175, .wordsPerMinute)) })
    #expect(said.contains { $0.hasPrefix(words(.languageTitle) + ". ") })
    #expect(said.contains { $0.hasPrefix(words(.keyDescriberOn)) })
    #expect(said.contains { $0.hasPrefix(words(.keyDescriberOff)) })
    #expect(said.contains { $0.hasPrefix(words(.menuClosed)) })
    #expect(said.contains { $0.hasPrefix(words(.stopped)) || $0.hasPrefix(words(.stoppedPlayGoesOn)) })
    // Where am I: the book's percentage in the box's plural form.
    #expect(said.contains { text in (0...100).contains { text.contains(" " + words.count($0, .percent) + ".") } }, "\(said)")
    // Every announcement is said by a voice of the box's language: the book's voice, which speaks it (its
    // name says so), or the runs the effect names, the first in the box's language.
    let effects = run.replayed.compactMap { VirtualRun.object($0)?["effects"] as? [[String: Any]] }.joined()
      .compactMap { $0["announce"] as? [String: Any] }
    #expect(!effects.isEmpty)
    for effect in effects {
      let runs = effect["languages"] as? [[String: Any]] ?? []
      let voice = effect["voice"] as? String ?? ""
      if runs.isEmpty {
        #expect(voice.split(separator: "/").last?.hasPrefix(language) == true, "\(effect)")
      } else {
        #expect(runs.first?["language"] as? String == language, "\(effect)")
      }
    }
    #expect(!run.samples.isEmpty && run.samples.contains { abs(Int($0)) > 1000 }, "the prompts were heard")
  }

  @Test func aLanguageChosenInTheMenuIsKeptAcrossARestart() throws {
    let data = VirtualRun.folder() + "/data"
    let choose = try VirtualRun.run(
      script: "2.0 MENU\n3.0 ENCODER +20\n4.0 PLAY\n5.0 ENCODER +3\n6.0 PLAY\n9.0 STOP", dataDirectory: data)
    #expect(choose.status == 0, "\(choose.errors)")
    let said = choose.announcements.map(\.text)
    #expect(said.contains { $0.hasPrefix("Language of the box. English. 1 of 5.") }, "\(said)")
    #expect(said.contains { $0.hasPrefix("Español. 4 of 5.") }, "\(said)")
    #expect(said.contains { $0.hasPrefix(WordTable.spanish.phrases[.languageChosen]!) }, "\(said)")
    let again = try VirtualRun.run(script: "2.0 MENU\n4.0 BACK", dataDirectory: data)
    #expect(again.status == 0, "\(again.errors)")
    let words = BoxWords(language: "es")
    #expect(
      again.announcements.map(\.text).contains(
        words(.menuTitle) + ". " + words(.booksTitle) + ". " + words(.itemOfCount, .number(1), .number(12))),
      "\(again.announcements.map(\.text))")
  }
}
