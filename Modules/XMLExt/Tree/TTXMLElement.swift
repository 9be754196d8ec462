public import Foundation

/// One element of a parsed document: its name, namespace, attributes, children and text.
///
/// Elements are light views into their document's compact storage: copying one is cheap and
/// keeps the document alive. Every accessor is total — asking for a child, attribute or value
/// that is not there gives `nil` or an empty array, never a crash.
///
/// ```swift
/// let document = try TTXMLParser.parse(Data("""
///   <rss version="2.0"><channel><title>News</title>
///   <item><title>One</title></item><item><title>Two</title></item>
///   </channel></rss>
///   """.utf8))
/// let channel = document.root.child("channel")
/// channel?.child("title")?.text                      // "News"
/// channel?.children("item").count                    // 2 (0, 1 or many: always an array)
/// channel?.children("item").map { $0.childText("title") ?? "" }  // ["One", "Two"]
/// document.root.attribute("version")                 // "2.0"
/// document.root.child("missing")?.text               // nil
/// ```
///
/// Names are matched by local name (`"title"`), or by qualified name when the name has a colon
/// (`"dc:creator"`, as written in the document); pass `namespaceURI` to match the namespace
/// whatever prefix the document chose.
public struct TTXMLElement: Sendable {
  let storage: TTXMLStorage
  let index: Int

  init(storage: TTXMLStorage, index: Int) {
    self.storage = storage
    self.index = index
  }

  private var node: TTXMLStorage.Node { storage.nodes[index] }
  private var nameEntry: TTXMLStorage.Name { storage.names[Int(node.name)] }

  // MARK: - Name

  /// The local name, without prefix, for example `"creator"` for `<dc:creator>`.
  public var name: String { nameEntry.local }

  /// The namespace prefix as written, for example `"dc"` for `<dc:creator>`, or `nil`.
  public var prefix: String? { nameEntry.prefix }

  /// The name as written, with its prefix, for example `"dc:creator"`.
  public var qualifiedName: String { nameEntry.qualified }

  /// The namespace URI, for example `"http://purl.org/dc/elements/1.1/"`, or `nil` when the
  /// element is in no namespace.
  public var namespaceURI: String? { nameEntry.namespaceURI }

  /// The 1-based line of the element's start tag in the document.
  public var line: Int { Int(node.line) }

  // MARK: - Attributes

  /// The attributes in document order, without namespace declarations (see
  /// ``namespaceDeclarations``).
  public var attributes: [TTXMLAttribute] {
    let node = node
    let first = node.offset + Int(node.namespaceCount)
    let end = node.offset + Int(node.count)
    return (first..<end).map { TTXMLAttribute(storage: storage, index: $0) }
  }

  /// The namespace declarations (`xmlns` and `xmlns:prefix` attributes) on this element.
  ///
  /// ```swift
  /// // <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  /// feed.namespaceDeclarations
  /// // [(prefix: nil, uri: "http://www.w3.org/2005/Atom"),
  /// //  (prefix: "media", uri: "http://search.yahoo.com/mrss/")]
  /// ```
  public var namespaceDeclarations: [(prefix: String?, uri: String)] {
    let node = node
    return (node.offset..<(node.offset + Int(node.namespaceCount))).map { position in
      let attribute = storage.attributes[position]
      let entry = storage.names[Int(attribute.name)]
      return (entry.prefix == nil ? nil : entry.local, storage.value(of: attribute))
    }
  }

  /// The attribute with this name, or `nil`.
  ///
  /// - Parameters:
  ///   - name: The local name, or the qualified name when it has a colon (`"xml:lang"`).
  ///   - namespaceURI: The namespace the attribute must be in; default `nil` = any.
  /// - Returns: The attribute, or `nil` when there is none.
  public func attributeNode(_ name: String, namespaceURI: String? = nil) -> TTXMLAttribute? {
    let node = node
    let qualified = name.utf8.contains(UInt8(ascii: ":"))
    for position in (node.offset + Int(node.namespaceCount))..<(node.offset + Int(node.count)) {
      let entry = storage.names[Int(storage.attributes[position].name)]
      if let namespaceURI, entry.namespaceURI != namespaceURI { continue }
      if (qualified ? entry.qualified : entry.local) == name {
        return TTXMLAttribute(storage: storage, index: position)
      }
    }
    return nil
  }

