import CSentenceBreaks

extension String {
  /// Normalization form C (canonical composition) from Debian's ICU: what Foundation's
  /// `precomposedStringWithCanonicalMapping` gives, which FoundationEssentials does not have.
  public var canonicallyComposed: String {
    // Most text is already composed: ASCII always is.
    if utf8.allSatisfy({ $0 < 0x80 }) { return self }
    let units = Array(utf16)
    var capacity = units.count + 16
    while true {
      var output = [UInt16](repeating: 0, count: capacity)
      var error: Int32 = 0
      let needed = folio_normalize_nfc(units, Int32(units.count), &output, Int32(capacity), &error)
      // ICU fails only without memory or with broken data; the text as it is is the best left.
      guard needed >= 0 else { return self }
      if Int(needed) <= capacity { return String(decoding: output[0..<Int(needed)], as: UTF16.self) }
      capacity = Int(needed)
    }
  }
}
