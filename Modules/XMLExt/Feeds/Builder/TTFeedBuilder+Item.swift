import Foundation

/// The item-level fields: RSS `item` children, Atom `entry` children, and the modules inside
/// either.
extension TTFeedBuilder {
  /// Whether ``item(from:)`` reads a child of an item: a streaming reader drops the others as
  /// they are parsed.
  static func readsItemField(name: String, namespace: String?) -> Bool {
    switch TTFeedNamespace.canonical(namespace) {
    case TTFeedNamespace.atom:
      switch name {
      case "title", "link", "summary", "content", "published", "updated", "author", "contributor", "category",
        "id", "source", "issued", "modified", "created":
        return true
      default: return false
      }
    case TTFeedNamespace.content:
      return name == "encoded"
    case TTFeedNamespace.xhtml:
      return name == "body"
    case TTFeedNamespace.dublinCore:
      switch name {
      case "title", "description", "creator", "author", "contributor", "date", "subject", "identifier":
        return true
      default: return false
      }
    case TTFeedNamespace.dublinCoreTerms:
      return name == "modified" || name == "issued" || name == "created"
    case TTFeedNamespace.media:
      return mediaItemFields.contains(name)
    case TTFeedNamespace.iTunes:
      return iTunesItemFields.contains(name)
    case TTFeedNamespace.podcast:
      return podcastItemFields.contains(name)
    case _ where isRSSNamespace(namespace):
      switch name {
      case "title", "link", "description", "author", "category", "comments", "enclosure", "guid", "pubDate",
        "source", "fullitem":
        return true
      default: return false
      }
    default:
      return false
    }
  }

  func item(from element: TTFeedElement) -> TTFeedItem {
    var item = TTFeedItem()
    let base = element.base(inheriting: channelBase)
    for child in element.children {
      addItemField(child, base: child.base(inheriting: base), to: &item)
    }
    if item.guid == nil,
      let about = element.attribute("about", namespace: TTFeedNamespace.rdf).flatMap(TTFeedElement.nonEmpty)
    {
      item.guid = TTFeedGUID(about)
    }
    item.media = Self.mediaObjects(of: element, base: base)
    return item
  }

  private func addItemField(_ element: TTFeedElement, base: URL?, to item: inout TTFeedItem) {
    switch TTFeedNamespace.canonical(element.namespace) {
    case TTFeedNamespace.atom:
      addAtomItemField(element, base: base, to: &item)
    case TTFeedNamespace.content:
      if element.name == "encoded", item.content == nil, let text = element.htmlText(base: base) {
        item.content = TTFeedContent(text)
      }
    case TTFeedNamespace.xhtml:
      // `xhtml:body`, the whole text as XHTML.
      if element.name == "body", item.content == nil,
        let markup = TTFeedText.nonEmpty(element.innerMarkup(base: base))
      {
        item.content = TTFeedContent(markup, type: .xhtml)
      }
    case TTFeedNamespace.dublinCore:
      switch element.name {
      case "title": item.title = item.title ?? element.trimmedText
      case "description":
        item.summary = item.summary ?? element.htmlText(base: base).map { TTFeedContent($0) }
      case "creator", "author":
        if let person = element.rssPerson { item.authors.append(person) }
      case "contributor":
        if let person = element.rssPerson { item.contributors.append(person) }
      case "date": item.published = item.published ?? element.dateValue
      case "subject":
        if let category = element.category(atom: false) { item.categories.append(category) }
      case "identifier": item.guid = item.guid ?? element.trimmedText.map { TTFeedGUID($0) }
      default: break
      }
    case TTFeedNamespace.dublinCoreTerms:
      switch element.name {
      case "modified": item.updated = item.updated ?? element.dateValue
      case "issued", "created": item.published = item.published ?? element.dateValue
      default: break
      }
    case TTFeedNamespace.media:
      addMedia(element, base: base, to: &item)
    case TTFeedNamespace.iTunes, TTFeedNamespace.podcast:
      addPodcastItemField(element, base: base, to: &item)
    case _ where Self.isRSSNamespace(element.namespace):
      addRSSItemField(element, base: base, to: &item)
    default:
      break
    }
  }

