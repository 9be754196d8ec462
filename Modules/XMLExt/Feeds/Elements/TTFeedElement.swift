/// An XML element as ``TTFeedBuilder`` reads it: a name, a namespace, attributes, and the text
/// and child elements inside, in order.
///
/// It is deliberately independent of any parser, so that a parsed document's tree, a streaming
/// parser's subtrees, or a test's hand-made tree all feed the same builder.
/// Names are local names (`encoded`, not `content:encoded`); the namespace is the URI the
/// prefix stands for, or `nil` for none. Unprefixed attributes have no namespace.
///
/// Mixed content keeps its order in ``nodes`` (Atom's XHTML content needs it); ``text`` and
/// ``children`` are the two halves for the common case.
///
/// ```swift
/// let title = TTFeedElement(name: "title", text: "Hello")
/// let item = TTFeedElement(name: "item", children: [title])
/// item.child("title")?.text   // "Hello"
/// ```
public struct TTFeedElement: Sendable, Hashable {
  /// An attribute of an element.
  public struct Attribute: Sendable, Hashable {
    /// The local name, such as `href` or `about`.
    public var name: String
    /// The namespace URI, or `nil` for an unprefixed attribute.
    public var namespace: String?
    /// The value, with entities already replaced.
    public var value: String

    /// Creates an attribute.
    ///
    /// - Parameters:
    ///   - name: The local name.
    ///   - namespace: The namespace URI. Defaults to `nil`.
    ///   - value: The value.
    public init(name: String, namespace: String? = nil, value: String) {
      self.name = name
      self.namespace = namespace
      self.value = value
    }
  }

  /// A piece of an element's content: text (CDATA included) or a child element.
  public enum Node: Sendable, Hashable {
    /// Character data, with entities already replaced.
    case text(String)
    /// A child element.
    case element(TTFeedElement)
  }

  /// The local name.
  public var name: String
  /// The namespace URI, or `nil` for none.
  public var namespace: String?
  /// The attributes, in document order.
  public var attributes: [Attribute]
  /// The content, in document order.
  public var nodes: [Node]

  /// Creates an element whose text comes before its children (or that has only one of them).
  ///
  /// - Parameters:
  ///   - name: The local name.
  ///   - namespace: The namespace URI. Defaults to `nil`.
  ///   - attributes: The attributes. Defaults to none.
  ///   - text: The character data. Defaults to none.
  ///   - children: The child elements. Defaults to none.
  public init(
    name: String, namespace: String? = nil, attributes: [Attribute] = [], text: String = "",
    children: [TTFeedElement] = []
  ) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
    self.nodes = (text.isEmpty ? [] : [.text(text)]) + children.map { .element($0) }
  }

  /// Creates an element with mixed content in order.
  ///
  /// ```swift
  /// let paragraph = TTFeedElement(
  ///   name: "p", namespace: TTFeedNamespace.xhtml,
  ///   nodes: [.text("Hello, "), .element(TTFeedElement(name: "b", text: "world")), .text("!")])
  /// paragraph.text   // "Hello, !"
  /// ```
  ///
  /// - Parameters:
  ///   - name: The local name.
  ///   - namespace: The namespace URI. Defaults to `nil`.
  ///   - attributes: The attributes. Defaults to none.
  ///   - nodes: The content.
  public init(name: String, namespace: String? = nil, attributes: [Attribute] = [], nodes: [Node]) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
    self.nodes = nodes
  }

  /// The element's own character data, joined (not that of its descendants).
  public var text: String {
    var result = ""
    for case .text(let piece) in nodes { result += piece }
    return result
  }

  /// The child elements, in order.
  public var children: [TTFeedElement] {
    nodes.compactMap { node in
      if case .element(let element) = node { element } else { nil }
    }
  }

  /// The value of an attribute.
  ///
  /// An unprefixed attribute (`namespace` `nil`) matches an attribute of that name without a
  /// namespace. A namespaced one matches by namespace, or, for trees built without namespace
  /// processing, by the conventional prefixed name (`xml:base`, `rdf:about`).
  ///
  /// - Parameters:
  ///   - name: The local name.
  ///   - namespace: The namespace URI. Defaults to `nil`.
  /// - Returns: The value, or `nil` if the element has no such attribute.
  public func attribute(_ name: String, namespace: String? = nil) -> String? {
    if let namespace {
      if let match = attributes.first(where: { $0.name == name && $0.namespace == namespace }) {
        return match.value
      }
      guard let prefix = Self.conventionalPrefixes[namespace] else { return nil }
      let qualified = prefix + ":" + name
      return attributes.first { $0.name == qualified && ($0.namespace ?? "").isEmpty }?.value
    }
    return attributes.first { $0.name == name && ($0.namespace ?? "").isEmpty }?.value
  }

  /// The first child element with a name and namespace.
  ///
  /// - Parameters:
  ///   - name: The local name.
  ///   - namespace: The namespace URI; `nil` matches a child without one. A namespace that
  ///     stands for another one (Atom 0.3's for Atom's, RSS's old namespaces for none) matches
  ///     it. Defaults to `nil`.
  /// - Returns: The child, or `nil`.
  public func child(_ name: String, namespace: String? = nil) -> TTFeedElement? {
    children.first { $0.name == name && $0.isIn(namespace) }
  }

  /// Whether the element is in a namespace; `nil` and the empty string both mean none, and a
  /// namespace that stands for another one (Atom 0.3's for Atom's) matches it.
  func isIn(_ namespace: String?) -> Bool {
    TTFeedNamespace.canonical(self.namespace) == TTFeedNamespace.canonical(namespace)
  }

  private static let conventionalPrefixes = [
    TTFeedNamespace.xml: "xml", TTFeedNamespace.rdf: "rdf",
  ]
}
