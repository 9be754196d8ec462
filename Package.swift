// swift-tools-version: 6.0
//
// Three20 for Swift — one package, one product per module.
//
// The module graph is declared once, in `modules` below. Every library target, product, link
// probe and the umbrella are derived from that table, and `scripts/check-module-graph.py`
// checks the result of `swift package dump-package` against the graph in the design
// (see README.md, "Modules"). Change an edge here and CI will tell you if the design disagrees.

import PackageDescription

/// A system library that a module links (a `systemLibrary` target under `Modules/CShims`).
struct SystemLibrary {
  /// The Swift module name of the shim, for example `CCurl`.
  let name: String
  /// The pkg-config name, used for compiler and linker flags.
  let pkgConfig: String
  /// The Debian/Ubuntu package that provides the headers and the pkg-config file.
  let apt: String
}

let curl = SystemLibrary(name: "CCurl", pkgConfig: "libcurl", apt: "libcurl4-openssl-dev")
let sqlite = SystemLibrary(name: "CSQLite3", pkgConfig: "sqlite3", apt: "libsqlite3-dev")
let libxml2 = SystemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev")
// The Image module's decoders: each reports errors by return code (no setjmp), reads the
// header before it allocates, and scales while decoding where the format allows (JPEG).
let spng = SystemLibrary(name: "CSpng", pkgConfig: "spng", apt: "libspng-dev")
let turbojpeg = SystemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", apt: "libturbojpeg0-dev")
let giflib = SystemLibrary(name: "CGIF", pkgConfig: "libgif", apt: "libgif-dev")
let webp = SystemLibrary(name: "CWebP", pkgConfig: "libwebp", apt: "libwebp-dev")
// libchafa turns pixels into symbols, sixels, kitty and iTerm2 images (it brings GLib).
let chafa = SystemLibrary(name: "CChafa", pkgConfig: "chafa", apt: "libchafa-dev")

/// What a module's test target holds beyond its sources: folders of files the tests read.
struct TestFolders {
  /// Folders copied into the test bundle (read with `Bundle.module`).
  var resources: [String] = []
  /// Folders the tests read by path (golden files), kept out of the target.
  var exclude: [String] = []
  /// Extra dependencies of the tests, such as a package's test helpers.
  var packages: [Target.Dependency] = []
}

/// One Three20 module: a library target, its product, a link probe and a test target.
///
/// Its sources are `Modules/<short>/`, its probe `Probes/<short>/`, its tests
/// `Tests/<name>Tests/`. Adding a module is adding a row; `make check` then names whatever else
/// must be written by hand (see CONTRIBUTING.md, "Adding a module").
struct Module {
  /// The short name used by `ttmodule` and the folder under `Modules/`, for example `Table`.
  let short: String
  /// The Swift module and product name, for example `Three20Table`.
  let name: String
  /// The Three20 modules this one may use directly, by short name: the only edges it has.
  let modules: [String]
  /// The system libraries this module links.
  let system: [SystemLibrary]
  /// Dependencies on other packages.
  let packages: [Target.Dependency]
  /// What the module's test target holds besides Swift files.
  var tests = TestFolders()
}

let inMemoryLogging = Target.Dependency.product(name: "InMemoryLogging", package: "swift-log")

