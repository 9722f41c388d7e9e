@testable import FolioTellJSON
import Testing

/// The box's one JSON reader: traces take its typed values, configs and board files its plain ones; both
/// come from the same reading, with the same errors.
@Suite struct JSONReaderTests {
  @Test func wholeNumbersStayIntegersAndFractionsAndExponentsDoNot() throws {
    let value = try JSONObjectParser.parseValue(#"{"a": 4, "b": 4.0, "c": 1e3, "d": -7, "e": 99999999999999999999}"#.utf8)
    #expect(
      value
        == .object(["a": .int(4), "b": .double(4), "c": .double(1000), "d": .int(-7), "e": .double(1e20)]))
  }

  @Test func thePlainViewIsWhatConfigsRead() throws {
    let plain = try #require(
      try JSONObjectParser.parse(#"{"n": 3, "s": "x", "l": [true, null], "o": {}}"#.utf8) as? [String: Any])
    #expect(plain["n"] as? Double == 3)
    #expect(plain["s"] as? String == "x")
    let list = try #require(plain["l"] as? [Any])
    #expect(list.first as? Bool == true)
    #expect(list.last is JSONNull)
    #expect((plain["o"] as? [String: Any])?.isEmpty == true)
  }

  @Test func aTraceLineIsReadWithTheSameReaderAndItsErrorsSayWhere() {
    #expect(throws: JSONSyntaxError(line: 1, column: 11, reason: "expected , or } after the value of \"t\" (a comma may be missing)")) {
      try JSONValue.parse(#"{"t": 4.5 "event": "control"}"#)
    }
    #expect(throws: JSONSyntaxError(line: 2, column: 6, reason: "the key \"a\" is given twice")) {
      try JSONValue.parse("{\"a\": 1,\n\"a\": 2}")
    }
  }

  @Test func stringsKeepEscapesAndSurrogatePairs() throws {
    #expect(try JSONValue.parse(#""a\"b\n\u00e9\ud83d\ude00""#) == .string("a\"b\né😀"))
  }
}
