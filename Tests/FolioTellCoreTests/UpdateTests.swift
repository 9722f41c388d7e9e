import Testing

@testable import FolioTellCore

/// An update found on a stick is offered over the book; held PLAY installs it, BACK or any other control
/// does not; its progress is said in quarters; once installed the box says it restarts, and restarts when
/// that is said. After the restart the outcome is said over the greeting's reading.
@Suite struct UpdateTests {
  var state = Box.reduce(BoxState(), .bookOpened(bookID: "three", book: Books.three, saved: nil), at: 0).0
  var effects: [BoxEffect] = []
  let offer = UpdateOffer(version: "0.15.0", path: "/media/usb-sda1/foliotell-0.15.0-qemu-amd64.raucb")

  mutating func send(_ event: BoxEvent, at time: Double) {
    (state, effects) = Box.reduce(state, event, at: time)
  }

  var said: [String] {
    effects.compactMap { if case .announce(let text, _, _, _) = $0 { text } else { nil } }
  }

  mutating func reading(at time: Double) {
    send(.playback(.primaryTapped), at: time)
    send(.playback(.utteranceDidStart(token: state.playback.utteranceToken)), at: time + 0.1)
    send(.playback(.willSpeakRange(token: state.playback.utteranceToken, location: 0, length: 3)), at: time + 0.2)
  }

  /// The stop an interjection asks for is confirmed by the engine, then the words are said.
  mutating func offered(at time: Double) {
    send(.update(.found(offer)), at: time)
  }

  @Test mutating func aBundleFoundStopsReadingAndIsOfferedWithItsVersion() {
    reading(at: 1)
    offered(at: 2)
    #expect(effects.contains(.playback(.stop(token: state.playback.utteranceToken))) || state.playback.phase.liveUtterance == nil)
    let text = said.joined() + (state.saying.resumeAfterSaying ? "resumes" : "")
    #expect(state.updates.offer == offer)
    #expect(!text.contains("resumes"))
    // The words come once reading has stopped (at once when nothing is read).
    if said.isEmpty { send(.playback(.utteranceDidCancel(token: state.playback.utteranceToken)), at: 2.1) }
    #expect((said + [text]).joined().contains("0.15.0"))
    #expect((said + [text]).joined().contains("Hold PLAY to install it, or press BACK"))
  }

  @Test mutating func heldPlayInstallsTheOfferedBundle() {
    offered(at: 1)
    send(.control(name: .play, gesture: .long), at: 2)
    #expect(effects.contains(.installUpdate(path: offer.path)))
    #expect(state.updates.installing == offer)
    #expect(state.updates.offer == nil)
    #expect(said.joined().contains("Installing version 0.15.0"))
    // The release of the held button answers nothing, and starts nothing.
    send(.control(name: .play, gesture: .release), at: 3)
    #expect(said.isEmpty)
    #expect(!effects.contains { if case .installUpdate = $0 { true } else { false } })
  }

  @Test mutating func backDeclinesAndNothingIsInstalled() {
    offered(at: 1)
    send(.control(name: .back, gesture: .short), at: 2)
    #expect(state.updates.offer == nil)
    #expect(state.updates.installing == nil)
    #expect(said == ["The update was not installed."])
    send(.control(name: .play, gesture: .long), at: 3)
    #expect(!effects.contains { if case .installUpdate = $0 { true } else { false } })
  }

  @Test mutating func anyOtherControlWithdrawsTheOfferAndDoesWhatItDoes() {
    offered(at: 1)
    send(.control(name: .play, gesture: .short), at: 2)
    #expect(state.updates.offer == nil)
    #expect(effects.contains { if case .playback(.startUtterance) = $0 { true } else { false } })
    // A later long press is where am I again, not an installation.
    send(.control(name: .play, gesture: .long), at: 3)
    #expect(!effects.contains { if case .installUpdate = $0 { true } else { false } })
  }

