/// A parsed XML document: its root element and what the parser learned about it.
///
/// Make one with ``TTXMLParser/parse(_:options:)`` for bytes already in memory, or feed a
/// ``TTXMLParser`` piece by piece and call ``TTXMLParser/finish()``.
///
/// ```swift
/// let document = try TTXMLParser.parse(Data("<feed><title>Hi</title></feed>".utf8))
/// document.root.name                     // "feed"
/// document.root.childText("title")       // "Hi"
/// document.dictionaryValue()["title"]?["___Entity_Value___"]?.stringValue   // "Hi"
/// ```
///
/// The tree is compact: names are interned, text and attribute values share one UTF-8 buffer
/// and each element or text run costs 32 bytes, so a document needs roughly its own size plus a
/// little in memory. Documents are values that can be shared between threads.
public struct TTXMLDocument: Sendable {
  /// The root element.
  public let root: TTXMLElement

  /// The encoding the document declared or was detected in, as libxml2 names it (for example
  /// `"ISO-8859-1"` or `"UTF-16"`), or `nil` for UTF-8 without a declaration.
  public let encoding: String?

  /// The XML version from the declaration, for example `"1.0"`, or `nil` without one.
  public let version: String?

  /// The problems the parser recovered from.
  ///
  /// Non-fatal errors (such as an undeclared namespace prefix) and, with ``TTXMLParser/Options/recovers`` on, the errors it repaired. Empty for a
  /// clean document.
  public let diagnostics: [TTXMLError]

  init(root: TTXMLElement, encoding: String?, version: String?, diagnostics: [TTXMLError]) {
    self.root = root
    self.encoding = encoding
    self.version = version
    self.diagnostics = diagnostics
  }

  /// How many nodes (elements and text runs) the document holds.
  public var nodeCount: Int { root.storage.nodes.count }

  /// Three20's dictionary view of the document: `TTXMLParser.rootObject`.
  ///
  /// See ``TTXMLObject`` for the keys and rules.
  ///
  /// - Parameter treatDuplicateKeysAsArrayItems: Whether repeated child elements are collected
  ///   into an array (Three20's `treatDuplicateKeysAsArrayItems`, switched on by
  ///   `TTURLXMLResponse.isRssFeed`); default `false`, where a later child replaces an earlier
  ///   one with the same name.
  /// - Returns: The root element as a `.dictionary`.
  public func dictionaryValue(treatDuplicateKeysAsArrayItems: Bool = false) -> TTXMLObject {
    root.dictionaryValue(treatDuplicateKeysAsArrayItems: treatDuplicateKeysAsArrayItems)
  }
}
