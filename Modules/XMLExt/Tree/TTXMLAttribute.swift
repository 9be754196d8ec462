public import Foundation

/// One attribute of an element: its name, namespace and value (entities decoded).
///
/// ```swift
/// // <enclosure url="http://example.com/a.mp3" length="1024"/>
/// let length = enclosure.attributeNode("length")
/// length?.value      // "1024"
/// length?.intValue   // 1024
/// ```
public struct TTXMLAttribute: Sendable {
  let storage: TTXMLStorage
  let index: Int

  private var entry: TTXMLStorage.Name { storage.names[Int(storage.attributes[index].name)] }

  /// The local name, for example `"lang"` for `xml:lang`.
  public var name: String { entry.local }

  /// The prefix as written, for example `"xml"`, or `nil`.
  public var prefix: String? { entry.prefix }

  /// The name as written, with its prefix, for example `"xml:lang"`.
  public var qualifiedName: String { entry.qualified }

  /// The namespace URI, or `nil` for an attribute without prefix.
  public var namespaceURI: String? { entry.namespaceURI }

  /// The value, with character and entity references decoded.
  public var value: String { storage.value(of: storage.attributes[index]) }

  /// The trimmed value as an integer, or `nil` when it is not one.
  public var intValue: Int? { TTXMLTextValue.int(TTXMLTextValue.trimmed(value)) }

  /// The trimmed value as a floating-point number, or `nil` when it is not one.
  public var doubleValue: Double? { TTXMLTextValue.double(TTXMLTextValue.trimmed(value)) }

  /// The trimmed value as a Boolean: `true`/`yes`/`1` and `false`/`no`/`0` (any case), else `nil`.
  public var boolValue: Bool? { TTXMLTextValue.bool(TTXMLTextValue.trimmed(value)) }

  /// The trimmed value as a URL, or `nil` when it is empty or not a URL.
  public var urlValue: URL? { TTXMLTextValue.url(TTXMLTextValue.trimmed(value)) }
}
