public import Foundation
public import Three20Style
public import Three20XML

/// Lays out a parsed HTML document at a width, as w3m and lynx do: a ``TTWebPage`` of styled
/// lines with its links, anchors and picture boxes.
///
/// ```swift
/// let document = try TTHTMLParser.parse(Data("<p>Hello, <b>world</b>!</p>".utf8))
/// let page = TTWebRenderer(width: 80, imagesAvailable: false).render(document, url: nil)
/// page.plainText   // "Hello, world!"
/// ```
///
/// What it does, in short:
///
/// - **Blocks** (`p`, `div`, `section`, headings, lists, `blockquote`, `pre`, tables, …) start
///   on lines of their own, with one blank line around paragraphs, headings, lists, quotes,
///   preformatted text and tables, never two stacked and none at the top.
/// - **Text** wraps at spaces to the width (CJK text anywhere), measured with
///   `TTDisplayWidth`; a word wider than the width is broken. Whitespace collapses as in a
///   browser; U+00A0 does not break. Preformatted text keeps its spaces and lines (tabs to
///   multiples of 8) and is never wrapped: only those lines can be wider than the width.
/// - **Lists** have bullets by level (`•`, `◦`, `▪`) or numbers (`start`, `type`, `reversed`,
///   `value`) and hanging indents; `dd` is indented; quotes have a bar (`│ `).
/// - **Tables** get column widths from their content and wrap cells inside them; a table
///   that cannot fit is stacked, one cell per line ("header: value").
/// - **Links** take the styling's link look; each `<a href>` and `<area href>` is a
///   ``TTWebLink`` resolved against `<base href>` and the page's URL.
/// - **Images** get a box for a picture when `imagesAvailable`, else show `[alt]`.
/// - **Dropped**: `head` (the title is kept), `script`, `style`, `template`, `svg`, elements
///   that are `hidden`, `aria-hidden="true"` or `display: none`, hidden inputs. `noscript` is
///   shown: there is no script.
/// - **Safety**: control characters (C0 but tab and line breaks, DEL, C1) and bidirectional
///   overrides and isolates are removed from all text, so nothing on a page reaches the
///   terminal as an escape sequence. The walk and layout are iterative and linear in the
///   document's size.
public struct TTWebRenderer: Sendable {
  /// The widths pages are laid out at: 2 to `TTCanvas.maximumWidth` columns.
  public static let widthRange = 2...TTCanvas.maximumWidth

