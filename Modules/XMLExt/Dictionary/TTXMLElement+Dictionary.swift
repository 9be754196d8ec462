extension TTXMLElement {
  /// Three20's dictionary view of this element and everything inside it.
  ///
  /// See ``TTXMLObject`` for the keys and rules.
  ///
  /// ```swift
  /// // <issue><number type="integer">3</number></issue>
  /// issue.dictionaryValue()["number"]?.objectForXMLNode   // .integer(3)
  /// ```
  ///
  /// - Parameter treatDuplicateKeysAsArrayItems: Whether repeated child elements are collected
  ///   into an array; default `false` (the last one wins), as in Three20.
  /// - Returns: A `.dictionary`.
  public func dictionaryValue(treatDuplicateKeysAsArrayItems: Bool = false) -> TTXMLObject {
    TTXMLDictionaryBuilder(storage: storage, treatDuplicates: treatDuplicateKeysAsArrayItems).build(index)
  }
}

/// Builds the dictionary view without recursion (documents nest as deep as
/// `Options.maxDepth` allows) (internal).
struct TTXMLDictionaryBuilder {
  let storage: TTXMLStorage
  let treatDuplicates: Bool

  private enum Kind {
    case array, unknown, other
  }

  private struct Frame {
    let index: Int
    let end: Int
    let kind: Kind
    let type: String
    var children: [(name: Int32, value: TTXMLObject)] = []
    /// The first piece of text (offset, count), kept inline: most elements have one or none.
    var firstText: (Int, Int)?
    var moreText: [(Int, Int)] = []
  }

  /// The keys of one dictionary layout, with where each value goes (internal).
  ///
  /// Elements of one shape (same name, attribute names, child names, text or not) make
  /// dictionaries with the same keys. The first one builds a template; the others copy it and
  /// store their values by index: a copy moves the hash table as it is, so no key is hashed
  /// again. `dictionary` is `nil` when two keys of the shape collide (the slow path then
  /// applies the precedence rules).
  private struct Template {
    let dictionary: [String: TTXMLObject]?
    /// Where the values of `shape[1...]` go, in order.
    let indices: [Dictionary<String, TTXMLObject>.Index]
    let typeIndex: Dictionary<String, TTXMLObject>.Index?
  }

  /// Buffers reused from element to element, and the templates found so far.
  private struct Scratch {
    var shape: [Int32] = []
    var values: [TTXMLObject] = []
    var templates: [[Int32]: Template] = [:]
    /// Per element name, the shape and template it had last: most elements repeat it, and
    /// comparing two short arrays costs less than hashing one.
    var recentShapes: [[Int32]]
    var recentTemplates: [Template?]

    init(nameCount: Int) {
      recentShapes = Array(repeating: [], count: nameCount)
      recentTemplates = Array(repeating: nil, count: nameCount)
    }
  }

  /// The shape code of ``TTXMLObject/entityValueKey`` (other codes are name indices).
  private static let valueCode: Int32 = -1
  /// The shape code of ``TTXMLObject/arrayKey``.
  private static let arrayCode: Int32 = -2
  /// Templates kept per dictionary view; documents have few shapes.
  private static let maximumTemplates = 512

  func build(_ rootIndex: Int) -> TTXMLObject {
    var scratch = Scratch(nameCount: storage.names.count)
    var stack: [Frame] = [frame(rootIndex)]
    var position = rootIndex + 1
    while let top = stack.indices.last {
      if position >= stack[top].end {
        let finished = stack.removeLast()
        let object = finish(finished, &scratch)
        guard !stack.isEmpty else { return object }
        stack[stack.count - 1].children.append((storage.nodes[finished.index].name, object))
        continue
      }
      let node = storage.nodes[position]
      if node.isText {
        if stack[top].firstText == nil {
          stack[top].firstText = (node.offset, Int(node.count))
        } else {
          stack[top].moreText.append((node.offset, Int(node.count)))
        }
        position += 1
      } else if stack[top].kind == .other {
        position = Int(node.end)
      } else {
        stack.append(frame(position))
        position += 1
      }
    }
    return .dictionary([:])
  }

  private func frame(_ index: Int) -> Frame {
    let node = storage.nodes[index]
    var type = TTXMLObject.unknownType
    for position in (node.offset + Int(node.namespaceCount))..<(node.offset + Int(node.count)) {
      let attribute = storage.attributes[position]
      let name = storage.names[Int(attribute.name)]
      if name.prefix == nil, name.local == "type", attribute.count > 0 {
        type = storage.value(of: attribute)
        break
      }
    }
    let kind: Kind = type == "array" ? .array : type == TTXMLObject.unknownType ? .unknown : .other
    return Frame(index: index, end: Int(node.end), kind: kind, type: type)
  }

