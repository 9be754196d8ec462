/// Compiles a map's entries into a ``TTURLTrie``: orders the patterns by precedence, builds one
/// trie per scheme, then flattens it into plain arrays.
enum TTURLTrieBuilder {
  /// A node while building.
  private final class BuildNode {
    var literalIndex: [String: Int] = [:]
    var literals: [(bytes: [UInt8], node: BuildNode)] = []
    var typed: [(type: TTURLTrie.CompiledType, node: BuildNode)] = []
    var untyped: BuildNode?
    var leaves: [Int32] = []
    var tails: [Int32] = []

    /// How many children the node has: literals, typed, untyped.
    var childCount: Int { literals.count + typed.count + (untyped == nil ? 0 : 1) }

    /// The child at a position, in the order they are flattened: literals, typed, untyped.
    func child(at position: Int) -> BuildNode? {
      if position < literals.count { return literals[position].node }
      if position - literals.count < typed.count { return typed[position - literals.count].node }
      return untyped
    }
  }

  /// The flat arrays being filled.
  private struct Output {
    var nodes: [TTURLTrie.Node] = []
    var literalKeys: [TTURLTrie.LiteralKey] = []
    var literalBytes: [UInt8] = []
    var slots: [Int32] = []
    var edges: [TTURLTrie.Edge] = []
    var leafLists: [Int32] = []
    var orders: [Int32] = []
  }

  /// Literal tables larger than this are hashed; smaller ones are scanned.
  static let linearLimit = 8

  /// Compiles entries (already checked for clashes) into a trie.
  static func build(entries: [TTURLMap.Entry], converters: [TTURLParameterConverter]) -> TTURLTrie {
    var converterIndex: [String: Int] = [:]
    for (index, converter) in converters.enumerated() { converterIndex[converter.name] = index }
    func compiled(_ type: TTURLParameterType) -> TTURLTrie.CompiledType {
      switch type {
      case .string: .string
      case .int: .int
      case .double: .double
      case .bool: .bool
      case .uuid: .uuid
      case .path: .path
      case .custom(let name): .custom(converterIndex[name] ?? Int.max)
      }
    }
    func compiled(_ part: TTURLPattern.Part) -> TTURLLeaf.Part {
      switch part {
      case .literal(let decoded, _): .literal(decoded)
      case .parameter(let name, let type): .parameter(name: name, type: compiled(type))
      }
    }

    let routes = entries.filter { $0.pattern.kind == .route }.sorted { left, right in
      left.pattern.precedes(right.pattern) ?? (left.index < right.index)
    }
    let fallbacks = entries.filter { $0.pattern.kind == .fallback }
    var leaves: [TTURLLeaf] = []
    for (order, entry) in (routes + fallbacks).enumerated() {
      let pattern = entry.pattern
      var pathParameters: [TTURLLeaf.PathParameter] = []
      var tailName: String?
      for (index, part) in pattern.components.enumerated() {
        guard case .parameter(let name, let type) = part else { continue }
        if type == .path {
          tailName = name
        } else {
          pathParameters.append(TTURLLeaf.PathParameter(index: index, name: name, type: compiled(type)))
        }
      }
      let query = pattern.query.map { TTURLLeaf.QueryItem(name: $0.name, part: compiled($0.part)) }
      var parameterCount = pathParameters.count + (tailName == nil ? 0 : 1)
      parameterCount += pattern.query.filter { if case .parameter = $0.part { true } else { false } }.count
      if case .parameter? = pattern.fragment { parameterCount += 1 }
      leaves.append(
        TTURLLeaf(
          pattern: pattern, route: entry.route, order: Int32(order), pathParameters: pathParameters,
          tailIndex: tailName == nil ? -1 : pattern.components.count - 1, tailName: tailName, query: query,
          fragment: pattern.fragment.map(compiled), parameterCount: parameterCount))
    }

    var roots: [String: BuildNode] = [:]
    var schemeOrder: [String] = []
    for (leafIndex, leaf) in leaves.enumerated() where leaf.pattern.kind == .route {
      let scheme = leaf.pattern.scheme
      if roots[scheme] == nil {
        roots[scheme] = BuildNode()
        schemeOrder.append(scheme)
      }
      guard var node = roots[scheme] else { continue }
      for part in leaf.pattern.components {
        switch part {
        case .literal(let decoded, _):
          if let existing = node.literalIndex[decoded] {
            node = node.literals[existing].node
          } else {
            let child = BuildNode()
            node.literalIndex[decoded] = node.literals.count
            node.literals.append((Array(decoded.utf8), child))
            node = child
          }
        case .parameter(_, .string):
          let child = node.untyped ?? BuildNode()
          node.untyped = child
          node = child
        case .parameter(_, .path):
          break
        case .parameter(_, let type):
          let type = compiled(type)
          if let existing = node.typed.first(where: { $0.type == type }) {
            node = existing.node
          } else {
            let child = BuildNode()
            node.typed.append((type, child))
            node = child
          }
        }
      }
      if leaf.pattern.hasTail {
        node.tails.append(Int32(leafIndex))
      } else {
        node.leaves.append(Int32(leafIndex))
      }
    }

    var output = Output()
    output.orders = leaves.map(\.order)
    var schemes: [String: TTURLTrie.SchemeEntry] = [:]
    for scheme in schemeOrder {
      guard let root = roots[scheme] else { continue }
      let index = flatten(root, into: &output)
      schemes[scheme] = TTURLTrie.SchemeEntry(bytes: Array(scheme.utf8), root: index, fallback: -1)
    }
    var globalFallback: Int32 = -1
    for (leafIndex, leaf) in leaves.enumerated() where leaf.pattern.kind == .fallback {
      let scheme = leaf.pattern.scheme
      if scheme.isEmpty {
        globalFallback = Int32(leafIndex)
      } else {
        var entry =
          schemes[scheme] ?? TTURLTrie.SchemeEntry(bytes: Array(scheme.utf8), root: -1, fallback: -1)
        entry.fallback = Int32(leafIndex)
        schemes[scheme] = entry
      }
    }
    return TTURLTrie(
      nodes: output.nodes, literalKeys: output.literalKeys, literalBytes: output.literalBytes,
      slots: output.slots, edges: output.edges, leafLists: output.leafLists, leaves: leaves,
      schemes: schemes.keys.sorted().compactMap { schemes[$0] }, globalFallback: globalFallback,
      converters: converters)
  }

