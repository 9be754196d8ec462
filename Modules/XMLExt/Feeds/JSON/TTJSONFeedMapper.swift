import Foundation
import Three20Core

/// Fills a ``TTFeed`` from a parsed JSON Feed object, leniently, with the URL scheme policy
/// applied (internal, for ``TTJSONFeedDecoder``, whose documentation has the mapping).
///
/// Nothing here recurses: a feed is an object of items, each read by one loop.
struct TTJSONFeedMapper {
  /// The relation of an item's `banner_image`.
  static let bannerRelation = "banner"
  /// The relation of a feed's `hubs`.
  static let hubRelation = "hub"
  /// The relation of a feed's `next_url`.
  static let nextRelation = "next"

  private let kind: TTFeedKind
  private let urlPolicy: TTURLSchemePolicy
  /// What relative addresses are resolved against.
  private var base: URL?
  /// What was left out, and why.
  private var problemList = TTFeedProblemList()

  /// Creates a mapper.
  ///
  /// - Parameters:
  ///   - kind: The feed's version.
  ///   - documentURL: The document's address, if known.
  ///   - urlPolicy: The schemes addresses may have.
  init(kind: TTFeedKind, documentURL: URL?, urlPolicy: TTURLSchemePolicy) {
    self.kind = kind
    self.urlPolicy = urlPolicy
    base = documentURL
  }

  // MARK: - The feed

  /// The feed in the object.
  mutating func feed(from root: [String: Any]) -> TTFeed {
    var feed = TTFeed(kind: kind)
    let owner = "the feed"
    let homeText = text(root["home_page_url"], "home_page_url", of: owner)
    let feedURLText = text(root["feed_url"], "feed_url", of: owner)
    if base == nil {
      base = feedURLText.flatMap(absoluteAllowedURL) ?? homeText.flatMap(absoluteAllowedURL)
    }

    feed.title = text(root["title"], "title", of: owner)
    feed.titleDetail = feed.title.map { TTFeedContent($0, type: .text) }
    if let url = homeText.flatMap(resolved) {
      feed.links.append(TTFeedLink(url: url, type: "text/html"))
    }
    if let url = feedURLText.flatMap(resolved) {
      feed.links.append(TTFeedLink(url: url, relation: TTFeedLink.selfRelation))
    }
    if let url = address(root["next_url"], "next_url", of: owner) {
      feed.links.append(TTFeedLink(url: url, relation: Self.nextRelation))
    }
    feed.links += hubs(root["hubs"])
    feed.subtitle = text(root["description"], "description", of: owner).map { TTFeedContent($0, type: .text) }
    feed.image = address(root["icon"], "icon", of: owner).map { TTFeedImage(url: $0) }
    feed.icon = address(root["favicon"], "favicon", of: owner)
    feed.authors = people(in: root, of: owner)
    feed.language = text(root["language"], "language", of: owner)
    feed.isExpired = boolean(root["expired"], "expired", of: owner) ?? false

    let refused = feed.removeRefusedChannelURLs(since: ChannelURLs.empty, policy: urlPolicy, relative: false)
    Self.removeEmptyPeople(&feed.authors)
    reportRefused(refused, "Left out an address of the channel: ")

    for (index, value) in TTJSONValue.list(root["items"]).enumerated() {
      guard let object = value as? [String: Any] else {
        report(
          .invalidValue,
          "Left out item \(index + 1): it is \(TTJSONValue.describe(value)), where JSON Feed has an object.")
        continue
      }
      feed.items.append(item(from: object, number: index + 1))
    }

    if !urlPolicy.allowsRelativeReferences {
      var refused = feed.removeRefusedChannelURLs(since: ChannelURLs.empty, policy: urlPolicy, relative: true)
      Self.removeEmptyPeople(&feed.authors)
      for index in feed.items.indices {
        refused += feed.items[index].removeRefusedURLs(policy: urlPolicy, relative: true)
        Self.removeEmptyPeople(&feed.items[index].authors)
      }
      reportRefused(refused, "Left out an address that stayed relative: ")
    }

    feed.problems = problemList.problems
    return feed
  }

