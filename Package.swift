// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Waterfall",
  products: [
    .library(name: "WaterfallKit", targets: ["WaterfallKit"])
  ],
  targets: [
    .target(name: "WaterfallKit"),
    .target(name: "ShopCatalog"),
    .testTarget(name: "WaterfallKitTests", dependencies: ["WaterfallKit"]),
    .testTarget(name: "ShopCatalogTests", dependencies: ["ShopCatalog"]),
  ]
)
