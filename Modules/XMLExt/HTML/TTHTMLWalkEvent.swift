/// One step of a document-order walk over a tree: an element opens, a run of text, an element
/// closes.
///
/// ```swift
/// // <p>Hi <b>there</b></p>
/// // .start(<p>), .text("Hi "), .start(<b>), .text("there"), .end(<b>), .end(<p>)
/// ```
public enum TTHTMLWalkEvent: Sendable {
  /// An element opens; its children follow, then its ``end(_:)``.
  case start(TTXMLElement)
  /// A run of text (whitespace kept, entities decoded).
  case text(String)
  /// The element that opened last and is still open closes.
  case end(TTXMLElement)
}

extension TTXMLElement {
  /// Visits this element and everything inside it in document order: `.start` for each
  /// element, `.text` for each run of text, `.end` when an element closes.
  ///
  /// The walk is a loop over the tree's compact storage with a small stack of open elements:
  /// it never recurses (however deep the tree) and builds no arrays of children, so it suits
  /// renderers that visit every node of large pages.
  ///
  /// ```swift
  /// let page = try TTHTMLParser.parse(Data("<ul><li>One<li>Two</ul>".utf8))
  /// var items = 0
  /// page.root.walk { event in
  ///   if case .start(let element) = event, element.name == "li" { items += 1 }
  /// }
  /// // items == 2
  /// ```
  ///
  /// - Parameter visit: Called with every event; throwing stops the walk and rethrows.
  public func walk(_ visit: (TTHTMLWalkEvent) throws -> Void) rethrows {
    let nodes = storage.nodes
    let end = Int(nodes[index].end)
    // The indices of the open elements, innermost last, and where each one ends.
    var open: [(index: Int, end: Int)] = []
    open.reserveCapacity(32)
    var position = index
    while position < end {
      while let last = open.last, last.end <= position {
        open.removeLast()
        try visit(.end(TTXMLElement(storage: storage, index: last.index)))
      }
      let node = nodes[position]
      if node.isText {
        try visit(.text(storage.string(offset: node.offset, count: Int(node.count))))
      } else {
        try visit(.start(TTXMLElement(storage: storage, index: position)))
        open.append((position, Int(node.end)))
      }
      position += 1
    }
    while let last = open.popLast() {
      try visit(.end(TTXMLElement(storage: storage, index: last.index)))
    }
  }
}
