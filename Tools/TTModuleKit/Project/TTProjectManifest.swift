import Foundation
import Three20

/// A project made by `ttmodule new`, as `add` and `remove` see it: its `Package.swift` bytes and
/// the modules its ttmodule region names.
struct TTProjectManifest {
  /// The project directory.
  let directory: URL
  /// Its `Package.swift`.
  let manifestURL: URL
  /// The file's bytes as read.
  let bytes: [UInt8]
  /// The region as read.
  let region: TTManifestRegion
  /// The region's modules, in graph order.
  let modules: [TTModuleGraph.Module]

  /// Reads the project in `directory`.
  init(directory path: String, graph: TTModuleGraph) throws(TTModuleToolError) {
    directory = URL(fileURLWithPath: path).standardizedFileURL
    manifestURL = directory.appendingPathComponent("Package.swift")
    // A regular file (or a link to one) only: a FIFO there would block the read.
    guard let data = try TTFileOperations.readRegularFile(manifestURL, what: "a Package.swift") else {
      throw TTModuleToolError(
        .notFound,
        "there is no Package.swift in \(TTFileOperations.shown(directory)). Give the project's directory "
          + "with --project PATH, or create one with 'ttmodule new'.")
    }
    bytes = data
    region = try TTManifestRegion.parse(bytes)
    var found: [TTModuleGraph.Module] = []
    for identifier in region.modules {
      guard let module = graph.modules.first(where: { $0.identifier == identifier }) else {
        throw TTModuleToolError(
          .refused,
          "the ttmodule region of \(TTFileOperations.shown(manifestURL)) names \(TTMessageText.quoted(identifier)), "
            + "which is not a Three20 module "
            + "(\(graph.modules.map(\.identifier).joined(separator: ", "))). Fix the region first.")
      }
      found.append(module)
    }
    modules = graph.closure(ofModules: found.map(\.shortName)).filter { found.contains($0) }
  }

  /// Rewrites the region with `modules` (in graph order), keeping every other byte.
  func write(modules updated: [TTModuleGraph.Module]) throws(TTModuleToolError) {
    let newRegion = TTManifestRegion(source: region.source, modules: updated.map(\.identifier))
    let newBytes = try newRegion.replacing(in: bytes)
    guard newBytes != bytes else { return }
    try TTFileOperations.replaceFile(at: manifestURL, with: newBytes)
  }

  /// The Swift files under `Sources/` and `Tests/` that import one of `identifiers`.
  func sourcesImporting(_ identifiers: [String]) -> [(file: String, module: String)] {
    var result: [(file: String, module: String)] = []
    for folder in ["Sources", "Tests"] {
      let root = directory.appendingPathComponent(folder)
      guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { continue }
      let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
      for file in files {
        // Regular files only, and none larger than TTFileOperations.maximumReadSize.
        guard
          let data = try? TTFileOperations.readRegularFile(
            root.appendingPathComponent(file), what: "a Swift source file")
        else {
          continue
        }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
          let words = line.split(whereSeparator: \.isWhitespace)
          guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count else {
            continue
          }
          let imported = String(words[importIndex + 1])
          if identifiers.contains(imported) {
            result.append(("\(folder)/\(file)", imported))
          }
        }
      }
    }
    return result
  }
}