  /// The links of the feed's `hubs`.
  private mutating func hubs(_ value: Any?) -> [TTFeedLink] {
    var links: [TTFeedLink] = []
    for (index, value) in TTJSONValue.list(value).enumerated() {
      let owner = "hub \(index + 1) of the feed"
      guard let hub = object(value, owner) else { continue }
      guard let url = requiredAddress(hub["url"], of: owner) else { continue }
      links.append(
        TTFeedLink(url: url, relation: Self.hubRelation, type: text(hub["type"], "type", of: owner)))
    }
    return links
  }

  // MARK: - Items

  /// The item in an object, its refused addresses left out and reported.
  private mutating func item(from object: [String: Any], number: Int) -> TTFeedItem {
    var item = TTFeedItem()
    item.title = text(object["title"], "title", of: "item \(number)")
    item.titleDetail = item.title.map { TTFeedContent($0, type: .text) }
    let owner = Self.itemName(item, number: number)

    if let id = text(object["id"], "id", of: owner) { item.guid = TTFeedGUID(id, isPermaLink: false) }
    if let url = address(object["url"], "url", of: owner) { item.links.append(TTFeedLink(url: url)) }
    if let url = address(object["external_url"], "external_url", of: owner) {
      item.links.append(TTFeedLink(url: url, relation: TTFeedLink.related))
    }
    if let url = address(object["banner_image"], "banner_image", of: owner) {
      item.links.append(TTFeedLink(url: url, relation: Self.bannerRelation))
    }
    if let html = text(object["content_html"], "content_html", of: owner) {
      item.content = TTFeedContent(html, type: .html, base: base)
    } else if let plain = text(object["content_text"], "content_text", of: owner) {
      item.content = TTFeedContent(plain, type: .text)
    }
    item.summary = text(object["summary"], "summary", of: owner).map { TTFeedContent($0, type: .text) }
    if let url = address(object["image"], "image", of: owner) {
      item.thumbnails.append(TTFeedThumbnail(url: url))
    }
    if let date = text(object["date_published"], "date_published", of: owner) {
      item.dateTexts.published = date
      item.published = TTFeedDateParser.parse(date)
    }
    if let date = text(object["date_modified"], "date_modified", of: owner) {
      item.dateTexts.updated = date
      item.updated = TTFeedDateParser.parse(date)
    }
    item.authors = people(in: object, of: owner)
    for (index, value) in TTJSONValue.list(object["tags"]).enumerated() {
      if let term = text(value, "tags", at: index + 1, of: owner) {
        item.categories.append(TTFeedCategory(term: term))
      }
    }
    item.language = text(object["language"], "language", of: owner)
    for (index, value) in TTJSONValue.list(object["attachments"]).enumerated() {
      guard let enclosure = attachment(value, "attachment \(index + 1) of \(owner)") else { continue }
      item.enclosures.append(enclosure)
      item.links.append(
        TTFeedLink(
          url: enclosure.url, relation: TTFeedLink.enclosure, type: enclosure.type, title: enclosure.title,
          length: enclosure.length))
    }

    let refused = item.removeRefusedURLs(policy: urlPolicy, relative: false)
    Self.removeEmptyPeople(&item.authors)
    reportRefused(refused, "Left out an address of \(owner): ")
    return item
  }

  /// An attachment as an enclosure, or `nil` (reported) when it is not an object with a `url`.
  private mutating func attachment(_ value: Any, _ owner: String) -> TTFeedEnclosure? {
    guard let attachment = object(value, owner), let url = requiredAddress(attachment["url"], of: owner)
    else {
      return nil
    }
    return TTFeedEnclosure(
      url: url, type: text(attachment["mime_type"], "mime_type", of: owner),
      length: count(attachment["size_in_bytes"], "size_in_bytes", of: owner),
      title: text(attachment["title"], "title", of: owner),
      duration: seconds(attachment["duration_in_seconds"], "duration_in_seconds", of: owner))
  }

