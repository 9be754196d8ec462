public import Foundation
public import Three20Core

/// Fills a ``TTFeed`` from the elements of an RSS 0.90–2.0, RSS 1.0, Atom 1.0 or Atom 0.3 document,
/// whatever parser produced them.
///
/// Give it the whole document with ``feed(from:documentURL:urlPolicy:)``, or, from a streaming parser,
/// create it from the root element's start tag and ``add(_:)`` each child of the root (or of
/// the RSS `channel`) as it completes; ``isItem(name:namespace:)`` tells which subtrees are
/// items. Read the result from ``feed``.
///
/// The rules, format by format:
///
/// - The root decides the kind: `rss` (its `version`: 0.91, 0.92 to 0.94, else 2.0),
///   `rdf:RDF` (RSS 1.0, or 0.90 when its elements are in the 0.90 namespace), Atom's `feed`.
///   Any other root is not a feed.
/// - RSS 1.0 and 0.90 items are siblings of the channel; RSS 0.91–2.0 items are inside it
///   (items written beside it are taken too).
/// - Elements are matched by local name and namespace: RSS's own elements have none (RSS 1.0's
///   have its namespace); the `content`, `dc`, `dcterms`, `atom`, `media`, `itunes` and `rdf`
///   namespaces are read inside any format. Unknown elements are skipped.
/// - A single-valued field takes the first element that sets it; RSS's own element wins over
///   a module's (`pubDate` over `dc:date`).
/// - Dates go through ``TTFeedDateParser``. A date that cannot be read leaves its field `nil`;
///   nothing in an item ever makes the feed fail.
/// - Addresses are resolved against `xml:base` (on any element, nested), else the document's
///   address, else, at the end, the channel's `link`. Addresses inside HTML content are not
///   rewritten.
/// - Atom `type="xhtml"` content keeps its markup: the children of its `div`, written back
///   as XHTML text. Atom titles and rights are turned into plain text.
/// - Addresses whose scheme the builder's `TTURLSchemePolicy` does not allow
///   (`javascript:`, `data:`, `file:` and so on, with the default policy) are dropped, each
///   with a ``TTFeedProblem`` in ``TTFeed/problems``: a link, an enclosure, a thumbnail, an
///   image, a comments page is left out; a GUID stops being a permalink.
///
/// ```swift
/// let root = TTFeedElement(name: "rss", attributes: [.init(name: "version", value: "2.0")], children: [
///   TTFeedElement(name: "channel", children: [
///     TTFeedElement(name: "title", text: "Example News"),
///     TTFeedElement(name: "link", text: "https://example.com/"),
///     TTFeedElement(name: "item", children: [
///       TTFeedElement(name: "title", text: "Hello"),
///       TTFeedElement(name: "link", text: "/hello"),
///       TTFeedElement(name: "pubDate", text: "Sat, 21 Nov 2026 10:20:30 GMT"),
///     ]),
///   ])
/// ])
/// let feed = TTFeedBuilder.feed(from: root)
/// feed?.kind                              // .rss20
/// feed?.items[0].link?.absoluteString     // "https://example.com/hello"
/// feed?.items[0].date?.timeIntervalSince1970   // 1795256430
/// ```
public struct TTFeedBuilder: Sendable {
  var result: TTFeed
  /// The schemes addresses may have.
  let urlPolicy: TTURLSchemePolicy
  /// What was left out, and why.
  private var problemList = TTFeedProblemList()
  /// How many items were built, for problem messages.
  private var itemNumber = 0
  /// The document's address, or the root's `xml:base` resolved against it.
  let rootBase: URL?
  /// The single-valued channel fields the format's own elements have set.
  var channelFields = TTFeedFieldSet()
  /// Whether the document is a `<feed>` in no namespace, whose elements are read as Atom's.
  private(set) var isAtomWithoutNamespace = false
  /// The channel's link when it is absolute, against which items' relative addresses are
  /// resolved as they are built (kept here so that is not looked up per item).
  private var site: URL?
  /// The channel's base: its `xml:base` against ``rootBase``.
  var channelBase: URL?
  /// The `xml:lang` of the root or channel, used when no language element is given.
  var fallbackLanguage: String?

