import FolioTellCore
import FolioTellRuntime
import FolioTellStore

/// Where the box runs. The composition is the same; the platform decides the clock, the sound, the
/// controls and whether the box's own threads (library watcher, display, input loop) run.
public enum Platform: Sendable {
  /// The box itself: the config's sound card, GPIO lines, input devices and display, the store in the
  /// data directory, the trace ring, systemd's notify protocol.
  case device
  /// This machine: the paced virtual sound card (or `--audio`), the keyboard, the terminal or PNG display.
  case desktop
  /// A script of presses on a virtual clock: real speech consumed at its true sample rate into a WAV
  /// file, frames drawn as PNG at their virtual moments; as fast as the machine synthesizes.
  case virtual(VirtualClock)

  var isVirtual: Bool {
    if case .virtual = self { return true }
    return false
  }
}

/// What a command adds to the config for one run.
public struct Session: Sendable {
  public enum Book: Sendable {
    case file(String)
    /// A text of the program's own (the sample book), with its title.
    case text(id: String, title: String, utf8: [UInt8])
    /// A part of a book already read (some sentences of a talking book, with their narration).
    case part(id: String, title: String, book: SentenceMap, language: String?)
  }

  /// The book to open; nil: the one the store remembers.
  public var book: Book?
  /// Opened when no book is named and none is remembered (the simulator's sample).
  public var fallbackBook: Book?
  public var wpm: Int?
  public var voice: String?
  public var language: String?
  /// The language of the box's own words for this run (`--box-language`): wins over the config's and the
  /// listener's choice.
  public var boxLanguage: String?
  /// `espeak` (real speech) or `simulated` (words timed, nothing synthesized).
  public var engine = "espeak"
  /// An `--audio` output; nil: the config's.
  public var audio: String?
  /// A `--display` spec; nil: the config's.
  public var display: String?
  /// Keep the place in this directory; nil: the config's data directory, or memory when `keepInMemory`.
  public var dataDirectory: String?
  public var keepInMemory = false
  public var libraryFolders: [String]?
  /// A trace file for this run (besides the device's ring).
  public var tracePath: String?
  /// Write the trace ring in the data directory (the daemon).
  public var traceRing = false
  /// Use the GPIO lines and input devices of the board and config.
  public var useControls = true
  /// Offer the library's books in the menu (and watch for new ones).
  public var useLibrary = true
  /// Request the wiring's GPIO lines (off: input devices only).
  public var useGPIO = true
  /// Pipes of recorded edges (`controls --record` lines, stamped with the monotonic clock) fed to the
  /// input loop as if they came from GPIO lines: how benches and tests press buttons without hardware.
  public var edgeStreams: [Int32] = []
  /// Start reading as soon as the book is open (with the greeting first on the device).
  public var autoplay = true
  public var greet = false
  /// A box built again for a reloaded config: it takes over from the one before instead of greeting.
  public var carriedOver: CarriedOver?
  public var volume: Int?
  public var pitch: Int?
  public var lexicon: String?
  /// Read books' footnotes and endnotes where they sit in the text (`--notes`); by default they are left out.
  public var readNotes = false
  /// False: a book with narration (DAISY with text, EPUB media overlays) is read by the voice.
  public var narration = true
  /// Say the book's end with words and a tone. A one-shot reading (`say`, `read`) ends with the text
  /// instead: nothing is said after it, so the same text always gives the same sound.
  public var announcesTheEnd = true
  /// A power cut the store plays out in the middle of a write (`foliotell soak`); nil on a box.
  public var powerCut: StorePowerCut?

  public init() {}
}