  /// A node being flattened: its index and the indexes of the children done so far.
  private struct Frame {
    let built: BuildNode
    let index: Int32
    var flattened: [Int32] = []
  }

  /// Flattens a node and everything below it; returns its index.
  ///
  /// Nodes are numbered in depth-first order, each before its children (literals, then typed,
  /// then untyped), and written once their children are: with an explicit stack, since a
  /// pattern's components can make the trie as deep as they are many. A node written lets go
  /// of its children, so the build tree is freed one node at a time, never by a chain of
  /// nested frees.
  private static func flatten(_ root: BuildNode, into output: inout Output) -> Int32 {
    func begin(_ built: BuildNode) -> Frame {
      let index = Int32(output.nodes.count)
      output.nodes.append(TTURLTrie.Node())
      return Frame(built: built, index: index)
    }
    var stack = [begin(root)]
    while true {
      let top = stack.count - 1
      let done = stack[top].flattened.count
      if done < stack[top].built.childCount, let child = stack[top].built.child(at: done) {
        stack.append(begin(child))
        continue
      }
      let frame = stack.removeLast()
      finish(frame, into: &output)
      frame.built.literalIndex = [:]
      frame.built.literals = []
      frame.built.typed = []
      frame.built.untyped = nil
      guard !stack.isEmpty else { return frame.index }
      stack[stack.count - 1].flattened.append(frame.index)
    }
  }

  /// Writes a node whose children are all flattened.
  private static func finish(_ frame: Frame, into output: inout Output) {
    let built = frame.built
    let index = frame.index
    var node = TTURLTrie.Node()

    func absorb(_ child: Int32) {
      let childNode = output.nodes[Int(child)]
      node.lengths |= (childNode.lengths << 1) | (childNode.lengths & (1 << 63))
      if childNode.minTail != .max { node.minTail = min(node.minTail, childNode.minTail + 1) }
      node.minOrder = min(node.minOrder, childNode.minOrder)
    }

    let literalChildren = Array(frame.flattened.prefix(built.literals.count))
    var typedChildren = zip(built.typed, frame.flattened.dropFirst(built.literals.count)).map {
      (type: $0.type, child: $1)
    }
    let untypedChild = built.untyped == nil ? nil : frame.flattened.last
    literalChildren.forEach(absorb)
    typedChildren.forEach { absorb($0.child) }
    untypedChild.map(absorb)
    node.untyped = untypedChild ?? -1
    if let first = built.leaves.first {
      node.lengths |= 1
      node.minOrder = min(node.minOrder, output.orders[Int(first)])
    }
    if let first = built.tails.first {
      node.minTail = 1
      node.minOrder = min(node.minOrder, output.orders[Int(first)])
    }

    node.leafStart = Int32(output.leafLists.count)
    node.leafCount = Int32(built.leaves.count)
    output.leafLists += built.leaves
    node.tailStart = Int32(output.leafLists.count)
    node.tailCount = Int32(built.tails.count)
    output.leafLists += built.tails

    typedChildren.sort { output.nodes[Int($0.child)].minOrder < output.nodes[Int($1.child)].minOrder }
    node.edgeStart = Int32(output.edges.count)
    node.edgeCount = Int32(typedChildren.count)
    output.edges += typedChildren.map { TTURLTrie.Edge(type: $0.type, child: $0.child) }

    node.literalStart = Int32(output.literalKeys.count)
    node.literalCount = Int32(built.literals.count)
    for (position, literal) in built.literals.enumerated() {
      let hash = literal.bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { TTURLBytes.hash($0, buffer.count) } ?? 0
      }
      output.literalKeys.append(
        TTURLTrie.LiteralKey(
          start: Int32(output.literalBytes.count), count: Int32(literal.bytes.count), hash: hash,
          child: literalChildren[position]))
      output.literalBytes += literal.bytes
    }
    if built.literals.count > linearLimit {
      var capacity = 16
      while capacity < built.literals.count * 2 { capacity *= 2 }
      let start = output.slots.count
      output.slots += Array(repeating: -1, count: capacity)
      for position in 0..<built.literals.count {
        let keyIndex = Int(node.literalStart) + position
        var slot = Int(truncatingIfNeeded: output.literalKeys[keyIndex].hash) & (capacity - 1)
        while output.slots[start + slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
        output.slots[start + slot] = Int32(keyIndex)
      }
      node.slotStart = Int32(start)
      node.slotMask = Int32(capacity - 1)
    }
    output.nodes[Int(index)] = node
  }
}
