public import Foundation
public import Three20Style

/// A link on a page (`<a href>` or `<area href>`), in document order.
///
/// ```swift
/// // <base href="https://example.com/docs/"> … <a href="intro.html">Start  here</a>
/// link.href          // "intro.html"
/// link.url           // https://example.com/docs/intro.html
/// link.text          // "Start here"
/// link.isFollowable  // true
/// ```
///
/// A link is followable when it has a URL and its scheme is not one that runs or reads
/// something instead of opening a page: `javascript:`, `vbscript:`, `data:`, `file:` and
/// `about:` never are. Whether another scheme opens is the navigator's choice (its
/// `TTURLSchemePolicy` and URL map), so `mailto:` and an app's own `tt://` links are
/// followable here.
public struct TTWebLink: Sendable, Hashable {
  /// The link's position in ``TTWebPage/links``.
  public let index: Int
  /// The `href` as the page wrote it (control characters removed).
  public let href: String
  /// The absolute URL as text, resolved against `<base href>` and the page's final URL, with
  /// spaces and other characters URLs cannot hold percent-encoded; `nil` when it cannot be made.
  public let absoluteString: String?
  /// The absolute URL (``absoluteString`` as a `URL`); `nil` when it cannot be made.
  public var url: URL? { absoluteString.flatMap { URL(string: $0) } }
  /// The link's text, whitespace collapsed; when it has none, the alternate text of an image
  /// in it, else its `aria-label` or `title` (icon links), else its URL.
  public let text: String
  /// Whether the link may be opened (see the type's description).
  public let isFollowable: Bool
  /// The first line the link appears on.
  public let line: Int
  /// The last line the link appears on (a link can wrap).
  public let lastLine: Int
  /// The anchor the link scrolls to when it points into the page itself (`#usage`, or the
  /// page's own URL with a fragment), percent-decoded; `nil` for links to other pages.
  public let fragment: String?

  /// Creates a link.
  ///
  /// - Parameters:
  ///   - index: Its position in the page's links.
  ///   - href: The `href` as written.
  ///   - url: The resolved URL, if any.
  ///   - text: Its text.
  ///   - isFollowable: Whether it may be opened.
  ///   - line: The first line it appears on.
  ///   - lastLine: The last line it appears on; `line` by default.
  ///   - fragment: The anchor in the same page it points to, if any.
  public init(
    index: Int, href: String, url: URL?, text: String, isFollowable: Bool, line: Int, lastLine: Int? = nil,
    fragment: String? = nil
  ) {
    self.init(
      index: index, href: href, absoluteString: url?.absoluteString, text: text, isFollowable: isFollowable,
      line: line, lastLine: lastLine, fragment: fragment)
  }

  /// Creates a link from its URL as text.
  ///
  /// - Parameters:
  ///   - index: Its position in the page's links.
  ///   - href: The `href` as written.
  ///   - absoluteString: The resolved URL as text, if any.
  ///   - text: Its text.
  ///   - isFollowable: Whether it may be opened.
  ///   - line: The first line it appears on.
  ///   - lastLine: The last line it appears on; `line` by default.
  ///   - fragment: The anchor in the same page it points to, if any.
  public init(
    index: Int, href: String, absoluteString: String?, text: String, isFollowable: Bool, line: Int,
    lastLine: Int? = nil, fragment: String? = nil
  ) {
    self.index = index
    self.href = href
    self.absoluteString = absoluteString
    self.text = text
    self.isFollowable = isFollowable
    self.line = line
    self.lastLine = max(line, lastLine ?? line)
    self.fragment = fragment
  }
}

/// A box on a page reserved for a picture (`<img>`), made only when an image provider is
/// installed (`TTGlobalImageProvider/current`).
///
/// The box's cells hold the image's alternate text; drawing the page asks the provider for
/// the picture and places it over them, so output without pictures still reads.
public struct TTWebImage: Sendable, Hashable {
  /// The image's absolute URL.
  public let url: URL
  /// The alternate text (`alt`), control characters removed; empty when there is none.
  public let alt: String
  /// The line of the box's top row.
  public let line: Int
  /// The column of the box's left edge.
  public let column: Int
  /// The box's size in cells.
  public let size: TTSize
  /// The index in ``TTWebPage/links`` of the link around the image, if any.
  public let link: Int?

  /// Creates an image box.
  ///
  /// - Parameters:
  ///   - url: The image's URL.
  ///   - alt: Its alternate text.
  ///   - line: The line of its top row.
  ///   - column: The column of its left edge.
  ///   - size: Its size in cells.
  ///   - link: The link around it, if any.
  public init(url: URL, alt: String, line: Int, column: Int, size: TTSize, link: Int? = nil) {
    self.url = url
    self.alt = alt
    self.line = line
    self.column = column
    self.size = size
    self.link = link
  }

  /// The box's cells on the page: columns across, lines down.
  public var frame: TTRect { TTRect(x: column, y: line, width: size.width, height: size.height) }
}
