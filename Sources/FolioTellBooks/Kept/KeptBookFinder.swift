import FolioTellCore
import FoundationEssentials
import Synchronization

/// For replay: finds a long book a trace left out (`LongBookCoding`) among the kept books of a folder
/// (`<data>/books`), by its number of characters and sentences. `missing` is told of a book it could not
/// find, once for each, so replay can say its text is not there.
public enum KeptBookFinder {
  public static func finder(
    folder: String, missing: @escaping @Sendable (_ characters: Int, _ sentences: Int) -> Void
  ) -> LongBookCoding.Finder {
    let found = Mutex<[String: LongBookCoding.Found?]>([:])
    return LongBookCoding.Finder { characters, sentences in
      let key = "\(characters) \(sentences)"
      if let known = found.withLock({ $0[key] }) { return known }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      let book = names.sorted().lazy.filter { $0.hasSuffix(".book") }.compactMap { name -> LongBookCoding.Found? in
        guard let kept = KeptBook.read(folder + "/" + name),
          kept.facts.scalars == characters || kept.map.endOffset == characters,
          kept.map.count == sentences
        else { return nil }
        let layout = LongBookCoding.Layout(
          chapters: kept.chapters, pages: kept.pages, notes: kept.notes, paragraphs: kept.paragraphs)
        return LongBookCoding.Found(map: kept.map, layout: layout)
      }.first
      found.withLock { $0[key] = .some(book) }
      if book == nil { missing(characters, sentences) }
      return book
    }
  }
}