let modules: [Module] = [
  Module(
    short: "Core", name: "Three20Core", modules: [], system: [],
    packages: [.product(name: "Logging", package: "swift-log")],
    tests: TestFolders(packages: [inMemoryLogging])),
  Module(
    short: "Network", name: "Three20Network", modules: ["Core"], system: [curl, sqlite], packages: [],
    tests: TestFolders(packages: [inMemoryLogging])),
  Module(
    short: "XMLExt", name: "Three20XML", modules: ["Core", "Network"], system: [libxml2], packages: [],
    tests: TestFolders(resources: ["Fixtures"])),
  Module(
    short: "Style", name: "Three20Style", modules: ["Core"], system: [], packages: [],
    tests: TestFolders(resources: ["Fixtures"], exclude: ["Snapshots"])),
  Module(
    short: "UICommon", name: "Three20UICommon", modules: ["Core", "Style"], system: [], packages: [],
    tests: TestFolders(exclude: ["Snapshots"])),
  Module(
    short: "Table", name: "Three20Table", modules: ["Core", "Style", "UICommon"], system: [], packages: [],
    tests: TestFolders(exclude: ["Snapshots"])),
  Module(
    short: "Navigator", name: "Three20Navigator", modules: ["Core", "Style", "UICommon"], system: [],
    packages: []),
  Module(
    short: "Image", name: "Three20Image", modules: ["Core", "Network", "Style", "UICommon"],
    system: [spng, turbojpeg, giflib, webp, chafa], packages: [],
    tests: TestFolders(resources: ["Fixtures"], exclude: ["Snapshots"])),
  // Web pages in the terminal: parsed with libxml2's HTML parser (XMLExt's TTHTMLParser), so no
  // library of its own; pictures in pages come through Style's image seam, never from Image.
  Module(
    short: "Web", name: "Three20Web",
    modules: ["Core", "Network", "Style", "UICommon", "Navigator", "XMLExt"], system: [], packages: [],
    tests: TestFolders(resources: ["Fixtures"], exclude: ["Goldens"])),
]

func module(_ short: String) -> Module {
  guard let found = modules.first(where: { $0.short == short }) else {
    fatalError("Package.swift: no module named '\(short)' in the module table")
  }
  return found
}

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Every system library some module links, once each, in the order the table first names them.
let systemLibraries = modules.flatMap(\.system).reduce(into: [SystemLibrary]()) { found, library in
  if !found.contains(where: { $0.name == library.name }) { found.append(library) }
}

var targets: [Target] = systemLibraries.map { library in
  .systemLibrary(
    name: library.name,
    path: "Modules/CShims/\(library.name)",
    pkgConfig: library.pkgConfig,
    providers: [.apt([library.apt])])
}

for entry in modules {
  targets.append(
    .target(
      name: entry.name,
      dependencies: entry.modules.map { .target(name: module($0).name) }
        + entry.system.map { .target(name: $0.name) } + entry.packages,
      path: "Modules/\(entry.short)",
      swiftSettings: swiftSettings))
  // A tiny executable that uses only this module; CI checks the libraries it links.
  targets.append(
    .executableTarget(
      name: "Probe\(entry.short)",
      dependencies: [.target(name: entry.name)],
      path: "Probes/\(entry.short)",
      swiftSettings: swiftSettings))
  targets.append(
    .testTarget(
      name: "\(entry.name)Tests",
      dependencies: [.target(name: entry.name), "Three20TestSupport"] + entry.tests.packages,
      path: "Tests/\(entry.name)Tests",
      exclude: entry.tests.exclude,
      resources: entry.tests.resources.map { .copy($0) },
      swiftSettings: swiftSettings))
}

