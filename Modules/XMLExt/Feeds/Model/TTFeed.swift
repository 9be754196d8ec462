public import Foundation

/// A parsed RSS or Atom feed: the channel's fields and its items.
///
/// ``TTFeedBuilder`` fills it from a feed's elements, whatever the format; the fields are
/// the same for all of them and say which elements they come from. Fields the feed leaves out
/// are `nil` or empty.
///
/// ```swift
/// let feed = TTFeed(
///   kind: .rss20, title: "Example News",
///   links: [TTFeedLink(url: URL(string: "https://example.com/")!)],
///   items: [TTFeedItem(title: "First"), TTFeedItem(title: "Second")])
/// feed.link?.absoluteString   // "https://example.com/"
/// feed.items.count            // 2
/// ```
public struct TTFeed: Sendable, Hashable, Codable {
  /// The format and version of the feed.
  public var kind: TTFeedKind
  /// The title as plain text, if given.
  public var title: String?
  /// Every link, in document order.
  ///
  /// RSS `link` (as `alternate`) and `atom:link`; Atom `link` elements.
  public var links: [TTFeedLink]
  /// The description: RSS `description` (HTML) or Atom `subtitle`, if given.
  public var subtitle: TTFeedContent?
  /// The language, such as `en-us`: RSS `language`, `dc:language`, or the `xml:lang` of the
  /// root or channel, if given.
  public var language: String?
  /// The copyright notice as plain text: RSS `copyright`, `dc:rights`; Atom `rights`.
  public var copyright: String?
  /// When the channel last changed, or `nil` if missing or unreadable.
  ///
  /// RSS `lastBuildDate`, `dc:date`; Atom `updated`.
  public var updated: Date?
  /// When the channel was published (RSS `pubDate`), or `nil` if missing or unreadable.
  public var published: Date?
  /// The authors: RSS `managingEditor` and the common channel `author`, `dc:creator`,
  /// `dc:publisher` (and the common `dc:author`); Atom `author`.
  public var authors: [TTFeedPerson]
  /// The contributors: Atom `contributor`, `dc:contributor`.
  public var contributors: [TTFeedPerson]
  /// The categories: RSS `category`, `dc:subject`; Atom `category`.
  public var categories: [TTFeedCategory]
  /// The picture of the feed, if given.
  public var image: TTFeedImage?
  /// The small icon of the feed (Atom `icon`), if given.
  public var icon: URL?
  /// The software that wrote the feed, as written (`generator`), if given.
  public var generator: String?
  /// The identifier of the feed (Atom `id`), if given.
  public var id: String?
  /// The items, in document order.
  public var items: [TTFeedItem]
  /// What the reader left out, and why: links with a scheme its `TTURLSchemePolicy` refuses,
  /// content past its ``TTFeedReader/Limits``; empty for an ordinary feed.
  ///
  /// At most 100 problems are listed; a last ``TTFeedProblem/Code/moreProblems`` entry counts
  /// the others.
  public var problems: [TTFeedProblem]
  /// What a podcast's feed says about the show (Apple's `itunes:` and Podcasting 2.0's
  /// `podcast:` elements), or `nil` when the feed has none.
  public var podcast: TTFeedPodcast?
  /// The title as written, with its type: Atom's `title` may be `html` or `xhtml` markup,
  /// which ``title`` flattens to plain text; RSS titles are ``TTFeedContent/ContentType/text``.
  public var titleDetail: TTFeedContent? = nil
  /// The text of each date as the feed wrote it, beside ``published`` and ``updated``.
  public var dateTexts = TTFeedDateTexts()
  /// How many minutes the feed may be cached before it is fetched again (RSS `ttl`), if given.
  public var ttl: Int? = nil
  /// The hours of the day (0–23, GMT) in which aggregators may skip fetching the feed (RSS
  /// `skipHours`), in document order.
  public var skipHours: [Int] = []
  /// The days on which aggregators may skip fetching the feed (RSS `skipDays`), as written
  /// (`Monday` … `Sunday`), in document order.
  public var skipDays: [String] = []
  /// The address of the documentation of the feed's format (RSS `docs`), if given.
  public var docs: URL? = nil
  /// Where to register for notice of changes (RSS `cloud`), if given.
  public var cloud: TTFeedCloud? = nil
  /// The text box the channel offers (RSS `textInput`), if given.
  public var textInput: TTFeedTextInput? = nil
  /// Whether the publisher says the feed will never change again (JSON Feed's `expired`).
  public var isExpired = false
  /// The first way the document breaks its format's rules (XML that is not well-formed: an
  /// unescaped `&`, a stray `<`, bytes not in the declared encoding, an undefined entity), with
  /// its line and column, or `nil` for a well-formed document.
  ///
  /// The reader reads such documents leniently by default, as Python's feedparser does (this is
  /// its `bozo_exception`); what it could not read is left out. Read with
  /// `TTFeedReader(strict: true)` to throw instead.
  public var syntaxProblem: TTFeedProblem? = nil

