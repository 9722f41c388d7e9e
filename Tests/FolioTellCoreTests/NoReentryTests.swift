import Foundation
import Testing

/// The root reducer is entered once per event: features return actions for the root to send, and no
/// function of the core calls the root again. This reads the core's sources and fails on a call of
/// `Box.reduce` anywhere but at the root's own entry.
@Suite struct NoReentryTests {
  static let core = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/FolioTellCore").path

  static func sources() -> [(path: String, text: String)] {
    let files = FileManager.default.enumerator(atPath: core)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".swift") }.sorted().compactMap { file in
      (try? String(contentsOfFile: core + "/" + file, encoding: .utf8)).map { (file, $0) }
    }
  }

  @Test func theCoreHasItsSources() {
    #expect(Self.sources().count > 20)
  }

  /// The lines of one source file that call the root reducer.
  static func reentries(in text: String, path: String) -> [String] {
    let calls = ["Box.reduce(", "Self.reduce(", "Box.handle(", "Box.route("]
    var found: [String] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      let called = calls.contains { code.contains($0) }
      // Inside the root's own files an unqualified `reduce(` is the root again (its declaration is not).
      let unqualified =
        path.hasPrefix("Box/Box") && !code.contains("func reduce(")
        && code.range(of: #"(^|[^.\w])reduce\("#, options: .regularExpression) != nil
      if called || unqualified { found.append("\(path):\(number + 1): \(line)") }
    }
    return found
  }

  @Test func noFunctionEntersTheRootReducerAgain() {
    let found = Self.sources().flatMap { Self.reentries(in: $0.text, path: $0.path) }
    #expect(found.isEmpty, "the root reducer is entered again:\n\(found.joined(separator: "\n"))")
  }

  /// The check finds the ways the root used to be entered again, and passes the root's own entry.
  @Test func theCheckFindsAReentry() {
    let feature = """
      static func perform(_ state: BoxState) -> (BoxState, [BoxEffect]) {
        return Box.reduce(state, .playback(.primaryTapped), at: time)  // the old way
      }
      """
    #expect(Self.reentries(in: feature, path: "Controls/ControlHandling.swift").count == 1)
    let root = """
      public static func reduce(_ state: BoxState, _ event: BoxEvent, at time: Double) -> (BoxState, [BoxEffect]) {
        let (greeted, greeting) = reduce(next, .poweredOn, at: time)
        let (playback, effect) = Playback.reduce(state.playback, event)
      """
    #expect(Self.reentries(in: root, path: "Box/Box.swift").count == 1)
    #expect(Self.reentries(in: "// Box.reduce( in a comment", path: "Box/Box.swift").isEmpty)
  }
}
