// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Waterfall",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "waterfall", targets: ["waterfall"]),
    .library(name: "WaterfallKit", targets: ["WaterfallKit"]),
    .library(name: "Pictures", targets: ["Pictures"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
    .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
    // Signal and crash handling: a compiled C target, so the state its handlers share has one definition.
    .target(name: "CTerminalSignals"),
    .target(name: "WaterfallKit"),
    .target(name: "ShopCatalog"),
    // Pictures: decoding with libvips, drawing with libchafa, caches and a worker pool. No curses, no app.
    .target(name: "Pictures", dependencies: ["CVips", "CChafa"]),
    // The viewer: state, update(message) -> effects, rendering into an in-memory screen, the one runner. No curses.
    .target(name: "WaterfallViewer", dependencies: ["WaterfallKit", "ShopCatalog", "Pictures"]),
    // The terminal: curses session, input decoding, signals, the presenter that writes screen changes.
    .target(
      name: "WaterfallTerminal",
      dependencies: ["WaterfallViewer", "WaterfallKit", "ShopCatalog", "Pictures", "CNcursesw", "CTerminalSignals"]),
    .executableTarget(
      name: "waterfall",
      dependencies: [
        "WaterfallViewer", "WaterfallTerminal", "WaterfallKit", "ShopCatalog", "Pictures",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The loopback picture server's launcher, shared by the network tests and the network benchmark.
    .target(name: "LoopbackPictureServer"),
    .executableTarget(
      name: "waterfall-bench",
      dependencies: ["WaterfallKit", "WaterfallViewer", "ShopCatalog", "Pictures", "LoopbackPictureServer"]
    ),
    .testTarget(name: "WaterfallKitTests", dependencies: ["WaterfallKit"]),
    .testTarget(name: "ShopCatalogTests", dependencies: ["ShopCatalog"]),
    .testTarget(
      name: "PicturesTests", dependencies: ["Pictures", "LoopbackPictureServer"], exclude: ["Fixtures", "Server"]),
    .testTarget(
      name: "WaterfallViewerTests", dependencies: ["WaterfallViewer", "WaterfallKit", "ShopCatalog", "Pictures"],
      exclude: ["Snapshots"]),
    .testTarget(name: "WaterfallTerminalTests", dependencies: ["WaterfallTerminal", "WaterfallViewer"]),
    .testTarget(name: "CommandLineTests", dependencies: ["waterfall"]),
    .testTarget(name: "EndToEndTests", dependencies: ["waterfall", "ShopCatalog", "LoopbackPictureServer"]),
  ]
)
