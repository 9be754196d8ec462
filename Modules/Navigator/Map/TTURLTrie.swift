import Three20Core

/// The frozen matcher's compiled form: one trie per scheme, searched over UTF-8 bytes.
///
/// Each node has a literal table (a linear list, or an open-addressed hash table over the
/// literals' bytes when it has more than eight), typed parameter edges ordered by the best
/// pattern below them, one untyped edge, and the tail (`path`) patterns that end at it. Every node
/// also knows which numbers of remaining components can reach a pattern's end, so branches that
/// cannot fit the URL are never entered. The search tries literal, then typed, then untyped,
/// then tail at each component, left to right, and backtracks when a branch fails; the first
/// group that yields a match holds the best one. Only typed edges need comparing among
/// themselves, by each pattern's precedence order (``TTURLLeaf/order``).
///
/// All fields are `let` and `Sendable`, so the class is immutable and safe to share.
final class TTURLTrie: Sendable {
  /// A parameter type, with converters by index (a trivial value, cheap to copy).
  enum CompiledType: Sendable, Equatable {
    case string, int, double, bool, uuid, path
    case custom(Int)
  }

  /// A trie node; every field is a plain value, so reading one costs no reference counting.
  struct Node: Sendable {
    var literalStart: Int32 = 0
    var literalCount: Int32 = 0
    /// Start of this node's hash slots in ``slots``, or -1 to scan its literals linearly.
    var slotStart: Int32 = -1
    var slotMask: Int32 = 0
    var edgeStart: Int32 = 0
    var edgeCount: Int32 = 0
    var untyped: Int32 = -1
    var leafStart: Int32 = 0
    var leafCount: Int32 = 0
    var tailStart: Int32 = 0
    var tailCount: Int32 = 0
    /// Bit r set: a pattern ends after exactly r more components (bit 63: r ≥ 63).
    var lengths: UInt64 = 0
    /// A tail pattern ends after r more components for every r ≥ this.
    var minTail: Int32 = .max
    /// The best (lowest) order of any pattern below.
    var minOrder: Int32 = .max
  }

  /// A literal child: its bytes in ``literalBytes``, hash, and the child node.
  struct LiteralKey: Sendable {
    var start: Int32
    var count: Int32
    var hash: UInt64
    var child: Int32
  }

  /// A typed parameter edge.
  struct Edge: Sendable {
    var type: CompiledType
    var child: Int32
  }

  /// A scheme's trie and fallback.
  struct SchemeEntry: Sendable {
    var bytes: [UInt8]
    var root: Int32
    var fallback: Int32
  }

  /// Quick facts about a leaf, checked at every candidate end.
  struct LeafGate: Sendable {
    var order: Int32
    var needsFragment: Bool
    var needsQuery: Bool
  }

  let nodes: [Node]
  let literalKeys: [LiteralKey]
  let literalBytes: [UInt8]
  let slots: [Int32]
  let edges: [Edge]
  let leafLists: [Int32]
  let leaves: [TTURLLeaf]
  let gates: [LeafGate]
  let schemes: [SchemeEntry]
  let globalFallback: Int32
  let converters: [TTURLParameterConverter]

  init(
    nodes: [Node], literalKeys: [LiteralKey], literalBytes: [UInt8], slots: [Int32], edges: [Edge],
    leafLists: [Int32], leaves: [TTURLLeaf], schemes: [SchemeEntry], globalFallback: Int32,
    converters: [TTURLParameterConverter]
  ) {
    self.nodes = nodes
    self.literalKeys = literalKeys
    self.literalBytes = literalBytes
    self.slots = slots
    self.edges = edges
    self.leafLists = leafLists
    self.leaves = leaves
    self.gates = leaves.map {
      LeafGate(
        order: $0.order, needsFragment: $0.pattern.fragment != nil, needsQuery: !$0.pattern.query.isEmpty)
    }
    self.schemes = schemes
    self.globalFallback = globalFallback
    self.converters = converters
  }

  // MARK: - Input

  /// A URL split for searching: the components' byte ranges (percent-decoded when needed), the
  /// query and the fragment.
  struct Input {
    /// The bytes the component ranges point into.
    let base: UnsafePointer<UInt8>
    let starts: UnsafeMutablePointer<Int32>
    let ends: UnsafeMutablePointer<Int32>
    let count: Int
    /// The whole URL's bytes.
    let url: UnsafeBufferPointer<UInt8>
    /// The query's range in `url`, without `?`.
    let query: Range<Int>?
    /// The fragment's range in `url`, without `#`.
    let fragment: Range<Int>?
    /// The query's items (decoded, `+` as a space), parsed the first time they are needed.
    var parsedQuery: [(name: String, value: String?)]?

