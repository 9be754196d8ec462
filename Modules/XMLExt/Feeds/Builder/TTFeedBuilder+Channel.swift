import Foundation

/// Which single-valued fields an element of the format itself (RSS's, Atom's) has set, so that
/// a module's element for the same field (Dublin Core's) no longer replaces it.
///
/// Between elements of the same rank the last one wins, as in the reference parsers: a feed
/// that writes `<updated>` twice is read with the second.
struct TTFeedFieldSet: OptionSet {
  let rawValue: UInt32

  static let title = TTFeedFieldSet(rawValue: 1 << 0)
  static let subtitle = TTFeedFieldSet(rawValue: 1 << 1)
  static let language = TTFeedFieldSet(rawValue: 1 << 2)
  static let rights = TTFeedFieldSet(rawValue: 1 << 3)
  static let updated = TTFeedFieldSet(rawValue: 1 << 4)
  static let published = TTFeedFieldSet(rawValue: 1 << 5)
  static let created = TTFeedFieldSet(rawValue: 1 << 6)
  static let summary = TTFeedFieldSet(rawValue: 1 << 7)
  static let content = TTFeedFieldSet(rawValue: 1 << 8)
  static let guid = TTFeedFieldSet(rawValue: 1 << 9)
}

extension TTFeedBuilder {
  /// Sets a single-valued field from an element: an element of the format itself always
  /// (the last one wins), a module's only while the format's own has not set it.
  static func assign<Value>(
    _ value: Value?, to field: inout Value?, _ flag: TTFeedFieldSet, own: Bool, in set: inout TTFeedFieldSet
  ) {
    guard let value else { return }
    if own {
      field = value
      set.insert(flag)
    } else if !set.contains(flag) {
      field = value
    }
  }

  /// Sets a date and the text it was read from, by the rules of ``assign(_:to:_:own:in:)``; the
  /// text is kept even when it cannot be read as a date.
  static func assignDate(
    _ element: TTFeedElement, to field: inout Date?, text: inout String?, _ flag: TTFeedFieldSet, own: Bool,
    in set: inout TTFeedFieldSet
  ) {
    guard let raw = element.trimmedText, own || !set.contains(flag) else { return }
    text = raw
    if let date = TTFeedDateParser.parse(raw) {
      field = date
    }
    if own { set.insert(flag) }
  }
}

/// The channel-level fields: RSS `channel` children (and RSS 1.0's root-level `image` and
/// `textinput`), Atom `feed` children, CDF's `CHANNEL` children.
extension TTFeedBuilder {
  /// The RSS elements of the channel that are read.
  private static let rssChannelFields: Set<String> = [
    "title", "link", "description", "language", "copyright", "managingEditor", "author", "pubDate",
    "lastBuildDate", "category", "generator", "image", "ttl", "skipHours", "skipDays", "docs", "cloud",
    "textInput", "textinput", "webMaster",
  ]
  /// The Atom elements of the feed that are read.
  private static let atomChannelFields: Set<String> = [
    "title", "subtitle", "link", "updated", "published", "author", "contributor", "category", "id", "icon",
    "logo", "rights", "generator", "tagline", "modified", "copyright", "info",
  ]
  /// The elements of a CDF channel that are read.
  private static let cdfChannelFields: Set<String> = ["TITLE", "ABSTRACT", "LOGO"]

  /// Whether ``addChannelField(_:to:)`` reads an element: a streaming reader drops the others
  /// as they are parsed.
  ///
  /// An element in no namespace is read when RSS, Atom (a `<feed>` in no namespace) or CDF
  /// reads one of that name.
  static func readsChannelField(name: String, namespace: String?) -> Bool {
    switch TTFeedNamespace.canonical(namespace) {
    case TTFeedNamespace.atom:
      return atomChannelFields.contains(name)
    case TTFeedNamespace.dublinCore:
      switch name {
      case "title", "description", "creator", "author", "publisher", "contributor", "date", "subject",
        "rights", "language":
        return true
      default: return false
      }
    case TTFeedNamespace.dublinCoreTerms:
      return name == "modified" || name == "issued" || name == "created"
    case TTFeedNamespace.iTunes:
      return iTunesChannelFields.contains(name)
    case TTFeedNamespace.podcast:
      return name == "guid"
    case TTFeedNamespace.media:
      return name == "thumbnail"
    case "":
      return rssChannelFields.contains(name) || atomChannelFields.contains(name)
        || cdfChannelFields.contains(name)
    case _ where isRSSNamespace(namespace):
      return rssChannelFields.contains(name)
    default:
      return false
    }
  }