targets += [
  .target(
    name: "Three20",
    dependencies: modules.map { .target(name: $0.name) },
    path: "Modules/Three20",
    swiftSettings: swiftSettings),
  // ttmodule: the command line is thin; its logic lives in TTModuleKit so tests run it in-process.
  .target(
    name: "TTModuleKit",
    dependencies: ["Three20", .product(name: "ArgumentParser", package: "swift-argument-parser")],
    path: "Tools/TTModuleKit",
    swiftSettings: swiftSettings),
  .executableTarget(
    name: "ttmodule",
    dependencies: ["TTModuleKit"],
    path: "Tools/ttmodule",
    swiftSettings: swiftSettings),
  // The Catalog's demos and shell live in a library so that its tests run them in-process;
  // the executable only calls it.
  .target(
    name: "CatalogKit",
    dependencies: ["Three20"],
    path: "Catalog/Kit",
    swiftSettings: swiftSettings),
  .executableTarget(
    name: "Catalog",
    dependencies: ["CatalogKit"],
    path: "Catalog/App",
    swiftSettings: swiftSettings),
  // zlib, only for the test HTTP server's gzip/deflate responses (not used by any module).
  .systemLibrary(
    name: "CZlib",
    path: "Tests/CZlib",
    pkgConfig: "zlib",
    providers: [.apt(["zlib1g-dev"])]),
  // Helpers shared by the test targets: seeded randomness, golden files, the HTTP test server,
  // reading DocC catalogs and drawing terminal screenshots for them (hence Three20Style).
  .target(
    name: "Three20TestSupport",
    dependencies: ["CZlib", "Three20Style"],
    path: "Tests/Three20TestSupport",
    swiftSettings: swiftSettings),
  .testTarget(
    name: "Three20TestSupportTests",
    dependencies: ["Three20TestSupport"],
    path: "Tests/Three20TestSupportTests",
    swiftSettings: swiftSettings),
  // What every fuzz target's program does around its target: libFuzzer's driver, or replaying
  // the files named on the command line (see Fuzz/Support).
  .target(name: "FuzzSupport", path: "Fuzz/Support", swiftSettings: swiftSettings),
  // A libFuzzer target for TTXMLParser: `make fuzz-xml` builds it with coverage and ASan. Built
  // normally, it runs the inputs named on the command line once (see Fuzz/XMLParser).
  .executableTarget(
    name: "FuzzXMLParser",
    dependencies: ["Three20XML", "FuzzSupport"],
    path: "Fuzz/XMLParser",
    exclude: ["corpus"],
    swiftSettings: swiftSettings),
  // A libFuzzer target for the feed reader: `make fuzz-feed`; built normally, it reads the inputs
  // named on the command line once (see Fuzz/FeedReader).
  .executableTarget(
    name: "FuzzFeedReader",
    dependencies: ["Three20Core", "Three20XML", "FuzzSupport"],
    path: "Fuzz/FeedReader",
    exclude: ["corpus"],
    swiftSettings: swiftSettings),
  // A libFuzzer target for styled text from data, laid out, drawn and rendered for a terminal:
  // `make fuzz-styled-text`; built normally, it checks the inputs named on the command line once.
  .executableTarget(
    name: "FuzzStyledText",
    dependencies: ["Three20Style", "FuzzSupport"],
    path: "Fuzz/StyledText",
    exclude: ["corpus"],
    swiftSettings: swiftSettings),
  // A libFuzzer target for TTImageDecoder (PNG, JPEG, GIF and WebP with small limits):
  // `make fuzz-image`; built normally, it decodes the inputs named on the command line once.
  .executableTarget(
    name: "FuzzImageDecoder",
    dependencies: ["Three20Image", "FuzzSupport"],
    path: "Fuzz/ImageDecoder",
    exclude: ["corpus"],
    swiftSettings: swiftSettings),
  // A libFuzzer target for web pages (HTML parsed within limits, laid out, drawn, written to a
  // terminal): `make fuzz-web`; built normally, it checks the inputs named on the command line once.
  .executableTarget(
    name: "FuzzWebPage",
    dependencies: ["Three20Web", "Three20XML", "Three20Style", "FuzzSupport"],
    path: "Fuzz/WebPage",
    exclude: ["corpus"],
    swiftSettings: swiftSettings),
  // `make soak`: hostile responses against one queue, healthy requests beside them (not in CI;
  // see Tests/Soak/main.swift).
  .executableTarget(
    name: "Soak",
    dependencies: ["Three20Network", "Three20XML", "Three20TestSupport"],
    path: "Tests/Soak",
    swiftSettings: swiftSettings),
  .testTarget(
    name: "CatalogTests",
    dependencies: ["CatalogKit", "Three20TestSupport"],
    path: "Tests/CatalogTests",
    swiftSettings: swiftSettings),
  .testTarget(
    name: "TTModuleKitTests",
    dependencies: ["TTModuleKit", "Three20TestSupport"],
    path: "Tests/TTModuleKitTests",
    swiftSettings: swiftSettings),
  .testTarget(
    name: "Three20Tests",
    dependencies: ["Three20", "Three20TestSupport"],
    path: "Tests/Three20Tests",
    swiftSettings: swiftSettings),
]

let package = Package(
  name: "Three20",
  platforms: [.macOS(.v15)],
  products: modules.map { .library(name: $0.name, targets: [$0.name]) } + [
    .library(name: "Three20", targets: ["Three20"]),
    .executable(name: "ttmodule", targets: ["ttmodule"]),
    .executable(name: "Catalog", targets: ["Catalog"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
  ],
  targets: targets,
  swiftLanguageModes: [.v6]
)
