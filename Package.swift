// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Waterfall",
  products: [
    .library(name: "WaterfallKit", targets: ["WaterfallKit"])
  ],
  targets: [
    .target(name: "WaterfallKit"),
    .testTarget(name: "WaterfallKitTests", dependencies: ["WaterfallKit"]),
  ]
)
