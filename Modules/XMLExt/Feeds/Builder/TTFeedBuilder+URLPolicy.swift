import Foundation
import Three20Core

/// Dropping the addresses a `TTURLSchemePolicy` refuses from what the builder made.
///
/// The builder checks channel fields as they are added (what changed since a snapshot) and
/// items as they are built; addresses still relative when the feed is finished are checked
/// once more, when the policy refuses relative references. An address is tested by the scheme Foundation parsed from it (the base's
/// scheme for an address resolved against one), else by its text read as browsers read it.
extension TTURLSchemePolicy {
  /// Whether the builder keeps an address; relative ones are kept unless `relative` is `true`
  /// (they are resolved later, against the channel's link).
  func keeps(_ url: URL, relative: Bool) -> Bool {
    let scheme = url.scheme ?? TTURLSchemePolicy.scheme(of: url.relativeString)
    if scheme == nil && !relative { return true }
    return allowsScheme(scheme)
  }
}

/// How many of each list of channel addresses the builder had checked already.
struct ChannelURLs {
  var links = 0
  var authors = 0
  var contributors = 0
  var podcast: TTFeedPodcast?
  var image: TTFeedImage?
  var icon: URL?
  var docs: URL?
  var textInput: TTFeedTextInput?

  static let empty = ChannelURLs()

  private init() {}

  init(_ feed: TTFeed) {
    links = feed.links.count
    authors = feed.authors.count
    contributors = feed.contributors.count
    podcast = feed.podcast
    image = feed.image
    icon = feed.icon
    docs = feed.docs
    textInput = feed.textInput
  }
}

extension TTFeed {
  /// Drops the channel's addresses added since `before` that the policy refuses.
  ///
  /// - Returns: The addresses dropped, as text.
  mutating func removeRefusedChannelURLs(
    since before: ChannelURLs, policy: TTURLSchemePolicy, relative: Bool
  ) -> [String] {
    var refused: [String] = []
    let keeps = { (url: URL) -> Bool in
      if policy.keeps(url, relative: relative) { return true }
      refused.append(url.absoluteString)
      return false
    }
    if links.count > before.links {
      let added = links[before.links...].filter { keeps($0.url) }
      links.replaceSubrange(before.links..., with: added)
    }
    if authors.count > before.authors {
      for index in before.authors..<authors.count { authors[index].removeURLs(refusedBy: keeps) }
    }
    if contributors.count > before.contributors {
      for index in before.contributors..<contributors.count {
        contributors[index].removeURLs(refusedBy: keeps)
      }
    }
    if let docs, docs != before.docs, !keeps(docs) { self.docs = nil }
    if let link = textInput?.link, textInput != before.textInput, !keeps(link) { textInput?.link = nil }
    if var image, image != before.image {
      if !keeps(image.url) {
        self.image = nil
      } else {
        if let link = image.link, !keeps(link) { image.link = nil }
        self.image = image
      }
    }
    if let icon, icon != before.icon, !keeps(icon) { self.icon = nil }
    if podcast != before.podcast { podcast?.removeURLs(refusedBy: keeps) }
    return refused
  }
}

extension TTFeedItem {
  /// Drops the item's addresses that the policy refuses: links, enclosures and thumbnails are
  /// left out, single addresses become `nil`, a GUID the policy refuses as a link stops being a
  /// permalink.
  ///
  /// - Returns: The addresses dropped, as text.
  mutating func removeRefusedURLs(policy: TTURLSchemePolicy, relative: Bool) -> [String] {
    var refused: [String] = []
    let keeps = { (url: URL) -> Bool in
      if policy.keeps(url, relative: relative) { return true }
      refused.append(url.absoluteString)
      return false
    }
    links = links.filter { keeps($0.url) }
    enclosures = enclosures.filter { keeps($0.url) }
    thumbnails = thumbnails.filter { keeps($0.url) }
    if let url = comments, !keeps(url) { comments = nil }
    if let url = commentsFeed, !keeps(url) { commentsFeed = nil }
    if let url = commentAPI, !keeps(url) { commentAPI = nil }
    if let url = source?.url, !keeps(url) { source?.url = nil }
    if let links = source?.links, !links.isEmpty { source?.links = links.filter { keeps($0.url) } }
    if let url = summary?.source, !keeps(url) { summary?.source = nil }
    if let url = content?.source, !keeps(url) { content?.source = nil }
    for index in authors.indices { authors[index].removeURLs(refusedBy: keeps) }
    for index in contributors.indices { contributors[index].removeURLs(refusedBy: keeps) }
    podcast?.removeURLs(refusedBy: keeps)
    media = media.compactMap { $0.removingURLs(refusedBy: keeps) }
    if let permaLink = guid?.permaLink, !keeps(permaLink) { guid?.isPermaLink = false }
    return refused
  }
}

extension TTFeedPerson {
  /// Drops the home page and picture the policy refuses.
  mutating func removeURLs(refusedBy keeps: (URL) -> Bool) {
    if let uri, !keeps(uri) { self.uri = nil }
    if let avatar, !keeps(avatar) { self.avatar = nil }
  }

  /// The person with the home page and picture passed through `resolve`.
  func resolvingURLs(with resolve: (URL) -> URL) -> TTFeedPerson {
    var person = self
    person.uri = uri.map(resolve)
    person.avatar = avatar.map(resolve)
    return person
  }
}
