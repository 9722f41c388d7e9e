import FolioTellControls
import FolioTellCore

/// Names of evdev key codes, and which keys are which control unless the config says otherwise.
public enum KeyNames {
  /// A key by name (`KEY_SPACE`, `BTN_0`) or by number (`57`).
  public static func code(for name: String) -> UInt16? { codes[name.uppercased()] ?? UInt16(name) }

  /// The name of a code, for messages (`KEY_SPACE`), or its number.
  public static func name(for code: UInt16) -> String {
    // Several names share a code (KEY_MUTE and KEY_MIN_INTERESTING); the shortest is the usual one.
    codes.filter { $0.value == code }.keys.min { ($0.count, $0) < ($1.count, $1) } ?? String(code)
  }

  /// Media keys, a numeric keypad, arrows and letters: a USB keypad, an IR remote or a keyboard works
  /// without a config.
  public static let defaultMap: [UInt16: ControlName] = {
    let names: [ControlName: [String]] = [
      ControlName.play: [
        "KEY_PLAYPAUSE", "KEY_PLAY", "KEY_PAUSE", "KEY_SPACE", "KEY_KP5", "KEY_ENTER", "KEY_KPENTER", "KEY_OK",
        "KEY_SELECT",
      ],
      ControlName.stop: ["KEY_STOPCD", "KEY_STOP", "KEY_S", "KEY_KP0"],
      ControlName.next: ["KEY_NEXTSONG", "KEY_NEXT", "KEY_RIGHT", "KEY_KP6", "KEY_N", "KEY_FASTFORWARD"],
      ControlName.previous: ["KEY_PREVIOUSSONG", "KEY_PREVIOUS", "KEY_LEFT", "KEY_KP4", "KEY_P", "KEY_REWIND"],
      ControlName.faster: ["KEY_UP", "KEY_KP8", "KEY_KPPLUS", "KEY_EQUAL"],
      ControlName.slower: ["KEY_DOWN", "KEY_KP2", "KEY_KPMINUS", "KEY_MINUS"],
      ControlName.menu: ["KEY_MENU", "KEY_M", "KEY_KPASTERISK"],
      ControlName.back: ["KEY_BACK", "KEY_ESC", "KEY_BACKSPACE", "KEY_KPDOT"],
      // The kernel's gpio-keys overlay on a reading box: buttons 0 to 4.
      ControlName.encoderPush: ["BTN_0"],
    ]
    var map: [UInt16: ControlName] = [:]
    for (control, keys) in names { for key in keys { map[codes[key]!] = control } }
    map[codes["BTN_1"]!] = ControlName.play
    map[codes["BTN_2"]!] = ControlName.next
    map[codes["BTN_3"]!] = ControlName.previous
    map[codes["BTN_4"]!] = ControlName.menu
    return map
  }()
}