  /// Starts a feed from its root element; only the root's name, namespace and attributes are
  /// read (not its children).
  ///
  /// - Parameters:
  ///   - root: The document's root element, such as `rss`, `rdf:RDF` or Atom's `feed`.
  ///   - documentURL: The address the document was loaded from, against which relative
  ///     addresses are resolved. Defaults to `nil`.
  ///   - urlPolicy: The schemes addresses may have; others are dropped. Defaults to
  ///     `TTURLSchemePolicy.default` (`http`, `https`, `mailto` and relative references).
  /// - Returns: `nil` when the root is not that of an RSS or Atom feed.
  public init?(root: TTFeedElement, documentURL: URL? = nil, urlPolicy: TTURLSchemePolicy = .default) {
    guard let kind = Self.kind(ofRoot: root) else { return nil }
    result = TTFeed(kind: kind)
    self.urlPolicy = urlPolicy
    rootBase = root.base(inheriting: documentURL)
    channelBase = rootBase
    fallbackLanguage = root.attribute("lang", namespace: TTFeedNamespace.xml).flatMap(
      TTFeedElement.nonEmpty)
    isAtomWithoutNamespace = kind == .atom10 && TTFeedNamespace.canonical(root.namespace).isEmpty
    if kind == .cdf { addCDFRoot(root) }
  }

  /// Builds a whole feed from a document's root element.
  ///
  /// - Parameters:
  ///   - root: The root element with all its descendants.
  ///   - documentURL: The address the document was loaded from. Defaults to `nil`.
  ///   - urlPolicy: The schemes addresses may have. Defaults to `TTURLSchemePolicy.default`.
  /// - Returns: The feed, or `nil` when the root is not that of an RSS or Atom feed.
  public static func feed(
    from root: TTFeedElement, documentURL: URL? = nil, urlPolicy: TTURLSchemePolicy = .default
  ) -> TTFeed? {
    guard var builder = TTFeedBuilder(root: root, documentURL: documentURL, urlPolicy: urlPolicy) else {
      return nil
    }
    for child in root.children {
      builder.add(child)
    }
    return builder.feed
  }

  /// The format, as far as the elements seen so far tell (RSS 1.0 becomes 0.90 when its
  /// elements are in the 0.90 namespace).
  public var kind: TTFeedKind { result.kind }

  /// Whether an element is an item (`item` of RSS, `entry` of Atom), the subtree a streaming
  /// parser should collect and hand to ``add(_:)`` one at a time.
  ///
  /// ```swift
  /// TTFeedBuilder.isItem(name: "entry", namespace: TTFeedNamespace.atom)  // true
  /// TTFeedBuilder.isItem(name: "title", namespace: nil)                   // false
  /// ```
  ///
  /// - Parameters:
  ///   - name: The local name.
  ///   - namespace: The namespace URI, or `nil`.
  /// - Returns: Whether it is an item.
  public static func isItem(name: String, namespace: String?) -> Bool {
    switch name {
    case "item": Self.isRSSNamespace(namespace)
    case "entry": ["", TTFeedNamespace.atom].contains(TTFeedNamespace.canonical(namespace))
    case "ITEM": TTFeedNamespace.canonical(namespace).isEmpty  // CDF
    default: false
    }
  }

  /// Adds a child of the root, or of the RSS `channel`, with its descendants.
  ///
  /// An item (`item`, `entry`) becomes the next item; a `channel` sets its attributes and adds
  /// its children in turn (a streaming parser may pass it without children, then the children
  /// one by one); anything else sets channel fields. Nothing is ever rejected.
  ///
  /// - Parameter element: The element.
  public mutating func add(_ element: TTFeedElement) {
    if result.kind == .rss10, element.namespace == TTFeedNamespace.rss090 {
      result.kind = .rss090
    }
    if isAtomWithoutNamespace, TTFeedNamespace.canonical(element.namespace).isEmpty {
      add(element.inAtomNamespace())
      return
    }
    if Self.isItem(name: element.name, namespace: element.namespace) {
      result.items.append(admittedItem(from: element))
      return
    }
    if result.kind.isRSS, element.name == "channel", Self.isRSSNamespace(element.namespace) {
      channelBase = element.base(inheriting: rootBase)
      if let language = element.attribute("lang", namespace: TTFeedNamespace.xml).flatMap(
        TTFeedElement.nonEmpty)
      {
        fallbackLanguage = language
      }
      for child in element.children {
        add(child)
      }
      return
    }
    // The feed is moved out of `result` while the field is added, so appending to its lists
    // does not copy them (a plain `var feed = result` would share them and copy on each add).
    var feed = TTFeed(kind: result.kind)
    swap(&feed, &result)
    let before = ChannelURLs(feed)
    addChannelField(element, to: &feed)
    let refused = feed.removeRefusedChannelURLs(since: before, policy: urlPolicy, relative: false)
    if feed.links.count != before.links { site = feed.link.flatMap { $0.scheme == nil ? nil : $0 } }
    swap(&feed, &result)
    reportRefused(refused, "Left out an address of the channel: ")
  }

