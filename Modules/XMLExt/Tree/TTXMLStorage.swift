/// The flat, immutable storage behind a parsed tree (internal).
///
/// Nodes are kept in document order (preorder), so an element's subtree is the contiguous range
/// `index..<end`, its first child is `index + 1` (when `index + 1 < end`) and its next sibling is
/// `end` (when that is still inside the parent). Names are interned once per document; text and
/// attribute values share one UTF-8 byte array. A document of N bytes costs about N bytes of text
/// plus 32 bytes per node, with no allocation per element.
final class TTXMLStorage: Sendable {
  /// An interned element or attribute name.
  struct Name: Sendable {
    let local: String
    let prefix: String?
    let namespaceURI: String?
    let qualified: String

    init(local: String, prefix: String?, namespaceURI: String?) {
      self.local = local
      self.prefix = prefix
      self.namespaceURI = namespaceURI
      self.qualified = prefix.map { "\($0):\(local)" } ?? local
    }
  }

  /// One element or text node.
  struct Node: Sendable {
    /// The name index for an element, or -1 for a text node.
    var name: Int32
    /// The parent element's index, or -1 for the root.
    var parent: Int32
    /// One past the last node of the subtree (`index + 1` for text and empty elements).
    var end: Int32
    /// The 1-based line of the start tag or text.
    var line: Int32
    // Element: index of the first attribute (namespace declarations first). Text: first byte.
    var offset: Int
    // Element: number of attributes including namespace declarations. Text: byte count.
    var count: Int32
    // Element: how many of the attributes are namespace declarations. Text: 0.
    var namespaceCount: Int32

    var isText: Bool { name < 0 }
  }

  /// One attribute or namespace declaration.
  struct Attribute: Sendable {
    var name: Int32
    var offset: Int
    var count: Int
  }

  let names: [Name]
  let nodes: [Node]
  let attributes: [Attribute]
  let bytes: [UInt8]

  init(names: [Name], nodes: [Node], attributes: [Attribute], bytes: [UInt8]) {
    self.names = names
    self.nodes = nodes
    self.attributes = attributes
    self.bytes = bytes
  }

  /// Decodes a byte range of ``bytes`` (always valid UTF-8: libxml2 converts the input).
  func string(offset: Int, count: Int) -> String {
    guard count > 0 else { return "" }
    return bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)]), as: UTF8.self)
    }
  }

  /// The value of an attribute.
  func value(of attribute: Attribute) -> String {
    string(offset: attribute.offset, count: attribute.count)
  }

  /// The index of the first child node of `index`, or `nil`.
  @inline(__always)
  func firstChild(of index: Int) -> Int? {
    let node = nodes[index]
    return !node.isText && index + 1 < Int(node.end) ? index + 1 : nil
  }

  /// The index of the next sibling of `index` inside `parentEnd`, or `nil`.
  @inline(__always)
  func nextSibling(of index: Int, parentEnd: Int) -> Int? {
    let next = Int(nodes[index].end)
    return next < parentEnd ? next : nil
  }

  /// Whether the element at `index` has the given name (local, or qualified when it has a colon)
  /// and, when `namespaceURI` is given, that namespace.
  func matches(_ index: Int, name: String, namespaceURI: String?) -> Bool {
    let node = nodes[index]
    guard node.name >= 0 else { return false }
    let entry = names[Int(node.name)]
    if let namespaceURI, entry.namespaceURI != namespaceURI { return false }
    return name.utf8.contains(UInt8(ascii: ":")) ? entry.qualified == name : entry.local == name
  }

  /// The direct text of the element at `index` (its text children, concatenated).
  func directText(of index: Int) -> String {
    guard var child = firstChild(of: index) else { return "" }
    let end = Int(nodes[index].end)
    var pieces: [(Int, Int)] = []
    while true {
      let node = nodes[child]
      if node.isText { pieces.append((node.offset, Int(node.count))) }
      guard let next = nextSibling(of: child, parentEnd: end) else { break }
      child = next
    }
    if pieces.count == 1 { return string(offset: pieces[0].0, count: pieces[0].1) }
    var result = [UInt8]()
    result.reserveCapacity(pieces.reduce(0) { $0 + $1.1 })
    for (offset, count) in pieces { result.append(contentsOf: bytes[offset..<(offset + count)]) }
    return String(decoding: result, as: UTF8.self)
  }

  /// All text inside the element at `index`, in document order.
  func textContent(of index: Int) -> String {
    let end = Int(nodes[index].end)
    var result = [UInt8]()
    var position = index + 1
    while position < end {
      let node = nodes[position]
      if node.isText { result.append(contentsOf: bytes[node.offset..<(node.offset + Int(node.count))]) }
      position += 1
    }
    return String(decoding: result, as: UTF8.self)
  }
}
