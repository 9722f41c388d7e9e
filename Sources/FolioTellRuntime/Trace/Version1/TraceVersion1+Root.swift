import FolioTellJSON
import FolioTellCore

/// The root events in traces: everything the box's reducer handles besides playback events and books.
///
///     {"t": 4.0, "event": "control", "control": "NEXT", "gesture": "short"}
///     {"t": 5.5, "event": "encoder", "steps": -2}
///     {"t": 10, "event": "clockTicked"}
///     {"event": "menu", "action": "moved", "steps": 1}        (opened, moved, chosen, back)
///     {"event": "libraryChanged", "books": [{"id": "9f2c...", "title": "Emma"}]}
///     {"event": "bookFailedToOpen", "title": "Emma", "reason": "..."}
///     {"event": "positionStoreFailed", "reason": "..."}
///     {"event": "positionStoreRecovered"}
///     {"event": "poweredOn"}, {"event": "announcementFinished"}
extension TraceVersion1 {
  public static let rootEventNames = [
    "control", "encoder", "encoderPushed", "clockTicked", "menu", "libraryChanged", "bookFailedToOpen",
    "positionStoreFailed",
    "positionStoreRecovered", "poweredOn", "announcementFinished", "partMissing", "voicesFound", "systemDescribed",
  ]

  static func parseRootEvent(_ name: String, _ members: [String: JSONValue], line: Int) throws(TraceError)
    -> BoxEvent?
  {
    func string(_ field: String) throws(TraceError) -> String {
      guard let value = members[field]?.stringValue else {
        throw TraceError(line: line, message: "\(name) needs the field \"\(field)\" (a string)")
      }
      return value
    }
    func int(_ field: String) throws(TraceError) -> Int {
      guard let value = members[field]?.intValue else {
        throw TraceError(line: line, message: "\(name) needs the field \"\(field)\" (an integer)")
      }
      return value
    }
    switch name {
    case "control":
      let gestureName = try string("gesture")
      guard let gesture = Gesture(rawValue: gestureName) else {
        throw TraceError(
          line: line, message: "unknown gesture \"\(gestureName)\"; use short, long, repeat or release")
      }
      let controlName = try string("control")
      guard let control = ControlName(rawValue: controlName) else {
        throw TraceError(
          line: line, message: "unknown control \"\(controlName)\"; controls: \(ControlName.spelledOut)")
      }
      return .control(name: control, gesture: gesture)
    case "encoder":
      return .encoder(steps: try int("steps"))
    case "encoderPushed":
      return .encoderPushed(steps: try int("steps"))
    case "clockTicked":
      return .timerFired(.tick)
    case "menu":
      switch try string("action") {
      case "opened": return .menu(.opened)
      case "moved": return .menu(.moved(steps: try int("steps")))
      case "chosen": return .menu(.chosen)
      case "back": return .menu(.back)
      case let other:
        throw TraceError(line: line, message: "unknown menu action \"\(other)\"; use opened, moved, chosen or back")
      }
    case "libraryChanged":
      guard case .array(let items)? = members["books"] else {
        throw TraceError(line: line, message: "libraryChanged needs \"books\": [{\"id\": ..., \"title\": ...}]")
      }
      var books: [LibraryBook] = []
      for item in items {
        guard case .object(let book) = item, let id = book["id"]?.stringValue, let title = book["title"]?.stringValue
        else {
          throw TraceError(line: line, message: "each book of libraryChanged is {\"id\": \"...\", \"title\": \"...\"}")
        }
        books.append(LibraryBook(id: id, title: title, problem: book["problem"]?.stringValue))
      }
      return .libraryChanged(books)
    case "bookFailedToOpen":
      return .bookFailedToOpen(title: try string("title"), reason: try string("reason"))
    case "positionStoreFailed":
      return .positionStoreFailed(reason: try string("reason"))
    case "positionStoreRecovered":
      return .positionStoreRecovered
    case "poweredOn":
      return .poweredOn
    case "announcementFinished":
      return .announcementFinished
    case "partMissing":
      return .partMissing(MissingPart(recorded: try string("part")))
    case "voicesFound":
      guard case .array(let items)? = members["voices"] else {
        throw TraceError(
          line: line, message: "voicesFound needs \"voices\": [{\"id\": ..., \"name\": ..., \"language\": ...}]")
      }
      var voices: [VoiceChoice] = []
      for item in items {
        guard case .object(let voice) = item, let id = voice["id"]?.stringValue, let name = voice["name"]?.stringValue,
          let language = voice["language"]?.stringValue
        else { throw TraceError(line: line, message: "each voice is {\"id\": ..., \"name\": ..., \"language\": ...}") }
        voices.append(VoiceChoice(id: id, name: name, language: language))
      }
      return .voicesFound(voices)
    case "systemDescribed":
      return .systemDescribed(
        SystemFacts(version: try string("version"), freeBytes: members["freeBytes"]?.intValue.map { Int64($0) }))
    default:
      return nil
    }
  }

