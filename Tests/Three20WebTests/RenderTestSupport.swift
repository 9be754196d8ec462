import Foundation
import Testing
import Three20Style
import Three20Web
import Three20XML

/// The test corpus: pages written for the renderer's tests, in `Fixtures/Pages`.
enum RenderCorpus {
  /// Every page, by file name without `.html`.
  static let pages = [
    "news-article", "documentation", "tables", "malformed", "latin1", "windows-1252", "shift_jis", "gb18030",
  ]

  /// The widths the goldens are made at.
  static let goldenWidths = [40, 80, 120]

  /// The URL a corpus page is rendered as coming from.
  static func url(of page: String) -> URL {
    URL(string: "https://pages.example.com/corpus/\(page).html")!
  }

  /// The bytes of a corpus page.
  static func data(_ page: String) throws -> Data {
    let url = try #require(
      Bundle.module.url(forResource: page, withExtension: "html", subdirectory: "Fixtures/Pages"),
      "No fixture \(page).html in Fixtures/Pages")
    return try Data(contentsOf: url)
  }

  /// A corpus page parsed with the real parser.
  static func document(_ page: String) throws -> TTHTMLDocument {
    try TTHTMLParser.parse(try data(page))
  }

  /// A corpus page rendered at a width with the built-in looks and no pictures.
  static func render(_ page: String, width: Int) throws -> TTWebPage {
    let document = try document(page)
    return TTWebRenderer(width: width, styling: .builtIn, imagesAvailable: false).render(
      document, url: url(of: page))
  }

  /// What a golden file holds: the dump, then the references.
  static func goldenText(_ page: TTWebPage) -> String {
    let references = page.references
    return page.plainText + (references.isEmpty ? "" : "\n\n" + references) + "\n"
  }
}

/// Renders markup at a width with the built-in looks.
///
/// - Parameters:
///   - html: The page.
///   - width: The width; 80 by default.
///   - url: The page's URL.
///   - imagesAvailable: Whether images get boxes.
///   - options: The parser's options.
func renderPage(
  _ html: String, width: Int = 80, url: String? = "https://example.com/docs/page.html",
  imagesAvailable: Bool = false,
  options: TTHTMLParser.Options = TTHTMLParser.Options()
) throws -> TTWebPage {
  let document = try TTHTMLParser.parse(Data(html.utf8), options: options)
  return TTWebRenderer(width: width, styling: .builtIn, imagesAvailable: imagesAvailable)
    .render(document, url: url.flatMap(URL.init(string:)))
}

/// Compares text with a golden file in `Goldens/` beside this file; `TT_UPDATE_GOLDENS=1`
/// writes the files anew (review the diff before committing them).
func assertGolden(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
  let file = folder.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["TT_UPDATE_GOLDENS"] == "1" {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file, options: .atomic)
    } catch {
      Issue.record("Could not write the golden file \(file.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = try? Data(contentsOf: file) else {
    Issue.record(
      "No golden file \(name) in \(folder.path); run the tests with TT_UPDATE_GOLDENS=1 to write it.",
      sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  guard expected != text else { return }
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
  let first =
    zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(expectedLines.count, actualLines.count)
  let expectedLine = first < expectedLines.count ? String(expectedLines[first]) : "(end)"
  let actualLine = first < actualLines.count ? String(actualLines[first]) : "(end)"
  Issue.record(
    """
    Output differs from the golden file \(name) at line \(first + 1) \
    (TT_UPDATE_GOLDENS=1 writes it anew):
    expected: \(expectedLine.debugDescription)
    actual:   \(actualLine.debugDescription)
    """, sourceLocation: sourceLocation)
}

/// The `href` of every `<a href>` and `<area href>` in a document outside content the
/// renderer drops (head, script, style, template, svg, select, textarea, buttons, hidden
/// elements), and the `src` of every `<iframe>` and `<frame>` (which become links), in
/// document order.
func linkHrefs(in document: TTHTMLDocument) -> [String] {
  let dropped: Set<String> = [
    "head", "script", "style", "template", "svg", "select", "textarea", "button", "title", "iframe", "frame",
  ]
  var hrefs: [String] = []
  var hiddenDepth = 0
  var stack: [Bool] = []
  document.walk { event in
    switch event {
    case .start(let element):
      let hides =
        dropped.contains(element.name) || element.attributeNode("hidden") != nil
        || element.attribute("aria-hidden")?.lowercased() == "true"
        || (element.attribute("style") ?? "").replacingOccurrences(of: " ", with: "").lowercased().contains(
          "display:none")
      stack.append(hides)
      if hiddenDepth == 0, element.name == "iframe" || element.name == "frame",
        let source = element.attribute("src"),
        !source.trimmingCharacters(in: .whitespaces).isEmpty
      {
        hrefs.append(source)
      }
      if hides { hiddenDepth += 1 }
      if hiddenDepth == 0, element.name == "a" || element.name == "area", let href = element.attribute("href")
      {
        hrefs.append(href)
      }
    case .end:
      if stack.removeLast() { hiddenDepth -= 1 }
    case .text:
      break
    }
  }
  return hrefs
}

/// Whether text holds anything that could act on a terminal: C0 controls (other than the
/// newlines between lines), DEL, C1 controls, bidirectional embeddings, overrides and isolates.
func hasTerminalControls(_ text: String, allowingNewlines: Bool = true) -> Bool {
  text.unicodeScalars.contains { scalar in
    let value = scalar.value
    if value == 0x0A { return !allowingNewlines }
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }
}

/// A picture that draws nothing, for tests of picture boxes.
final class RenderTestPicture: TTTerminalPicture {
  let cellSize: TTSize

  init(cellSize: TTSize) {
    self.cellSize = cellSize
  }

  func cells(for profile: TTColorProfile) -> [TTCell] {
    Array(repeating: TTCell("#"), count: cellSize.width * cellSize.height)
  }

  func sequence(for graphics: TTTerminalGraphics, imageID: UInt32) -> String? { nil }

  func pngData() -> [UInt8]? { nil }
}

/// An image provider with every picture ready at the size asked for; it remembers what it was
/// asked.
final class RenderTestImageProvider: TTImageProviding, @unchecked Sendable {
  private let lock = NSLock()
  private var asked: [(url: String?, size: TTSize)] = []

  var requests: [(url: String?, size: TTSize)] { lock.withLock { asked } }

  func picture(for look: TTImageLook, fitting size: TTSize) -> TTImageDrawState {
    lock.withLock { asked.append((look.url, size)) }
    return .ready(RenderTestPicture(cellSize: size))
  }
}