  @Test mutating func progressIsSaidInQuartersOnlyWhileInstalling() {
    send(.update(.progress(percent: 30)), at: 0.5)
    #expect(said.isEmpty)
    offered(at: 1)
    send(.control(name: .play, gesture: .long), at: 2)
    var heard: [String] = []
    for (index, percent) in [0, 10, 24, 25, 40, 51, 74, 99, 100].enumerated() {
      send(.update(.progress(percent: percent)), at: 3 + Double(index))
      heard += said
    }
    #expect(heard == ["Update: 25 percent.", "Update: 50 percent.", "Update: 75 percent."])
    // A press while installing says how far it has got, and does nothing else.
    send(.control(name: .next, gesture: .short), at: 20)
    #expect(said == ["The update is being installed: 75 percent so far. Keep the box plugged in."])
    #expect(!effects.contains { if case .playback = $0 { true } else { false } })
  }

  @Test mutating func installedSaysTheRestartAndRestartsOnlyOnceThatIsSaid() {
    offered(at: 1)
    send(.control(name: .play, gesture: .long), at: 2)
    send(.update(.installed), at: 60)
    #expect(said == ["Restarting to finish the update."])
    #expect(!effects.contains(.restartForUpdate))
    #expect(state.updates.restartWhenSaid)
    send(.announcementFinished, at: 62)
    #expect(effects == [.restartForUpdate])
  }

  @Test mutating func aFailedInstallationSaysWhyAndTheBoxIsAsItWas() {
    offered(at: 1)
    send(.control(name: .play, gesture: .long), at: 2)
    send(.update(.failed(reason: "Compatible mismatch")), at: 30)
    #expect(said.joined().contains("The update could not be installed: Compatible mismatch. The box is as it was."))
    #expect(effects.contains(.earcon(.error)))
    #expect(state.updates.installing == nil)
    #expect(!state.updates.restartWhenSaid)
  }

  @Test mutating func aRefusedBundleIsSaidWithWhy() {
    send(.update(.refused(file: "/media/usb-sda1/x.raucb", reason: .notSigned)), at: 1)
    #expect(said.joined().contains("not signed for this box"))
    #expect(state.updates.offer == nil)
    send(.update(.refused(file: "/media/usb-sda1/y.raucb", reason: .otherBox)), at: 2)
    #expect(said.joined().contains("for another kind of box"))
  }

  @Test mutating func theOfferedBundleTakenOutIsNoLongerOffered() {
    offered(at: 1)
    send(.update(.gone(path: "/media/usb-sdb1/other.raucb")), at: 2)
    #expect(state.updates.offer == offer)
    send(.update(.gone(path: offer.path)), at: 3)
    #expect(state.updates.offer == nil)
  }

  @Test mutating func theOutcomeIsSaidOverTheGreetingAndReadingGoesOn() {
    send(.poweredOn, at: 0)
    send(.update(.outcome(.updated(version: "0.15.0"))), at: 0.5)
    #expect(said == ["Updated to version 0.15.0."])
    #expect(state.saying.resumeAfterSaying)
    send(.announcementFinished, at: 2)
    #expect(effects.contains { if case .playback(.startUtterance) = $0 { true } else { false } })

    var fellBack = UpdateTests()
    fellBack.send(.update(.outcome(.fellBack(version: "0.15.0"))), at: 1)
    #expect(fellBack.said == ["The update to version 0.15.0 did not work; the box is as it was."])
  }

  @Test func everyLanguageSaysEveryUpdatePhrase() {
    let keys: [PhraseKey] = [
      .updateOffered, .updateInstalling, .updateProgress, .updateStillInstalling, .updateRestarting, .updateFailed,
      .updateNotInstalled, .updatedTo, .updateFellBack, .updateNotSigned, .updateForAnotherBox, .updateUnreadable,
    ]
    for language in ["en", "de", "fr", "es", "ru"] {
      let words = BoxWords(language: language)
      for key in keys {
        let text = words(key, .words("9.9"))
        #expect(!text.isEmpty && !text.contains("{"), "\(language) \(key): \(text)")
      }
      #expect(words(.updateOffered, .words("9.9")).contains("9.9"))
    }
  }
}
