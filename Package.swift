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
    .target(name: "Pictures", dependencies: ["CVips", "CChafa"]),
    .target(name: "WaterfallTUI", dependencies: ["WaterfallKit", "ShopCatalog", "CNcursesw", "CTerminalSignals"]),
    .executableTarget(
      name: "waterfall",
      dependencies: [
        "WaterfallTUI", "WaterfallKit", "ShopCatalog", "Pictures",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "waterfall-bench",
      dependencies: ["WaterfallKit", "WaterfallTUI", "ShopCatalog", "Pictures"]
    ),
    .testTarget(name: "WaterfallKitTests", dependencies: ["WaterfallKit"]),
    .testTarget(name: "ShopCatalogTests", dependencies: ["ShopCatalog"]),
    .testTarget(name: "PicturesTests", dependencies: ["Pictures"], exclude: ["Fixtures"]),
    .testTarget(name: "WaterfallTUITests", dependencies: ["WaterfallTUI"], exclude: ["Snapshots"]),
    .testTarget(name: "CommandLineTests", dependencies: ["waterfall"]),
    .testTarget(name: "EndToEndTests", dependencies: ["waterfall", "ShopCatalog"]),
  ]
)
