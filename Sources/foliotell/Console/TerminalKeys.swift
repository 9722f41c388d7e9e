import FolioTellControls
import FolioTellCore
import FolioTellSystem
import FoundationEssentials
import Glibc

/// The keyboard as the box's controls, for the simulator. Puts the terminal in raw mode and puts it back
/// on exit, on Ctrl-C and on a crash signal.
enum TerminalKeys {
  enum Action: Equatable {
    /// A named control and its gesture (a key is a short press; r is a long STOP, w a long PLAY, N and P long
    /// NEXT and PREVIOUS, u lets go of a held BACK, k the BACK+MENU chord), so the keys do what the
    /// box's controls do.
    case control(ControlName, Gesture)
    /// The knob turned while pushed in (by paragraph, unless the config says otherwise).
    case knobPushed(Int)
    case quit
  }

  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var isRaw = false

  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

  static func enterRawMode() {
    guard isInteractive, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return }
    isRaw = true
    atexit { TerminalKeys.restore() }
    // Ctrl-C and SIGTERM are handled by the command (a graceful stop that saves the place); a crash
    // puts the terminal back before the default action.
    // SIGTRAP is how a Swift trap ends a program on arm64 (the Raspberry Pi).
    for signalNumber in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP] {
      signal(signalNumber) { number in
        TerminalKeys.restore()
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  static func restore() {
    guard isRaw else { return }
    isRaw = false
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
  }

  /// Maps the bytes of one key press to an action; arrow keys arrive as ESC [ A..D.
  static func action(for bytes: [UInt8]) -> Action? {
    switch bytes {
    case [0x20], [0x0A], [0x0D]: return .control(ControlName.play, .short)
    case [UInt8(ascii: "s")]: return .control(ControlName.stop, .short)
    case [UInt8(ascii: "n")], [0x1B, 0x5B, 0x43]: return .control(ControlName.next, .short)
    case [UInt8(ascii: "p")], [0x1B, 0x5B, 0x44]: return .control(ControlName.previous, .short)
    // Start over is a long press of STOP on the box.
    case [UInt8(ascii: "r")]: return .control(ControlName.stop, .long)
    case [UInt8(ascii: "+")], [UInt8(ascii: "=")], [0x1B, 0x5B, 0x41]: return .control(ControlName.faster, .short)
    case [UInt8(ascii: "-")], [0x1B, 0x5B, 0x42]: return .control(ControlName.slower, .short)
    case [UInt8(ascii: "m")]: return .control(ControlName.menu, .short)
    case [UInt8(ascii: "b")], [0x7F]: return .control(ControlName.back, .short)
    // Holds a terminal cannot tell: each has a key of its own.
    case [UInt8(ascii: "w")]: return .control(ControlName.play, .long)
    case [UInt8(ascii: "N")]: return .control(ControlName.next, .long)
    case [UInt8(ascii: "P")]: return .control(ControlName.previous, .long)
    case [UInt8(ascii: "u")]: return .control(ControlName.back, .release)
    case [UInt8(ascii: "i")]: return .control(ControlName.menu, .long)
    case [UInt8(ascii: "k")]: return .control(ControlName.describerChord, .long)
    case [UInt8(ascii: "]")]: return .knobPushed(1)
    case [UInt8(ascii: "[")]: return .knobPushed(-1)
    case [UInt8(ascii: "q")], [0x03], [0x04]: return .quit
    default: return nil
    }
  }

  /// One read can hold several keys (fast typing, a paste, arrows held down): each ESC [ X sequence or
  /// single byte is one key.
  static func keys(in bytes: [UInt8]) -> [[UInt8]] {
    var keys: [[UInt8]] = []
    var index = 0
    while index < bytes.count {
      let length = bytes[index] == 0x1B && index + 2 < bytes.count && bytes[index + 1] == 0x5B ? 3 : 1
      keys.append(Array(bytes[index..<(index + length)]))
      index += length
    }
    return keys
  }

  /// Reads key presses on a thread of its own and hands each action over, until end of input.
  static func read(_ handle: @escaping @Sendable (Action) -> Void) {
    DetachedThread.start(name: "foliotell.keys") {
      var buffer = [UInt8](repeating: 0, count: 16)
      while true {
        let count = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else {
          handle(.quit)
          return
        }
        for key in keys(in: Array(buffer[0..<count])) {
          if let action = action(for: key) { handle(action) }
        }
      }
    }
  }
}
