import FolioTellJSON
import FoundationEssentials
import Glibc

/// Every key a board file or config may have, section by section, so a misspelt key is an error that
/// names the file, the line, the key and the keys that are allowed, instead of being silently ignored.
enum ConfigSchema {
  indirect enum Shape: Sendable {
    case value
    case object([String: Shape])
    case list(Shape)
    /// An object whose keys are the user's own (evdev key names to controls).
    case anyKeys
  }

  static let button: Shape = .object([
    "control": .value, "line": .value, "activeLow": .value, "debounceMs": .value, "longPressMs": .value,
    "repeatMs": .value,
  ])
  static let encoder: Shape = .object([
    "control": .value, "a": .value, "b": .value, "activeLow": .value, "reversed": .value,
    "transitionsPerDetent": .value, "acceleration": .list(.object(["withinMs": .value, "steps": .value])),
  ])
  static let root: [String: Shape] = [
    "name": .value, "notes": .value, "board": .value, "dataDirectory": .value, "library": .list(.value),
    "audio": .value, "voice": .value, "wpm": .value, "volume": .value, "pitch": .value, "language": .value, "boxLanguage": .value,
    "readNotes": .value, "narration": .value, "longPauseMinutes": .value, "knob": .value, "pushedKnob": .value,
    "lexicon": .value, "audioIdleSeconds": .value,
    "amplifier": .object(["chip": .value, "line": .value, "activeLow": .value, "startupMs": .value]),
    "trace": .object(["enabled": .value, "files": .value, "fileKilobytes": .value, "folder": .value]),
    // How the image is built for the board (image/build reads it; the box itself does not).
    "boot": .object([
      "architecture": .value, "debianKernel": .value, "firmware": .value, "deviceTree": .value,
      "overlays": .list(.value), "configTxt": .list(.value), "console": .value, "modules": .list(.value),
      "blacklist": .list(.value),
    ]),
    "gpio": .object(["chip": .value, "buttons": .list(button), "encoders": .list(encoder)]),
    "input": .object([
      "devices": .value, "grab": .value, "keys": .anyKeys, "longPressMs": .value, "repeatMs": .value,
    ]),
    "display": .object([
      "bus": .value, "address": .value, "height": .value, "rotate180": .value, "inverse": .value,
      "controller": .value, "enabled": .value, "font": .value, "readingSize": .value, "largestSize": .value,
      "smallSize": .value, "dimAfterSeconds": .value, "offAfterSeconds": .value, "brightness": .value,
      "dimBrightness": .value, "nightBrightness": .value,
    ]),
  ]

  /// Throws for the first key no section knows, with the line it is on.
  static func check(_ root: [String: Any], file: String) throws(ConfigError) {
    let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    try check(root, shape: .object(self.root), place: "", file: file, text: text)
  }

  private static func check(_ value: Any, shape: Shape, place: String, file: String, text: String) throws(ConfigError) {
    switch shape {
    case .value, .anyKeys:
      return
    case .list(let item):
      guard let list = value as? [Any] else { return }
      for (index, element) in list.enumerated() {
        try check(element, shape: item, place: "\(place)[\(index)]", file: file, text: text)
      }
    case .object(let keys):
      guard let object = value as? [String: Any] else { return }
      for key in object.keys.sorted() {
        let path = place.isEmpty ? key : place + "." + key
        guard let inner = keys[key] else {
          let near = closest(to: key, in: Array(keys.keys))
          let hint = near.map { "did you mean \"\($0)\"? " } ?? ""
          throw ConfigError(
            file: file + line(of: key, in: text),
            reason:
              "unknown key \"\(path)\"; \(hint)the keys here are \(keys.keys.sorted().joined(separator: ", ")) (see the README's \"Configuration\")"
          )
        }
        try check(object[key]!, shape: inner, place: path, file: file, text: text)
      }
    }
  }

  /// ", line N" for the first line that has `"key"`, or nothing when it cannot be found.
  static func line(of key: String, in text: String) -> String {
    let quoted = "\"" + key + "\""
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
    where line.contains(quoted) {
      return ", line \(index + 1)"
    }
    return ""
  }

  /// The allowed key a typo most likely meant (case-insensitive, at most two edits away).
  static func closest(to key: String, in keys: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
      var row = Array(0...b.count)
      for (i, x) in a.enumerated() {
        var previous = row[0]
        row[0] = i + 1
        for (j, y) in b.enumerated() {
          let current = row[j + 1]
          row[j + 1] = min(row[j + 1] + 1, row[j] + 1, previous + (x == y ? 0 : 1))
          previous = current
        }
      }
      return row[b.count]
    }
    let lower = Array(key.lowercased())
    return keys.map { ($0, distance(lower, Array($0.lowercased()))) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
  }
}
