public import Foundation
import Three20Core

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
  ///   - data: The decoded bytes of content that is not text. Defaults to `nil`.
  public init(
    _ value: String, type: ContentType = .html, source: URL? = nil, language: String? = nil, data: Data? = nil
  ) {
    self.value = value
    self.type = type
    self.source = source
    self.language = language
    self.data = data
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
