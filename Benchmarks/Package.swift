// swift-tools-version: 6.0
//
// Benchmarks for Three20 for Swift: a separate package, so that the library's users and its
// test runs never build them. Run them from the repository root with `make bench` (all) or
// `make bench-<module>` (one module). Every comparison measures ours and its anchor in the
// same run and ends with a line
//   BENCH <name> ours=<value> <anchor>=<value> unit=<unit> ratio=<x>
// where x > 1 means ours is better.

import Foundation
import PackageDescription

// A package depended on by path is known by its folder's name, which is whatever the
// repository was cloned as; derive it instead of assuming one.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootPackage = root.lastPathComponent.lowercased()

let package = Package(
  name: "Three20Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3"),
  ],
  targets: [
    .executableTarget(
      name: "Three20Benchmarks",
      dependencies: [
        .product(name: "Three20Core", package: rootPackage),
        .product(name: "Three20Style", package: rootPackage),
        .product(name: "Three20Table", package: rootPackage),
        .product(name: "Three20Navigator", package: rootPackage),
        .product(name: "RoutingKit", package: "routing-kit"),
      ],
      path: "Sources/Three20Benchmarks")
  ],
  swiftLanguageModes: [.v6]
)
