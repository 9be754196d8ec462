import CatalogKit
import Foundation
import Testing
import Three20

/// The guide's Tutorials page names, for every classic tutorial, the Catalog URL that runs it;
/// every one of those URLs must be a listed demo that draws its key content.
@Suite("Catalog: the guide's tutorials run")
@MainActor
struct CatalogTutorialsTests {
  /// The repository's root, from this file's path (Tests/CatalogTests/…).
  nonisolated static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `tt://` URLs of the "In the Catalog" column of the Tutorials page's first table.
  nonisolated static func catalogURLs() throws -> [String] {
    let page = try String(
      contentsOf: root.appendingPathComponent("Modules/Three20/Three20.docc/Tutorials.md"), encoding: .utf8)
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.firstIndex(where: { $0.hasPrefix("|") && $0.contains("In the Catalog") }) else {
      return []
    }
    var urls: [String] = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count >= 3 else { continue }
      let last = cells[cells.count - 2]
      for piece in last.split(separator: "`") where piece.hasPrefix("tt://") {
        urls.append(String(piece))
      }
    }
    return urls
  }

  /// The page's table has the column, and it names the tutorial demos.
  @Test func tutorialsPageGivesCatalogURLs() throws {
    let urls = try Self.catalogURLs()
    #expect(urls.count >= 8)
    for url in [
      "tt://xml/feed", "tt://table/tabs", "tt://tutorials/inset-square", "tt://tutorials/custom-cells",
      "tt://tutorials/xml-variable", "tt://tutorials/memory-warning",
    ] {
      #expect(urls.contains(url), "Tutorials.md does not give \(url)")
    }
  }

  /// Every URL of the column is listed by the Catalog and draws at 80 columns with its title
  /// and key content.
  @Test func everyTutorialURLRunsInTheCatalog() async throws {
    let urls = try Self.catalogURLs()
    #expect(!urls.isEmpty)
    for url in Set(urls).sorted() {
      let demo = try #require(CatalogDemo.listed.first { $0.url == url }, "\(url) is not in the Catalog")
      #expect(CatalogApp.listing().contains(url))
      let (text, title) = await CatalogRenderer.render(url: url, width: 80)
      #expect(title.map { demo.title.hasPrefix($0) } == true, "\(url) opened “\(title ?? "nothing")”")
      #expect(!text.contains("No demo has this URL"))
      let lines = text.split(separator: "\n").map { $0.drop { $0 == " " } }
      let joined = [lines.joined(), lines.joined(separator: " ")]
      for key in demo.keyContent {
        #expect(text.contains(key) || joined.contains { $0.contains(key) }, "\(url) lacks “\(key)”:\n\(text)")
      }
    }
  }

  /// The tutorial demos share one section of the index.
  @Test func tutorialsSectionIsInTheIndex() async {
    let (text, _) = await CatalogRenderer.render(url: CatalogDemo.indexURL, width: 120)
    #expect(text.contains("Tutorials"))
    #expect(CatalogDemo.listed.filter { $0.section == .tutorials }.count == 4)
  }

  /// The inset square has no text, so plain output shows none of it; a 256-colour terminal
  /// gets the gradient's reds.
  @Test func insetSquareIsDrawnInColour() async {
    let plain = await CatalogRenderer.render(url: "tt://tutorials/inset-square", width: 80).text
    let coloured = await CatalogRenderer.render(
      url: "tt://tutorials/inset-square", width: 80, capabilities: .ansi256
    ).text
    #expect(!plain.contains("\u{1B}"))
    #expect(coloured.contains("48;5;124") || coloured.contains("48;5;160"), "\(coloured)")
  }
}
