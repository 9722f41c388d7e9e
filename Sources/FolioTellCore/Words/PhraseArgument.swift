/// What fills a template's `{1}`, `{2}`…
public enum PhraseArgument: Sendable, Equatable {
  /// A number, said by the voice of the box's language.
  case number(Int)
  /// A number and the word it counts, in the form the number asks for.
  case count(Int, CountedNoun)
  /// A number in tenths ("1.5 gigabytes"), with the language's decimal mark.
  case tenths(Int, CountedNoun)
  /// Words of the box already in its language (another phrase, a place's name).
  case words(String)
  // Why a book cannot be opened comes from the book readers, in English: it is passed as `.book(reason,
  // language: "en")`, so an English voice says it rather than the box's voice spelling English.
  /// A book's own text (a title, a chapter's name, a bookmark's first words): said in the book's language,
  /// with its voice, when that is not the box's.
  case book(String, language: String?)
}
