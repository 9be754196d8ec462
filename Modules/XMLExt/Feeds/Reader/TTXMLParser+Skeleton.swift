extension TTXMLParser {
  /// The root of what the parser holds right now, with the elements still open closed
  /// provisionally (internal, for ``TTFeedReader``).
  ///
  /// Inside a streaming handler this is the document so far without the elements already
  /// handed over: for a feed, the root and the channel with the fields written before the
  /// current item. `nil` before the root's start tag.
  var provisionalRoot: TTXMLElement? {
    guard let first = builder.nodes.first, first.name >= 0 else { return nil }
    var nodes = builder.nodes
    let end = Int32(truncatingIfNeeded: nodes.count)
    for open in builder.stack where Int(open) < nodes.count {
      nodes[Int(open)].end = end
    }
    let storage = TTXMLStorage(
      names: builder.names, nodes: nodes, attributes: builder.attributes, bytes: builder.bytes)
    return TTXMLElement(storage: storage, index: 0)
  }
}
