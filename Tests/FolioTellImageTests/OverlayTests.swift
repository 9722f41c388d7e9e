import Foundation
import Testing

/// The device-tree overlays in overlays/, compiled with cpp and dtc as the image build and a maker do.
@Suite struct OverlayTests {
  static let names = ["foliotell-i2c-fast", "foliotell-keys", "foliotell-line-names", "foliotell-max98357a"]

  /// Each overlay compiled, then decompiled to source for the checks.
  func compiled() throws -> [String: String] {
    let folder = Shell.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let build = try Shell.run("overlays/build '\(folder)'")
    try #require(build.status == 0, "overlays/build failed:\n\(build.output)")
    var sources: [String: String] = [:]
    for name in Self.names {
      let decompiled = try Shell.run("dtc -q -I dtb -O dts '\(folder)/\(name).dtbo'")
      try #require(decompiled.status == 0, "\(name).dtbo does not decompile:\n\(decompiled.output)")
      sources[name] = decompiled.output
    }
    return sources
  }

  @Test func everyOverlayCompilesWithoutErrors() throws {
    let sources = try compiled()
    #expect(Set(sources.keys) == Set(Self.names))
    for (name, source) in sources {
      #expect(source.contains("__overlay__"), "\(name) has no fragment")
      // Built with -@: the firmware and fdtoverlay can resolve its references to the base tree.
      #expect(source.contains("__fixups__") || source.contains("target-path"), "\(name) targets nothing")
    }
  }

  @Test func theDisplayBusRunsAt400Kilohertz() throws {
    let source = try #require(try compiled()["foliotell-i2c-fast"])
    #expect(source.contains("clock-frequency = <0x61a80>"))
  }

  @Test func theAmplifierIsASoundCardCalledFolioTellThatLeavesTheShutdownLineToTheBox() throws {
    let source = try #require(try compiled()["foliotell-max98357a"])
    #expect(source.contains("compatible = \"maxim,max98357a\""))
    #expect(source.contains("simple-audio-card,name = \"FolioTell\""))
    #expect(!source.contains("sdmode-gpios"), "the box switches GPIO16 itself")
  }

  @Test func theKeysVariantGivesTheCodesTheBoxUnderstands() throws {
    let source = try #require(try compiled()["foliotell-keys"])
    #expect(source.contains("gpio-keys"))
    #expect(source.contains("rotary-encoder"))
    // KEY_PLAYPAUSE 164, KEY_NEXTSONG 163, KEY_PREVIOUSSONG 165, KEY_MENU 139, KEY_BACK 158, BTN_0 0x100.
    for code in ["0xa4", "0xa3", "0xa5", "0x8b", "0x9e", "0x100"] {
      #expect(source.contains("linux,code = <\(code)>"), "no key with code \(code)")
    }
    #expect(source.contains("linux,axis = <0x07>") || source.contains("linux,axis = <0x7>"))
  }

  @Test func theLineNamesOverlayNamesEveryLineOfTheHeader() throws {
    let source = try #require(try compiled()["foliotell-line-names"])
    // dtc prints a string list as one string with \0 between the names.
    let property = try #require(source.split(separator: "\n").first { $0.contains("gpio-line-names") })
    let names = property.split(separator: "\"")[1].components(separatedBy: "\\0")
    #expect(names.count == 54)
    #expect(names.enumerated().allSatisfy { $0.element == "GPIO\($0.offset)" }, "\(names)")
  }

  @Test func aMissingCompilerIsNamedWithItsPackage() throws {
    let result = try Shell.run("PATH=/nonexistent overlays/build /tmp/none 2>&1 || true")
    #expect(result.output.contains("device-tree-compiler") || result.output.contains("No such file"))
  }
}
