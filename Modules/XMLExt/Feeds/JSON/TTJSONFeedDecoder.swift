import Foundation
import Three20Core

/// Reads a JSON Feed document (version 1 or 1.1) into a ``TTFeed`` (internal, for
/// ``TTFeedReader``, which calls it for a document that starts with `{`).
///
/// The document is parsed with Foundation's `JSONSerialization`, then read leniently, because
/// real feeds get JSON Feed's types wrong:
///
/// - A number where text is expected becomes its text (identifiers are often numbers), and
///   text where a number is expected is read as one (`"size_in_bytes": "1024"`).
/// - One value where an array is expected is taken as an array of one (`"tags": "swift"`,
///   `"authors": {…}`), and an author written as a line of text is split as RSS authors are
///   (``TTFeedPerson/init(parsing:)``).
/// - A value of any other wrong type is left out; when that loses something the feed said (an
///   object where a title goes, an attachment without a `url`), it is reported in
///   ``TTFeed/problems`` with the code `invalidValue`. `null` is the same as a missing member.
/// - Unknown members are skipped. `user_comment` is not kept: the format reserves it for people
///   reading the raw file and tells readers to ignore it. Members whose names start with `_` are
///   extensions (`_podcast`, `_blue_shed`): their meaning is whatever their author defined,
///   without a shared vocabulary the model could hold, and readers that do not know them are
///   to ignore them, so they are skipped too.
///
/// The version decides the kind: `https://jsonfeed.org/version/1` is ``TTFeedKind/json10``,
/// `…/1.1` ``TTFeedKind/json11`` (`http`, `www.` and a final `/` are tolerated). An object
/// with an `items` array, or with another `jsonfeed.org/version/` version, is read as 1.1. Any
/// other JSON is not a feed. Members of 1.1 (`authors`, `language`) are read in 1.0 feeds too.
///
/// | JSON member | ``TTFeed`` field |
/// | --- | --- |
/// | `version` | ``TTFeed/kind`` |
/// | `title` | ``TTFeed/title``; ``TTFeed/titleDetail`` as text |
/// | `home_page_url` | a link `alternate`, type `text/html` (``TTFeed/link``) |
/// | `feed_url` | a link `self` (``TTFeed/selfLink``) |
/// | `next_url` | a link `next` |
/// | `description` | ``TTFeed/subtitle`` as text |
/// | `user_comment` | not kept (see above) |
/// | `icon` | ``TTFeed/image`` |
/// | `favicon` | ``TTFeed/icon`` |
/// | `authors` (1.1), `author` (1.0) | ``TTFeed/authors`` (see below) |
/// | `language` (1.1) | ``TTFeed/language`` |
/// | `expired` | ``TTFeed/isExpired`` |
/// | `hubs` | a link `hub` per hub: the hub's `url`, its `type` as the type |
/// | `items` | ``TTFeed/items`` |
/// | `_…` (extensions) | not kept (see above) |
///
/// | Item member | ``TTFeedItem`` field |
/// | --- | --- |
/// | `id` | ``TTFeedItem/guid``, not a permalink (a number as its text) |
/// | `url` | a link `alternate` (``TTFeedItem/link``) |
/// | `external_url` | a link `related` |
/// | `title` | ``TTFeedItem/title``; ``TTFeedItem/titleDetail`` as text |
/// | `content_html` | ``TTFeedItem/content`` as HTML |
/// | `content_text` | ``TTFeedItem/content`` as text, without `content_html` (see below) |
/// | `summary` | ``TTFeedItem/summary`` as text |
/// | `image` | ``TTFeedItem/thumbnails`` |
/// | `banner_image` | a link `banner` |
/// | `date_published` | ``TTFeedItem/published``; its text in ``TTFeedItem/dateTexts`` |
/// | `date_modified` | ``TTFeedItem/updated``; its text in ``TTFeedItem/dateTexts`` |
/// | `authors` (1.1), `author` (1.0) | ``TTFeedItem/authors`` (see below) |
/// | `tags` | ``TTFeedItem/categories``, as terms |
/// | `language` (1.1) | ``TTFeedItem/language`` |
/// | `attachments` | ``TTFeedItem/enclosures``, and a link `enclosure` each (see below) |
///
/// "A link" is a ``TTFeedLink`` in ``TTFeed/links`` or ``TTFeedItem/links``; "as text" and "as
/// HTML" are ``TTFeedContent/ContentType/text`` and ``TTFeedContent/ContentType/html``. Dates
/// go through ``TTFeedDateParser``; one it cannot read leaves its field `nil` and its text kept.
///
/// An author object gives a ``TTFeedPerson``: `name` → `name`, `url` → `uri` (and `email` for a
/// `mailto:` address), `avatar` → `avatar`. An attachment gives a ``TTFeedEnclosure``: `url`,
/// `mime_type` → `type`, `title`, `size_in_bytes` → `length`, `duration_in_seconds` →
/// `duration`; and, as RSS enclosures do, a link `enclosure` with the same address, type, title
/// and length. With both `content_html` and `content_text`, the HTML is the content and the text
/// is dropped: ``TTFeedContent/plainText`` derives it from the HTML, and the model has no second
/// body.
///
/// With both `authors` and `author`, `authors` wins: `author` is added after them unless it
/// repeats one of them (which 1.1 feeds do for 1.0 readers). Links come in the order of the
/// tables (JSON objects have no order).
///
/// Relative addresses are resolved against the document's address, else against `feed_url`,
/// else `home_page_url` (when absolute and allowed). Then the URL scheme policy is applied as
/// ``TTFeedBuilder`` applies it: a refused address is left out, and reported once per channel or
/// item as a ``TTFeedProblem/Code/refusedURL`` problem (avatars included); relative addresses
/// still left are refused when the policy refuses relative references. At most 100 problems
/// are listed, then one ``TTFeedProblem/Code/moreProblems``. ``TTFeed/syntaxProblem`` stays
/// `nil`: JSON that does not parse is an error, not a problem.
///
/// Nothing here recurses over the document's depth; `JSONSerialization` refuses JSON nested
/// more than 512 levels deep (a fixed limit of Foundation's parser), which is thrown as
/// ``TTXMLError/Code/nestingDepthLimit``.
enum TTJSONFeedDecoder {
  /// How deep `JSONSerialization` lets arrays and objects nest.
  static let maxDepth = 512

