public import Foundation
public import Three20Core

/// A piece of text of a feed or item that may be markup: an RSS `description` or
/// `content:encoded`, an Atom `summary`, `subtitle` or `content`.
///
/// ``value`` is kept as the feed wrote it; ``plainText`` removes the markup. RSS descriptions
/// and `content:encoded` are HTML. Atom says which: `type="text"` (the default), `"html"`, or
/// `"xhtml"`, whose markup (the children of its wrapping `div`) is kept as XHTML text.
///
/// ```swift
/// let summary = TTFeedContent("<p>Fish &amp; <b>chips</b></p>", type: .html)
/// summary.plainText   // "Fish & chips"
/// ```
public struct TTFeedContent: Sendable, Hashable, Codable {
  /// What kind of text a ``TTFeedContent`` holds.
  public enum ContentType: Sendable, Hashable, Codable {
    /// Plain text.
    case text
    /// HTML, escaped into the feed as text or CDATA.
    case html
    /// XHTML markup written inline in an Atom feed.
    case xhtml
    /// Another media type (Atom's `type="image/png"` and the like), lower-cased.
    case other(String)
  }

  /// The text as written: markup for ``ContentType/html`` and ``ContentType/xhtml``.
  ///
  /// Empty when the content lives at ``source``.
  public var value: String
  /// What kind of text ``value`` is.
  public var type: ContentType
  /// Where the content lives when it is not inline (Atom's `content src="…"`), else `nil`.
  public var source: URL?
  /// The language of the text (the `xml:lang` in effect where it was written), if given.
  public var language: String?
  /// The address relative addresses inside the markup are resolved against.
  ///
  /// The `xml:base` in effect where the text was written, else the document's address; `nil`
  /// when neither is known. ``value`` is kept as written;
  /// ``sanitizedHTML(baseURL:sanitizer:)`` resolves them.
  public var base: URL?
  /// The bytes of content that is not text (Atom content of a media type such as `image/png`,
  /// which RFC 4287 writes in Base64), decoded; `nil` for text and for Base64 that does not
  /// decode, whose ``value`` is kept as written.
  public var data: Data?

  /// Creates a piece of content.
  ///
  /// - Parameters:
  ///   - value: The text as written.
  ///   - type: What kind of text it is. Defaults to ``ContentType/html``.
  ///   - source: Where out-of-line content lives. Defaults to `nil`.
  ///   - language: The language of the text. Defaults to `nil`.
  ///   - base: The address relative addresses in the markup are resolved against. Defaults to
  ///     `nil`.
  ///   - data: The decoded bytes of content that is not text. Defaults to `nil`.
  public init(
    _ value: String, type: ContentType = .html, source: URL? = nil, language: String? = nil, base: URL? = nil,
    data: Data? = nil
  ) {
    self.value = value
    self.type = type
    self.source = source
    self.language = language
    self.base = base
    self.data = data
  }

  /// The text as HTML that is safe to show, or `nil` for media types that are not text.
  ///
  /// Feed content is written by someone else: it may carry scripts, event handlers,
  /// `javascript:` links, styles that hide or overlay a page. HTML and XHTML go through
  /// Three20Core's `TTHTMLSanitizer` (an allow-list of elements, attributes, URL schemes and CSS
  /// properties), with relative addresses resolved against ``base``; plain text is escaped.
  ///
  /// ```swift
  /// let summary = TTFeedContent(
  ///   #"<p onclick="steal()">Hi <a href="/about">there</a><script>steal()</script></p>"#,
  ///   base: URL(string: "https://example.com/blog/"))
  /// summary.sanitizedHTML()   // "<p>Hi <a href=\"https://example.com/about\">there</a></p>"
  /// TTFeedContent("1 < 2", type: .text).sanitizedHTML()   // "1 &lt; 2"
  /// ```
  ///
  /// - Parameters:
  ///   - baseURL: The address relative addresses are resolved against. Defaults to ``base``.
  ///   - sanitizer: The allow-list. Defaults to `TTHTMLSanitizer.default`.
  /// - Returns: Balanced HTML without anything that could run or leave the allow-list.
  public func sanitizedHTML(baseURL: URL? = nil, sanitizer: TTHTMLSanitizer = .default) -> String? {
    switch type {
    case .html, .xhtml:
      return sanitizer.sanitize(value, baseURL: baseURL ?? base)
    case .text:
      return sanitizer.sanitize(value.tt.encodingHTMLEntities)
    case .other(let mediaType):
      return mediaType.hasPrefix("text/") ? sanitizer.sanitize(value.tt.encodingHTMLEntities) : nil
    }
  }

  /// The text without markup, or `nil` for media types that are not text.
  ///
  /// Plain text and `text/…` types are returned trimmed of surrounding spaces and line breaks;
  /// HTML and XHTML go through Three20Core's `removingMarkup` (tags dropped, entities decoded,
  /// block elements ending lines).
  public var plainText: String? {
    switch type {
    case .text:
      return TTFeedText.trimmed(value)
    case .html, .xhtml:
      return value.tt.removingMarkup
    case .other(let mediaType):
      return mediaType.hasPrefix("text/") ? TTFeedText.trimmed(value) : nil
    }
  }
}