  /// The element's own text, or `nil` when it has none.
  private func text(of frame: Frame) -> String? {
    guard let (offset, count) = frame.firstText else { return nil }
    if frame.moreText.isEmpty { return storage.string(offset: offset, count: count) }
    var bytes = Array(storage.bytes[offset..<(offset + count)])
    for (offset, count) in frame.moreText {
      bytes.append(contentsOf: storage.bytes[offset..<(offset + count)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The element's text, as its type reads it.
  private func value(of frame: Frame) -> TTXMLObject? {
    let text = text(of: frame)
    switch frame.type {
    case "integer":
      return .integer(TTXMLDateTime.intValue(text ?? ""))
    case "datetime":
      guard let text else { return nil }
      return TTXMLDateTime.parse(text).map(TTXMLObject.date) ?? .string(text)
    default:
      return text.map(TTXMLObject.string)
    }
  }

  /// The element's dictionary, from a template of its shape when there is one.
  private func finish(_ frame: Frame, _ scratch: inout Scratch) -> TTXMLObject {
    let node = storage.nodes[frame.index]
    let attributeRange = node.offset..<(node.offset + Int(node.count))
    var shape = scratch.shape
    var values = scratch.values
    scratch.shape = []
    scratch.values = []
    shape.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
    defer {
      scratch.shape = shape
      scratch.values = values
    }
    shape.append(node.name)
    storage.attributes.withUnsafeBufferPointer { attributes in
      for position in attributeRange {
        let attribute = attributes[position]
        shape.append(attribute.name)
        values.append(.string(storage.value(of: attribute)))
      }
    }
    switch frame.kind {
    case .array:
      shape.append(Self.arrayCode)
      values.append(.array(TTXMLObject.Items(frame.children.map(\.value))))
    case .unknown:
      guard group(frame.children, into: &shape, &values) else { return finishSlowly(frame) }
    case .other:
      break
    }
    if let value = value(of: frame) {
      shape.append(Self.valueCode)
      values.append(value)
    }
    let name = Int(node.name)
    let template: Template?
    if scratch.recentShapes[name] == shape, let recent = scratch.recentTemplates[name] {
      template = recent
    } else if let found = scratch.templates[shape] {
      template = found
      scratch.recentShapes[name] = shape
      scratch.recentTemplates[name] = found
    } else if scratch.templates.count < Self.maximumTemplates {
      let made = makeTemplate(shape)
      scratch.templates[shape] = made
      scratch.recentShapes[name] = shape
      scratch.recentTemplates[name] = made
      template = made
    } else {
      template = nil
    }
    guard let template, var dictionary = template.dictionary, let typeIndex = template.typeIndex else {
      return finishSlowly(frame)
    }
    for (index, value) in zip(template.indices, values) { dictionary.values[index] = value }
    if frame.type != TTXMLObject.unknownType { dictionary.values[typeIndex] = .string(frame.type) }
    return .dictionary(TTXMLObject.Entries(dictionary))
  }

  /// The template for `shape`: its keys, the name filled in, the type `unknown`.
  private func makeTemplate(_ shape: [Int32]) -> Template {
    let unusable = Template(dictionary: nil, indices: [], typeIndex: nil)
    var dictionary: [String: TTXMLObject] = [:]
    dictionary.reserveCapacity(shape.count + 1)
    dictionary[TTXMLObject.entityNameKey] = .string(storage.names[Int(shape[0])].qualified)
    dictionary[TTXMLObject.entityTypeKey] = .string(TTXMLObject.unknownType)
    var keys: [String] = []
    keys.reserveCapacity(shape.count - 1)
    for code in shape.dropFirst() {
      let key =
        switch code {
        case Self.valueCode: TTXMLObject.entityValueKey
        case Self.arrayCode: TTXMLObject.arrayKey
        default: storage.names[Int(code)].qualified
        }
      keys.append(key)
      dictionary[key] = .string("")
    }
    guard dictionary.count == shape.count + 1 else { return unusable }
    var indices: [Dictionary<String, TTXMLObject>.Index] = []
    indices.reserveCapacity(keys.count)
    for key in keys {
      guard let index = dictionary.index(forKey: key) else { return unusable }
      indices.append(index)
    }
    return Template(
      dictionary: dictionary, indices: indices, typeIndex: dictionary.index(forKey: TTXMLObject.entityTypeKey)
    )
  }

  /// Appends the children's names and values, repeated names grouped.
  ///
  /// Groups as `addChildren(_:to:)` does (the last one wins, or an array with
  /// `treatDuplicates`), in order of first appearance. Returns `false` (and leaves the rest to
  /// the slow path) past 32 distinct names, where the linear search would cost too much.
  private func group(
    _ children: [(name: Int32, value: TTXMLObject)], into shape: inout [Int32], _ values: inout [TTXMLObject]
  ) -> Bool {
    let base = shape.count
    // The repeats of each name after its first, by position among the names; grown only when
    // a name repeats.
    var rest: [[TTXMLObject]] = []
    for child in children {
      var slot = -1
      for position in base..<shape.count where shape[position] == child.name {
        slot = position
        break
      }
      if slot < 0 {
        if shape.count - base == 32 { return false }
        shape.append(child.name)
        values.append(child.value)
      } else if treatDuplicates {
        let group = slot - base
        if rest.count <= group { rest.append(contentsOf: repeatElement([], count: group + 1 - rest.count)) }
        rest[group].append(child.value)
      } else {
        values[slot - 1] = child.value
      }
    }
    for (group, more) in rest.enumerated() where !more.isEmpty {
      let slot = base + group - 1
      var items: [TTXMLObject] = []
      items.reserveCapacity(more.count + 1)
      items.append(values[slot])
      items.append(contentsOf: more)
      values[slot] = .array(TTXMLObject.Items(items))
    }
    return true
  }

  /// Builds the dictionary key by key, with Three20's precedence: attributes, then children,
  /// then the value, name and type.
  private func finishSlowly(_ frame: Frame) -> TTXMLObject {
    let node = storage.nodes[frame.index]
    var dictionary: [String: TTXMLObject] = [:]
    dictionary.reserveCapacity(Int(node.count) + frame.children.count + 3)
    for position in node.offset..<(node.offset + Int(node.count)) {
      let attribute = storage.attributes[position]
      dictionary[storage.names[Int(attribute.name)].qualified] = .string(storage.value(of: attribute))
    }
    switch frame.kind {
    case .array:
      dictionary[TTXMLObject.arrayKey] = .array(TTXMLObject.Items(frame.children.map(\.value)))
    case .unknown:
      addChildren(frame.children, to: &dictionary)
    case .other:
      break
    }
    let text = text(of: frame)
    switch frame.type {
    case "integer":
      dictionary[TTXMLObject.entityValueKey] = .integer(TTXMLDateTime.intValue(text ?? ""))
    case "datetime":
      if let text {
        dictionary[TTXMLObject.entityValueKey] =
          TTXMLDateTime.parse(text).map(TTXMLObject.date) ?? .string(text)
      }
    default:
      if let text { dictionary[TTXMLObject.entityValueKey] = .string(text) }
    }
    dictionary[TTXMLObject.entityNameKey] = .string(storage.names[Int(node.name)].qualified)
    dictionary[TTXMLObject.entityTypeKey] = .string(frame.type)
    return .dictionary(TTXMLObject.Entries(dictionary))
  }

  /// Stores children under their names: the last one wins, or with `treatDuplicates` repeated
  /// names collect into arrays (after an attribute of the same name, as Three20 did).
  private func addChildren(
    _ children: [(name: Int32, value: TTXMLObject)], to dictionary: inout [String: TTXMLObject]
  ) {
    guard treatDuplicates else {
      for child in children { dictionary[storage.names[Int(child.name)].qualified] = child.value }
      return
    }
    // Group by interned name, in order of first appearance. Elements have few distinct child
    // names, so a linear search beats hashing; past 16 names a dictionary takes over. A name
    // seen once allocates nothing.
    var order: [Int32] = []
    var firsts: [TTXMLObject] = []
    var rest: [[TTXMLObject]] = []
    var lookup: [Int32: Int]?
    for child in children {
      let slot = lookup.map { $0[child.name] ?? -1 } ?? (order.firstIndex(of: child.name) ?? -1)
      if slot >= 0 {
        rest[slot].append(child.value)
        continue
      }
      order.append(child.name)
      firsts.append(child.value)
      rest.append([])
      if lookup != nil {
        lookup?[child.name] = order.count - 1
      } else if order.count > 16 {
        lookup = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
      }
    }
    for (slot, name) in order.enumerated() {
      let key = storage.names[Int(name)].qualified
      guard let existing = dictionary[key] else {
        dictionary[key] =
          rest[slot].isEmpty ? firsts[slot] : .array(TTXMLObject.Items([firsts[slot]] + rest[slot]))
        continue
      }
      // An attribute, or other interned names (other namespaces) with the same qualified name:
      // merge in turn.
      var items = [firsts[slot]] + rest[slot]
      if case .array(let earlier) = existing, !earlier.isEmpty {
        items = earlier.array + items
      } else {
        items.insert(existing, at: 0)
      }
      dictionary[key] = .array(TTXMLObject.Items(items))
    }
  }
}
