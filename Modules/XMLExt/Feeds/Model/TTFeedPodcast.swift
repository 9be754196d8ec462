public import Foundation

/// What a podcast's feed says about the show: Apple's `itunes:` elements and the Podcasting 2.0
/// `podcast:` ones of the channel.
///
/// ``TTFeed/podcast`` is `nil` for a feed without any of them.
///
/// ```swift
/// var show = TTFeedPodcast(author: "Harbour Radio")
/// show.categories = [TTFeedPodcast.Category(name: "Arts", subcategories: ["Books"])]
/// show.isExplicit = false
/// show.categories.first?.subcategories   // ["Books"]
/// ```
public struct TTFeedPodcast: Sendable, Hashable, Codable {
  /// A category of Apple's list with its subcategories, as `itunes:category` nests them.
  public struct Category: Sendable, Hashable, Codable {
    /// The category, such as `Arts`.
    public var name: String
    /// Its subcategories, such as `Books`.
    public var subcategories: [String]

    /// Creates a category.
    ///
    /// - Parameters:
    ///   - name: The category.
    ///   - subcategories: Its subcategories. Defaults to none.
    public init(name: String, subcategories: [String] = []) {
      self.name = name
      self.subcategories = subcategories
    }
  }

  /// The show's author as the directory shows it (`itunes:author`), if given.
  public var author: String?
  /// Who runs the show, for the directory to contact (`itunes:owner` with `itunes:name` and
  /// `itunes:email`), if given.
  public var owner: TTFeedPerson?
  /// The categories (`itunes:category`), in order.
  public var categories: [Category]
  /// The search words (`itunes:keywords`, split at commas), in order.
  public var keywords: [String]
  /// The show's description as plain text (`itunes:summary`), if given.
  public var summary: String?
  /// A short description (`itunes:subtitle`), if given.
  public var subtitle: String?
  /// Whether the show says it is explicit (`itunes:explicit`: `yes`, `true`, `explicit`) or
  /// clean (`no`, `false`, `clean`); `nil` when it does not say.
  public var isExplicit: Bool?
  /// Whether the show asks directories not to list it (`itunes:block` `yes`).
  public var isBlocked: Bool
  /// Whether the show will have no more episodes (`itunes:complete` `yes`).
  public var isComplete: Bool
  /// The show's artwork (`itunes:image`'s `href`), if given.
  public var image: URL?
  /// How the episodes are meant to be listed (`itunes:type`: `episodic` or `serial`), if given.
  public var type: String?
  /// The address the show moved to (`itunes:new-feed-url`), if given.
  public var newFeedURL: URL?
  /// The show's global identifier (`podcast:guid`), if given.
  public var guid: String?

  /// Creates a description of a show.
  ///
  /// - Parameters:
  ///   - author: The author. Defaults to `nil`.
  ///   - owner: The owner. Defaults to `nil`.
  ///   - categories: The categories. Defaults to none.
  ///   - keywords: The search words. Defaults to none.
  ///   - summary: The description. Defaults to `nil`.
  ///   - subtitle: The short description. Defaults to `nil`.
  ///   - isExplicit: Whether it is explicit. Defaults to `nil`.
  ///   - isBlocked: Whether directories should not list it. Defaults to `false`.
  ///   - isComplete: Whether it has ended. Defaults to `false`.
  ///   - image: The artwork. Defaults to `nil`.
  ///   - type: `episodic` or `serial`. Defaults to `nil`.
  ///   - newFeedURL: The new address. Defaults to `nil`.
  ///   - guid: The global identifier. Defaults to `nil`.
  public init(
    author: String? = nil, owner: TTFeedPerson? = nil, categories: [Category] = [], keywords: [String] = [],
    summary: String? = nil, subtitle: String? = nil, isExplicit: Bool? = nil, isBlocked: Bool = false,
    isComplete: Bool = false, image: URL? = nil, type: String? = nil, newFeedURL: URL? = nil,
    guid: String? = nil
  ) {
    self.author = author
    self.owner = owner
    self.categories = categories
    self.keywords = keywords
    self.summary = summary
    self.subtitle = subtitle
    self.isExplicit = isExplicit
    self.isBlocked = isBlocked
    self.isComplete = isComplete
    self.image = image
    self.type = type
    self.newFeedURL = newFeedURL
    self.guid = guid
  }
}

