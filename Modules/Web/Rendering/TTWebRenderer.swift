public import Foundation
public import Three20Style
public import Three20XML

/// Lays out a parsed HTML document at a width, as w3m and lynx do: a ``TTWebPage``.
///
/// ```swift
/// let document = try TTHTMLParser.parse(Data("<p>Hello, <b>world</b>!</p>".utf8))
/// let page = TTWebRenderer(width: 80).render(document, url: nil)
/// page.plainText   // "Hello, world!"
/// ```
public struct TTWebRenderer: Sendable {
  /// The width to lay out for, in columns.
  public var width: Int
  /// The looks of headings, links and the rest.
  public var styling: TTWebStyling
  /// Whether images get boxes for pictures (an image provider is installed) or are shown as
  /// their alternate text.
  public var imagesAvailable: Bool

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - width: The width in columns.
  ///   - styling: The looks; the current stylesheet's by default.
  ///   - imagesAvailable: Whether images get boxes for pictures; by default whether an image
  ///     provider is installed.
  public init(
    width: Int, styling: TTWebStyling = .current, imagesAvailable: Bool = TTGlobalImageProvider.current != nil
  ) {
    self.width = width
    self.styling = styling
    self.imagesAvailable = imagesAvailable
  }

  /// Lays out a document.
  ///
  /// - Parameters:
  ///   - document: The parsed page.
  ///   - url: The page's final URL, which relative links are resolved against.
  /// - Returns: The page.
  public func render(_ document: TTHTMLDocument, url: URL?) -> TTWebPage {
    var text = ""
    document.walk { event in
      if case .text(let piece) = event { text += piece }
    }
    let lines = text.split(separator: "\n").map {
      TTWebLine(spans: [
        TTWebSpan(column: 0, text: TTDisplayWidth.prefix(String($0), fitting: width), style: .plain)
      ])
    }
    return TTWebPage(url: url, title: document.title, width: width, lines: lines)
  }
}
