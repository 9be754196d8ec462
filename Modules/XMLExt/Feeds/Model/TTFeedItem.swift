public import Foundation

/// One entry of a feed: an RSS `item` or an Atom `entry`.
///
/// Every field is optional or may be empty, because feeds leave out what they like. A field
/// the feed wrote badly (a date that cannot be read, an address that is not one) is left
/// empty; it never makes the feed fail.
///
/// ```swift
/// var item = TTFeedItem(title: "Hello")
/// item.links = [TTFeedLink(url: URL(string: "https://example.com/hello")!)]
/// item.summary = TTFeedContent("<p>First <b>post</b></p>")
/// item.link?.absoluteString   // "https://example.com/hello"
/// item.summaryText            // "First post"
/// ```
public struct TTFeedItem: Sendable, Hashable, Codable {
  /// The title as plain text (Atom HTML and XHTML titles have their markup removed), if given.
  public var title: String?
  /// Every link, in document order.
  ///
  /// RSS `link` (as `alternate`), `enclosure` (as `enclosure`) and `atom:link`; Atom `link`
  /// elements with their relations.
  public var links: [TTFeedLink]
  /// The short text: RSS `description` (HTML) or Atom `summary`, if given.
  public var summary: TTFeedContent?
  /// The full text: RSS `content:encoded` (HTML) or Atom `content`, if given.
  public var content: TTFeedContent?
  /// When the item was first published, or `nil` if missing or unreadable.
  ///
  /// RSS `pubDate`, `dc:date`, `dcterms:issued` or `dcterms:created`; Atom `published`.
  public var published: Date?
  /// When the item last changed, or `nil` if missing or unreadable.
  ///
  /// Atom `updated` (also `atom:updated` in RSS) or `dcterms:modified`.
  public var updated: Date?
  /// The authors: RSS `author`, `dc:creator` (and the common `dc:author`); Atom `author`.
  ///
  /// Empty when the item names none; for an Atom entry, RFC 4287 says the feed's
  /// ``TTFeed/authors`` then apply.
  public var authors: [TTFeedPerson]
  /// The contributors: Atom `contributor`, `dc:contributor`.
  public var contributors: [TTFeedPerson]
  /// The categories: RSS `category`, `dc:subject`; Atom `category`.
  public var categories: [TTFeedCategory]
  /// The identifier: RSS `guid`, Atom `id`, or RSS 1.0's `rdf:about`, if given.
  public var guid: TTFeedGUID?
  /// The attached media files: RSS `enclosure` and Atom `link rel="enclosure"`.
  public var enclosures: [TTFeedEnclosure]
  /// The pictures from Media RSS: `media:thumbnail` and image `media:content`.
  public var thumbnails: [TTFeedThumbnail]
  /// The page of comments: RSS `comments`, or an Atom `link rel="replies"` of type HTML, if
  /// given.
  public var comments: URL?
  /// The feed the item was copied from, if given.
  public var source: TTFeedSource?
  /// The media objects from Media RSS (`media:content`, alone or in `media:group`, with the
  /// descriptions around them applied), in document order.
  public var media: [TTFeedMedia]
  /// What a podcast's feed says about the episode (Apple's `itunes:` and Podcasting 2.0's
  /// `podcast:` elements), or `nil` when the item has none.
  public var podcast: TTFeedPodcastEpisode?
  /// The title as written, with its type: Atom's `title` may be `html` or `xhtml` markup,
  /// which ``title`` flattens to plain text; RSS titles are ``TTFeedContent/ContentType/text``.
  public var titleDetail: TTFeedContent? = nil
  /// The item's copyright notice as plain text (Atom `rights`, `dc:rights`), if given.
  public var rights: String? = nil
  /// The language of the item: its `dc:language`, else the `xml:lang` in effect on it (the
  /// item's own, else the channel's or the root's), if any.
  public var language: String? = nil
  /// When the item was created (`dcterms:created`, Atom 0.3 `created`), if given and readable.
  public var created: Date? = nil
  /// The period the item is valid for (`dcterms:valid`), if given.
  public var validity: TTFeedPeriod? = nil
  /// The text of each date as the feed wrote it, beside the parsed values.
  public var dateTexts = TTFeedDateTexts()
  /// Where the item is about (GeoRSS, W3C Basic Geo), if given.
  public var location: TTFeedLocation? = nil
  /// The address of the feed of the item's comments (`wfw:commentRss`), if given.
  public var commentsFeed: URL? = nil
  /// The address comments are posted to (`wfw:comment`, the Comment API), if given.
  public var commentAPI: URL? = nil
  /// How many comments the item has (`slash:comments`), if given.
  public var commentCount: Int? = nil

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - title: The title. Defaults to `nil`.
  ///   - links: The links. Defaults to none.
  ///   - summary: The short text. Defaults to `nil`.
  ///   - content: The full text. Defaults to `nil`.
  ///   - published: The publication date. Defaults to `nil`.
  ///   - updated: The date of the last change. Defaults to `nil`.
  ///   - authors: The authors. Defaults to none.
  ///   - contributors: The contributors. Defaults to none.
  ///   - categories: The categories. Defaults to none.
  ///   - guid: The identifier. Defaults to `nil`.
  ///   - enclosures: The media files. Defaults to none.
  ///   - thumbnails: The pictures. Defaults to none.
  ///   - comments: The page of comments. Defaults to `nil`.
  ///   - source: The original feed. Defaults to `nil`.
  ///   - podcast: What a podcast's feed says about the episode. Defaults to `nil`.
  ///   - media: The Media RSS objects. Defaults to none.
  public init(
    title: String? = nil, links: [TTFeedLink] = [], summary: TTFeedContent? = nil,
    content: TTFeedContent? = nil, published: Date? = nil, updated: Date? = nil,
    authors: [TTFeedPerson] = [], contributors: [TTFeedPerson] = [], categories: [TTFeedCategory] = [],
    guid: TTFeedGUID? = nil,
    enclosures: [TTFeedEnclosure] = [], thumbnails: [TTFeedThumbnail] = [], comments: URL? = nil,
    source: TTFeedSource? = nil, podcast: TTFeedPodcastEpisode? = nil, media: [TTFeedMedia] = []
  ) {
    self.title = title
    self.links = links
    self.summary = summary
    self.content = content
    self.published = published
    self.updated = updated
    self.authors = authors
    self.contributors = contributors
    self.categories = categories
    self.guid = guid
    self.enclosures = enclosures
    self.thumbnails = thumbnails
    self.comments = comments
    self.source = source
    self.podcast = podcast
    self.media = media
  }