/// What a podcast's feed says about one episode: Apple's `itunes:` elements and the Podcasting
/// 2.0 `podcast:` ones of an item.
///
/// ``TTFeedItem/podcast`` is `nil` for an item without any of them. The audio itself is the
/// item's enclosure (``TTFeedItem/enclosures``).
///
/// ```swift
/// let episode = TTFeedPodcastEpisode(duration: 3_723, episode: 12, season: 2)
/// episode.duration   // 3723.0 seconds: 1:02:03
/// ```
public struct TTFeedPodcastEpisode: Sendable, Hashable, Codable {
  /// A transcript of the episode (`podcast:transcript`).
  public struct Transcript: Sendable, Hashable, Codable {
    /// Where it is.
    public var url: URL
    /// Its media type, such as `text/vtt` or `application/srt`.
    public var type: String
    /// Its language, such as `en`, if given.
    public var language: String?
    /// `captions` when it is timed for captions, if given.
    public var relation: String?

    /// Creates a transcript.
    ///
    /// - Parameters:
    ///   - url: Where it is.
    ///   - type: Its media type.
    ///   - language: Its language. Defaults to `nil`.
    ///   - relation: `captions`, if so. Defaults to `nil`.
    public init(url: URL, type: String, language: String? = nil, relation: String? = nil) {
      self.url = url
      self.type = type
      self.language = language
      self.relation = relation
    }
  }

  /// The episode's chapters (`podcast:chapters`): a file that lists them.
  public struct Chapters: Sendable, Hashable, Codable {
    /// Where the file is.
    public var url: URL
    /// Its media type, such as `application/json+chapters`.
    public var type: String

    /// Creates a reference to a chapters file.
    ///
    /// - Parameters:
    ///   - url: Where the file is.
    ///   - type: Its media type.
    public init(url: URL, type: String) {
      self.url = url
      self.type = type
    }
  }

  /// The episode's title without show or episode numbers (`itunes:title`), if given.
  public var title: String?
  /// The episode's author (`itunes:author`), if given.
  public var author: String?
  /// The episode's description as plain text (`itunes:summary`), if given.
  public var summary: String?
  /// A short description (`itunes:subtitle`), if given.
  public var subtitle: String?
  /// The search words (`itunes:keywords`, split at commas), in order.
  public var keywords: [String]
  /// Whether the episode is explicit or clean (`itunes:explicit`); `nil` when it does not say.
  public var isExplicit: Bool?
  /// Whether the episode asks directories not to list it (`itunes:block` `yes`).
  public var isBlocked: Bool
  /// The episode's artwork (`itunes:image`'s `href`), if given.
  public var image: URL?
  /// The length in seconds (`itunes:duration`, written `1:02:03`, `62:03` or `3723`), if given
  /// and readable.
  public var duration: TimeInterval?
  /// The episode's number (`itunes:episode`), if given.
  public var episode: Int?
  /// The season's number (`itunes:season`), if given.
  public var season: Int?
  /// `full`, `trailer` or `bonus` (`itunes:episodeType`), if given.
  public var episodeType: String?
  /// The transcripts (`podcast:transcript`), in order.
  public var transcripts: [Transcript]
  /// The chapters file (`podcast:chapters`), if given.
  public var chapters: Chapters?

  /// Creates a description of an episode.
  ///
  /// - Parameters:
  ///   - title: The title. Defaults to `nil`.
  ///   - author: The author. Defaults to `nil`.
  ///   - summary: The description. Defaults to `nil`.
  ///   - subtitle: The short description. Defaults to `nil`.
  ///   - keywords: The search words. Defaults to none.
  ///   - isExplicit: Whether it is explicit. Defaults to `nil`.
  ///   - isBlocked: Whether directories should not list it. Defaults to `false`.
  ///   - image: The artwork. Defaults to `nil`.
  ///   - duration: The length in seconds. Defaults to `nil`.
  ///   - episode: The episode's number. Defaults to `nil`.
  ///   - season: The season's number. Defaults to `nil`.
  ///   - episodeType: `full`, `trailer` or `bonus`. Defaults to `nil`.
  ///   - transcripts: The transcripts. Defaults to none.
  ///   - chapters: The chapters file. Defaults to `nil`.
  public init(
    title: String? = nil, author: String? = nil, summary: String? = nil, subtitle: String? = nil,
    keywords: [String] = [], isExplicit: Bool? = nil, isBlocked: Bool = false, image: URL? = nil,
    duration: TimeInterval? = nil, episode: Int? = nil, season: Int? = nil, episodeType: String? = nil,
    transcripts: [Transcript] = [], chapters: Chapters? = nil
  ) {
    self.title = title
    self.author = author
    self.summary = summary
    self.subtitle = subtitle
    self.keywords = keywords
    self.isExplicit = isExplicit
    self.isBlocked = isBlocked
    self.image = image
    self.duration = duration
    self.episode = episode
    self.season = season
    self.episodeType = episodeType
    self.transcripts = transcripts
    self.chapters = chapters
  }
}