  /// The value of the attribute with this name, or `nil`.
  ///
  /// ```swift
  /// // <enclosure url="http://example.com/a.mp3" length="1024" type="audio/mpeg"/>
  /// enclosure.attribute("url")                        // "http://example.com/a.mp3"
  /// enclosure.attributeNode("length")?.intValue       // 1024
  /// enclosure.attribute("missing")                    // nil
  /// ```
  ///
  /// - Parameters:
  ///   - name: The local name, or the qualified name when it has a colon (`"xml:lang"`).
  ///   - namespaceURI: The namespace the attribute must be in; default `nil` = any.
  /// - Returns: The value (entities decoded), or `nil` when there is no such attribute.
  public func attribute(_ name: String, namespaceURI: String? = nil) -> String? {
    attributeNode(name, namespaceURI: namespaceURI)?.value
  }

  // MARK: - Children

  /// The parent element, or `nil` for the root (and for the top of a streamed subtree).
  public var parent: TTXMLElement? {
    let parent = Int(node.parent)
    return parent >= 0 ? TTXMLElement(storage: storage, index: parent) : nil
  }

  /// The child nodes in document order: elements and text (CDATA sections are merged into the
  /// text around them; comments and processing instructions are not kept).
  public var nodes: [TTXMLNode] {
    var result: [TTXMLNode] = []
    forEachChild { position in
      let child = storage.nodes[position]
      if child.isText {
        result.append(.text(storage.string(offset: child.offset, count: Int(child.count))))
      } else {
        result.append(.element(TTXMLElement(storage: storage, index: position)))
      }
    }
    return result
  }

  /// The child elements in document order.
  public var children: [TTXMLElement] {
    var result: [TTXMLElement] = []
    forEachChild { position in
      if !storage.nodes[position].isText { result.append(TTXMLElement(storage: storage, index: position)) }
    }
    return result
  }

  /// The first child element with this name, or `nil`.
  ///
  /// - Parameters:
  ///   - name: The local name, or the qualified name when it has a colon (`"dc:creator"`).
  ///   - namespaceURI: The namespace the child must be in; default `nil` = any.
  /// - Returns: The first matching child, or `nil` when there is none.
  public func child(_ name: String, namespaceURI: String? = nil) -> TTXMLElement? {
    var found: Int?
    forEachChild { position in
      if found == nil, storage.matches(position, name: name, namespaceURI: namespaceURI) { found = position }
    }
    return found.map { TTXMLElement(storage: storage, index: $0) }
  }

  /// Every child element with this name, in document order: the "always an array" access.
  ///
  /// Zero, one or many matching children give an array of that size, so code written for a
  /// variable number of elements needs no special case (Three20's `arrayForKey:`, which crashed
  /// when there were none).
  ///
  /// ```swift
  /// // <response><book>…</book></response>
  /// response.children("book").count    // 1
  /// response.children("magazine")      // []
  /// ```
  ///
  /// - Parameters:
  ///   - name: The local name, or the qualified name when it has a colon.
  ///   - namespaceURI: The namespace the children must be in; default `nil` = any.
  /// - Returns: The matching children; empty when there are none.
  public func children(_ name: String, namespaceURI: String? = nil) -> [TTXMLElement] {
    var result: [TTXMLElement] = []
    forEachChild { position in
      if storage.matches(position, name: name, namespaceURI: namespaceURI) {
        result.append(TTXMLElement(storage: storage, index: position))
      }
    }
    return result
  }