    @inline(__always)
    func component(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      let start = Int(starts[index])
      return UnsafeBufferPointer(start: base + start, count: Int(ends[index]) - start)
    }

    /// The query's items, as Core's `TTQueryString(parsing:)` reads them: split on `&` and `;`,
    /// empty pieces skipped, a piece without `=` a bare name, names and values percent-decoded
    /// with `+` as a space.
    mutating func queryItems() -> [(name: String, value: String?)] {
      if let parsedQuery { return parsedQuery }
      var items: [(name: String, value: String?)] = []
      if let query {
        var start = query.lowerBound
        for position in query.lowerBound...query.upperBound
        where position == query.upperBound || url[position] == UInt8(ascii: "&")
          || url[position] == UInt8(ascii: ";")
        {
          defer { start = position + 1 }
          guard position > start else { continue }
          var equals = start
          while equals < position, url[equals] != UInt8(ascii: "=") { equals += 1 }
          let name = TTURLBytes.decodedString(
            UnsafeBufferPointer(rebasing: url[start..<equals]), plusAsSpace: true)
          let value =
            equals < position
            ? TTURLBytes.decodedString(
              UnsafeBufferPointer(rebasing: url[(equals + 1)..<position]), plusAsSpace: true)
            : nil
          items.append((name, value))
        }
      }
      parsedQuery = items
      return items
    }

    /// The first value of a query name: `nil` when absent, `.some(nil)` for a bare name.
    mutating func firstQueryValue(_ name: String) -> String?? {
      for item in queryItems() where item.name == name { return .some(item.value) }
      return nil
    }
  }

  // MARK: - Resolving