  /// A root event as a trace line; nil for playback events and books, which have lines of their own.
  public static func encode(root event: BoxEvent, time: Double?) -> String? {
    var fields: [(String, String)] = []
    if let time { fields.append(("t", JSONWriter.number(time))) }
    func named(_ name: String, _ more: [(String, String)] = []) -> String {
      JSONWriter.object(fields + [("event", JSONWriter.string(name))] + more)
    }
    switch event {
    case .control(let name, let gesture):
      return named(
        "control", [("control", JSONWriter.string(name.rawValue)), ("gesture", JSONWriter.string(gesture.rawValue))])
    case .encoder(let steps):
      return named("encoder", [("steps", String(steps))])
    case .encoderPushed(let steps):
      return named("encoderPushed", [("steps", String(steps))])
    case .timerFired(.tick):
      return named("clockTicked")
    case .menu(let menuEvent):
      switch menuEvent {
      case .opened: return named("menu", [("action", JSONWriter.string("opened"))])
      case .moved(let steps): return named("menu", [("action", JSONWriter.string("moved")), ("steps", String(steps))])
      case .jumpedByLetter(let steps):
        return named("menu", [("action", JSONWriter.string("jumpedByLetter")), ("steps", String(steps))])
      case .chosen: return named("menu", [("action", JSONWriter.string("chosen"))])
      case .back: return named("menu", [("action", JSONWriter.string("back"))])
      }
    case .libraryChanged(let books):
      let list = books.map { book in
        JSONWriter.object(
          [("id", JSONWriter.string(book.id)), ("title", JSONWriter.string(book.title))]
            + (book.problem.map { [("problem", JSONWriter.string($0))] } ?? []))
      }
      return named("libraryChanged", [("books", "[" + list.joined(separator: ", ") + "]")])
    case .bookFailedToOpen(let title, let reason):
      return named("bookFailedToOpen", [("title", JSONWriter.string(title)), ("reason", JSONWriter.string(reason))])
    case .positionStoreFailed(let reason):
      return named("positionStoreFailed", [("reason", JSONWriter.string(reason))])
    case .positionStoreRecovered:
      return named("positionStoreRecovered")
    case .poweredOn:
      return named("poweredOn")
    case .announcementFinished:
      return named("announcementFinished")
    case .partMissing(let part):
      return named("partMissing", [("part", JSONWriter.string(part.rawValue))])
    case .voicesFound(let voices):
      let list = voices.map {
        JSONWriter.object([
          ("id", JSONWriter.string($0.id)), ("name", JSONWriter.string($0.name)),
          ("language", JSONWriter.string($0.language)),
        ])
      }
      return named("voicesFound", [("voices", "[" + list.joined(separator: ", ") + "]")])
    case .systemDescribed(let facts):
      return named(
        "systemDescribed",
        [("version", JSONWriter.string(facts.version))] + (facts.freeBytes.map { [("freeBytes", String($0))] } ?? []))
    default:
      // Playback events and books have lines of their own; events new since version 1 never occur in it.
      return nil
    }
  }

