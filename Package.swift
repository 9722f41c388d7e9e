// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "FolioTell",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "foliotell", targets: ["foliotell"]),
    .library(name: "FolioTellCore", targets: ["FolioTellCore"]),
    .library(name: "FolioTellRuntime", targets: ["FolioTellRuntime"]),
  ],
  targets: [
    // Pure reducers and models: no Foundation I/O, no threads, no clocks.
    .target(name: "FolioTellCore"),
    // epoll, timerfd, eventfd and signalfd from the kernel's headers, and errno as it is.
    .target(name: "CSystem"),
    // The one event loop (epoll, one timerfd for all timers, eventfd, signalfd), the system-call helper
    // with typed errors, and the owned file descriptor.
    .target(name: "FolioTellSystem", dependencies: ["CSystem"]),
    // The event funnel, the adapter protocols, trace and replay, the simulated engine.
    .target(name: "FolioTellRuntime", dependencies: ["FolioTellCore", "FolioTellJSON", "FolioTellSystem"]),
    .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
    .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
    // The paced virtual sound card: an ALSA ioplug PCM, in C because it is a table of C callbacks.
    .target(name: "CPacedPCM", linkerSettings: [.linkedLibrary("asound")]),
    // espeak-ng synthesis, ALSA / WAV / null outputs, and the speech engine adapter.
    .target(
      name: "FolioTellSpeech",
      dependencies: [
        "FolioTellCore", "FolioTellRuntime", "FolioTellSystem", "FolioTellUnicode", "FolioTellNarration", "CEspeakNG",
        "CALSA", "CPacedPCM",
      ]),
    // Narrated audio: FFmpeg decodes every format talking books use, Sonic changes its speed, not its pitch.
    // FFmpeg is opened (dlopen) when narration first plays, so that text books do not carry its libraries.
    .target(name: "CNarration", linkerSettings: [.linkedLibrary("sonic"), .linkedLibrary("dl")]),
    .target(name: "FolioTellNarration", dependencies: ["CNarration"]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // The append-only log of places, settings and bookmarks on the data partition.
    .target(name: "FolioTellStore", dependencies: ["FolioTellCore", "FolioTellRuntime", "FolioTellSystem", "CZlib"]),
    .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
    // Books: decoding, formats, sentences, chapters.
    .target(name: "CSentenceBreaks", dependencies: ["CICU"]),
    // Unicode normalization from Debian's ICU (FoundationEssentials has none).
    .target(name: "FolioTellUnicode", dependencies: ["CSentenceBreaks"]),
    // A book's language from its text when it declares none: CLD2 (libcld2-dev), whose API is C++.
    .target(name: "CLanguageDetection", linkerSettings: [.linkedLibrary("cld2")]),
    .target(
      name: "FolioTellBooks",
      dependencies: [
        "FolioTellCore", "FolioTellUnicode", "FolioTellNarration", "CSentenceBreaks", "CZlib", "CLanguageDetection",
      ]),
    .target(name: "FolioTellControls", dependencies: ["FolioTellCore"]),
    // GPIO through libgpiod 1.6 (Debian 12) or 2.x (Debian 13): a C shim that hides which, and the evdev ioctls.
    .target(name: "CGPIOD", linkerSettings: [.linkedLibrary("gpiod")]),
    .target(name: "FolioTellJSON"),
    .target(
      name: "FolioTellInput",
      dependencies: ["FolioTellJSON", "FolioTellControls", "FolioTellCore", "FolioTellSystem", "CGPIOD"]),
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
    .target(name: "FolioTellViews", dependencies: ["FolioTellCore", "FolioTellControls", "CFreeType", "CZlib"]),
    .target(name: "FolioTellDisplayPipeline", dependencies: ["FolioTellJSON", "FolioTellViews", "FolioTellSystem", "CI2C"]),
    // The composition root: the whole box from a configuration and a platform (device, desktop, virtual).
    .target(
      name: "FolioTellAppliance",
      dependencies: [
        "FolioTellCore", "FolioTellRuntime", "FolioTellSpeech", "FolioTellStore", "FolioTellBooks", "FolioTellControls",
        "FolioTellInput", "FolioTellViews", "FolioTellDisplayPipeline", "FolioTellJSON", "FolioTellSystem", "CGPIOD",
        "FolioTellNarration",
      ]),
    .executableTarget(
      name: "foliotell",
      dependencies: [
        "FolioTellCore", "FolioTellRuntime", "FolioTellSpeech", "FolioTellStore", "FolioTellBooks", "FolioTellControls",
        "FolioTellInput", "FolioTellViews", "FolioTellDisplayPipeline", "FolioTellJSON", "FolioTellAppliance",
        "FolioTellSystem", "FolioTellUnicode",
      ]),
    // libFuzzer targets for the book readers (see scripts/fuzz); an ordinary build replays inputs instead.
    .executableTarget(name: "fuzz-epub", dependencies: ["FolioTellBooks"]),
    .executableTarget(name: "fuzz-html", dependencies: ["FolioTellBooks"]),
    .testTarget(name: "FolioTellCoreTests", dependencies: ["FolioTellCore"]),
    .testTarget(name: "FolioTellSystemTests", dependencies: ["FolioTellSystem"]),
    // Test doubles shared by the test targets; never linked into the program.
    .target(
      name: "FolioTellTestSupport", dependencies: ["FolioTellCore", "FolioTellRuntime", "CZlib"],
      path: "Tests/FolioTellTestSupport"),
    .testTarget(
      name: "FolioTellRuntimeTests",
      dependencies: ["FolioTellCore", "FolioTellJSON", "FolioTellRuntime", "FolioTellSystem", "FolioTellTestSupport"],
      exclude: ["Traces"]),
    .testTarget(
      name: "FolioTellSpeechTests",
      dependencies: [
        "FolioTellCore", "FolioTellRuntime", "FolioTellSpeech", "FolioTellBooks", "CALSA", "CPacedPCM",
        "FolioTellTestSupport",
      ]),
    .testTarget(
      name: "FolioTellBooksTests", dependencies: ["FolioTellCore", "FolioTellBooks", "CZlib", "FolioTellTestSupport"]),
    .testTarget(name: "FolioTellControlsTests", dependencies: ["FolioTellCore", "FolioTellControls"]),
    .testTarget(
      name: "FolioTellInputTests", dependencies: ["FolioTellJSON", "FolioTellControls", "FolioTellInput", "CGPIOD"]),
    .testTarget(
      name: "FolioTellViewsTests", dependencies: ["FolioTellCore", "FolioTellControls", "FolioTellViews"],
      exclude: ["Golden"]),
    .testTarget(
      name: "FolioTellDisplayPipelineTests",
      dependencies: ["FolioTellControls", "FolioTellCore", "FolioTellViews", "FolioTellDisplayPipeline"]),
    .testTarget(
      name: "FolioTellStoreTests",
      dependencies: ["FolioTellCore", "FolioTellRuntime", "FolioTellStore", "FolioTellTestSupport"]),
    // The board files, overlays, the .deb and its imports: what a maker builds and flashes.
    .testTarget(name: "FolioTellImageTests", dependencies: ["FolioTellAppliance", "FolioTellJSON"]),
    .testTarget(
      name: "FolioTellApplianceTests",
      dependencies: [
        "FolioTellAppliance", "FolioTellCore", "FolioTellRuntime", "FolioTellSpeech", "FolioTellJSON",
        "FolioTellTestSupport",
      ],
      exclude: ["Golden"]),
  ],
  swiftLanguageModes: [.v6]
)