  mutating func addChannelField(_ element: TTFeedElement, to feed: inout TTFeed) {
    let base = element.base(inheriting: channelBase)
    let language = element.language(inheriting: fallbackLanguage)
    var set = channelFields
    defer { channelFields = set }
    switch TTFeedNamespace.canonical(element.namespace) {
    case TTFeedNamespace.atom:
      addAtomChannelField(element, base: base, language: language, to: &feed, set: &set)
    case TTFeedNamespace.dublinCore:
      switch element.name {
      case "title": Self.assign(element.trimmedText, to: &feed.title, .title, own: false, in: &set)
      case "description":
        Self.assign(
          element.trimmedText.map { TTFeedContent($0) }, to: &feed.subtitle, .subtitle, own: false, in: &set)
      case "creator", "author", "publisher":
        if let person = element.rssPerson { feed.authors.append(person) }
      case "contributor":
        if let person = element.rssPerson { feed.contributors.append(person) }
      case "date":
        Self.assignDate(
          element, to: &feed.updated, text: &feed.dateTexts.updated, .updated, own: false, in: &set)
      case "subject":
        if let category = element.category(atom: false) { feed.categories.append(category) }
      case "rights": Self.assign(element.trimmedText, to: &feed.copyright, .rights, own: false, in: &set)
      case "language": Self.assign(element.trimmedText, to: &feed.language, .language, own: false, in: &set)
      default: break
      }
    case TTFeedNamespace.dublinCoreTerms:
      switch element.name {
      case "modified":
        Self.assignDate(
          element, to: &feed.updated, text: &feed.dateTexts.updated, .updated, own: false, in: &set)
      case "issued", "created":
        Self.assignDate(
          element, to: &feed.published, text: &feed.dateTexts.published, .published, own: false, in: &set)
      default: break
      }
    case TTFeedNamespace.iTunes, TTFeedNamespace.podcast:
      addPodcastChannelField(element, base: base, to: &feed)
    case TTFeedNamespace.media:
      if element.name == "thumbnail", feed.image == nil, let thumbnail = element.mediaThumbnail(base: base) {
        feed.image = TTFeedImage(url: thumbnail.url, width: thumbnail.width, height: thumbnail.height)
      }
    case _ where result.kind == .cdf:
      addCDFChannelField(element, base: base, to: &feed, set: &set)
    case _ where Self.isRSSNamespace(element.namespace):
      addRSSChannelField(element, base: base, language: language, to: &feed, set: &set)
    default:
      break
    }
  }

