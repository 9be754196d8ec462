public import Foundation

/// Three20's dictionary view of an XML element: what `TTXMLParser.rootObject` returned, as a
/// typed value.
///
/// Every element becomes a `.dictionary` with exactly Three20's keys:
///
/// | Key | Value |
/// |---|---|
/// | each attribute's qualified name (`xmlns` declarations included) | `.string(value)` |
/// | ``entityNameKey`` `___Entity_Name___` | the element's qualified name |
/// | ``entityTypeKey`` `___Entity_Type___` | its `type` attribute, or `"unknown"` |
/// | ``entityValueKey`` `___Entity_Value___` | its own text, whitespace kept (absent when it has none) |
/// | ``arrayKey`` `___Array___` | for `type="array"`: its child elements, in order |
/// | each child's qualified name | for type `unknown`: the child's dictionary |
///
/// Children of an element of any other type (`integer`, `datetime`, `string`, …) are dropped.
/// When an element closes, `type="integer"` turns its value into `.integer` (C `intValue`
/// rules: leading number, `0` when there is none, clamped to 32 bits) and `type="datetime"`
/// into `.date` (`yyyy-MM-dd'T'HH:mm:ss` plus `Z` or an offset; anything else stays a string).
///
/// Repeated child names: without `treatDuplicateKeysAsArrayItems` (Three20's default) the last
/// child wins; with it (`TTURLXMLResponse.isRssFeed`), two or more children with one name
/// become an `.array` in document order — but a single child stays a dictionary, which is why
/// ``array(forKey:)`` exists.
///
/// ```swift
/// // <rss><channel><title>News</title><item>…</item><item>…</item></channel></rss>
/// let root = document.dictionaryValue(treatDuplicateKeysAsArrayItems: true)
/// root.nameForXMLNode                                               // "rss"
/// root["channel"]?["title"]?[TTXMLObject.entityValueKey]?.stringValue   // "News"
/// root["channel"]?.array(forKey: "item").count                      // 2
/// root["channel"]?.array(forKey: "enclosure").count                 // 0, never a crash
/// ```
///
/// Differences from Three20, all deliberate: CDATA sections are part of `___Entity_Value___`
/// (NSXMLParser reported them separately and Three20 dropped them); a datetime ending in `Z` is
/// read as UTC (Three20 quoted the `Z` and so read local time); no assertion fires on
/// duplicates or unparseable dates.
///
/// However deeply a document nests, a dictionary view is compared, hashed, printed and freed
/// in a loop, never by recursion: a view a million levels deep is as safe to drop as a flat
/// one. That is why arrays and dictionaries are held in ``Items`` and ``Entries``, which read
/// like `[TTXMLObject]` and `[String: TTXMLObject]` (and convert to them with ``Items/array``
/// and ``Entries/dictionary``).
public enum TTXMLObject: Sendable, Hashable {
  /// Text: an attribute value, an element's text, a name or a type.
  case string(String)
  /// The value of a `type="integer"` element.
  case integer(Int)
  /// The value of a `type="datetime"` element that could be read.
  case date(Date)
  /// The children of a `type="array"` element, or repeated children collected with
  /// `treatDuplicateKeysAsArrayItems`.
  case array(Items)
  /// An element.
  case dictionary(Entries)

  /// `"___Entity_Name___"`: the key of an element's qualified name.
  public static let entityNameKey = "___Entity_Name___"
  /// `"___Entity_Type___"`: the key of an element's type (its `type` attribute, or `"unknown"`).
  public static let entityTypeKey = "___Entity_Type___"
  /// `"___Entity_Value___"`: the key of an element's text, or converted integer or date.
  public static let entityValueKey = "___Entity_Value___"
  /// `"___Array___"`: the key of a `type="array"` element's children.
  public static let arrayKey = "___Array___"
  /// `"unknown"`: the type of an element without a `type` attribute (Three20's
  /// `kCommonXMLType_Unknown`).
  public static let unknownType = "unknown"

  /// The value under `key` of a dictionary; `nil` for a missing key or another case.
  ///
  /// - Parameter key: An attribute name, child element name or one of the `___…___` keys.
  public subscript(key: String) -> TTXMLObject? {
    guard case .dictionary(let entries) = self else { return nil }
    return entries[key]
  }

  /// The item at `index` of an array; `nil` when out of bounds or not an array.
  ///
  /// - Parameter index: A 0-based position.
  public subscript(index: Int) -> TTXMLObject? {
    guard case .array(let items) = self, items.indices.contains(index) else { return nil }
    return items[index]
  }

  /// The value under `key` as an array, whatever the number of elements: Three20's
  /// `arrayForKey:`, without its crash.
  ///
  /// An array is returned as is, any other value as a one-item array, and a missing key (or a
  /// value that is not a dictionary) as an empty array.
  ///
  /// ```swift
  /// // <response><book>…</book></response>, parsed with treatDuplicateKeysAsArrayItems
  /// root.array(forKey: "book").count   // 1 (a dictionary, wrapped)
  /// root.array(forKey: "film").count   // 0
  /// ```
  ///
  /// - Parameter key: A child element name.
  /// - Returns: The items; empty when there are none.
  public func array(forKey key: String) -> [TTXMLObject] {
    switch self[key] {
    case nil: return []
    case .array(let items)?: return items.array
    case let value?: return [value]
    }
  }

  /// The value found by following dictionary keys separated by `.`, like `valueForKeyPath:`.
  ///
  /// ```swift
  /// issue.value(forKeyPath: "author.name.___Entity_Value___")?.stringValue   // "Jo"
  /// ```
  ///
  /// - Parameter keyPath: Keys separated by dots.
  /// - Returns: The value, or `nil` when a key is missing or a step is not a dictionary.
  public func value(forKeyPath keyPath: String) -> TTXMLObject? {
    var current: TTXMLObject? = self
    for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      current = current?[String(key)]
    }
    return current
  }

  /// The element's qualified name (Three20's `nameForXMLNode`), or `nil` when this is not an
  /// element.
  public var nameForXMLNode: String? { self[Self.entityNameKey]?.stringValue }

  /// The element's type (Three20's `typeForXMLNode`): its `type` attribute or `"unknown"`.
  public var typeForXMLNode: String? { self[Self.entityTypeKey]?.stringValue }

  /// The element's content (Three20's `objectForXMLNode`): ``arrayKey``'s array for
  /// `type="array"`, otherwise the ``entityValueKey`` value.
  public var objectForXMLNode: TTXMLObject? {
    typeForXMLNode == "array" ? self[Self.arrayKey] : self[Self.entityValueKey]
  }

  /// The text of a `.string`, or `nil`.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number of an `.integer`, or `nil`.
  public var integerValue: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The date of a `.date`, or `nil`.
  public var dateValue: Date? {
    if case .date(let value) = self { return value }
    return nil
  }

  /// The items of an `.array` as a Swift array, or `nil`.
  public var arrayValue: [TTXMLObject]? {
    if case .array(let value) = self { return value.array }
    return nil
  }

  /// The entries of a `.dictionary` as a Swift dictionary, or `nil`.
  public var dictionaryValue: [String: TTXMLObject]? {
    if case .dictionary(let value) = self { return value.dictionary }
    return nil
  }
}
