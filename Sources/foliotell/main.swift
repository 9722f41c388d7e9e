import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
  usage: foliotell COMMAND [OPTIONS]

  commands:
    sim [BOOK.txt] [--wpm N] [--voice NAME] [--clock real|virtual] [--trace FILE] [--verbose]
        Read a plain-text book (or the built-in sample) with the simulated speech engine, printing
        each word as the listener would hear it. Keys: space play/pause, s stop, n/Right next sentence,
        p/Left previous sentence, r start over, +/Up faster, -/Down slower, q quit.
    say TEXT... [--voice NAME] [--wpm N] [--volume N] [--pitch N] [--audio OUTPUT] [--lexicon FILE]
        Speak the text with espeak-ng. OUTPUT: an ALSA device (default, hw:1,0, plughw:1,0, alsa:NAME),
        wav:FILE, null, or virtual[:SPEED] (the paced virtual sound card). Default: default.
    read BOOK.txt [--from N] [--to N] [speech options as for say]
        Read a plain-text book (or sentences N to M of it), printing each word as it is heard.
    voices
        List the installed espeak-ng voices.
    replay TRACE.jsonl
        Feed a recorded trace through the reducers and print one JSON line per event.
    help
        Show this text.
  """

func fail(_ message: String, status: Int32 = 2) -> Never {
  FileHandle.standardError.write(Data("foliotell: \(message)\n".utf8))
  exit(status)
}

switch arguments.first {
case "sim":
  SimCommand.run(Array(arguments.dropFirst()))
case "say":
  SpeechCommands.say(Array(arguments.dropFirst()))
case "read":
  SpeechCommands.read(Array(arguments.dropFirst()))
case "voices":
  SpeechCommands.voices(Array(arguments.dropFirst()))
case "replay":
  ReplayCommand.run(Array(arguments.dropFirst()))
case "help", "--help", "-h":
  print(usage)
case nil:
  print(usage)
  exit(2)
case let other?:
  fail("unknown command '\(other)'\n\(usage)")
}