  /// The width to lay out for, in columns, within ``widthRange``.
  public let width: Int
  /// The looks of headings, links and the rest.
  public var styling: TTWebStyling
  /// Whether images get boxes for pictures (an image provider is installed) or are shown as
  /// their alternate text.
  public var imagesAvailable: Bool

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - width: The width in columns; kept within ``widthRange``.
  ///   - styling: The looks; the current stylesheet's by default.
  ///   - imagesAvailable: Whether images get boxes for pictures; by default whether an image
  ///     provider is installed (`TTGlobalImageProvider/current`).
  public init(
    width: Int, styling: TTWebStyling = .current, imagesAvailable: Bool = TTGlobalImageProvider.current != nil
  ) {
    self.width = min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound)
    self.styling = styling
    self.imagesAvailable = imagesAvailable
  }

  /// Lays out a document.
  ///
  /// - Parameters:
  ///   - document: The parsed page.
  ///   - url: The page's final URL (after redirects), which relative links are resolved
  ///     against (with `<base href>`); `nil` leaves relative links without a URL.
  /// - Returns: The page.
  public func render(_ document: TTHTMLDocument, url: URL?) -> TTWebPage {
    let base = document.root.child("head")?.children("base").first { $0.attribute("href") != nil }
    let resolver = TTWebURLResolver(pageURL: url, baseHref: base?.attribute("href").map(TTWebText.clean))
    var builder = TTWebItemBuilder(styling: styling, imagesAvailable: imagesAvailable, resolver: resolver)
    document.walk { builder.handle($0) }
    builder.finish()
    let title = document.title.map { TTWebText.collapsed($0) }.flatMap { $0.isEmpty ? nil : $0 }
    return layOut(builder.output, url: url, title: title)
  }

  /// Lays out the items and turns the lines into a page.
  func layOut(_ items: TTWebItems, url: URL?, title: String?) -> TTWebPage {
    let context = TTWebLayoutContext(items: items, cellPixelSize: TTGlobalImageProvider.cellPixelSize)
    let assembler = TTWebPageAssembler(context: context)
    var flow = TTWebFlowLayout(context: context, width: width, assembler: assembler)
    flow.run(0..<items.items.count)
    flow.finish()
    for anchor in flow.orphanAnchors {
      let name = items.anchors[Int(anchor)]
      if assembler.anchors[name] == nil { assembler.anchors[name] = max(0, assembler.lines.count - 1) }
    }
    let links = items.links.enumerated().map { index, record in
      TTWebLink(
        index: index, href: record.href, absoluteString: record.resolution.target, text: record.text,
        isFollowable: record.resolution.isFollowable, line: max(0, assembler.firstLine[index]),
        lastLine: max(0, assembler.lastLine[index]), fragment: record.resolution.fragment)
    }
    return TTWebPage(
      url: url, title: title, width: width, lines: assembler.lines, links: links, anchors: assembler.anchors,
      images: assembler.images, styling: styling)
  }
}

/// Turns the lines of the page's flow into the page's lines as they are finished: styles
/// from the palette with their links' URLs, picture boxes, anchors, where each link is.
final class TTWebPageAssembler {
  private let context: TTWebLayoutContext
  private let linkTargets: [String?]
  private(set) var lines: [TTWebLine] = []
  private(set) var firstLine: [Int]
  private(set) var lastLine: [Int]
  var anchors: [String: Int] = [:]
  private(set) var images: [TTWebImage] = []

  init(context: TTWebLayoutContext) {
    self.context = context
    let items = context.items
    linkTargets = items.links.map { record in record.resolution.isFollowable ? record.resolution.target : nil
    }
    firstLine = [Int](repeating: -1, count: items.links.count)
    lastLine = [Int](repeating: -1, count: items.links.count)
  }

  /// Adds a finished line.
  func append(_ built: TTWebLineBuild) {
    let items = context.items
    let lineIndex = lines.count
    var spans: [TTWebSpan] = []
    spans.reserveCapacity(built.spans.count)
    for span in built.spans {
      if span.image >= 0, let size = context.imageSizes[span.image] {
        let record = items.images[Int(span.image)]
        images.append(
          TTWebImage(
            url: record.url, alt: record.alt, line: lineIndex, column: span.column, size: size,
            link: record.link >= 0 ? Int(record.link) : nil))
      }
      if span.text.isEmpty { continue }
      var style = items.styles[Int(span.style)]
      var link: Int?
      if span.link >= 0 {
        let index = Int(span.link)
        link = index
        style.link = linkTargets[index]
        if firstLine[index] < 0 { firstLine[index] = lineIndex }
        lastLine[index] = lineIndex
      }
      spans.append(
        TTWebSpan(column: span.column, text: span.text, style: style, link: link, width: span.width))
    }
    lines.append(TTWebLine(spans: spans, isPreformatted: built.isPreformatted))
    addAnchors(built.anchors, line: lineIndex)
  }

  /// Adds anchors to the last line.
  func addAnchorsToLastLine(_ anchors: [Int32]) {
    addAnchors(anchors, line: max(0, lines.count - 1))
  }

  private func addAnchors(_ list: [Int32], line: Int) {
    for anchor in list {
      let name = context.items.anchors[Int(anchor)]
      if anchors[name] == nil { anchors[name] = line }
    }
  }
}
