extension TTFeedElement {
  /// Copies a parsed element and everything inside it, for ``TTFeedBuilder``.
  ///
  /// Names become local names with their namespace URIs; namespace declarations are left out;
  /// text and child elements keep their order.
  ///
  /// ```swift
  /// let document = try TTXMLParser.parse(Data("<rss version=\"2.0\"><channel/></rss>".utf8))
  /// let root = TTFeedElement(document.root)
  /// root.attribute("version")   // "2.0"
  /// ```
  ///
  /// - Parameter element: An element of a ``TTXMLDocument`` or one a streaming ``TTXMLParser``
  ///   handed over.
  public init(_ element: TTXMLElement) {
    let attributes = element.attributes.map { attribute in
      Attribute(name: attribute.name, namespace: attribute.namespaceURI, value: attribute.value)
    }
    let nodes = element.nodes.map { node -> Node in
      switch node {
      case .text(let text): .text(text)
      case .element(let child): .element(TTFeedElement(child))
      }
    }
    self.init(name: element.name, namespace: element.namespaceURI, attributes: attributes, nodes: nodes)
  }
}
