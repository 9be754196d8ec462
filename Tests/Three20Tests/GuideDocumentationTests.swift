// Keeps the programming guide in Modules/Three20/Three20.docc honest: every Swift block of an
// article must appear, line for line, in the test file that compiles and runs it, and every link
// to another module's catalog must name a page that catalog has.
import Foundation
import Testing

/// Reading the guide's articles and the files beside them.
enum GuideDocumentation {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The guide's DocC catalog.
  static let catalog = root.appendingPathComponent("Modules/Three20/Three20.docc")

  /// Each article with code and the test file that compiles its code blocks.
  static let articles: [(article: String, testFile: String)] = [
    ("ModelViewControllerAfterAMemoryWarning", "MemoryWarningArticleTests.swift"),
    ("BuildingAnRSSReader", "RSSReaderArticleTests.swift"),
    ("ComposingAMessage", "ComposerArticleTests.swift"),
  ]

  /// The text of a page of the guide.
  static func text(of article: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent("\(article).md"), encoding: .utf8)
  }

  /// The text of a file of this test target.
  static func testSource(_ name: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent("Tests/Three20Tests/\(name)"), encoding: .utf8)
  }

  /// Text with each line's leading and trailing spaces removed and empty lines dropped, so a
  /// block compares equal to the same code indented inside a test.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// Text with the spaces at the ends of its lines and the empty lines at its end removed, as
  /// the articles show a terminal's screen.
  static func trimmed(_ screen: String) -> String {
    var lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Records an issue unless a `text` block of the article shows this screen.
  static func expectScreen(
    _ screen: String, in article: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let shown = TTArticleText.codeBlocks(in: try text(of: article), language: "text").map(trimmed)
    let drawn = trimmed(screen)
    #expect(
      shown.contains(drawn), "\(article).md shows no screen like this one:\n\(drawn)",
      sourceLocation: sourceLocation)
  }

  /// The root-relative links of a Markdown text that point into another module's catalog, as
  /// `(catalog, page)`: `/Three20Table/documentation/three20table/modelstates` gives
  /// `("Three20Table", "modelstates")`, and a link to a catalog's front page gives an empty page.
  static func catalogLinks(in markdown: String) -> [(catalog: String, page: String)] {
    var links: [(String, String)] = []
    var rest = markdown[...]
    while let start = rest.range(of: "](/") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: ")") else { break }
      let parts = rest[..<end].split(separator: "/").map(String.init)
      if parts.count >= 3, parts[1] == "documentation", parts[2] == parts[0].lowercased() {
        links.append((parts[0], parts.count > 3 ? parts[3] : ""))
      } else {
        links.append((rest[..<end].description, "?"))
      }
      rest = rest[end...]
    }
    return links
  }

  /// The lower-cased names of the pages of a module's catalog (its articles' file names).
  static func pages(ofCatalog name: String) -> Set<String>? {
    let modules = root.appendingPathComponent("Modules")
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: modules.path)) ?? []
    for folder in folders {
      let catalog = modules.appendingPathComponent(folder).appendingPathComponent("\(name).docc")
      guard FileManager.default.fileExists(atPath: catalog.path) else { continue }
      var pages: Set<String> = []
      let files = FileManager.default.enumerator(atPath: catalog.path)
      while let file = files?.nextObject() as? String {
        guard file.hasSuffix(".md") else { continue }
        pages.insert(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent.lowercased())
      }
      return pages
    }
    return nil
  }

  /// The names of the public and open `TT` types declared in the modules' sources.
  static func publicTypeNames() throws -> Set<String> {
    let pattern = try NSRegularExpression(
      pattern:
        #"^\s*(?:public|open)\s+(?:final\s+)?(?:class|struct|enum|protocol|actor)\s+(TT[A-Za-z0-9_]+)"#,
      options: [.anchorsMatchLines])
    let modules = root.appendingPathComponent("Modules")
    var names: Set<String> = []
    let files = FileManager.default.enumerator(atPath: modules.path)
    while let file = files?.nextObject() as? String {
      guard file.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: modules.appendingPathComponent(file), encoding: .utf8)
      let range = NSRange(text.startIndex..., in: text)
      for match in pattern.matches(in: text, range: range) {
        if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
      }
    }
    return names
  }

  /// Every page of the guide.
  static var guidePages: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
    return files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
  }
}

@Suite("Guide documentation")
struct GuideDocumentationTests {
  /// Every Swift block of an article appears in the test that compiles it.
  @Test(arguments: GuideDocumentation.articles)
  func everyCodeBlockIsCompiledByItsTest(article: String, testFile: String) throws {
    let markdown = try GuideDocumentation.text(of: article)
    let source = GuideDocumentation.normalized(try GuideDocumentation.testSource(testFile))
    let blocks = TTArticleText.codeBlocks(in: markdown, language: "swift")
    #expect(!blocks.isEmpty)
    for block in blocks {
      #expect(
        source.contains(GuideDocumentation.normalized(block)),
        "This block of \(article).md is not in \(testFile):\n\(block)")
    }
  }

  /// Every link to another catalog names a catalog of the repository and a page it has.
  @Test(arguments: GuideDocumentation.guidePages)
  func linksToOtherCatalogsResolve(page: String) throws {
    let markdown = try GuideDocumentation.text(of: page)
    for (catalog, target) in GuideDocumentation.catalogLinks(in: markdown) {
      let pages = try #require(
        GuideDocumentation.pages(ofCatalog: catalog), "\(page).md links to \(catalog), which is no catalog")
      #expect(
        target.isEmpty || pages.contains(target), "\(page).md links to \(catalog)'s \(target), which it lacks"
      )
    }
  }

  /// The guide's front page lists every tutorial page in its topics, and the Tutorials page
  /// names every classic tutorial the project ports.
  @Test func frontPageAndTutorialsListEverything() throws {
    let front = try GuideDocumentation.text(of: "Three20")
    for page in GuideDocumentation.guidePages where page != "Three20" {
      #expect(front.contains("<doc:\(page)>"), "Three20.md does not link \(page)")
    }
    let tutorials = try GuideDocumentation.text(of: "Tutorials")
    let classics = [
      "Introducing Three20", "Saving work with Three20! And write almost no code",
      "All About TTTableItems & Cells", "Three20 Custom Cells iPhone Tutorial",
      "Inset Square with Three20 & TTStyle", "TTXMLParser With a Variable Number of Elements",
      "TTTabStrip Controlled Multi-table Lazy-loading TTTableViewController",
      "TTTableViewController & didReceiveMemoryWarning",
    ]
    for title in classics {
      #expect(tutorials.contains("\"\(title)\""), "Tutorials.md does not list \(title)")
    }
  }

  /// The Name Map names every public `TT` type of every module, kept from Three20 or new.
  @Test func nameMapNamesEveryPublicType() throws {
    let map = try GuideDocumentation.text(of: "NameMap")
    let names = try GuideDocumentation.publicTypeNames()
    #expect(names.count > 100)
    for name in names.sorted() {
      #expect(map.contains("`\(name)`"), "NameMap.md does not name \(name)")
    }
  }

  /// The link reader finds catalog links and flags others.
  @Test func catalogLinksAreRead() {
    let links = GuideDocumentation.catalogLinks(
      in:
        "[a](/Three20Table/documentation/three20table/tabs) [b](/Three20Core/documentation/three20core) [c](/x)"
    )
    #expect(links.map(\.catalog) == ["Three20Table", "Three20Core", "x"])
    #expect(links.map(\.page) == ["tabs", "", "?"])
  }
}