  /// The address of the item's page: the first `alternate` link of type HTML, else the first
  /// `alternate` link, else the ``guid`` when it is a permanent link, else `nil`.
  public var link: URL? {
    links.bestAlternate?.url ?? guid?.permaLink
  }

  /// The item's text without markup: the ``summary``'s, else the ``content``'s, else `nil`.
  ///
  /// Markup is removed with Three20Core's `removingMarkup`; see ``TTFeedContent/plainText``.
  public var summaryText: String? {
    summary?.plainText ?? content?.plainText
  }

  /// The short text to show: the ``summary``, else the ``content`` (the usual fallback for a
  /// feed that only writes `content:encoded`), else `nil`.
  public var summaryOrContent: TTFeedContent? {
    summary ?? content
  }

  /// A plain-text excerpt of the item for a list: ``summaryText`` with its white space and line
  /// breaks collapsed to single spaces, cut at a word boundary to at most `maxCharacters`
  /// characters with `…` at the end.
  ///
  /// ```swift
  /// let item = TTFeedItem(content: TTFeedContent("<p>The old lens <b>turned</b> again tonight.</p>"))
  /// item.excerpt(maxCharacters: 20)   // "The old lens turned…"
  /// ```
  ///
  /// - Parameter maxCharacters: The most characters returned, `…` included; at least 1.
  ///   Defaults to 200.
  /// - Returns: The excerpt, or `nil` when the item has no text.
  public func excerpt(maxCharacters: Int = 200) -> String? {
    guard let text = summaryText else { return nil }
    let limit = max(1, maxCharacters)
    // Collapse white space while copying, and stop one character past the limit: the work is
    // bounded by the limit, not by the text (which may be megabytes).
    var result = ""
    var count = 0
    var pendingSpace = false
    var cutInWord = false
    var isCut = false
    for character in text {
      if character.isWhitespace || character.isNewline {
        pendingSpace = count > 0
        continue
      }
      if pendingSpace {
        if count + 1 > limit {
          isCut = true
          break
        }
        result.append(" ")
        count += 1
        pendingSpace = false
      }
      if count + 1 > limit {
        isCut = true
        cutInWord = true
        break
      }
      result.append(character)
      count += 1
    }
    guard count > 0 else { return nil }
    guard isCut else { return result }
    // Drop the word the limit cut through, then words until the ellipsis fits.
    if cutInWord, let space = result.lastIndex(of: " ") { result.removeSubrange(space...) }
    while result.count + 1 > limit || result.last == " " {
      guard let space = result.lastIndex(of: " ") else { return String(result.prefix(limit - 1)) + "…" }
      result.removeSubrange(space...)
    }
    return result + "…"
  }

  /// The date to show: ``published``, else ``updated``.
  public var date: Date? {
    published ?? updated
  }
}