  private func addRSSItemField(_ element: TTFeedElement, base: URL?, to item: inout TTFeedItem) {
    switch element.name {
    case "title":
      item.title = item.title ?? element.trimmedText
    case "link":
      if let url = element.urlValue(base: base) { item.links.append(TTFeedLink(url: url)) }
    case "description":
      if item.summary == nil, let text = element.htmlText(base: base) { item.summary = TTFeedContent(text) }
    case "fullitem":
      // An old extension for the whole text, as HTML.
      if item.content == nil, let text = element.htmlText(base: base) { item.content = TTFeedContent(text) }
    case "author":
      if let person = element.rssPerson { item.authors.append(person) }
    case "category":
      if let category = element.category(atom: false) { item.categories.append(category) }
    case "comments":
      item.comments = item.comments ?? element.urlValue(base: base)
    case "enclosure":
      guard let url = element.urlAttribute("url", base: base) else { return }
      let type = element.attribute("type").flatMap(TTFeedElement.nonEmpty)
      let length = element.countAttribute("length")
      item.enclosures.append(TTFeedEnclosure(url: url, type: type, length: length))
      item.links.append(TTFeedLink(url: url, relation: TTFeedLink.enclosure, type: type, length: length))
    case "guid":
      guard item.guid == nil, let value = element.trimmedText else { return }
      let permaLink = element.attribute("isPermaLink").map(TTFeedText.trimmed)?.lowercased()
      item.guid = TTFeedGUID(value, isPermaLink: permaLink != "false")
    case "pubDate":
      item.published = item.published ?? element.dateValue
    case "source":
      guard item.source == nil else { return }
      let source = TTFeedSource(title: element.trimmedText, url: element.urlAttribute("url", base: base))
      if source.title != nil || source.url != nil { item.source = source }
    default:
      break
    }
  }

  private func addAtomItemField(_ element: TTFeedElement, base: URL?, to item: inout TTFeedItem) {
    switch element.name {
    case "title":
      item.title = item.title ?? element.atomPlainText
    case "link":
      guard let link = element.atomLink(base: base) else { return }
      item.links.append(link)
      if link.relation == TTFeedLink.enclosure {
        item.enclosures.append(TTFeedEnclosure(url: link.url, type: link.type, length: link.length))
      } else if link.relation == TTFeedLink.replies, item.comments == nil,
        link.type == nil || link.type?.lowercased() == "text/html"
      {
        item.comments = link.url
      }
    case "summary":
      item.summary = item.summary ?? element.atomContent(base: base)
    case "content":
      item.content = item.content ?? element.atomContent(base: base)
    case "published", "created":  // `created`: Atom 0.3, when there is no `issued`
      item.published = item.published ?? element.dateValue
    case "issued":  // Atom 0.3's publication date, before `created`
      item.published = element.dateValue ?? item.published
    case "updated", "modified":  // `modified`: Atom 0.3
      item.updated = item.updated ?? element.dateValue
    case "author":
      if let person = element.atomPerson(base: base) { item.authors.append(person) }
    case "contributor":
      if let person = element.atomPerson(base: base) { item.contributors.append(person) }
    case "category":
      if let category = element.category(atom: true) { item.categories.append(category) }
    case "id":
      item.guid = item.guid ?? element.trimmedText.map { TTFeedGUID($0) }
    case "source":
      guard item.source == nil else { return }
      var links: [TTFeedLink] = []
      for child in element.children where child.name == "link" && child.isIn(TTFeedNamespace.atom) {
        if let link = child.atomLink(base: child.base(inheriting: base)) { links.append(link) }
      }
      item.source = TTFeedSource(
        title: element.child("title", namespace: TTFeedNamespace.atom)?.atomPlainText,
        url: links.bestAlternate?.url ?? links.first { $0.relation == TTFeedLink.selfRelation }?.url,
        id: element.child("id", namespace: TTFeedNamespace.atom)?.trimmedText)
    default:
      break
    }
  }

  /// Media RSS: thumbnails, image `media:content`, and both inside `media:group` or
  /// `media:content`, in document order (walked with a list, not recursion).
  private func addMedia(_ element: TTFeedElement, base: URL?, to item: inout TTFeedItem) {
    var pending: [(element: TTFeedElement, base: URL?)] = [(element, base)]
    while let (element, base) = pending.popLast() {
      switch element.name {
      case "thumbnail":
        if let thumbnail = element.mediaThumbnail(base: base), !item.thumbnails.contains(thumbnail) {
          item.thumbnails.append(thumbnail)
        }
      case "content", "group":
        if element.name == "content" {
          let medium = element.attribute("medium")?.lowercased()
          let type = element.attribute("type")?.lowercased()
          if medium == "image" || type?.hasPrefix("image/") == true,
            let thumbnail = element.mediaThumbnail(base: base), !item.thumbnails.contains(thumbnail)
          {
            item.thumbnails.append(thumbnail)
          }
        }
        for child in element.children.reversed() where child.namespace == TTFeedNamespace.media {
          pending.append((child, child.base(inheriting: base)))
        }
      default:
        break
      }
    }
  }
}
