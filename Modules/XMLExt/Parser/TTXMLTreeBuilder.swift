import CLibXML2
import Foundation

/// Builds a ``TTXMLStorage`` from SAX events (internal).
///
/// Text arrives in pieces; consecutive pieces (characters, CDATA, expanded entities) extend one
/// text node in place, so no allocation happens per callback once the arrays have grown.
struct TTXMLTreeBuilder {
  /// What identifies a name: the three interned libxml2 pointers.
  struct NameKey: Hashable {
    let local: UnsafeRawPointer?
    let prefix: UnsafeRawPointer?
    let namespaceURI: UnsafeRawPointer?
  }

  var names: [TTXMLStorage.Name] = []
  var nameCache: [NameKey: Int32] = [:]
  var nodes: [TTXMLStorage.Node] = []
  var attributes: [TTXMLStorage.Attribute] = []
  var bytes: [UInt8] = []
  /// The indices of the open elements, outermost first.
  var stack: [Int32] = []
  /// The index of the text node that text is appended to, or -1.
  var openText = -1

  init() {
    stack.reserveCapacity(64)
  }

  /// A small direct-mapped cache in front of `nameCache`: a hit costs three pointer
  /// comparisons instead of hashing, and documents use few names over and over.
  private var recentKeys = [NameKey](
    repeating: NameKey(local: nil, prefix: nil, namespaceURI: nil), count: 64)
  private var recentIndices = [Int32](repeating: -1, count: 64)

  /// The interned index of a name, creating it on first use.
  mutating func nameIndex(
    _ key: NameKey, make: () -> TTXMLStorage.Name
  ) -> Int32 {
    // Fibonacci hashing: libxml2's interned names sit a few bytes apart in one pool, so low
    // address bits alone put names used together (`level`, `name`) in one slot.
    let mixed =
      (UInt(bitPattern: key.local) ^ UInt(bitPattern: key.prefix) &* 31
        ^ UInt(bitPattern: key.namespaceURI) &* 131) &* 0x9E37_79B9_7F4A_7C15
    let slot = Int(truncatingIfNeeded: mixed >> 58)
    if recentIndices[slot] >= 0, recentKeys[slot] == key { return recentIndices[slot] }
    let index: Int32
    if let found = nameCache[key] {
      index = found
    } else {
      index = Int32(names.count)
      names.append(make())
      nameCache[key] = index
    }
    recentKeys[slot] = key
    recentIndices[slot] = index
    return index
  }

  /// Opens an element; its attributes are appended next with ``appendAttribute(name:offset:)``.
  mutating func startElement(name: Int32, line: Int) -> Int {
    openText = -1
    let index = nodes.count
    nodes.append(
      TTXMLStorage.Node(
        name: name, parent: stack.last ?? -1, end: Int32(truncatingIfNeeded: index + 1),
        line: Int32(clamping: line), offset: attributes.count, count: 0, namespaceCount: 0))
    stack.append(Int32(truncatingIfNeeded: index))
    return index
  }

  /// Opens an element from libxml2's arguments with its namespace declarations and the
  /// attributes whose values need no decoding, in one access to the builder.
  ///
  /// - Returns: The element's index, name and depth (1 for the root), where its attribute bytes
  ///   start, and the position of the first attribute whose value holds a reference
  ///   (`attributeCount` when none does): the caller decodes and appends that one and the rest.
  ///   `nil`, with nothing opened, when the element would be nested deeper than `maxDepth`.
  mutating func startElement(
    maxDepth: Int, line: Int, localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
    uri: UnsafePointer<xmlChar>?, namespaceCount: Int,
    namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, attributeCount: Int,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) -> (index: Int, name: Int32, depth: Int, byteBase: Int, pending: Int)? {
    let depth = stack.count + 1
    guard depth <= maxDepth else { return nil }
    let name = nameIndex(.init(local: localName, prefix: prefix, namespaceURI: uri)) {
      TTXMLStorage.Name(
        local: String(cString: localName), prefix: prefix.map { String(cString: $0) },
        namespaceURI: uri.map { String(cString: $0) })
    }
    let index = startElement(name: name, line: line)
    let byteBase = bytes.count
    if let namespaces, namespaceCount > 0 {
      for position in 0..<namespaceCount {
        let declaredPrefix = namespaces[2 * position]
        let key = NameKey(
          local: declaredPrefix.map(UnsafeRawPointer.init), prefix: nil,
          namespaceURI: UnsafeRawPointer(TTXMLLibrary.marker))
        let declaration = nameIndex(key) {
          TTXMLStorage.Name(
            local: declaredPrefix.map { String(cString: $0) } ?? "xmlns",
            prefix: declaredPrefix == nil ? nil : "xmlns", namespaceURI: "http://www.w3.org/2000/xmlns/")
        }
        let offset = bytes.count
        if let value = namespaces[2 * position + 1] {
          bytes.append(contentsOf: UnsafeBufferPointer(start: value, count: strlen(value)))
        }
        appendAttribute(name: declaration, offset: offset, isNamespace: true)
      }
    }
    guard let attributes, attributeCount > 0 else { return (index, name, depth, byteBase, attributeCount) }
    for position in 0..<attributeCount {
      let base = 5 * position
      guard let attributeName = attributes[base] else { continue }
      var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
      if let start = attributes[base + 3], let end = attributes[base + 4], end > start {
        value = UnsafeBufferPointer(start: start, count: end - start)
        if value.contains(UInt8(ascii: "&")) { return (index, name, depth, byteBase, position) }
      }
      let attributePrefix = attributes[base + 1]
      let attributeURI = attributes[base + 2]
      let attribute = nameIndex(
        NameKey(local: attributeName, prefix: attributePrefix, namespaceURI: attributeURI)
      ) {
        TTXMLStorage.Name(
          local: String(cString: attributeName), prefix: attributePrefix.map { String(cString: $0) },
          namespaceURI: attributeURI.map { String(cString: $0) })
      }
      let offset = bytes.count
      bytes.append(contentsOf: value)
      appendAttribute(name: attribute, offset: offset, isNamespace: false)
    }
    return (index, name, depth, byteBase, attributeCount)
  }

