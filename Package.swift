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
    // The event funnel, the adapter protocols, trace and replay, the simulated engine.
    .target(name: "FolioTellRuntime", dependencies: ["FolioTellCore"]),
    .executableTarget(name: "foliotell", dependencies: ["FolioTellCore", "FolioTellRuntime"]),
    .testTarget(name: "FolioTellCoreTests", dependencies: ["FolioTellCore"]),
    .testTarget(name: "FolioTellRuntimeTests", dependencies: ["FolioTellCore", "FolioTellRuntime"]),
  ],
  swiftLanguageModes: [.v6]
)