  private func addRSSChannelField(
    _ element: TTFeedElement, base: URL?, language: String?, to feed: inout TTFeed, set: inout TTFeedFieldSet
  ) {
    switch element.name {
    case "title":
      guard let title = element.trimmedText else { return }
      feed.title = title
      feed.titleDetail = TTFeedContent(title, type: .text, language: language)
      set.insert(.title)
    case "link":
      if let url = element.urlValue(base: base) { feed.links.append(TTFeedLink(url: url)) }
    case "description":
      let text = element.htmlText(base: base).map { TTFeedContent($0, language: language, base: base) }
      Self.assign(text, to: &feed.subtitle, .subtitle, own: true, in: &set)
    case "language":
      Self.assign(element.trimmedText, to: &feed.language, .language, own: true, in: &set)
    case "copyright":
      Self.assign(element.trimmedText, to: &feed.copyright, .rights, own: true, in: &set)
    case "managingEditor", "author":
      if let person = element.rssPerson { feed.authors.append(person) }
    case "webMaster":
      // The technical contact: a contributor to the feed rather than an author of its items.
      if let person = element.rssPerson { feed.contributors.append(person) }
    case "pubDate":
      Self.assignDate(
        element, to: &feed.published, text: &feed.dateTexts.published, .published, own: true, in: &set)
    case "lastBuildDate":
      Self.assignDate(
        element, to: &feed.updated, text: &feed.dateTexts.updated, .updated, own: true, in: &set)
    case "category":
      if let category = element.category(atom: false) { feed.categories.append(category) }
    case "generator":
      feed.generator = element.trimmedText ?? feed.generator
    case "image":
      if let image = Self.rssImage(element, base: base) {
        feed.image = image
      } else if feed.image == nil,
        let url = element.urlAttribute("resource", namespace: TTFeedNamespace.rdf, base: base)
      {
        // RSS 1.0's channel names its image by address; the full `image` is a sibling.
        feed.image = TTFeedImage(url: url)
      }
    case "ttl":
      feed.ttl = element.countValue ?? feed.ttl
    case "skipHours":
      let hours = element.children.filter { $0.name == "hour" }.compactMap(\.countValue).filter { $0 < 24 }
      feed.skipHours = hours.isEmpty ? feed.skipHours : hours
    case "skipDays":
      let days = element.children.filter { $0.name == "day" }.compactMap(\.trimmedText)
      feed.skipDays = days.isEmpty ? feed.skipDays : days
    case "docs":
      feed.docs = element.urlValue(base: base) ?? feed.docs
    case "cloud":
      let cloud = TTFeedCloud(
        domain: element.attribute("domain").flatMap(TTFeedElement.nonEmpty),
        port: element.countAttribute("port").flatMap { $0 <= 65_535 ? $0 : nil },
        path: element.attribute("path").flatMap(TTFeedElement.nonEmpty),
        registerProcedure: element.attribute("registerProcedure").flatMap(TTFeedElement.nonEmpty),
        protocol: element.attribute("protocol").flatMap(TTFeedElement.nonEmpty))
      if cloud != TTFeedCloud() { feed.cloud = cloud }
    case "textInput", "textinput":
      let field = { (name: String) in
        element.children.first { $0.name == name && Self.isRSSNamespace($0.namespace) }
      }
      let input = TTFeedTextInput(
        title: field("title")?.trimmedText, description: field("description")?.trimmedText,
        name: field("name")?.trimmedText, link: field("link")?.urlValue(base: base))
      // RSS 1.0's channel names its text input by address only; the full one is a sibling.
      if input != TTFeedTextInput() { feed.textInput = input }
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

  private func addAtomChannelField(
    _ element: TTFeedElement, base: URL?, language: String?, to feed: inout TTFeed, set: inout TTFeedFieldSet
  ) {
    switch element.name {
    case "title":
      guard let (plain, detail) = element.atomTitle(base: base, language: language) else { return }
      feed.title = plain
      feed.titleDetail = detail
      set.insert(.title)
    case "subtitle", "tagline", "info":  // `tagline` and `info`: Atom 0.3
      if element.name == "info", set.contains(.subtitle) { return }
      Self.assign(
        element.atomContent(base: base, language: language), to: &feed.subtitle, .subtitle, own: true,
        in: &set)
    case "link":
      if let link = element.atomLink(base: base) { feed.links.append(link) }
    case "updated", "modified":  // `modified`: Atom 0.3
      Self.assignDate(
        element, to: &feed.updated, text: &feed.dateTexts.updated, .updated, own: true, in: &set)
    case "published":
      Self.assignDate(
        element, to: &feed.published, text: &feed.dateTexts.published, .published, own: true, in: &set)
    case "author":
      if let person = element.atomPerson(base: base) { feed.authors.append(person) }
    case "contributor":
      if let person = element.atomPerson(base: base) { feed.contributors.append(person) }
    case "category":
      if let category = element.category(atom: true) { feed.categories.append(category) }
    case "id":
      feed.id = element.trimmedText ?? feed.id
    case "icon":
      feed.icon = element.urlValue(base: base) ?? feed.icon
    case "logo":
      if let url = element.urlValue(base: base) { feed.image = TTFeedImage(url: url) }
    case "rights", "copyright":  // `copyright`: Atom 0.3
      Self.assign(element.atomPlainText, to: &feed.copyright, .rights, own: true, in: &set)
    case "generator":
      feed.generator = element.trimmedText ?? feed.generator
    default:
      break
    }
  }

  /// CDF's channel children: `TITLE`, `ABSTRACT` and `LOGO` (the channel's own `HREF` and
  /// `LASTMOD` are read from the root).
  private func addCDFChannelField(
    _ element: TTFeedElement, base: URL?, to feed: inout TTFeed, set: inout TTFeedFieldSet
  ) {
    switch element.name {
    case "TITLE":
      guard let title = element.trimmedText else { return }
      feed.title = title
      feed.titleDetail = TTFeedContent(title, type: .text)
      set.insert(.title)
    case "ABSTRACT":
      Self.assign(
        element.trimmedText.map { TTFeedContent($0, type: .text) }, to: &feed.subtitle, .subtitle, own: true,
        in: &set)
    case "LOGO":
      // Several sizes may be given; the first is kept as the picture.
      if feed.image == nil, let url = element.cdfURL("HREF", base: base) {
        feed.image = TTFeedImage(url: url)
      }
    default:
      break
    }
  }

  /// Reads the CDF root's own attributes: its address and when it last changed.
  mutating func addCDFRoot(_ root: TTFeedElement) {
    if let url = root.cdfURL("HREF", base: rootBase) { result.links.append(TTFeedLink(url: url)) }
    if let text = root.cdfAttribute("LASTMOD").flatMap(TTFeedElement.nonEmpty) {
      result.dateTexts.updated = text
      result.updated = TTFeedDateParser.parse(text)
    }
  }
}

extension TTFeedElement {
  /// The `xml:lang` in effect on the element: its own, else the inherited one.
  func language(inheriting inherited: String?) -> String? {
    attribute("lang", namespace: TTFeedNamespace.xml).flatMap(Self.nonEmpty) ?? inherited
  }

  /// A CDF attribute, which files write in capitals or in lower case.
  func cdfAttribute(_ name: String) -> String? {
    attribute(name) ?? attribute(name.lowercased())
  }

  /// A CDF attribute as an address.
  func cdfURL(_ name: String, base: URL?) -> URL? {
    cdfAttribute(name).flatMap { Self.url($0, base: base) }
  }
}