  /// Splits `url` and calls `body` with the scheme's entry (if any) and the input; `body` is
  /// called with a `nil` input when the URL has no scheme this trie knows.
  func withInput<R>(
    _ url: UnsafeBufferPointer<UInt8>, _ body: (SchemeEntry?, inout Input?) -> R
  ) -> R {
    var none: Input? = nil
    let count = url.count
    guard count > 0, TTURLBytes.isLetter(url[0]) else { return body(nil, &none) }
    var index = 1
    while index < count, TTURLBytes.isSchemeByte(url[index]) { index += 1 }
    guard index < count, url[index] == UInt8(ascii: ":") else { return body(nil, &none) }
    let schemeEnd = index
    var found: SchemeEntry?
    for entry in schemes where entry.bytes.count == schemeEnd {
      var equal = true
      for offset in 0..<schemeEnd {
        let byte = url[offset]
        let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        if lower != entry.bytes[offset] {
          equal = false
          break
        }
      }
      if equal {
        found = entry
        break
      }
    }
    guard let entry = found else { return body(nil, &none) }
    index = schemeEnd + 1
    if index + 1 < count, url[index] == UInt8(ascii: "/"), url[index + 1] == UInt8(ascii: "/") {
      index += 2
    }
    let pathStart = index
    var slashes = 0
    var hasPercent = false
    while index < count {
      let byte = url[index]
      if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      if byte == UInt8(ascii: "/") { slashes += 1 }
      if byte == UInt8(ascii: "%") { hasPercent = true }
      index += 1
    }
    let pathEnd = index
    var query: Range<Int>?
    var fragment: Range<Int>?
    if index < count, url[index] == UInt8(ascii: "?") {
      var end = index + 1
      while end < count, url[end] != UInt8(ascii: "#") { end += 1 }
      query = (index + 1)..<end
      index = end
    }
    if index < count, url[index] == UInt8(ascii: "#") {
      fragment = (index + 1)..<count
    }
    let capacity = slashes + 1
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity * 2) { ranges in
      guard let rangesBase = ranges.baseAddress, let urlBase = url.baseAddress else {
        return body(entry, &none)
      }
      let starts = rangesBase
      let ends = rangesBase + capacity
      var components = 0
      if !hasPercent {
        var segmentStart = pathStart
        for position in pathStart...pathEnd where position == pathEnd || url[position] == UInt8(ascii: "/") {
          if position > segmentStart {
            starts[components] = Int32(truncatingIfNeeded: segmentStart)
            ends[components] = Int32(truncatingIfNeeded: position)
            components += 1
          }
          segmentStart = position + 1
        }
        var input: Input? = Input(
          base: urlBase, starts: starts, ends: ends, count: components, url: url, query: query,
          fragment: fragment)
        return body(entry, &input)
      }
      var decoded: [UInt8] = []
      decoded.reserveCapacity(pathEnd - pathStart)
      var segmentStart = pathStart
      for position in pathStart...pathEnd where position == pathEnd || url[position] == UInt8(ascii: "/") {
        if position > segmentStart {
          starts[components] = Int32(truncatingIfNeeded: decoded.count)
          TTPercentCoding.appendDecoded(
            UnsafeBufferPointer(rebasing: url[segmentStart..<position]), to: &decoded, plusAsSpace: false)
          ends[components] = Int32(truncatingIfNeeded: decoded.count)
          components += 1
        }
        segmentStart = position + 1
      }
      return decoded.withUnsafeBufferPointer { decodedBuffer in
        guard let decodedBase = decodedBuffer.baseAddress else { return body(entry, &none) }
        var input: Input? = Input(
          base: decodedBase, starts: starts, ends: ends, count: components, url: url, query: query,
          fragment: fragment)
        return body(entry, &input)
      }
    }
  }

  /// Whether a node can reach a pattern's end with `remaining` more components.
  @inline(__always)
  func canFinish(_ node: Int32, _ remaining: Int) -> Bool {
    let lengths = nodes[Int(node)].lengths
    let bit = remaining < 63 ? (lengths >> UInt64(remaining)) & 1 : lengths >> 63
    return bit != 0 || remaining >= Int(nodes[Int(node)].minTail)
  }

  /// A search's place in one node: where ``deepBest(_:_:_:)`` resumes when the node it went down
  /// into returns.
  private enum Step: UInt8 {
    /// Arriving at the node.
    case enter
    /// Back from the literal child.
    case afterLiteral
    /// Trying the typed edges from ``Frame/edge`` on.
    case edges
    /// Back from the typed edge before ``Frame/edge``.
    case afterEdge
    /// Back from the untyped child.
    case afterUntyped
  }

  /// One node of the search in progress: plain values, kept in a stack allocated per search.
  private struct Frame {
    var node: Int32
    var index: Int
    var step: Step
    /// The next typed edge to try.
    var edge: Int32
    /// The best leaf found through a typed edge so far, and its order.
    var winner: Int32
    var winnerOrder: Int32
  }

  /// How many components a search may have left for ``best(_:_:_:)`` to recurse, once per
  /// component; a search with more goes down the trie in a loop instead.
  static let recursionLimit = 32

  /// The best leaf for the input below `nodeIndex`, from component `index`, or -1.
  ///
  /// At each node: the literal child, then the typed edges (the best of those that match
  /// wins), then the untyped child, then the tail patterns; the first that yields a leaf
  /// decides. A URL of up to ``recursionLimit`` components is searched by recursion, the
  /// fastest way; a longer one by a loop over an explicit stack, so that a pattern of a million
  /// components never makes a million nested calls. Both give the same leaf.
  func best(_ nodeIndex: Int32, _ index: Int, _ input: inout Input) -> Int32 {
    input.count - index <= Self.recursionLimit
      ? shallowBest(nodeIndex, index, &input) : deepBest(nodeIndex, index, &input)
  }

  /// ``best(_:_:_:)`` by recursion, one level per component left: at most
  /// ``recursionLimit`` deep, since only ``best(_:_:_:)`` calls it.
  func shallowBest(_ nodeIndex: Int32, _ index: Int, _ input: inout Input) -> Int32 {
    let node = nodes[Int(nodeIndex)]
    let remaining = input.count - index
    if remaining == 0 {
      for position in node.leafStart..<(node.leafStart + node.leafCount) {
        let leaf = leafLists[Int(position)]
        if accepts(leaf, &input) { return leaf }
      }
      return -1
    }
    let component = input.component(index)
    if node.literalCount > 0 {
      let child = literalChild(node, component)
      if child >= 0, canFinish(child, remaining - 1) {
        let found = shallowBest(child, index + 1, &input)
        if found >= 0 { return found }
      }
    }
    if node.edgeCount > 0 {
      var winner: Int32 = -1
      var winnerOrder = Int32.max
      for position in node.edgeStart..<(node.edgeStart + node.edgeCount) {
        let edge = edges[Int(position)]
        if nodes[Int(edge.child)].minOrder >= winnerOrder { break }
        guard canFinish(edge.child, remaining - 1), accepts(edge.type, component) else { continue }
        let found = shallowBest(edge.child, index + 1, &input)
        if found >= 0, gates[Int(found)].order < winnerOrder {
          winner = found
          winnerOrder = gates[Int(found)].order
        }
      }
      if winner >= 0 { return winner }
    }
    if node.untyped >= 0, canFinish(node.untyped, remaining - 1) {
      let found = shallowBest(node.untyped, index + 1, &input)
      if found >= 0 { return found }
    }
    return tail(node, &input)
  }

  /// ``best(_:_:_:)`` as a loop over an explicit stack of ``Frame``s, one per component, the
  /// same steps in the same order as ``shallowBest(_:_:_:)``.
  func deepBest(_ nodeIndex: Int32, _ index: Int, _ input: inout Input) -> Int32 {
    let depth = max(0, input.count - index) + 1
    // Local copies: the loop reads them without going through `self` each time.
    let nodes = self.nodes
    let edges = self.edges
    let gates = self.gates
    return withUnsafeTemporaryAllocation(of: Frame.self, capacity: depth) { frames in
      guard let base = frames.baseAddress else { return -1 }
      var top = 0
      base.initialize(
        to: Frame(node: nodeIndex, index: index, step: .enter, edge: 0, winner: -1, winnerOrder: .max))
      // What the frame just finished found, for the frame below it.
      var result: Int32 = -1
      while true {
        let frame = base + top
        let node = nodes[Int(frame.pointee.node)]
        let remaining = input.count - frame.pointee.index
        // The frame's answer, when it has one; -2 while it is still searching.
        var answer: Int32 = -2
        // The child to go down into, if any.
        var child: Int32 = -1
        switch frame.pointee.step {
        case .enter:
          if remaining == 0 {
            answer = -1
            for position in node.leafStart..<(node.leafStart + node.leafCount) {
              let leaf = leafLists[Int(position)]
              if accepts(leaf, &input) {
                answer = leaf
                break
              }
            }
          } else {
            frame.pointee.edge = node.edgeStart
            frame.pointee.step = .edges
            if node.literalCount > 0 {
              let literal = literalChild(node, input.component(frame.pointee.index))
              if literal >= 0, canFinish(literal, remaining - 1) {
                frame.pointee.step = .afterLiteral
                child = literal
              }
            }
          }
        case .afterLiteral:
          if result >= 0 { answer = result } else { frame.pointee.step = .edges }
        case .afterEdge:
          if result >= 0, gates[Int(result)].order < frame.pointee.winnerOrder {
            frame.pointee.winner = result
            frame.pointee.winnerOrder = gates[Int(result)].order
          }
          frame.pointee.step = .edges
        case .edges:
          let component = input.component(frame.pointee.index)
          while frame.pointee.edge < node.edgeStart + node.edgeCount {
            let edge = edges[Int(frame.pointee.edge)]
            if nodes[Int(edge.child)].minOrder >= frame.pointee.winnerOrder { break }
            frame.pointee.edge += 1
            guard canFinish(edge.child, remaining - 1), accepts(edge.type, component) else { continue }
            frame.pointee.step = .afterEdge
            child = edge.child
            break
          }
          if child < 0 {
            if frame.pointee.winner >= 0 {
              answer = frame.pointee.winner
            } else if node.untyped >= 0, canFinish(node.untyped, remaining - 1) {
              frame.pointee.step = .afterUntyped
              child = node.untyped
            } else {
              answer = tail(node, &input)
            }
          }
        case .afterUntyped:
          answer = result >= 0 ? result : tail(node, &input)
        }
        if child >= 0 {
          top += 1
          (base + top).initialize(
            to: Frame(
              node: child, index: frame.pointee.index + 1, step: .enter, edge: 0, winner: -1,
              winnerOrder: .max))
        } else if answer != -2 {
          if top == 0 { return answer }
          top -= 1
          result = answer
        }
      }
    }
  }

  /// The first tail pattern of a node that accepts the input, or -1.
  @inline(__always)
  private func tail(_ node: Node, _ input: inout Input) -> Int32 {
    for position in node.tailStart..<(node.tailStart + node.tailCount) {
      let leaf = leafLists[Int(position)]
      if accepts(leaf, &input) { return leaf }
    }
    return -1
  }

  /// Every leaf matching the input below `nodeIndex`, in no particular order.
  ///
  /// A loop over an explicit stack of the nodes still to visit, not recursion.
  func all(_ nodeIndex: Int32, _ index: Int, _ input: inout Input, into found: inout [Int32]) {
    var pending = [(node: nodeIndex, index: index)]
    while let (nodeIndex, index) = pending.popLast() {
      let node = nodes[Int(nodeIndex)]
      if index == input.count {
        for position in node.leafStart..<(node.leafStart + node.leafCount) {
          let leaf = leafLists[Int(position)]
          if accepts(leaf, &input) { found.append(leaf) }
        }
        continue
      }
      let component = input.component(index)
      if node.literalCount > 0 {
        let child = literalChild(node, component)
        if child >= 0 { pending.append((child, index + 1)) }
      }
      for position in node.edgeStart..<(node.edgeStart + node.edgeCount) {
        let edge = edges[Int(position)]
        if accepts(edge.type, component) { pending.append((edge.child, index + 1)) }
      }
      if node.untyped >= 0 { pending.append((node.untyped, index + 1)) }
      for position in node.tailStart..<(node.tailStart + node.tailCount) {
        let leaf = leafLists[Int(position)]
        if accepts(leaf, &input) { found.append(leaf) }
      }
    }
  }

  /// The child for a literal component, or -1.
  @inline(__always)
  func literalChild(_ node: Node, _ component: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard let start = component.baseAddress else { return -1 }
    let count = component.count
    if node.slotStart < 0 {
      for position in node.literalStart..<(node.literalStart + node.literalCount) {
        let key = literalKeys[Int(position)]
        if Int(key.count) == count, equalBytes(key, start, count) { return key.child }
      }
      return -1
    }
    let hash = TTURLBytes.hash(start, count)
    var slot = Int(truncatingIfNeeded: hash) & Int(node.slotMask)
    while true {
      let entry = slots[Int(node.slotStart) + slot]
      if entry < 0 { return -1 }
      let key = literalKeys[Int(entry)]
      if key.hash == hash, Int(key.count) == count, equalBytes(key, start, count) { return key.child }
      slot = (slot + 1) & Int(node.slotMask)
    }
  }

  @inline(__always)
  func equalBytes(_ key: LiteralKey, _ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    literalBytes.withUnsafeBufferPointer { bytes in
      let keyStart = Int(key.start)
      for offset in 0..<count where bytes[keyStart + offset] != start[offset] { return false }
      return true
    }
  }

  // MARK: - Conversions

  /// Whether a typed edge accepts a component.
  @inline(__always)
  func accepts(_ type: CompiledType, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    switch type {
    case .string, .path: true
    case .int: TTURLParameterParsing.int(bytes) != nil
    case .bool: TTURLParameterParsing.bool(bytes) != nil
    case .uuid: TTURLParameterParsing.isUUID(bytes)
    case .double, .custom: value(type, bytes) != nil
    }
  }

  /// A component's value for a type, or `nil` when it does not convert.
  func value(_ type: CompiledType, _ bytes: UnsafeBufferPointer<UInt8>) -> TTURLParameterValue? {
    switch type {
    case .string: .string(String(decoding: bytes, as: UTF8.self))
    case .path: .path(String(decoding: bytes, as: UTF8.self))
    case .int: TTURLParameterParsing.int(bytes).map { .int($0) }
    case .double: TTURLParameterParsing.double(bytes).map { .double($0) }
    case .bool: TTURLParameterParsing.bool(bytes).map { .bool($0) }
    case .uuid: TTURLParameterParsing.uuid(bytes).map { .uuid($0) }
    case .custom(let index):
      index < converters.count ? converters[index].convert(String(decoding: bytes, as: UTF8.self)) : nil
    }
  }

  /// A text's value for a type (query values and fragments).
  func value(_ type: CompiledType, _ text: String) -> TTURLParameterValue? {
    var text = text
    return text.withUTF8 { value(type, $0) }
  }

  // MARK: - Leaves

  /// Whether a leaf's fragment and query requirements hold for the input.
  @inline(__always)
  func accepts(_ leaf: Int32, _ input: inout Input) -> Bool {
    let gate = gates[Int(leaf)]
    if gate.needsFragment != (input.fragment != nil) { return false }
    if !gate.needsFragment && !gate.needsQuery { return true }
    return checkQueryAndFragment(leaves[Int(leaf)], &input)
  }

  private func checkQueryAndFragment(_ leaf: TTURLLeaf, _ input: inout Input) -> Bool {
    if let part = leaf.fragment {
      let text = TTURLBytes.decodedString(UnsafeBufferPointer(rebasing: input.url[input.fragment ?? 0..<0]))
      guard matches(part, text) else { return false }
    }
    if !leaf.query.isEmpty {
      for item in leaf.query {
        guard let first = input.firstQueryValue(item.name), matches(item.part, first ?? "") else {
          return false
        }
      }
    }
    return true
  }

  private func matches(_ part: TTURLLeaf.Part, _ text: String) -> Bool {
    switch part {
    case .literal(let literal): text == literal
    case .parameter(_, let type): value(type, text) != nil
    }
  }

  /// The match for a leaf that accepted the input.
  func match(_ leafIndex: Int32, _ input: inout Input, url: String) -> TTURLMatch {
    let leaf = leaves[Int(leafIndex)]
    var parameters: [String: TTURLParameterValue] = [:]
    if leaf.parameterCount > 0 {
      parameters.reserveCapacity(leaf.parameterCount)
      for parameter in leaf.pathParameters where parameter.index < input.count && !parameter.name.isEmpty {
        let bytes = input.component(parameter.index)
        parameters[parameter.name] =
          value(parameter.type, bytes) ?? .string(String(decoding: bytes, as: UTF8.self))
      }
      if let tail = leaf.tailName, leaf.tailIndex < input.count {
        var text = ""
        for index in leaf.tailIndex..<input.count {
          if index > leaf.tailIndex { text += "/" }
          text += String(decoding: input.component(index), as: UTF8.self)
        }
        parameters[tail] = .path(text)
      }
      if !leaf.query.isEmpty {
        for item in leaf.query {
          if case .parameter(let name, let type) = item.part, !name.isEmpty,
            let first = input.firstQueryValue(item.name)
          {
            let text = first ?? ""
            parameters[name] = value(type, text) ?? .string(text)
          }
        }
      }
      if case .parameter(let name, let type)? = leaf.fragment, !name.isEmpty, let range = input.fragment {
        let text = TTURLBytes.decodedString(UnsafeBufferPointer(rebasing: input.url[range]))
        parameters[name] = value(type, text) ?? .string(text)
      }
    }
    return TTURLMatch(
      url: url, pattern: leaf.source, parameters: parameters, query: queryDictionary(&input),
      fragment: fragmentText(input))
  }

  /// The input's query, name → values, or empty.
  func queryDictionary(_ input: inout Input) -> [String: [String?]] {
    guard input.query != nil else { return [:] }
    var dictionary: [String: [String?]] = [:]
    for item in input.queryItems() { dictionary[item.name, default: []].append(item.value) }
    return dictionary
  }

  /// The input's decoded fragment, or `nil`.
  func fragmentText(_ input: Input) -> String? {
    input.fragment.map { TTURLBytes.decodedString(UnsafeBufferPointer(rebasing: input.url[$0])) }
  }
}