  /// Creates a feed.
  ///
  /// - Parameters:
  ///   - kind: The format.
  ///   - title: The title. Defaults to `nil`.
  ///   - links: The links. Defaults to none.
  ///   - subtitle: The description. Defaults to `nil`.
  ///   - language: The language. Defaults to `nil`.
  ///   - copyright: The copyright notice. Defaults to `nil`.
  ///   - updated: The date of the last change. Defaults to `nil`.
  ///   - published: The publication date. Defaults to `nil`.
  ///   - authors: The authors. Defaults to none.
  ///   - contributors: The contributors. Defaults to none.
  ///   - categories: The categories. Defaults to none.
  ///   - image: The picture. Defaults to `nil`.
  ///   - icon: The icon. Defaults to `nil`.
  ///   - generator: The software that wrote it. Defaults to `nil`.
  ///   - id: The identifier. Defaults to `nil`.
  ///   - items: The items. Defaults to none.
  ///   - problems: What a reader left out. Defaults to none.
  ///   - podcast: What a podcast's feed says about the show. Defaults to `nil`.
  public init(
    kind: TTFeedKind, title: String? = nil, links: [TTFeedLink] = [], subtitle: TTFeedContent? = nil,
    language: String? = nil, copyright: String? = nil, updated: Date? = nil, published: Date? = nil,
    authors: [TTFeedPerson] = [], contributors: [TTFeedPerson] = [], categories: [TTFeedCategory] = [],
    image: TTFeedImage? = nil,
    icon: URL? = nil, generator: String? = nil, id: String? = nil, items: [TTFeedItem] = [],
    problems: [TTFeedProblem] = [], podcast: TTFeedPodcast? = nil
  ) {
    self.kind = kind
    self.title = title
    self.links = links
    self.subtitle = subtitle
    self.language = language
    self.copyright = copyright
    self.updated = updated
    self.published = published
    self.authors = authors
    self.contributors = contributors
    self.categories = categories
    self.image = image
    self.icon = icon
    self.generator = generator
    self.id = id
    self.items = items
    self.problems = problems
    self.podcast = podcast
  }

  /// The address of the web site the feed belongs to: the first `alternate` link of type HTML,
  /// else the first `alternate` link, else `nil`.
  public var link: URL? {
    links.bestAlternate?.url
  }

  /// The address of the feed itself (the `self` link), if given.
  public var selfLink: URL? {
    links.first { $0.relation == TTFeedLink.selfRelation }?.url
  }

  /// Whether the document keeps its format's rules: `false` when ``syntaxProblem`` says how it
  /// breaks them (feedparser's `bozo` flag).
  public var isWellFormed: Bool { syntaxProblem == nil }

  /// The date to show: ``updated``, else ``published``, else the newest item ``TTFeedItem/date``.
  public var date: Date? {
    updated ?? published ?? items.compactMap(\.date).max()
  }
}