  /// The feed built from everything added so far.
  ///
  /// Addresses still relative (no `xml:base` and no document address applied) are resolved
  /// against the channel's link, when it has an absolute one.
  public var feed: TTFeed {
    var finished = self
    finished.resolveRelativeURLs()
    finished.dropRelativeURLs()
    var feed = finished.result
    if feed.language == nil { feed.language = fallbackLanguage }
    // Last, after every problem was reported.
    feed.problems = finished.problemList.problems
    return feed
  }

  /// Resolves the relative addresses left against the channel's link.
  private mutating func resolveRelativeURLs() {
    guard let site = result.link, site.scheme != nil else { return }
    let resolve = Self.resolver(site: site)
    if var image = result.image {
      image.url = resolve(image.url)
      image.link = image.link.map(resolve)
      result.image = image
    }
    result.icon = result.icon.map(resolve)
    result.docs = result.docs.map(resolve)
    if let link = result.textInput?.link { result.textInput?.link = resolve(link) }
    result.podcast = result.podcast?.resolvingURLs(with: resolve)
    result.authors = result.authors.map { $0.resolvingURLs(with: resolve) }
    result.contributors = result.contributors.map { $0.resolvingURLs(with: resolve) }
    result.links = result.links.map { link in
      var link = link
      link.url = resolve(link.url)
      return link
    }
    for index in result.items.indices where result.items[index].hasRelativeURLs {
      result.items[index] = result.items[index].resolvingRelativeURLs(with: resolve)
    }
  }

  /// Drops the addresses still relative, when the policy refuses them, and reports each.
  private mutating func dropRelativeURLs() {
    guard !urlPolicy.allowsRelativeReferences else { return }
    var refused = result.removeRefusedChannelURLs(since: ChannelURLs.empty, policy: urlPolicy, relative: true)
    for index in result.items.indices where result.items[index].hasRelativeURLs {
      refused += result.items[index].removeRefusedURLs(policy: urlPolicy, relative: true)
    }
    reportRefused(refused, "Left out an address that stayed relative: ")
  }

  /// An item built from its element, with relative addresses resolved against the channel's
  /// link when it is already known (internal, for ``TTFeedReader``).
  ///
  /// - Parameters:
  ///   - element: The item's element.
  ///   - isFinal: Whether the item is handed over as it is (relative addresses the policy
  ///     refuses are dropped now), rather than kept for ``feed``, which resolves them later.
  mutating func streamedItem(from element: TTFeedElement, isFinal: Bool) -> TTFeedItem {
    var built = item(from: isAtomWithoutNamespace ? element.inAtomNamespace() : element)
    itemNumber += 1
    if built.hasRelativeURLs, let site {
      built = built.resolvingRelativeURLs(with: Self.resolver(site: site))
    }
    return admitted(built, relative: isFinal)
  }

  /// An item built from its element, its refused addresses dropped and reported.
  private mutating func admittedItem(from element: TTFeedElement) -> TTFeedItem {
    itemNumber += 1
    return admitted(item(from: element), relative: false)
  }

  /// The item without the addresses the policy refuses, each reported; relative addresses are
  /// kept unless `relative` is `true`.
  private mutating func admitted(_ item: TTFeedItem, relative: Bool) -> TTFeedItem {
    var item = item
    let refused = item.removeRefusedURLs(policy: urlPolicy, relative: relative)
    reportRefused(refused, "Left out an address of \(itemName(item)): ")
    return item
  }

  /// Records a problem, or counts it once the list is full (internal, for ``TTFeedReader``).
  mutating func report(_ code: TTFeedProblem.Code, _ message: String) {
    problemList.report(code, message)
  }

  /// How problem messages name the item built last, for example `item 3 ("Hello")`.
  func itemName(_ item: TTFeedItem) -> String {
    let title = item.title.map { " (" + TTMessageText.quoted($0, limit: 60) + ")" } ?? ""
    return "item \(itemNumber)" + title
  }

  /// Reports each address refused, once, after `prefix`.
  private mutating func reportRefused(_ urls: [String], _ prefix: String) {
    problemList.reportRefused(urls, prefix, policy: urlPolicy)
  }

  /// Appends items built elsewhere (internal, for ``TTFeedReader``).
  mutating func appendItems(_ items: [TTFeedItem]) {
    result.items.append(contentsOf: items)
  }