  /// How problem messages name an item, as ``TTFeedBuilder`` does: `item 3 ("Hello")`.
  private static func itemName(_ item: TTFeedItem, number: Int) -> String {
    let title = item.title.map { " (" + TTMessageText.quoted($0, limit: 60) + ")" } ?? ""
    return "item \(number)" + title
  }

  // MARK: - People

  /// The people of `authors` (1.1), then `author` (1.0) unless it repeats one of them.
  private mutating func people(in object: [String: Any], of owner: String) -> [TTFeedPerson] {
    var people: [TTFeedPerson] = []
    for (index, value) in TTJSONValue.list(object["authors"]).enumerated() {
      if let person = person(value, "authors", at: index + 1, of: owner) { people.append(person) }
    }
    if !TTJSONValue.isAbsent(object["author"]), let single = object["author"],
      let person = person(single, "author", at: nil, of: owner),
      !people.contains(where: { $0 == person || ($0.name != nil && $0.name == person.name) })
    {
      people.append(person)
    }
    return people
  }

  /// A person from an author object (`name`, `url`, `avatar`), or from a line of text.
  private mutating func person(
    _ value: Any, _ member: String, at index: Int?, of owner: String
  )
    -> TTFeedPerson?
  {
    if let line = value as? String { return TTFeedPerson(parsing: line) }
    guard let object = value as? [String: Any] else {
      reportType(member, at: index, of: owner, value, expected: "an object")
      return nil
    }
    let place = "an author of \(owner)"
    var person = TTFeedPerson(
      name: text(object["name"], "name", of: place), uri: address(object["url"], "url", of: place),
      avatar: address(object["avatar"], "avatar", of: place))
    if let uri = person.uri, uri.scheme?.lowercased() == "mailto" {
      let address = uri.absoluteString.dropFirst("mailto:".count).prefix { $0 != "?" }
      person.email = TTFeedText.nonEmpty(String(address).removingPercentEncoding ?? String(address))
    }
    return person.isEmpty ? nil : person
  }

  /// Removes the people the policy left with nothing.
  private static func removeEmptyPeople(_ people: inout [TTFeedPerson]) {
    people.removeAll(where: \.isEmpty)
  }

  // MARK: - Values

  /// A member, or the value at `index` (from 1) of an array member, as text: a string trimmed,
  /// a number as its text; `nil` when missing, empty, or of another type (reported).
  private mutating func text(
    _ value: Any?, _ member: String, at index: Int? = nil, of owner: String
  )
    -> String?
  {
    guard let value, !(value is NSNull) else { return nil }
    if let string = value as? String { return TTFeedText.nonEmpty(string) }
    if let number = value as? NSNumber, !TTJSONValue.isBoolean(number) { return number.stringValue }
    reportType(member, at: index, of: owner, value, expected: "text")
    return nil
  }

  /// A member as an address resolved against the base; `nil` when missing or of another type
  /// (reported), or when the text is not an address.
  private mutating func address(_ value: Any?, _ member: String, of owner: String) -> URL? {
    text(value, member, of: owner).flatMap(resolved)
  }

  /// The `url` of a hub or attachment, which is left out (reported) without one.
  private mutating func requiredAddress(_ value: Any?, of owner: String) -> URL? {
    if TTJSONValue.isAbsent(value) {
      report(.invalidValue, "Left out \(owner): it has no \"url\".")
      return nil
    }
    guard let raw = text(value, "url", of: owner) else { return nil }
    guard let url = resolved(raw) else {
      report(
        .invalidValue, "Left out \(owner): its \"url\" \(TTMessageText.quoted(raw)) is not an address.")
      return nil
    }
    return url
  }

  /// A member as an object, or `nil` (reported) when it is something else.
  private mutating func object(_ value: Any, _ owner: String) -> [String: Any]? {
    if let object = value as? [String: Any] { return object }
    report(
      .invalidValue,
      "Left out \(owner): it is \(TTJSONValue.describe(value)), where JSON Feed has an object.")
    return nil
  }