  /// Records an attribute of the element just opened whose value is `bytes[offset...]`.
  mutating func appendAttribute(name: Int32, offset: Int, isNamespace: Bool) {
    attributes.append(TTXMLStorage.Attribute(name: name, offset: offset, count: bytes.count - offset))
    let last = nodes.count - 1
    nodes[last].count += 1
    if isNamespace { nodes[last].namespaceCount += 1 }
  }

  /// Closes the innermost open element and returns its index.
  @discardableResult
  mutating func endElement() -> Int {
    openText = -1
    guard let index = stack.popLast() else { return -1 }
    nodes[Int(index)].end = Int32(truncatingIfNeeded: nodes.count)
    return Int(index)
  }

  /// Appends text to the current element.
  mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, line: Int) {
    guard let parent = stack.last, text.count > 0 else { return }
    if openText >= 0, Int(nodes[openText].count) + text.count <= Int(Int32.max) {
      nodes[openText].count += Int32(text.count)
    } else {
      openText = nodes.count
      nodes.append(
        TTXMLStorage.Node(
          name: -1, parent: parent, end: Int32(truncatingIfNeeded: openText + 1),
          line: Int32(clamping: line), offset: bytes.count, count: Int32(text.count), namespaceCount: 0))
    }
    bytes.append(contentsOf: text)
  }

  /// Copies the finished subtree at `index` into storage of its own.
  ///
  /// - Parameter byteBase: Where the subtree's bytes start in ``bytes``.
  func extractSubtree(at index: Int, byteBase: Int) -> TTXMLStorage {
    let attributeBase = nodes[index].offset
    var subtreeNodes = Array(nodes[index...])
    let shift = Int32(truncatingIfNeeded: index)
    for position in subtreeNodes.indices {
      subtreeNodes[position].parent = position == 0 ? -1 : subtreeNodes[position].parent - shift
      subtreeNodes[position].end -= shift
      subtreeNodes[position].offset -= subtreeNodes[position].isText ? byteBase : attributeBase
    }
    var subtreeAttributes = Array(attributes[attributeBase...])
    for position in subtreeAttributes.indices { subtreeAttributes[position].offset -= byteBase }
    return TTXMLStorage(
      names: names, nodes: subtreeNodes, attributes: subtreeAttributes, bytes: Array(bytes[byteBase...]))
  }

  /// Forgets the finished subtree at `index` (and the whitespace-only text just before it), so
  /// a streaming parser's memory stays flat.
  mutating func discardSubtree(at index: Int, byteBase: Int) {
    var first = index
    var firstByte = byteBase
    let previous = index - 1
    if previous >= 0, nodes[previous].isText, nodes[previous].parent == nodes[index].parent,
      nodes[previous].offset + Int(nodes[previous].count) == byteBase,
      bytes[nodes[previous].offset..<byteBase].allSatisfy({
        $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D
      })
    {
      first = previous
      firstByte = nodes[previous].offset
    }
    let attributeBase = nodes[index].offset
    nodes.removeSubrange(first...)
    attributes.removeSubrange(attributeBase...)
    bytes.removeSubrange(firstByte...)
    openText = -1
  }

  /// Hands the arrays over to immutable storage.
  consuming func makeStorage() -> TTXMLStorage {
    TTXMLStorage(names: names, nodes: nodes, attributes: attributes, bytes: bytes)
  }
}
