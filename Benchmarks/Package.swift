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
    .package(url: "https://github.com/drmohundro/SWXMLHash", exact: "8.1.1"),
    // The network benchmarks' anchor on SwiftNIO (Benchmarks/Sources/Three20Benchmarks/
    // NetworkBenchmarks.swift); only this package depends on it, never the library.
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
  ],
  targets: [
    .executableTarget(
      name: "Three20Benchmarks",
      dependencies: [
        .product(name: "Three20Core", package: rootPackage),
        .product(name: "Three20Style", package: rootPackage),
        .product(name: "Three20UICommon", package: rootPackage),
        .product(name: "Three20Table", package: rootPackage),
        .product(name: "Three20Navigator", package: rootPackage),
        .product(name: "RoutingKit", package: "routing-kit"),
        .product(name: "Three20XML", package: rootPackage),
        .product(name: "SWXMLHash", package: "SWXMLHash"),
        .product(name: "Three20Network", package: rootPackage),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Three20Image", package: rootPackage),
        "XMLFloor",
        "CSQLiteBench",
        "CTurboJPEGBench",
      ],
      path: "Sources/Three20Benchmarks"),
    // The Web suite's "ours": a page file to text with Three20Web alone, run as a process as the
    // anchors (w3m, lynx, html2text) are. `make bench-web` builds it with --static-swift-stdlib
    // (the Swift runtime and Foundation inside the program, as a command-line tool is shipped on
    // Linux) in a build folder of its own, and names it in THREE20_BENCH_WEBDUMP.
    .executableTarget(
      name: "WebDump",
      dependencies: [
        .product(name: "Three20Web", package: rootPackage),
        .product(name: "Three20XML", package: rootPackage),
      ],
      path: "Sources/WebDump"),
    // libxml2's SAX parser with empty callbacks, in C: the XML benchmarks' floor.
    .target(
      name: "XMLFloor", path: "Sources/XMLFloor",
      cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
      linkerSettings: [.linkedLibrary("xml2")]),
    // The system SQLite, for the raw prepared-SELECT anchor of the cache benchmarks (the root
    // package's CSQLite3 is a target, not a product, so it cannot be used from here).
    .systemLibrary(
      name: "CSQLiteBench", path: "Sources/CSQLiteBench", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]),
    // The system TurboJPEG, to write the image benchmarks' generated test photo as a JPEG
    // (quality 90, 4:2:0), as a camera would.
    .systemLibrary(
      name: "CTurboJPEGBench", path: "Sources/CTurboJPEGBench", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"])]),
  ],
  swiftLanguageModes: [.v6]
)
