import Foundation
import Testing
import Three20TestSupport

/// The `Catalog` program itself, run as a child process with its output piped.
@Suite("Catalog: the program")
struct CatalogProgramTests {
  /// The built `Catalog` next to the test bundle.
  static var executable: URL? {
    let folder =
      Bundle.main.bundleURL.hasDirectoryPath
      ? Bundle.main.bundleURL : Bundle.main.bundleURL.deletingLastPathComponent()
    for candidate in [folder, folder.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent("Catalog")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }

  static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    guard let executable = Self.executable else {
      throw CocoaError(
        .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "Build the Catalog product first."])
    }
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    let result = try TTTestProcess.run(executable.path, arguments, environment: environment)
    return (result.status, result.output, result.errors)
  }

  /// Piped, a URL renders once as plain text at the width asked.
  @Test func pipedOutputIsPlainText() throws {
    let (status, output, _) = try Self.run(["tt://style/gallery", "--width", "50"])
    #expect(status == 0)
    #expect(output.contains("Style gallery"))
    #expect(!output.contains("\u{1B}"))
    #expect(output.split(separator: "\n").allSatisfy { $0.count <= 50 })
  }

  /// `--color always` colours even a pipe.
  @Test func colorAlwaysColoursAPipe() throws {
    let (status, output, _) = try Self.run(["tt://style/gallery", "--color", "always"])
    #expect(status == 0)
    #expect(output.contains("\u{1B}["))
  }

  /// Piped without a URL, the index is printed.
  @Test func pipedWithoutURLPrintsTheIndex() throws {
    let (status, output, _) = try Self.run([])
    #expect(status == 0)
    #expect(output.contains("Three20 Catalog"))
    #expect(output.contains("tt://core/strings"))
  }

  /// `--list`, `--modules-json` and `--help` print what they promise.
  @Test func listModulesAndHelp() throws {
    let list = try Self.run(["--list"])
    #expect(
      list.status == 0 && list.output.contains("tt://style/gallery")
        && list.output.contains("tt://uicommon/keys"))
    let json = try Self.run(["--modules-json"])
    let modules = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
    #expect(modules?.count == 7)
    let help = try Self.run(["--help"])
    #expect(help.output.contains("USAGE: Catalog"))
  }

  /// A wrong argument fails with status 64 and says what is wrong.
  @Test func wrongArgumentFails() throws {
    let (status, _, error) = try Self.run(["--width", "-3"])
    #expect(status == 64)
    #expect(error.contains("--width"))
  }

  /// `--svg DIR` writes the style gallery as an SVG document.
  @Test func svgWritesTheGallery() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-svg-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output, _) = try Self.run(["--svg", folder.path])
    #expect(status == 0)
    let file = folder.appendingPathComponent("style-gallery.svg")
    #expect(output.contains(file.path))
    let svg = try String(contentsOf: file, encoding: .utf8)
    #expect(svg.hasPrefix("<svg") || svg.contains("<svg"))
    #expect(svg.contains("speech bubble"))
  }
}
