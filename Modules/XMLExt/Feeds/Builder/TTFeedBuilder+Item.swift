import Foundation

/// The item-level fields: RSS `item` children, Atom `entry` children, and the modules inside
/// either.
extension TTFeedBuilder {
  /// The RSS elements of an item that are read.
  private static let rssItemFields: Set<String> = [
    "title", "link", "description", "author", "category", "comments", "enclosure", "guid", "pubDate",
    "source",
    "fullitem",
  ]
  /// The Atom elements of an entry that are read.
  private static let atomItemFields: Set<String> = [
    "title", "link", "summary", "content", "published", "updated", "author", "contributor", "category", "id",
    "source", "issued", "modified", "created", "rights",
  ]
  /// The elements of a CDF item that are read.
  private static let cdfItemFields: Set<String> = ["TITLE", "ABSTRACT"]

  /// Whether ``item(from:)`` reads a child of an item: a streaming reader drops the others as
  /// they are parsed.
  ///
  /// An element in no namespace is read when RSS, Atom (a `<feed>` in no namespace) or CDF
  /// reads one of that name.
  static func readsItemField(name: String, namespace: String?) -> Bool {
    switch TTFeedNamespace.canonical(namespace) {
    case TTFeedNamespace.atom:
      return atomItemFields.contains(name)
    case TTFeedNamespace.content:
      return name == "encoded"
    case TTFeedNamespace.xhtml:
      return name == "body"
    case TTFeedNamespace.dublinCore:
      switch name {
      case "title", "description", "creator", "author", "contributor", "date", "subject", "identifier",
        "rights",
        "language":
        return true
      default: return false
      }
    case TTFeedNamespace.dublinCoreTerms:
      return ["modified", "issued", "created", "valid"].contains(name)
    case TTFeedNamespace.media:
      return mediaItemFields.contains(name)
    case TTFeedNamespace.iTunes:
      return iTunesItemFields.contains(name)
    case TTFeedNamespace.podcast:
      return podcastItemFields.contains(name)
    case TTFeedNamespace.geo, TTFeedNamespace.geoRSS:
      return true
    case TTFeedNamespace.wellFormedWeb:
      return name == "comment" || name == "commentRss"
    case TTFeedNamespace.slash:
      return name == "comments"
    case "":
      return rssItemFields.contains(name) || atomItemFields.contains(name) || cdfItemFields.contains(name)
    case _ where isRSSNamespace(namespace):
      return rssItemFields.contains(name)
    default:
      return false
    }
  }

  func item(from element: TTFeedElement) -> TTFeedItem {
    var item = TTFeedItem()
    let base = element.base(inheriting: channelBase)
    let language = element.language(inheriting: fallbackLanguage)
    if result.kind == .cdf { return cdfItem(from: element, base: base) }
    var set = TTFeedFieldSet()
    for child in element.children {
      addItemField(
        child, base: child.base(inheriting: base), language: child.language(inheriting: language), to: &item,
        set: &set)
    }
    if item.guid == nil,
      let about = element.attribute("about", namespace: TTFeedNamespace.rdf).flatMap(TTFeedElement.nonEmpty)
    {
      item.guid = TTFeedGUID(about)
    }
    if item.language == nil {
      item.language =
        element.attribute("lang", namespace: TTFeedNamespace.xml).flatMap(TTFeedElement.nonEmpty)
        ?? result.language ?? fallbackLanguage
    }
    item.media = Self.mediaObjects(of: element, base: base)
    return item
  }