/// A compiled pattern at the end of a trie path: how to build its match, and its route.
///
/// A class, so the search hands leaves around with one reference count instead of copying
/// every field; all fields are `let` and `Sendable`.
final class TTURLLeaf: Sendable {
  /// A query value's or fragment's compiled part.
  enum Part: Sendable {
    case literal(String)
    case parameter(name: String, type: TTURLTrie.CompiledType)
  }

  /// A path parameter: its component, name and type.
  struct PathParameter: Sendable {
    var index: Int
    var name: String
    var type: TTURLTrie.CompiledType
  }

  /// A compiled query item.
  struct QueryItem: Sendable {
    var name: String
    var part: Part
  }

  let pattern: TTURLPattern
  /// The pattern as registered.
  let source: String
  let route: TTURLRoute
  /// The pattern's place in precedence order, 0 first.
  let order: Int32
  let pathParameters: [PathParameter]
  let tailIndex: Int
  let tailName: String?
  let query: [QueryItem]
  let fragment: Part?
  /// How many named parameters there are (path, tail, query, fragment).
  let parameterCount: Int

  init(
    pattern: TTURLPattern, route: TTURLRoute, order: Int32, pathParameters: [PathParameter], tailIndex: Int,
    tailName: String?, query: [QueryItem], fragment: Part?, parameterCount: Int
  ) {
    self.pattern = pattern
    self.source = pattern.source
    self.route = route
    self.order = order
    self.pathParameters = pathParameters
    self.tailIndex = tailIndex
    self.tailName = tailName
    self.query = query
    self.fragment = fragment
    self.parameterCount = parameterCount
  }
}