  /// Reads a JSON Feed.
  ///
  /// - Parameters:
  ///   - data: The whole document.
  ///   - documentURL: The address the document was loaded from, against which relative
  ///     addresses are resolved, and which error messages name.
  ///   - urlPolicy: The schemes addresses may have; others are left out and reported.
  /// - Returns: The feed.
  /// - Throws: ``TTXMLError`` with code ``TTXMLError/Code/malformed`` when the data is not JSON
  ///   (with the line and column when known), ``TTXMLError/Code/nestingDepthLimit`` when it nests
  ///   too deep, ``TTXMLError/Code/emptyDocument`` when it holds nothing, and
  ///   ``TTXMLError/Code/notAFeed`` when it is JSON but not a JSON Feed.
  static func feed(
    from data: Data, documentURL: URL?, urlPolicy: TTURLSchemePolicy
  ) throws(TTXMLError)
    -> TTFeed
  {
    let value = try parse(data, documentURL: documentURL)
    let input = inputName(documentURL)
    guard let root = value as? [String: Any] else {
      throw TTXMLError(
        .notAFeed,
        "\(input) is JSON, but not a JSON Feed: its value is \(TTJSONValue.describe(value)), where a "
          + "feed is an object with \"version\": \"https://jsonfeed.org/version/1.1\" and an \"items\" "
          + "array. Check that the address is the feed's.")
    }
    let version = (root["version"] as? String).map(TTFeedText.trimmed)
    let known = version.flatMap(kind(ofVersion:))
    let namesJSONFeed = version.map(isJSONFeedVersion) ?? false
    guard known != nil || namesJSONFeed || root["items"] is [Any] else {
      let said =
        version.map { "its \"version\" is \(TTMessageText.quoted($0, limit: 80))" }
        ?? "it has no JSON Feed \"version\""
      throw TTXMLError(
        .notAFeed,
        "\(input) is a JSON object, but not a JSON Feed: \(said) and it has no \"items\" array. A "
          + "JSON Feed says \"version\": \"https://jsonfeed.org/version/1.1\" (or …/1); check that the "
          + "address is the feed's and not another API's.")
    }
    var reader = TTJSONFeedMapper(
      kind: known ?? .json11, documentURL: documentURL, urlPolicy: urlPolicy)
    return reader.feed(from: root)
  }

  /// The kind a JSON Feed version names, or `nil` for another text.
  static func kind(ofVersion version: String) -> TTFeedKind? {
    switch normalized(version) {
    case "jsonfeed.org/version/1": .json10
    case "jsonfeed.org/version/1.1": .json11
    default: nil
    }
  }

  /// Whether a version names some version of JSON Feed, known or not.
  static func isJSONFeedVersion(_ version: String) -> Bool {
    normalized(version).hasPrefix("jsonfeed.org/version/")
  }

  /// The version in lower case without its scheme, `www.` and final `/`.
  private static func normalized(_ version: String) -> String {
    var text = Substring(version.lowercased())
    for prefix in ["https://", "http://"] where text.hasPrefix(prefix) {
      text = text.dropFirst(prefix.count)
    }
    if text.hasPrefix("www.") { text = text.dropFirst(4) }
    while text.hasSuffix("/") { text = text.dropLast() }
    return String(text)
  }

  /// How messages name the input: `The JSON document at "…"`, or `The JSON document`.
  static func inputName(_ documentURL: URL?) -> String {
    guard let documentURL else { return "The JSON document" }
    return "The JSON document at " + TTMessageText.quoted(documentURL.absoluteString, limit: 200)
  }
}
