extension TTFeedElement {
  /// Copies a parsed element and everything inside it, for ``TTFeedBuilder``.
  ///
  /// Names become local names with their namespace URIs; namespace declarations are left out;
  /// text and child elements keep their order. The copy is made without recursion, and content
  /// nested more than 256 levels below `element` is left out, so the copy can be compared,
  /// hashed and released however deep the document was.
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
    var allowance = TTFeedAllowance.unlimited
    self =
      TTFeedTreeView(element.storage).feedElement(at: element.index, allowance: &allowance, itemFields: false)
      ?? TTFeedElement(name: element.name, namespace: element.namespaceURI)
  }
}
