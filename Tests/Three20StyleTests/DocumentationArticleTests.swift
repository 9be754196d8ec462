// Keeps the guides in Modules/Style/Three20Style.docc/Articles/ honest: every Swift and CSS
// block of an article must appear, line for line, in the test file that compiles and runs it,
// and every picture an article shows must be a committed file.
import Foundation
import Testing
import Three20Style

/// Reading the DocC articles and the files beside them.
enum DocumentationArticle {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The DocC catalog of Three20Style.
  static let catalog = root.appendingPathComponent("Modules/Style/Three20Style.docc")

  /// The folder of the catalog's pictures.
  static let resources = catalog.appendingPathComponent("Resources")

  /// Each guide and the test file that compiles its code blocks.
  static let guides: [(article: String, testFile: String)] = [
    ("StylesAndShapes", "StyleGalleryArticleTests.swift"),
    ("InsetSquareTutorial", "InsetSquareArticleTests.swift"),
    ("StyledText", "StyledTextArticleTests.swift"),
    ("BuildingACustomView", "CustomViewArticleTests.swift"),
  ]

  /// The text of an article in `Articles/`.
  static func text(of article: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent("Articles/\(article).md"), encoding: .utf8)
  }

  /// The text of a file of this test target.
  static func testSource(_ name: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent("Tests/Three20StyleTests/\(name)"), encoding: .utf8)
  }

  /// Text with each line's leading and trailing spaces removed and empty lines dropped, so a
  /// block compares equal to the same code indented inside a test.
  static func normalized(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// The file names of the pictures a Markdown text shows with `![alt](name)`.
  static func pictures(in markdown: String) -> [String] {
    var names: [String] = []
    var rest = markdown[...]
    while let start = rest.range(of: "![") {
      rest = rest[start.upperBound...]
      guard let middle = rest.range(of: "]("), let end = rest[middle.upperBound...].firstIndex(of: ")")
      else { break }
      names.append(String(rest[middle.upperBound..<end]))
      rest = rest[end...]
    }
    return names
  }

  /// Compares text with a committed picture in the catalog's `Resources/`, or writes it when
  /// the tests run with `TT_RECORD_SNAPSHOTS=1`.
  static func assertResource(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = resources.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["TT_RECORD_SNAPSHOTS"] == "1" {
      try? FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
      try? Data(text.utf8).write(to: file)
      return
    }
    guard let data = try? Data(contentsOf: file) else {
      Issue.record(
        "No picture \(name) in \(resources.path). Run the tests with TT_RECORD_SNAPSHOTS=1 to make it.",
        sourceLocation: sourceLocation)
      return
    }
    if String(decoding: data, as: UTF8.self) != text {
      let message =
        "\(name) is out of date: the renderer draws it differently now. Run the tests with "
        + "TT_RECORD_SNAPSHOTS=1, look at the new picture and commit it."
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
}

/// Pictures of what a terminal shows, for the articles: each cell drawn as a terminal with
/// 24-bit colour draws it, on a dark background.
enum TerminalScreenshot {
  /// The terminal's own background, for cells without one.
  static let background = TTColor(red: 28, green: 28, blue: 28)
  /// The terminal's own text colour, for cells without one.
  static let foreground = TTColor(red: 220, green: 220, blue: 220)
  static let cellWidth = 10.0
  static let cellHeight = 20.0
  static let margin = 24.0

  /// A colour as a terminal shows it: translucent colours are flattened over black.
  static func shown(_ color: TTColor) -> String {
    (color.alpha < 1 ? color.composited(over: .black) : color).hexString
  }

  /// Text made safe inside XML.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  /// The SVG elements that draw a canvas with its top-left corner at `(x, y)`.
  static func elements(of canvas: TTCanvas, x left: Double, y top: Double) -> [String] {
    let width = Double(canvas.width) * cellWidth
    let height = Double(canvas.height) * cellHeight
    var elements = [
      "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(shown(background))\"/>"
    ]
    for row in 0..<canvas.height {
      for column in 0..<canvas.width {
        let cell = canvas[column, row]
        guard !cell.isContinuation else { continue }
        var back = cell.style.background
        var fore = cell.style.foreground
        if cell.style.attributes.contains(.inverse) {
          (back, fore) = (fore ?? foreground, back ?? background)
        }
        let x = left + Double(column) * cellWidth
        let y = top + Double(row) * cellHeight
        let span = Double(TTDisplayWidth.of(String(cell.character))) * cellWidth
        if let back, back.alpha > 0 {
          elements.append(
            "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(max(span, cellWidth))\" height=\"\(cellHeight)\" "
              + "fill=\"\(shown(back))\"/>")
        }
        guard cell.character != " " else { continue }
        let attributes = cell.style.attributes
        var extra = ""
        if attributes.contains(.bold) { extra += " font-weight=\"bold\"" }
        if attributes.contains(.italic) { extra += " font-style=\"italic\"" }
        for (attribute, lineY) in [(TTTextAttributes.underline, 17.0), (.strikethrough, 10.0)]
        where attributes.contains(attribute) {
          elements.append(
            "<rect x=\"\(x)\" y=\"\(y + lineY)\" width=\"\(span)\" height=\"1\" "
              + "fill=\"\(shown(fore ?? foreground))\"/>")
        }
        if attributes.contains(.dim) { extra += " fill-opacity=\"0.6\"" }
        elements.append(
          "<text x=\"\(x)\" y=\"\(y + 15)\" font-family=\"monospace\" font-size=\"14\" "
            + "textLength=\"\(span)\" lengthAdjust=\"spacingAndGlyphs\" fill=\"\(shown(fore ?? foreground))\"\(extra)>\(escaped(String(cell.character)))</text>"
        )
      }
    }
    return elements
  }

  /// One picture: the SVG renderer's drawing on the left, the terminal's on the right, each
  /// with a caption below.
  ///
  /// - Parameters:
  ///   - vector: A document from `TTSVGRenderer.render(gallery:)`.
  ///   - canvas: The same style drawn on a canvas.
  static func sideBySide(vector: String, canvas: TTCanvas) -> String {
    func number(_ name: String) -> Double {
      guard let range = vector.range(of: " \(name)=\"") else { return 0 }
      return Double(vector[range.upperBound...].prefix { $0 != "\"" }) ?? 0
    }
    let vectorWidth = number("width")
    let vectorHeight = number("height")
    let terminalWidth = Double(canvas.width) * cellWidth + 2 * margin
    let terminalHeight = Double(canvas.height) * cellHeight + 2 * margin + 20
    let width = vectorWidth + terminalWidth
    let height = max(vectorHeight, terminalHeight)
    let body = vector.split(separator: "\n").dropFirst().joined(separator: "\n")
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\">",
      "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
      body,
      "<svg x=\"\(vectorWidth)\" y=\"0\" width=\"\(terminalWidth)\" height=\"\(terminalHeight)\">",
    ]
    lines += elements(of: canvas, x: margin, y: margin)
    lines.append(
      "<text x=\"\(margin)\" y=\"\(terminalHeight - margin + 4)\" font-family=\"monospace\" "
        + "font-size=\"12\" fill=\"#333333\">terminal, 24-bit colour</text>")
    lines.append("</svg>")
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }
}

@Suite("Documentation articles")
struct DocumentationArticleTests {
  /// Every Swift and CSS block of a guide appears in the test that compiles it.
  @Test(arguments: DocumentationArticle.guides)
  func everyCodeBlockIsCompiledByItsTest(article: String, testFile: String) throws {
    let markdown = try DocumentationArticle.text(of: article)
    let source = DocumentationArticle.normalized(try DocumentationArticle.testSource(testFile))
    let blocks =
      TTArticleText.codeBlocks(in: markdown, language: "swift")
      + TTArticleText.codeBlocks(in: markdown, language: "css")
    #expect(!blocks.isEmpty)
    for block in blocks {
      let expected = DocumentationArticle.normalized(block)
      #expect(
        source.contains(expected), "This block of \(article).md is not in \(testFile):\n\(block)")
    }
  }

  /// Every picture a guide shows is committed in the catalog's resources.
  @Test(arguments: DocumentationArticle.guides)
  func everyPictureExists(article: String, testFile: String) throws {
    let markdown = try DocumentationArticle.text(of: article)
    for name in DocumentationArticle.pictures(in: markdown) {
      let path = DocumentationArticle.resources.appendingPathComponent(name).path
      #expect(FileManager.default.fileExists(atPath: path), "\(article).md shows \(name), which is missing")
    }
  }

  /// The block finder returns the blocks of one language, without fences.
  @Test func blocksAreFoundByLanguage() {
    let markdown = "text\n```swift\nlet a = 1\n\nlet b = 2\n```\n```text\nx\n```\n"
    #expect(TTArticleText.codeBlocks(in: markdown, language: "swift") == ["let a = 1\n\nlet b = 2"])
    #expect(TTArticleText.codeBlocks(in: markdown, language: "text") == ["x"])
    #expect(DocumentationArticle.pictures(in: "a ![One](one.svg) b ![](two)") == ["one.svg", "two"])
  }
}
