import Foundation

/// The channel-level fields: RSS `channel` children (and RSS 1.0's root-level `image`), Atom
/// `feed` children.
extension TTFeedBuilder {
  /// Whether ``addChannelField(_:to:)`` reads an element: a streaming reader drops the others
  /// as they are parsed.
  static func readsChannelField(name: String, namespace: String?) -> Bool {
    switch TTFeedNamespace.canonical(namespace) {
    case TTFeedNamespace.atom:
      switch name {
      case "title", "subtitle", "link", "updated", "published", "author", "contributor", "category", "id",
        "icon", "logo", "rights", "generator", "tagline", "modified", "copyright":
        return true
      default: return false
      }
    case TTFeedNamespace.dublinCore:
      switch name {
      case "title", "description", "creator", "author", "publisher", "contributor", "date", "subject",
        "rights",
        "language":
        return true
      default: return false
      }
    case TTFeedNamespace.dublinCoreTerms:
      return name == "modified"
    case TTFeedNamespace.iTunes:
      return iTunesChannelFields.contains(name)
    case TTFeedNamespace.podcast:
      return name == "guid"
    case TTFeedNamespace.media:
      return name == "thumbnail"
    case _ where isRSSNamespace(namespace):
      switch name {
      case "title", "link", "description", "language", "copyright", "managingEditor", "author", "pubDate",
        "lastBuildDate", "category", "generator", "image":
        return true
      default: return false
      }
    default:
      return false
    }
  }

  func addChannelField(_ element: TTFeedElement, to feed: inout TTFeed) {
    let base = element.base(inheriting: channelBase)
    switch TTFeedNamespace.canonical(element.namespace) {
    case TTFeedNamespace.atom:
      addAtomChannelField(element, base: base, to: &feed)
    case TTFeedNamespace.dublinCore:
      switch element.name {
      case "title": feed.title = feed.title ?? element.trimmedText
      case "description": feed.subtitle = feed.subtitle ?? element.trimmedText.map { TTFeedContent($0) }
      case "creator", "author", "publisher":
        if let person = element.rssPerson { feed.authors.append(person) }
      case "contributor":
        if let person = element.rssPerson { feed.contributors.append(person) }
      case "date": feed.updated = feed.updated ?? element.dateValue
      case "subject":
        if let category = element.category(atom: false) { feed.categories.append(category) }
      case "rights": feed.copyright = feed.copyright ?? element.trimmedText
      case "language": feed.language = feed.language ?? element.trimmedText
      default: break
      }
    case TTFeedNamespace.dublinCoreTerms:
      if element.name == "modified" { feed.updated = feed.updated ?? element.dateValue }
    case TTFeedNamespace.iTunes, TTFeedNamespace.podcast:
      addPodcastChannelField(element, base: base, to: &feed)
    case TTFeedNamespace.media:
      if element.name == "thumbnail", feed.image == nil, let thumbnail = element.mediaThumbnail(base: base) {
        feed.image = TTFeedImage(url: thumbnail.url, width: thumbnail.width, height: thumbnail.height)
      }
    case _ where Self.isRSSNamespace(element.namespace):
      addRSSChannelField(element, base: base, to: &feed)
    default:
      break
    }
  }

  private func addRSSChannelField(_ element: TTFeedElement, base: URL?, to feed: inout TTFeed) {
    switch element.name {
    case "title":
      feed.title = feed.title ?? element.trimmedText
    case "link":
      if let url = element.urlValue(base: base) { feed.links.append(TTFeedLink(url: url)) }
    case "description":
      if feed.subtitle == nil, let text = element.htmlText(base: base) { feed.subtitle = TTFeedContent(text) }
    case "language":
      feed.language = feed.language ?? element.trimmedText
    case "copyright":
      feed.copyright = feed.copyright ?? element.trimmedText
    case "managingEditor", "author":
      if let person = element.rssPerson { feed.authors.append(person) }
    case "pubDate":
      feed.published = feed.published ?? element.dateValue
    case "lastBuildDate":
      feed.updated = feed.updated ?? element.dateValue
    case "category":
      if let category = element.category(atom: false) { feed.categories.append(category) }
    case "generator":
      feed.generator = feed.generator ?? element.trimmedText
    case "image":
      if let image = Self.rssImage(element, base: base) {
        feed.image = image
      } else if feed.image == nil,
        let url = element.urlAttribute("resource", namespace: TTFeedNamespace.rdf, base: base)
      {
        // RSS 1.0's channel names its image by address; the full `image` is a sibling.
        feed.image = TTFeedImage(url: url)
      }
    default:
      break
    }
  }

  private static func rssImage(_ element: TTFeedElement, base: URL?) -> TTFeedImage? {
    let field = { (name: String) in
      element.children.first { $0.name == name && isRSSNamespace($0.namespace) }
    }
    guard let url = field("url")?.urlValue(base: base) else { return nil }
    return TTFeedImage(
      url: url, title: field("title")?.trimmedText, link: field("link")?.urlValue(base: base),
      width: field("width")?.countValue, height: field("height")?.countValue)
  }

  private func addAtomChannelField(_ element: TTFeedElement, base: URL?, to feed: inout TTFeed) {
    switch element.name {
    case "title":
      feed.title = feed.title ?? element.atomPlainText
    case "subtitle", "tagline":  // `tagline`: Atom 0.3
      feed.subtitle = feed.subtitle ?? element.atomContent(base: base)
    case "link":
      if let link = element.atomLink(base: base) { feed.links.append(link) }
    case "updated", "modified":  // `modified`: Atom 0.3
      feed.updated = feed.updated ?? element.dateValue
    case "published":
      feed.published = feed.published ?? element.dateValue
    case "author":
      if let person = element.atomPerson(base: base) { feed.authors.append(person) }
    case "contributor":
      if let person = element.atomPerson(base: base) { feed.contributors.append(person) }
    case "category":
      if let category = element.category(atom: true) { feed.categories.append(category) }
    case "id":
      feed.id = feed.id ?? element.trimmedText
    case "icon":
      feed.icon = feed.icon ?? element.urlValue(base: base)
    case "logo":
      if let url = element.urlValue(base: base) { feed.image = feed.image ?? TTFeedImage(url: url) }
    case "rights", "copyright":  // `copyright`: Atom 0.3
      feed.copyright = feed.copyright ?? element.atomPlainText
    case "generator":
      feed.generator = feed.generator ?? element.trimmedText
    default:
      break
    }
  }
}
