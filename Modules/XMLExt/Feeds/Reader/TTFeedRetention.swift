/// What the feed reader may still keep of one item, or of the channel (internal).
///
/// Content is admitted in document order until the allowance is used up; from then on
/// nothing more is, so what is kept is always a prefix. The same rules run while the parser's
/// tree is trimmed and when a finished element is converted, so what a feed gives does not
/// depend on where its pieces were cut: text is cut at exactly the bytes left (the tree may
/// hold a partial character) and the partial character is dropped only when the text becomes a
/// string.
struct TTFeedAllowance {
  /// Bytes of text and attribute values left.
  private(set) var bytes: Int
  /// Elements and runs of text left.
  private(set) var nodes: Int
  /// Whether anything was refused, or the allowance was used up to its end.
  var wasCut = false

  /// The deepest an element is kept inside one item or channel field (the field is level 0).
  static let maxDepth = 256

  init(bytes: Int, nodes: Int) {
    self.bytes = max(0, bytes)
    self.nodes = max(0, nodes)
  }

  /// An allowance that admits everything (nesting is still limited).
  static var unlimited: TTFeedAllowance { TTFeedAllowance(bytes: .max, nodes: .max) }

  /// Whether nothing more is admitted.
  var isExhausted: Bool { bytes == 0 || nodes == 0 }

  /// Admits an element whose attribute values take `attributeBytes`.
  mutating func admitElement(attributeBytes: Int) -> Bool {
    guard !isExhausted, attributeBytes <= bytes else {
      exhaust()
      return false
    }
    nodes -= 1
    bytes -= attributeBytes
    if isExhausted { wasCut = true }
    return true
  }

  /// Admits a run of `count` bytes of text: how many of them are kept (all, the first bytes
  /// left, or none).
  mutating func admitText(count: Int) -> Int {
    guard !isExhausted else {
      exhaust()
      return 0
    }
    nodes -= 1
    let kept = min(count, bytes)
    bytes -= kept
    if isExhausted { wasCut = true }
    return kept
  }

  /// Refuses everything from now on.
  mutating func exhaust() {
    bytes = 0
    nodes = 0
    wasCut = true
  }
}

/// Marks the parser's tree keeps where trimming refused content, so that walking the trimmed
/// tree again (another trim, or the final conversion) refuses the same as the first walk did,
/// however the pieces were cut (internal).
///
/// A refused element leaves nothing to refuse again: a closed one is dropped, an open one is
/// kept without its attributes. So its place is marked, in the `namespaceCount` of a node
/// (otherwise 0 for text and for an element kept bare): a text node of no bytes where a closed
/// element was dropped, or the open element itself.
enum TTFeedMark {
  /// The allowance refused here: nothing more of the item or field is admitted.
  static let refused: Int32 = -1
  /// Content nested too deep was left out here: the item or field is cut, what follows is
  /// still admitted.
  static let tooDeep: Int32 = -2

  /// Applies the mark of `node`, if any, to `allowance`; `true` when the node is a mark (or
  /// marked) and is not itself admitted.
  static func apply(_ node: TTXMLStorage.Node, to allowance: inout TTFeedAllowance) -> Bool {
    switch node.namespaceCount {
    case refused:
      allowance.exhaust()
      return true
    case tooDeep:
      allowance.wasCut = true
      return true
    default:
      return false
    }
  }
}

/// A parsed tree as the reader walks it: the parser's arrays while it parses, or a finished
/// document's (internal).
struct TTFeedTreeView {
  let names: [TTXMLStorage.Name]
  let nodes: [TTXMLStorage.Node]
  let attributes: [TTXMLStorage.Attribute]
  let bytes: [UInt8]

  init(_ storage: TTXMLStorage) {
    names = storage.names
    nodes = storage.nodes
    attributes = storage.attributes
    bytes = storage.bytes
  }

  init(_ builder: TTXMLTreeBuilder) {
    names = builder.names
    nodes = builder.nodes
    attributes = builder.attributes
    bytes = builder.bytes
  }