  private func addItemField(
    _ element: TTFeedElement, base: URL?, language: String?, to item: inout TTFeedItem,
    set: inout TTFeedFieldSet
  ) {
    switch TTFeedNamespace.canonical(element.namespace) {
    case TTFeedNamespace.atom:
      addAtomItemField(element, base: base, language: language, to: &item, set: &set)
    case TTFeedNamespace.content:
      if element.name == "encoded" {
        let text = element.htmlText(base: base).map { TTFeedContent($0, language: language, base: base) }
        Self.assign(text, to: &item.content, .content, own: false, in: &set)
      }
    case TTFeedNamespace.xhtml:
      // `xhtml:body`, the whole text as XHTML.
      if element.name == "body" {
        let markup = TTFeedText.nonEmpty(element.innerMarkup(base: base)).map {
          TTFeedContent($0, type: .xhtml, language: language, base: base)
        }
        Self.assign(markup, to: &item.content, .content, own: false, in: &set)
      }
    case TTFeedNamespace.dublinCore:
      switch element.name {
      case "title": Self.assign(element.trimmedText, to: &item.title, .title, own: false, in: &set)
      case "description":
        let text = element.htmlText(base: base).map { TTFeedContent($0, language: language, base: base) }
        Self.assign(text, to: &item.summary, .summary, own: false, in: &set)
      case "creator", "author":
        if let person = element.rssPerson { item.authors.append(person) }
      case "contributor":
        if let person = element.rssPerson { item.contributors.append(person) }
      case "date":
        Self.assignDate(
          element, to: &item.published, text: &item.dateTexts.published, .published, own: false, in: &set)
      case "subject":
        if let category = element.category(atom: false) { item.categories.append(category) }
      case "identifier":
        Self.assign(element.trimmedText.map { TTFeedGUID($0) }, to: &item.guid, .guid, own: false, in: &set)
      case "rights": Self.assign(element.trimmedText, to: &item.rights, .rights, own: false, in: &set)
      case "language": Self.assign(element.trimmedText, to: &item.language, .language, own: false, in: &set)
      default: break
      }
    case TTFeedNamespace.dublinCoreTerms:
      switch element.name {
      case "modified":
        Self.assignDate(
          element, to: &item.updated, text: &item.dateTexts.updated, .updated, own: false, in: &set)
      case "issued":
        Self.assignDate(
          element, to: &item.published, text: &item.dateTexts.published, .published, own: false, in: &set)
      case "created":
        Self.assignDate(
          element, to: &item.created, text: &item.dateTexts.created, .created, own: false, in: &set)
      case "valid":
        guard let text = element.trimmedText else { return }
        item.dateTexts.valid = text
        item.validity = TTFeedPeriod(parsing: text) ?? item.validity
      default: break
      }
    case TTFeedNamespace.media:
      addMedia(element, base: base, to: &item)
    case TTFeedNamespace.iTunes, TTFeedNamespace.podcast:
      addPodcastItemField(element, base: base, to: &item)
    case TTFeedNamespace.geo, TTFeedNamespace.geoRSS:
      addLocation(element, to: &item)
    case TTFeedNamespace.wellFormedWeb:
      if element.name == "commentRss" {
        item.commentsFeed = element.urlValue(base: base) ?? item.commentsFeed
      }
      if element.name == "comment" { item.commentAPI = element.urlValue(base: base) ?? item.commentAPI }
    case TTFeedNamespace.slash:
      if element.name == "comments" { item.commentCount = element.countValue ?? item.commentCount }
    case _ where Self.isRSSNamespace(element.namespace):
      addRSSItemField(element, base: base, language: language, to: &item, set: &set)
    default:
      break
    }
  }

  private func addRSSItemField(
    _ element: TTFeedElement, base: URL?, language: String?, to item: inout TTFeedItem,
    set: inout TTFeedFieldSet
  ) {
    switch element.name {
    case "title":
      guard let title = element.trimmedText else { return }
      item.title = title
      item.titleDetail = TTFeedContent(title, type: .text, language: language)
      set.insert(.title)
    case "link":
      if let url = element.urlValue(base: base) { item.links.append(TTFeedLink(url: url)) }
    case "description":
      let text = element.htmlText(base: base).map { TTFeedContent($0, language: language, base: base) }
      Self.assign(text, to: &item.summary, .summary, own: true, in: &set)
    case "fullitem":
      // An old extension for the whole text, as HTML.
      let text = element.htmlText(base: base).map { TTFeedContent($0, language: language, base: base) }
      Self.assign(text, to: &item.content, .content, own: false, in: &set)
    case "author":
      if let person = element.rssPerson { item.authors.append(person) }
    case "category":
      if let category = element.category(atom: false) { item.categories.append(category) }
    case "comments":
      item.comments = element.urlValue(base: base) ?? item.comments
    case "enclosure":
      guard let url = element.urlAttribute("url", base: base) else { return }
      let type = element.attribute("type").flatMap(TTFeedElement.nonEmpty)
      let length = element.countAttribute("length")
      item.enclosures.append(TTFeedEnclosure(url: url, type: type, length: length))
      item.links.append(TTFeedLink(url: url, relation: TTFeedLink.enclosure, type: type, length: length))
    case "guid":
      guard let value = element.trimmedText else { return }
      let permaLink = element.attribute("isPermaLink").map(TTFeedText.trimmed)?.lowercased()
      Self.assign(
        TTFeedGUID(value, isPermaLink: permaLink != "false"), to: &item.guid, .guid, own: true, in: &set)
    case "pubDate":
      Self.assignDate(
        element, to: &item.published, text: &item.dateTexts.published, .published, own: true, in: &set)
    case "source":
      let source = TTFeedSource(title: element.trimmedText, url: element.urlAttribute("url", base: base))
      if source.title != nil || source.url != nil { item.source = source }
    default:
      break
    }
  }

