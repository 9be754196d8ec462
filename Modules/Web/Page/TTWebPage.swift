public import Foundation
import Three20Style

/// A web page laid out at one width: lines of styled text, its links, anchors and picture boxes.
///
/// ``TTWebRenderer`` makes pages from parsed documents. A page is a value that only holds what
/// drawing needs (no document tree), so a viewer keeps the document and renders it again at a
/// new width when the terminal is resized.
///
/// ```swift
/// let document = try TTHTMLParser.parse(Data("<h1>Hi</h1><p>See <a href=\"/a\">this</a>.</p>".utf8))
/// let page = TTWebRenderer(width: 40, imagesAvailable: false)
///   .render(document, url: URL(string: "https://example.com/"))
/// print(page.plainText)
/// // Hi
/// //
/// // See this.
/// page.links[0].url   // https://example.com/a
/// ```
public struct TTWebPage: Sendable {
  /// The page's final URL (after redirects): the base its links were resolved against.
  public let url: URL?
  /// The `<title>`, whitespace collapsed, or `nil`.
  public let title: String?
  /// The width the page was laid out for, in columns.
  public let width: Int
  /// The lines, top to bottom.
  public let lines: [TTWebLine]
  /// The links, in document order; ``TTWebSpan/link`` indexes this array.
  public let links: [TTWebLink]
  /// The line each anchor starts on: element `id`s and `<a name>`s.
  public let anchors: [String: Int]
  /// The boxes reserved for pictures, top to bottom (only when an image provider was
  /// installed while rendering).
  public let images: [TTWebImage]
  /// The looks the page was rendered with; drawing marks the focused link and find matches
  /// with them.
  public let styling: TTWebStyling

  /// Creates a page from its parts.
  ///
  /// - Parameters:
  ///   - url: The page's final URL.
  ///   - title: Its title.
  ///   - width: The width it was laid out for.
  ///   - lines: The lines.
  ///   - links: The links in document order.
  ///   - anchors: The line of each anchor.
  ///   - images: The picture boxes.
  ///   - styling: The looks it was rendered with; the built-in ones by default.
  public init(
    url: URL?, title: String?, width: Int, lines: [TTWebLine], links: [TTWebLink] = [],
    anchors: [String: Int] = [:], images: [TTWebImage] = [], styling: TTWebStyling = .builtIn
  ) {
    self.url = url
    self.title = title
    self.width = width
    self.lines = lines
    self.links = links
    self.anchors = anchors
    self.images = images
    self.styling = styling
  }

  /// The page as plain text, like `w3m -dump`: the lines joined by newlines, preformatted
  /// lines cut at ``width``, trailing spaces removed; no final newline.
  public var plainText: String {
    var result = ""
    result.reserveCapacity(lines.count * (width / 2 + 1))
    for (index, line) in lines.enumerated() {
      if index > 0 { result += "\n" }
      result += line.text(clippedTo: width)
    }
    return result
  }

  /// The list of links for a dump, numbered from 1 in document order: a `References` heading,
  /// a blank line, then one `[n] url` line per link (the `href` as written when it has no URL);
  /// empty when the page has no links.
  ///
  /// ```swift
  /// print(page.plainText + "\n\n" + page.references)
  /// // …
  /// // References
  /// //
  /// // [1] https://example.com/a
  /// ```
  public var references: String {
    guard !links.isEmpty else { return "" }
    var result = "References\n"
    for link in links {
      result += "\n[\(link.index + 1)] " + (link.absoluteString ?? link.href)
    }
    return result
  }

  /// The line an anchor starts on, or `nil` when the page has no such anchor.
  ///
  /// The name is matched as written, then percent-decoded (`#caf%C3%A9` finds `id="café"`).
  ///
  /// - Parameter name: The anchor's name: a fragment without `#`.
  /// - Returns: The line's index.
  public func line(ofAnchor name: String) -> Int? {
    if let line = anchors[name] { return line }
    if let decoded = name.removingPercentEncoding, let line = anchors[decoded] { return line }
    return nil
  }

  /// The link drawn at a cell of the page, where the page's drawing places it: what a click
  /// there follows.
  ///
  /// - Parameters:
  ///   - line: The page line.
  ///   - column: The column on screen from the left of the page area.
  ///   - left: How far preformatted lines are scrolled sideways.
  /// - Returns: The link's index in ``links``, or `nil` when no link is drawn there.
  public func link(atLine line: Int, column: Int, left: Int = 0) -> Int? {
    guard line >= 0, line < lines.count, column >= 0 else { return nil }
    let shown = lines[line]
    let pageColumn = column + (shown.isPreformatted ? max(0, left) : 0)
    return shown.spans.first { $0.link != nil && pageColumn >= $0.column && pageColumn < $0.endColumn }?.link
  }

  /// The links that appear on a line, in the order they appear.
  ///
  /// - Parameter line: The line's index; outside the page gives none.
  /// - Returns: Indexes into ``links``.
  public func links(onLine line: Int) -> [Int] {
    guard line >= 0, line < lines.count else { return [] }
    var result: [Int] = []
    for span in lines[line].spans {
      if let link = span.link, !result.contains(link) { result.append(link) }
    }
    return result
  }

  /// Every place the text occurs, ignoring case, in reading order (top to bottom, left to
  /// right), across spans but within a line.
  ///
  /// ```swift
  /// let matches = page.find("example")
  /// matches.first?.line      // the line of the first match
  /// matches.first?.columns   // its columns on that line
  /// ```
  ///
  /// - Parameter needle: The text to look for; empty finds nothing.
  /// - Returns: The matches.
  public func find(_ needle: String) -> [TTWebTextRange] {
    guard !needle.isEmpty else { return [] }
    var result: [TTWebTextRange] = []
    // An ASCII needle cannot match a line with fewer bytes (case folding keeps ASCII lengths).
    let shortest = needle.utf8.allSatisfy { $0 < 0x80 } ? needle.utf8.count : 1
    for (index, line) in lines.enumerated() {
      let text = line.text
      guard text.utf8.count >= shortest else { continue }
      var searchStart = text.startIndex
      var column = 0
      var measured = text.startIndex
      while searchStart < text.endIndex,
        let found = text.range(of: needle, options: .caseInsensitive, range: searchStart..<text.endIndex)
      {
        column += TTDisplayWidth.of(text[measured..<found.lowerBound])
        let width = TTDisplayWidth.of(text[found])
        result.append(TTWebTextRange(line: index, columns: column..<(column + max(width, 1))))
        column += width
        measured = found.upperBound
        searchStart =
          found.upperBound > found.lowerBound ? found.upperBound : text.index(after: found.lowerBound)
      }
    }
    return result
  }
}