  /// The name of the element at `index`.
  func name(at index: Int) -> TTXMLStorage.Name {
    names[Int(nodes[index].name)]
  }

  /// The bytes taken by the values of an element's attributes (namespace declarations too).
  func attributeBytes(at index: Int) -> Int {
    let node = nodes[index]
    var total = 0
    for position in node.offset..<(node.offset + Int(node.count)) {
      total += attributes[position].count
    }
    return total
  }

  /// The element at `index` with its attributes and no content.
  func bareElement(at index: Int) -> TTFeedElement {
    let node = nodes[index]
    let entry = names[Int(node.name)]
    var converted: [TTFeedElement.Attribute] = []
    // A marked element (TTFeedMark) is kept bare: no attributes.
    let first = node.offset + Int(max(0, node.namespaceCount))
    let end = node.offset + Int(node.count)
    if first < end {
      converted.reserveCapacity(end - first)
      for position in first..<end {
        let attribute = attributes[position]
        let attributeName = names[Int(attribute.name)]
        converted.append(
          TTFeedElement.Attribute(
            name: attributeName.local, namespace: attributeName.namespaceURI,
            value: string(offset: attribute.offset, count: attribute.count)))
      }
    }
    return TTFeedElement(name: entry.local, namespace: entry.namespaceURI, attributes: converted, nodes: [])
  }

  /// The closed element at `index` with what `allowance` admits of its content, or `nil` when
  /// the element itself is not admitted.
  ///
  /// Walks the subtree with an explicit stack (no recursion over the document's depth); content
  /// nested more than ``TTFeedAllowance/maxDepth`` levels below the element is left out.
  ///
  /// - Parameter itemFields: Whether the element is an item, whose children the builder does
  ///   not read are left out without counting against the allowance.
  func feedElement(at root: Int, allowance: inout TTFeedAllowance, itemFields: Bool) -> TTFeedElement? {
    guard !TTFeedMark.apply(nodes[root], to: &allowance),
      allowance.admitElement(attributeBytes: attributeBytes(at: root))
    else { return nil }
    var stack: [(element: TTFeedElement, end: Int)] = [(bareElement(at: root), Int(nodes[root].end))]
    var index = root + 1
    while true {
      while let top = stack.last, index >= top.end {
        let finished = stack.removeLast().element
        guard !stack.isEmpty else { return finished }
        stack[stack.count - 1].element.nodes.append(.element(finished))
      }
      let node = nodes[index]
      if TTFeedMark.apply(node, to: &allowance) {
        index = node.isText ? index + 1 : Int(node.end)
        continue
      }
      if node.isText {
        let kept = allowance.admitText(count: Int(node.count))
        if kept > 0 {
          let text = string(offset: node.offset, count: Self.completeCharacters(bytes, node.offset, kept))
          stack[stack.count - 1].element.nodes.append(.text(text))
        }
        index += 1
        continue
      }
      let end = Int(node.end)
      if itemFields, stack.count == 1 {
        let entry = names[Int(node.name)]
        guard TTFeedBuilder.readsItemField(name: entry.local, namespace: entry.namespaceURI) else {
          index = end
          continue
        }
      }
      guard stack.count <= TTFeedAllowance.maxDepth else {
        allowance.wasCut = true
        index = end
        continue
      }
      guard allowance.admitElement(attributeBytes: attributeBytes(at: index)) else {
        index = end
        continue
      }
      stack.append((bareElement(at: index), end))
      index += 1
    }
  }

  /// How many of `count` bytes from `offset` make whole characters: a character cut at the
  /// end (the text was cut to an allowance) is left out.
  static func completeCharacters(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
    var lead = count - 1
    while lead >= 0, count - lead <= 4, bytes[offset + lead] & 0xC0 == 0x80 { lead -= 1 }
    guard lead >= 0 else { return count }
    let byte = bytes[offset + lead]
    let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
    return lead + length <= count ? count : lead
  }

  private func string(offset: Int, count: Int) -> String {
    guard count > 0 else { return "" }
    return bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)]), as: UTF8.self)
    }
  }
}
