import FolioTellAppliance
import FolioTellSystem
import FoundationEssentials
import Glibc

Heap.useOneArena()
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
  usage: foliotell COMMAND [OPTIONS]

  commands:
    run [--config FILE] [--board NAME]
        The box's daemon (systemd starts it): reads the config (default /etc/foliotell/config.json, if it
        exists) and the board it names, reopens the last book at its place and says so, reads the buttons,
        knob and input devices, shows the display, keeps the place and a trace ring in the data directory.
        SIGTERM saves and exits; SIGHUP reloads the config.
    doctor [--config FILE] [--board NAME]
        Check each part the config describes (GPIO chip and lines, display, sound card, voices, data
        directory, books, fonts) and say what is wrong and how to fix it; exit 0 only when all is well.
    sim [BOOK.txt] [--engine espeak|simulated] [--audio OUTPUT] [--clock real|virtual] [--script FILE] [--trace FILE]
        [--data-dir DIR] [--board NAME] [--config FILE] [--display SPEC] [--library FOLDER]... [--verbose]
        [--box-language en|de|fr|es|ru] [--voice-only] [speech options as for say]
        Run the box on this machine: read a book (or the built-in sample) with espeak-ng, or play its
        narration (--voice-only: its text with the voice), into the
        paced virtual sound card (or --audio default to hear it), printing each word as it is heard.
        --clock virtual runs on a virtual clock as fast as synthesis allows, deterministically, with the presses
        of --script FILE (lines: SECONDS CONTROL [short|long|repeat|release], SECONDS ENCODER +N); --audio
        wav:FILE then records the listener's timeline. --data-dir keeps the place,
        rate, voice and book there across restarts (without BOOK, the last book is reopened). --board and
        --config add the board's GPIO buttons, encoder and input devices as controls; --display shows the
        display (terminal, png:DIR, ssd1306, sh1106); --box-language is the language of the box's own words
        (prompts, menu); --library names the books the menu offers
        (default /var/lib/foliotell/books and drives under /media). Keys: space play/pause, s stop, n/Right next sentence,
        p/Left previous sentence, r start over, +/Up faster, -/Down slower, m menu, b back, q quit.
    say TEXT... [--voice NAME] [--wpm N] [--volume N] [--pitch N] [--audio OUTPUT] [--lexicon FILE]
        Speak the text with espeak-ng. OUTPUT: an ALSA device (default, hw:1,0, plughw:1,0, alsa:NAME),
        wav:FILE, null, or virtual[:SPEED] (the paced virtual sound card). Default: default.
    read BOOK [--from N] [--to N] [--notes] [--voice-only] [speech options as for say]
        Read a book (or sentences N to M of it), printing each word as it is heard; --notes reads
        footnotes and endnotes where they sit in the text (by default they are left out). A talking book
        (DAISY with audio, an audiobook folder, an EPUB with media overlays) plays its narration;
        --voice-only reads its text with the voice instead.
    voices
        List the installed espeak-ng voices.
    library [FOLDER...] [--json] [--watch]
        List the books in the folders (default /var/lib/foliotell/books) and on drives under /media, by
        title; --watch lists them again whenever books or drives come or go.
    info BOOK [--json] [--sentences] [--language CODE] [--notes] [--voice-only]
        Show what the box understood of a book: format, title, author, language and voice, chapters,
        the print edition's pages, note references, counts of paragraphs and sentences; --sentences lists
        every sentence with its start offset; --notes reads the book with its notes, as read --notes does;
        --voice-only shows it as read by the voice (a talking book with text).
    bench speech [--text FILE] [--rounds N]
        Measure the speech path: first-frame latency, stop to silence, synthesis time against the
        espeak-ng command, and memory while a whole book is read.
    bench books
        Open a 3 MB plain-text book and the largest EPUB from Debian's packages in fresh processes; print
        the time to a ready document and the memory used.
    bench store [--minutes N] [--wpm N]
        Simulate an hour of listening with the real save policy and store; print bytes written, fsyncs,
        the largest write and the most listening a power cut can lose, next to a naive JSON rewrite.
    controls [--board NAME] [--config FILE] [--record FILE] [--no-gpio] [--no-devices] [--silent] [--audio OUTPUT]
        Check the wiring: print (and say) each control as it is decoded from the GPIO lines of the board or
        config and from the input devices in /dev/input; --record writes the raw GPIO edges as JSON lines.
    controls --replay EDGES.jsonl [--board NAME | --config FILE]
        Decode a recorded edge stream and print one JSON line per control.
    bench controls [--seconds N] [--presses N]
        Run the input loop while reading; print its wake-ups and CPU at idle and while pressing, and the
        latency from an edge to the reducer event.
    bench display [--wpm N]
        Render every word of the sample book and send it through the OLED driver; print render time,
        bytes per frame, frame rate at 400 kHz and the bus share at the given rate (default 450 wpm).
    replay TRACE.jsonl [--display png:FOLDER] [--books DATA/books]
        Feed a recorded trace through the root reducer and print one JSON line per event; --display draws
        the display's frames at each event.
    bench latency [--presses N] [--audio DEVICE]
        The whole box from a press to silence, to the next sentence and to a menu item: median and worst.
    bench idle [--seconds N]
        Wake-ups per second of the whole box while reading, paused and stopped.
    bench library [--books N]
        A library of N small books (default 5000) and the box as run composes it, in fresh processes: power-on
        to the greeting, the Books page's first item, a letter jump, memory, a book added and removed.
    bench memory [--seconds N] [--book FILE]
        Resident memory of the whole process while it reads a 3 MB book (or BOOK) aloud in real time.
    soak [--hours H] [--seed N] [--cuts N] [--presses-per-hour N] [--keep FOLDER]
        A night of reading on the virtual clock: the box as run composes it, with real espeak-ng and the
        real store, a seeded random listener (1250 presses an hour, books changed through the menu) and
        power cuts at random moments (default 100 in 8 hours: half kill the box, half tear a store write).
        Checks the place resumed after each cut, the reducer's invariants after every event, memory,
        descriptors, threads, the trace ring and the bytes written per hour; prints a table and exits 1 on a
        breach, naming the seed. --keep leaves the data directory (with its trace ring) in FOLDER.
    display-log LOG --png DIR [--board NAME] [--config FILE]
        Rebuild the frames an OLED showed from the kernel's log of the I2C bus (tracefs smbus_write events,
        as the boot test records them) and write them as PNGs, drawn as replay --display draws the views.
    version
        Print the version.
    help
        Show this text.
  """

func fail(_ message: String, status: Int32 = 2) -> Never {
  WritableFile.standardError.print("foliotell: \(message)\n")
  exit(status)
}

/// The usage of one command: its entries in `usage` (a command line at two spaces, its text at six).
func usage(of command: String) -> String? {
  var entries: [String] = []
  var taking = false
  for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("  "), !line.hasPrefix("   ") {
      taking = line.dropFirst(2).split(separator: " ").first.map(String.init) == command
    } else if !line.hasPrefix("      ") {
      taking = false
    }
    if taking { entries.append(String(line.dropFirst(2))) }
  }
  return entries.isEmpty ? nil : "usage: foliotell " + entries.joined(separator: "\n")
}

// Every command answers --help (or -h) with its own usage, and does nothing else.
if let command = arguments.first, arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }),
  let text = usage(of: command)
{
  print(text)
  exit(0)
}

switch arguments.first {
case "run":
  RunCommand.run(Array(arguments.dropFirst()))
case "doctor":
  DoctorCommand.run(Array(arguments.dropFirst()))
case "sim":
  SimCommand.run(Array(arguments.dropFirst()))
case "say":
  SpeechCommands.say(Array(arguments.dropFirst()))
case "read":
  SpeechCommands.read(Array(arguments.dropFirst()))
case "info":
  InfoCommand.run(Array(arguments.dropFirst()))
case "library":
  LibraryCommand.run(Array(arguments.dropFirst()))
case "voices":
  SpeechCommands.voices(Array(arguments.dropFirst()))
case "controls":
  ControlsCommand.run(Array(arguments.dropFirst()))
case "soak":
  SoakCommand.run(Array(arguments.dropFirst()))
case "bench":
  BenchCommand.run(Array(arguments.dropFirst()))
case "replay":
  ReplayCommand.run(Array(arguments.dropFirst()))
case "display-log":
  DisplayLogCommand.run(Array(arguments.dropFirst()))
case "version", "--version":
  print(foliotellVersion)
case "help", "--help", "-h":
  print(usage)
case nil:
  print(usage)
  exit(2)
case let other?:
  fail("unknown command '\(other)'\n\(usage)")
}