  private func addAtomItemField(
    _ element: TTFeedElement, base: URL?, language: String?, to item: inout TTFeedItem,
    set: inout TTFeedFieldSet
  ) {
    switch element.name {
    case "title":
      guard let (plain, detail) = element.atomTitle(base: base, language: language) else { return }
      item.title = plain
      item.titleDetail = detail
      set.insert(.title)
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
      Self.assign(
        element.atomContent(base: base, language: language), to: &item.summary, .summary, own: true, in: &set)
    case "content":
      Self.assign(
        element.atomContent(base: base, language: language), to: &item.content, .content, own: true, in: &set)
    case "published", "issued":  // `issued`: Atom 0.3's publication date
      Self.assignDate(
        element, to: &item.published, text: &item.dateTexts.published, .published, own: true, in: &set)
    case "created":  // Atom 0.3: the creation date, and the publication date when there is no `issued`
      Self.assignDate(
        element, to: &item.created, text: &item.dateTexts.created, .created, own: true, in: &set)
      Self.assignDate(
        element, to: &item.published, text: &item.dateTexts.published, .published, own: false, in: &set)
    case "updated", "modified":  // `modified`: Atom 0.3
      Self.assignDate(
        element, to: &item.updated, text: &item.dateTexts.updated, .updated, own: true, in: &set)
    case "author":
      if let person = element.atomPerson(base: base) { item.authors.append(person) }
    case "contributor":
      if let person = element.atomPerson(base: base) { item.contributors.append(person) }
    case "category":
      if let category = element.category(atom: true) { item.categories.append(category) }
    case "id":
      Self.assign(element.trimmedText.map { TTFeedGUID($0) }, to: &item.guid, .guid, own: true, in: &set)
    case "rights":
      Self.assign(element.atomPlainText, to: &item.rights, .rights, own: true, in: &set)
    case "source":
      var links: [TTFeedLink] = []
      for child in element.children where child.name == "link" && child.isIn(TTFeedNamespace.atom) {
        if let link = child.atomLink(base: child.base(inheriting: base)) { links.append(link) }
      }
      var updated: Date?
      for child in element.children where child.name == "updated" && child.isIn(TTFeedNamespace.atom) {
        updated = child.dateValue ?? updated
      }
      item.source = TTFeedSource(
        title: element.child("title", namespace: TTFeedNamespace.atom)?.atomPlainText,
        url: links.bestAlternate?.url ?? links.first { $0.relation == TTFeedLink.selfRelation }?.url,
        id: element.child("id", namespace: TTFeedNamespace.atom)?.trimmedText, links: links, updated: updated)
    default:
      break
    }
  }

  /// A CDF `ITEM`: its `HREF` and `LASTMOD` attributes, its `TITLE` and `ABSTRACT`.
  private func cdfItem(from element: TTFeedElement, base: URL?) -> TTFeedItem {
    var item = TTFeedItem()
    if let url = element.cdfURL("HREF", base: base) {
      item.links.append(TTFeedLink(url: url))
      item.guid = TTFeedGUID(url.absoluteString, isPermaLink: true)
    }
    if let text = element.cdfAttribute("LASTMOD").flatMap(TTFeedElement.nonEmpty) {
      item.dateTexts.updated = text
      item.updated = TTFeedDateParser.parse(text)
    }
    for child in element.children where TTFeedNamespace.canonical(child.namespace).isEmpty {
      switch child.name {
      case "TITLE":
        item.title = child.trimmedText ?? item.title
        item.titleDetail = item.title.map { TTFeedContent($0, type: .text) }
      case "ABSTRACT":
        item.summary = child.trimmedText.map { TTFeedContent($0, type: .text) } ?? item.summary
      default:
        break
      }
    }
    return item
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
