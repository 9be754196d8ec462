import Foundation

/// Podcast fields: Apple's `itunes:` elements and Podcasting 2.0's `podcast:` elements, of the
/// channel (``TTFeed/podcast``) and of each item (``TTFeedItem/podcast``).
extension TTFeedBuilder {
  /// The `itunes:` elements of a channel that are read.
  static let iTunesChannelFields: Set<String> = [
    "author", "owner", "category", "keywords", "summary", "subtitle", "explicit", "block",
    "complete", "image", "type", "new-feed-url",
  ]
  /// The `itunes:` elements of an item that are read.
  static let iTunesItemFields: Set<String> = [
    "title", "author", "summary", "subtitle", "keywords", "explicit", "block", "image", "duration", "episode",
    "season", "episodeType",
  ]
  /// The `podcast:` elements of an item that are read.
  static let podcastItemFields: Set<String> = ["transcript", "chapters"]

  /// Adds an `itunes:` or `podcast:` element of the channel to the feed's ``TTFeed/podcast``.
  func addPodcastChannelField(_ element: TTFeedElement, base: URL?, to feed: inout TTFeed) {
    var show = feed.podcast ?? TTFeedPodcast()
    if TTFeedNamespace.canonical(element.namespace) == TTFeedNamespace.podcast {
      guard element.name == "guid" else { return }
      show.guid = element.trimmedText ?? show.guid
      feed.podcast = show
      return
    }
    switch element.name {
    case "author": show.author = element.trimmedText ?? show.author
    case "owner":
      guard show.owner == nil else { return }
      let name = element.child("name", namespace: TTFeedNamespace.iTunes)?.trimmedText
      let email = element.child("email", namespace: TTFeedNamespace.iTunes)?.trimmedText
      guard name != nil || email != nil else { return }
      show.owner = TTFeedPerson(name: name, email: email)
    case "category":
      guard let name = element.attribute("text").flatMap(TTFeedElement.nonEmpty) else { return }
      let subcategories = element.children.filter { $0.name == "category" && $0.isIn(TTFeedNamespace.iTunes) }
        .compactMap { $0.attribute("text").flatMap(TTFeedElement.nonEmpty) }
      show.categories.append(TTFeedPodcast.Category(name: name, subcategories: subcategories))
    case "keywords": show.keywords += Self.keywords(element.trimmedText)
    case "summary": show.summary = element.trimmedText ?? show.summary
    case "subtitle": show.subtitle = element.trimmedText ?? show.subtitle
    case "explicit": show.isExplicit = Self.explicit(element.trimmedText) ?? show.isExplicit
    case "block": show.isBlocked = show.isBlocked || Self.yes(element.trimmedText)
    case "complete": show.isComplete = show.isComplete || Self.yes(element.trimmedText)
    case "image":
      guard let url = element.urlAttribute("href", base: base) else { return }
      show.image = url
      if feed.image == nil { feed.image = TTFeedImage(url: url) }
    case "type": show.type = element.trimmedText?.lowercased() ?? show.type
    case "new-feed-url": show.newFeedURL = element.urlValue(base: base) ?? show.newFeedURL
    default: return
    }
    feed.podcast = show
  }