  /// Every element below this one (at any depth) with this name, in document order.
  ///
  /// - Parameters:
  ///   - name: The local name, or the qualified name when it has a colon.
  ///   - namespaceURI: The namespace the elements must be in; default `nil` = any.
  /// - Returns: The matching descendants; empty when there are none.
  public func descendants(_ name: String, namespaceURI: String? = nil) -> [TTXMLElement] {
    var result: [TTXMLElement] = []
    let end = Int(node.end)
    var position = index + 1
    while position < end {
      if storage.matches(position, name: name, namespaceURI: namespaceURI) {
        result.append(TTXMLElement(storage: storage, index: position))
      }
      position += 1
    }
    return result
  }

  /// The element reached by following child names separated by `/`, or `nil`.
  ///
  /// ```swift
  /// rss.child(path: "channel/image/url")?.text   // "http://example.com/logo.png"
  /// ```
  ///
  /// - Parameter path: Child names (local, or qualified with a colon) separated by `/`; each
  ///   step takes the first match.
  /// - Returns: The element, or `nil` when a step has no match.
  public func child(path: String) -> TTXMLElement? {
    var current: TTXMLElement? = self
    for step in path.split(separator: "/", omittingEmptySubsequences: true) {
      current = current?.child(String(step))
    }
    return current
  }

  /// Calls `body` with the storage index of every child node.
  private func forEachChild(_ body: (Int) -> Void) {
    guard var position = storage.firstChild(of: index) else { return }
    let end = Int(node.end)
    while true {
      body(position)
      guard let next = storage.nextSibling(of: position, parentEnd: end) else { return }
      position = next
    }
  }

  // MARK: - Text

  /// The element's own text: its text children (and CDATA sections) concatenated, whitespace
  /// kept, text inside child elements left out.
  ///
  /// ```swift
  /// // <title>Fish &amp; <![CDATA[<Chips>]]></title>
  /// title.text   // "Fish & <Chips>"
  /// ```
  public var text: String { storage.directText(of: index) }

  /// All the text inside the element, child elements included, in document order (the DOM's
  /// `textContent`).
  ///
  /// ```swift
  /// // <p>Hello <b>world</b>!</p>
  /// p.text          // "Hello !"
  /// p.textContent   // "Hello world!"
  /// ```
  public var textContent: String { storage.textContent(of: index) }

  /// ``textContent`` without leading and trailing whitespace and newlines.
  public var trimmedText: String { textContent.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// The trimmed text of the first child with this name, or `nil` when there is no such child.
  ///
  /// - Parameters:
  ///   - name: The local name, or the qualified name when it has a colon.
  ///   - namespaceURI: The namespace the child must be in; default `nil` = any.
  /// - Returns: The child's ``trimmedText``, or `nil`.
  public func childText(_ name: String, namespaceURI: String? = nil) -> String? {
    child(name, namespaceURI: namespaceURI)?.trimmedText
  }

  // MARK: - Typed values

  /// The trimmed text as an integer, or `nil` when it is not one (`"42"`, `"+7"`, `"-3"`).
  public var intValue: Int? { TTXMLTextValue.int(trimmedText) }

  /// The trimmed text as a floating-point number, or `nil` when it is not one.
  public var doubleValue: Double? { TTXMLTextValue.double(trimmedText) }

  /// The trimmed text as a Boolean: `true`/`yes`/`1` and `false`/`no`/`0` (any case), else `nil`.
  public var boolValue: Bool? { TTXMLTextValue.bool(trimmedText) }

  /// The trimmed text as a URL, or `nil` when it is empty or not a URL.
  public var urlValue: URL? { TTXMLTextValue.url(trimmedText) }

  // MARK: - Counting

  /// How many nodes (elements and text runs) the element holds, itself included.
  public var nodeCount: Int { Int(node.end) - index }
}

extension TTXMLElement: CustomStringConvertible {
  /// A short description: the qualified name, attribute count and line, for example
  /// `<item> (2 attributes, line 14)`.
  public var description: String {
    let count = Int(node.count - node.namespaceCount)
    return "<\(qualifiedName)> (\(count) attribute\(count == 1 ? "" : "s"), line \(line))"
  }
}
