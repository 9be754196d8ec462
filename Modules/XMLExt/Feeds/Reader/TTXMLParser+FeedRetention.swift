extension TTXMLParser {
  /// What ``compactForFeed(_:)`` needs to know about the feed being read (internal).
  struct FeedCompaction {
    /// Where the reader stopped handing fields to its builder.
    ///
    /// An open child of the root or channel (a field being read, an item), or the end of the
    /// tree; updated when the tree is trimmed.
    var watermark: Int
    /// What the channel may still keep.
    var channelAllowance: TTFeedAllowance
    /// What an item may keep.
    var itemAllowance: TTFeedAllowance
    /// Whether the feed is RSS (its `channel` holds the fields) rather than Atom.
    var isRSS: Bool
  }

  /// Removes from the parser's tree what a feed reader has used, or never will (internal, for
  /// ``TTFeedReader``).
  ///
  /// What stays: the elements still open (the parser needs them), without the attributes of
  /// those that are not read; the content of the field or item being read, as far as its
  /// allowance admits. What goes: the fields already handed to the builder, text between them,
  /// and everything inside elements the builder does not read. The streaming state (the item
  /// being collected) is carried over to the new arrays.
  ///
  /// Call it only between parser callbacks: after `feed(_:)` returned, or from the streaming
  /// handler.
  ///
  /// - Complexity: O(*n*) in the nodes held; no recursion.
  func compactForFeed(_ state: inout FeedCompaction) {
    enum Role {
      /// The root, or an RSS channel: its children are the feed's fields.
      case container
      /// An open element whose content is dropped.
      case ignored
      /// Inside a field or item: `depth` 0 is the field or item itself; `dead` once its
      /// allowance refused it (open, kept bare).
      case value(depth: Int, inItem: Bool, dead: Bool)
    }
    let old = TTFeedTreeView(builder)
    let count = old.nodes.count
    guard count > 0 else { return }
    let stack = builder.stack
    let openText = builder.openText
    var channel = state.channelAllowance
    var item = state.itemAllowance

    var nodes: [TTXMLStorage.Node] = []
    var attributes: [TTXMLStorage.Attribute] = []
    var bytes: [UInt8] = []
    var roles: [Role] = []
    var newIndex = [Int32](repeating: -1, count: count)
    /// Kept closed elements whose `end` is set once their subtree is copied: (new, old end).
    var pending: [(Int, Int)] = []
    var stackPosition = 0
    var newOpenText = -1
    var newStreamRoot = -1
    var newStreamByteBase = 0

    func keepElement(
      _ index: Int, parent: Int32, role: Role, withAttributes: Bool, isOpen: Bool, mark: Int32 = 0
    ) {
      var node = old.nodes[index]
      let position = nodes.count
      if index == streamRoot { newStreamByteBase = bytes.count }
      node.parent = parent
      node.end = Int32(truncatingIfNeeded: position + 1)
      let first = node.offset
      let attributeCount = withAttributes ? Int(node.count) : 0
      node.offset = attributes.count
      node.count = Int32(attributeCount)
      if !withAttributes { node.namespaceCount = mark }
      for source in first..<(first + attributeCount) {
        var attribute = old.attributes[source]
        let start = attribute.offset
        attribute.offset = bytes.count
        bytes.append(contentsOf: old.bytes[start..<(start + attribute.count)])
        attributes.append(attribute)
      }
      nodes.append(node)
      roles.append(role)
      newIndex[index] = Int32(truncatingIfNeeded: position)
      if !isOpen { pending.append((position, Int(old.nodes[index].end))) }
    }

    /// Keeps a mark where refused content was dropped: a text node of no bytes.
    func keepMark(_ mark: Int32, parent: Int32, line: Int32) {
      nodes.append(
        TTXMLStorage.Node(
          name: -1, parent: parent, end: Int32(truncatingIfNeeded: nodes.count + 1), line: line,
          offset: bytes.count, count: 0, namespaceCount: mark))
      roles.append(.ignored)
    }

    var index = 0
    while index < count {
      while let last = pending.last, last.1 <= index {
        nodes[last.0].end = Int32(truncatingIfNeeded: nodes.count)
        pending.removeLast()
      }
      let node = old.nodes[index]
      let isOpen = stackPosition < stack.count && Int(stack[stackPosition]) == index
      if isOpen { stackPosition += 1 }
      if index == 0 {
        keepElement(0, parent: -1, role: .container, withAttributes: false, isOpen: isOpen)
        index += 1
        continue
      }
      let parent = newIndex[Int(node.parent)]
      let parentRole = roles[Int(parent)]
      let skip = node.isText ? index + 1 : Int(node.end)

      if index == streamRoot {
        // The item being collected: its own allowance, wherever it sits.
        let admitted =
          !TTFeedMark.apply(node, to: &item)
          && item.admitElement(attributeBytes: old.attributeBytes(at: index))
        keepElement(
          index, parent: parent, role: .value(depth: 0, inItem: true, dead: !admitted),
          withAttributes: admitted, isOpen: true, mark: admitted ? 0 : TTFeedMark.refused)
        index += 1
        continue
      }
      switch parentRole {
      case .container:
        if isOpen {
          let entry = old.name(at: index)
          if state.isRSS, node.parent == 0, entry.local == "channel",
            TTFeedBuilder.isRSSNamespace(entry.namespaceURI)
          {
            keepElement(index, parent: parent, role: .container, withAttributes: false, isOpen: true)
          } else if TTFeedBuilder.readsChannelField(name: entry.local, namespace: entry.namespaceURI) {
            let admitted =
              !TTFeedMark.apply(node, to: &channel)
              && channel.admitElement(attributeBytes: old.attributeBytes(at: index))
            keepElement(
              index, parent: parent, role: .value(depth: 0, inItem: false, dead: !admitted),
              withAttributes: admitted, isOpen: true, mark: admitted ? 0 : TTFeedMark.refused)
          } else {
            keepElement(index, parent: parent, role: .ignored, withAttributes: false, isOpen: true)
          }
          index += 1
        } else {
          // Text between fields, or a field the builder has had already.
          index = skip
        }
      case .ignored:
        if isOpen {
          keepElement(index, parent: parent, role: .ignored, withAttributes: false, isOpen: true)
          index += 1
        } else {
          index = skip
        }
      case .value(let depth, let inItem, let dead):
        var mark: Int32 = 0
        if !dead {
          // A mark from an earlier trim refuses again, and stays.
          let marked = inItem ? TTFeedMark.apply(node, to: &item) : TTFeedMark.apply(node, to: &channel)
          if marked { mark = node.namespaceCount }
        }
        if mark != 0, node.isText {
          keepMark(mark, parent: parent, line: node.line)
          index += 1
          continue
        }
        if node.isText {
          var kept = 0
          if !dead {
            kept =
              inItem
              ? item.admitText(count: Int(node.count))
              : channel.admitText(count: Int(node.count))
          }
          if kept > 0 {
            var text = node
            text.parent = parent
            text.end = Int32(truncatingIfNeeded: nodes.count + 1)
            text.offset = bytes.count
            text.count = Int32(kept)
            bytes.append(contentsOf: old.bytes[node.offset..<(node.offset + kept)])
            if index == openText, kept == Int(node.count) { newOpenText = nodes.count }
            nodes.append(text)
            roles.append(.ignored)
          }
          index += 1
          continue
        }
        var admitted = !dead && mark == 0
        if admitted, inItem, depth == 0 {
          let entry = old.name(at: index)
          admitted = TTFeedBuilder.readsItemField(name: entry.local, namespace: entry.namespaceURI)
        }
        if admitted, depth + 1 > TTFeedAllowance.maxDepth {
          admitted = false
          mark = TTFeedMark.tooDeep
        }
        if admitted {
          let attributeBytes = old.attributeBytes(at: index)
          admitted =
            inItem
            ? item.admitElement(attributeBytes: attributeBytes)
            : channel.admitElement(attributeBytes: attributeBytes)
          if !admitted { mark = TTFeedMark.refused }
        }
        if admitted || isOpen {
          keepElement(
            index, parent: parent, role: .value(depth: depth + 1, inItem: inItem, dead: !admitted),
            withAttributes: admitted, isOpen: isOpen, mark: mark)
          index += 1
        } else {
          // A refused element leaves its mark, so the next walk refuses from here too.
          if mark != 0 { keepMark(mark, parent: parent, line: node.line) }
          index = skip
        }
      }
    }
    while let last = pending.popLast() {
      nodes[last.0].end = Int32(truncatingIfNeeded: nodes.count)
    }
    if streamRoot >= 0 { newStreamRoot = Int(newIndex[streamRoot]) }
    state.watermark = state.watermark < count ? Int(newIndex[state.watermark]) : nodes.count
    builder.nodes = nodes
    builder.attributes = attributes
    builder.bytes = bytes
    builder.stack = stack.map { newIndex[Int($0)] }
    builder.openText = newOpenText
    streamRoot = newStreamRoot
    streamByteBase = newStreamByteBase
  }
}