  /// A member as a whole non-negative number, from a number or its text.
  private mutating func count(_ value: Any?, _ member: String, of owner: String) -> Int? {
    number(value, member, of: owner, read: TTJSONValue.count, problem: "is not a whole number of 0 or more")
  }

  /// A member as a number of seconds (0 or more), from a number or its text.
  private mutating func seconds(_ value: Any?, _ member: String, of owner: String) -> Double? {
    number(value, member, of: owner, read: TTJSONValue.seconds, problem: "is not a number of seconds")
  }

  /// A member read from a number or its text by `read`, or `nil` (reported with `problem`)
  /// when `read` refuses it.
  private mutating func number<Value>(
    _ value: Any?, _ member: String, of owner: String, read: (String) -> Value?, problem: String
  ) -> Value? {
    guard let raw = numberText(value, member, of: owner) else { return nil }
    guard let number = read(raw) else {
      reportValue(member, of: owner, raw, problem)
      return nil
    }
    return number
  }

  /// The text of a member that should be a number.
  private mutating func numberText(_ value: Any?, _ member: String, of owner: String) -> String? {
    guard let value, !(value is NSNull) else { return nil }
    if let number = value as? NSNumber, !TTJSONValue.isBoolean(number) { return number.stringValue }
    if let string = value as? String { return string }
    reportType(member, of: owner, value, expected: "a number")
    return nil
  }

  /// A member as `true` or `false`, from a boolean, `0` or `1`, or their text.
  private mutating func boolean(_ value: Any?, _ member: String, of owner: String) -> Bool? {
    guard let value, !(value is NSNull) else { return nil }
    if let number = value as? NSNumber, TTJSONValue.isBoolean(number) { return number.boolValue }
    let raw = (value as? NSNumber)?.stringValue ?? value as? String
    guard let raw else {
      reportType(member, of: owner, value, expected: "true or false")
      return nil
    }
    guard let result = TTJSONValue.boolean(raw) else {
      reportValue(member, of: owner, raw, "is not true or false")
      return nil
    }
    return result
  }

  /// An absolute address with a scheme the policy allows, without a base, or `nil`.
  private func absoluteAllowedURL(_ text: String) -> URL? {
    guard let url = TTFeedElement.url(text, base: nil), let scheme = url.scheme,
      urlPolicy.allowsScheme(scheme)
    else { return nil }
    return url
  }

  /// The text as an address resolved against the base, or `nil`.
  private func resolved(_ text: String) -> URL? {
    TTFeedElement.url(text, base: base)
  }

  // MARK: - Problems

  /// Reports a member, or the value at `index` (from 1) of an array member, left out for its
  /// type.
  private mutating func reportType(
    _ member: String, at index: Int? = nil, of owner: String, _ value: Any, expected: String
  ) {
    let what = index.map { "value \($0) of the \"\(member)\"" } ?? "the \"\(member)\""
    report(
      .invalidValue,
      "Left out \(what) of \(owner): it is \(TTJSONValue.describe(value)), where JSON Feed has \(expected).")
  }

  /// Reports a member left out for its value, quoted.
  private mutating func reportValue(_ member: String, of owner: String, _ raw: String, _ reason: String) {
    report(
      .invalidValue,
      "Left out the \"\(member)\" of \(owner): \(TTMessageText.quoted(raw, limit: 60)) \(reason).")
  }

  /// Reports each address refused, once, after `prefix`, as ``TTFeedBuilder`` does.
  private mutating func reportRefused(_ urls: [String], _ prefix: String) {
    problemList.reportRefused(urls, prefix, policy: urlPolicy)
  }

  /// Records a problem, or counts it once the list is full.
  private mutating func report(_ code: TTFeedProblem.Code, _ message: String) {
    problemList.report(code, message)
  }
}

extension TTFeedPerson {
  /// Whether nothing is known of the person.
  fileprivate var isEmpty: Bool {
    name == nil && email == nil && uri == nil && avatar == nil
  }
}