  /// Resolves addresses without a scheme against a site's address.
  private static func resolver(site: URL) -> (URL) -> URL {
    { url in
      guard url.scheme == nil else { return url }
      return URL(string: url.relativeString, relativeTo: site)?.absoluteURL ?? url
    }
  }

  // MARK: - Kinds

  private static func kind(ofRoot root: TTFeedElement) -> TTFeedKind? {
    let version = root.attribute("version").map(TTFeedText.trimmed) ?? ""
    switch root.name {
    case "rss" where isRSSNamespace(root.namespace):
      switch version {
      case "0.91": return .rss091u
      case "0.92": return .rss092
      case "0.93": return .rss093
      case "0.94": return .rss094
      default: return .rss20
      }
    case "RDF" where root.namespace == TTFeedNamespace.rdf:
      return .rss10
    case "rdf:RDF" where (root.namespace ?? "").isEmpty:
      return .rss10
    case "feed" where root.namespace == TTFeedNamespace.atom:
      return .atom10
    case "feed" where TTFeedNamespace.canonical(root.namespace).isEmpty:
      // No namespace at all: read as Atom 1.0, as the reference parsers do.
      return .atom10
    case "CHANNEL" where TTFeedNamespace.canonical(root.namespace).isEmpty:
      return .cdf
    case "feed" where TTFeedNamespace.isAtomDraft(root.namespace):
      switch version {
      case "0.1": return .atom01
      case "0.2": return .atom02
      default: return .atom03
      }
    default:
      return nil
    }
  }

  /// Tells Netscape's RSS 0.91 from UserLand's by the document's DOCTYPE (internal, for
  /// ``TTFeedReader``, which sees it before the root).
  ///
  /// - Parameter publicID: The public identifier of the document's DOCTYPE, if it has one.
  mutating func noteDoctype(publicID: String?) {
    guard result.kind == .rss091u, let publicID,
      publicID.range(of: "Netscape", options: .caseInsensitive) != nil
    else { return }
    result.kind = .rss091n
  }

  /// Whether a namespace is that of RSS's own elements: none, RSS 1.0's or RSS 0.90's.
  static func isRSSNamespace(_ namespace: String?) -> Bool {
    let namespace = TTFeedNamespace.canonical(namespace)
    return namespace.isEmpty || namespace == TTFeedNamespace.rss10 || namespace == TTFeedNamespace.rss090
  }
}

extension TTFeedItem {
  /// Whether any address of the item has no scheme yet.
  var hasRelativeURLs: Bool {
    let relative = { (url: URL) in url.scheme == nil }
    return links.contains { relative($0.url) } || enclosures.contains { relative($0.url) }
      || thumbnails.contains { relative($0.url) } || comments.map(relative) == true
      || commentsFeed.map(relative) == true || commentAPI.map(relative) == true
      || source?.url.map(relative) == true || source?.links.contains { relative($0.url) } == true
      || summary?.source.map(relative) == true || content?.source.map(relative) == true
      || (authors + contributors).contains { $0.uri.map(relative) == true || $0.avatar.map(relative) == true }
      || podcast?.hasRelativeURLs == true || media.contains(where: \.hasRelativeURLs)
  }

  /// The item with every relative address passed through `resolve`.
  func resolvingRelativeURLs(with resolve: (URL) -> URL) -> TTFeedItem {
    var item = self
    item.links = links.map { link in
      var link = link
      link.url = resolve(link.url)
      return link
    }
    item.enclosures = enclosures.map { enclosure in
      var enclosure = enclosure
      enclosure.url = resolve(enclosure.url)
      return enclosure
    }
    item.thumbnails = thumbnails.map { thumbnail in
      var thumbnail = thumbnail
      thumbnail.url = resolve(thumbnail.url)
      return thumbnail
    }
    item.comments = comments.map(resolve)
    item.commentsFeed = commentsFeed.map(resolve)
    item.commentAPI = commentAPI.map(resolve)
    item.source?.url = source?.url.map(resolve)
    item.source?.links = (source?.links ?? []).map { link in
      var link = link
      link.url = resolve(link.url)
      return link
    }
    item.summary?.source = summary?.source.map(resolve)
    item.content?.source = content?.source.map(resolve)
    item.authors = authors.map { $0.resolvingURLs(with: resolve) }
    item.contributors = contributors.map { $0.resolvingURLs(with: resolve) }
    item.podcast = podcast?.resolvingURLs(with: resolve)
    item.media = media.map { $0.resolvingURLs(with: resolve) }
    return item
  }
}