  /// The whole box's state after an event, for replay output: playback as before, then the mode, the menu
  /// when it is open, the sleep timer when set, and the display's view.
  public static func encode(_ state: BoxState) -> String {
    var fields: [(String, String)] = [
      ("phase", JSONWriter.string(state.playback.phase.name)),
      ("token", String(state.playback.utteranceToken)),
      ("sentence", String(state.playback.sentenceIndex)),
      ("offset", String(state.playback.offset)),
      ("wpm", String(state.playback.wpm)),
    ]
    if let menu = state.menu {
      fields.append(
        (
          "menu",
          JSONWriter.object([
            ("page", JSONWriter.string(Menu.title(of: menu.page, BoxWords(language: "en")))), ("selected", String(menu.selected)),
          ])
        ))
    }
    if let timer = state.sleepTimer { fields.append(("sleepSeconds", JSONWriter.number(timer.remaining))) }
    if state.display.mode != .reading || state.display.night {
      fields.append(
        ("display", JSONWriter.string(state.display.mode.rawValue + (state.display.night ? ", night" : ""))))
    }
    return JSONWriter.object(fields)
  }

  /// Every effect of a step, as replay prints them.
  public static func encode(_ effects: [BoxEffect]) -> String {
    "["
      + effects.map { effect -> String in
        switch effect {
        case .playback(let playback): return encode(playback)
        case .loadBook(let book):
          return JSONWriter.object([("effect", "\"loadBook\""), ("sentences", String(book.count))])
        case .savePosition(let save):
          return JSONWriter.object([
            ("effect", "\"savePosition\""), ("offset", String(save.position.offset)),
            ("reason", JSONWriter.string("\(save.reason)")),
          ])
        case .saveSettings(let settings):
          return JSONWriter.object([
            ("effect", "\"saveSettings\""), ("wpm", String(settings.wpm)), ("voice", JSONWriter.string(settings.voice)),
          ])
        case .rememberOpenBook(let bookID, _):
          return JSONWriter.object([("effect", "\"rememberOpenBook\""), ("bookID", JSONWriter.string(bookID))])
        case .announce(let text, _, _, _):
          return JSONWriter.object([("effect", "\"announce\""), ("text", JSONWriter.string(text))])
        case .openLibraryBook(let bookID):
          return JSONWriter.object([("effect", "\"openLibraryBook\""), ("bookID", JSONWriter.string(bookID))])
        case .addBookmark(_, let position):
          return JSONWriter.object([("effect", "\"addBookmark\""), ("offset", String(position.offset))])
        case .removeBookmark(_, let offset):
          return JSONWriter.object([("effect", "\"removeBookmark\""), ("offset", String(offset))])
        case .fadeOut(let seconds):
          return JSONWriter.object([("effect", "\"fadeOut\""), ("seconds", JSONWriter.number(seconds))])
        case .restoreVolume:
          return JSONWriter.object([("effect", "\"restoreVolume\"")])
        case .earcon(let earcon):
          return JSONWriter.object([("effect", "\"earcon\""), ("earcon", JSONWriter.string(earcon.rawValue))])
        case .setVolume(let percent):
          return JSONWriter.object([("effect", "\"setVolume\""), ("percent", String(percent))])
        case .setPitch(let pitch):
          return JSONWriter.object([("effect", "\"setPitch\""), ("pitch", String(pitch))])
        case .saveBookSettings(let bookID, let kept):
          return JSONWriter.object([
            ("effect", "\"saveBookSettings\""), ("bookID", JSONWriter.string(bookID)), ("wpm", String(kept.wpm)),
            ("voice", JSONWriter.string(kept.voice)),
          ])
        case .describeSystem:
          return JSONWriter.object([("effect", "\"describeSystem\"")])
        default:
          // An effect new since version 1, as version 2 prints it.
          return TraceCoding.json(effect)
        }
      }.joined(separator: ", ") + "]"
  }
}