  /// Adds an `itunes:` or `podcast:` element of an item to its ``TTFeedItem/podcast``.
  func addPodcastItemField(_ element: TTFeedElement, base: URL?, to item: inout TTFeedItem) {
    var episode = item.podcast ?? TTFeedPodcastEpisode()
    if TTFeedNamespace.canonical(element.namespace) == TTFeedNamespace.podcast {
      guard let url = element.urlAttribute("url", base: base) else { return }
      let type = element.attribute("type").flatMap(TTFeedElement.nonEmpty) ?? ""
      switch element.name {
      case "transcript":
        episode.transcripts.append(
          TTFeedPodcastEpisode.Transcript(
            url: url, type: type, language: element.attribute("language").flatMap(TTFeedElement.nonEmpty),
            relation: element.attribute("rel").flatMap(TTFeedElement.nonEmpty)))
      case "chapters":
        episode.chapters = TTFeedPodcastEpisode.Chapters(url: url, type: type)
      default: return
      }
      item.podcast = episode
      return
    }
    switch element.name {
    case "title": episode.title = element.trimmedText ?? episode.title
    case "author": episode.author = element.trimmedText ?? episode.author
    case "summary": episode.summary = element.trimmedText ?? episode.summary
    case "subtitle": episode.subtitle = element.trimmedText ?? episode.subtitle
    case "keywords": episode.keywords += Self.keywords(element.trimmedText)
    case "explicit": episode.isExplicit = Self.explicit(element.trimmedText) ?? episode.isExplicit
    case "block": episode.isBlocked = episode.isBlocked || Self.yes(element.trimmedText)
    case "image":
      guard let url = element.urlAttribute("href", base: base) else { return }
      episode.image = url
    case "duration": episode.duration = element.trimmedText.flatMap(Self.duration) ?? episode.duration
    case "episode": episode.episode = element.countValue ?? episode.episode
    case "season": episode.season = element.countValue ?? episode.season
    case "episodeType": episode.episodeType = element.trimmedText?.lowercased() ?? episode.episodeType
    default: return
    }
    item.podcast = episode
  }

  /// A length written `1:02:03`, `62:03`, `3723` or `3723.5`, in seconds; `nil` when it is not
  /// one of these.
  static func duration(_ text: String) -> TimeInterval? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var total: TimeInterval = 0
    for (index, part) in parts.enumerated() {
      let isLast = index == parts.count - 1
      guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
        let value = Double(part), value.isFinite
      else { return nil }
      // Minutes and seconds after the first part are below 60.
      if index > 0, value >= 60 { return nil }
      total = total * 60 + value
    }
    return total
  }

  /// `itunes:explicit`: `yes`, `true`, `explicit` → `true`; `no`, `false`, `clean` → `false`.
  static func explicit(_ text: String?) -> Bool? {
    switch text?.lowercased() {
    case "yes", "true", "explicit": true
    case "no", "false", "clean": false
    default: nil
    }
  }

  /// Whether a flag such as `itunes:block` is on: `yes` or `true`.
  static func yes(_ text: String?) -> Bool {
    text?.lowercased() == "yes" || text?.lowercased() == "true"
  }

  /// Search words written with commas between them.
  static func keywords(_ text: String?) -> [String] {
    guard let text else { return [] }
    return text.split(separator: ",").compactMap(TTFeedText.nonEmpty)
  }
}

extension TTFeedPodcast {
  /// The show with every address passed through `resolve`.
  func resolvingURLs(with resolve: (URL) -> URL) -> TTFeedPodcast {
    var show = self
    show.image = image.map(resolve)
    show.newFeedURL = newFeedURL.map(resolve)
    return show
  }

  /// Drops the addresses `keeps` refuses.
  mutating func removeURLs(refusedBy keeps: (URL) -> Bool) {
    if let url = image, !keeps(url) { image = nil }
    if let url = newFeedURL, !keeps(url) { newFeedURL = nil }
  }
}

extension TTFeedPodcastEpisode {
  /// Whether any address of the episode has no scheme yet.
  var hasRelativeURLs: Bool {
    image.map { $0.scheme == nil } == true || chapters.map { $0.url.scheme == nil } == true
      || transcripts.contains { $0.url.scheme == nil }
  }

  /// The episode with every address passed through `resolve`.
  func resolvingURLs(with resolve: (URL) -> URL) -> TTFeedPodcastEpisode {
    var episode = self
    episode.image = image.map(resolve)
    if let chapters { episode.chapters?.url = resolve(chapters.url) }
    episode.transcripts = transcripts.map { transcript in
      var transcript = transcript
      transcript.url = resolve(transcript.url)
      return transcript
    }
    return episode
  }

  /// Drops the addresses `keeps` refuses: an image becomes `nil`, transcripts and chapters are
  /// left out.
  mutating func removeURLs(refusedBy keeps: (URL) -> Bool) {
    if let url = image, !keeps(url) { image = nil }
    if let url = chapters?.url, !keeps(url) { chapters = nil }
    transcripts = transcripts.filter { keeps($0.url) }
  }
}
