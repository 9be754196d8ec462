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

/// Builds the dictionary view without recursion (documents may nest 2048 deep) (internal).
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
    var text: [(Int, Int)] = []
  }

  func build(_ rootIndex: Int) -> TTXMLObject {
    var stack: [Frame] = [frame(rootIndex)]
    var position = rootIndex + 1
    while let top = stack.indices.last {
      if position >= stack[top].end {
        let finished = stack.removeLast()
        let object = finish(finished)
        guard !stack.isEmpty else { return object }
        stack[stack.count - 1].children.append((storage.nodes[finished.index].name, object))
        continue
      }
      let node = storage.nodes[position]
      if node.isText {
        stack[top].text.append((node.offset, Int(node.count)))
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

  private func finish(_ frame: Frame) -> TTXMLObject {
    let node = storage.nodes[frame.index]
    var dictionary: [String: TTXMLObject] = [:]
    dictionary.reserveCapacity(Int(node.count) + frame.children.count + 3)
    for position in node.offset..<(node.offset + Int(node.count)) {
      let attribute = storage.attributes[position]
      dictionary[storage.names[Int(attribute.name)].qualified] = .string(storage.value(of: attribute))
    }
    switch frame.kind {
    case .array:
      dictionary[TTXMLObject.arrayKey] = .array(frame.children.map(\.value))
    case .unknown:
      addChildren(frame.children, to: &dictionary)
    case .other:
      break
    }
    var text: String?
    if !frame.text.isEmpty {
      if frame.text.count == 1 {
        text = storage.string(offset: frame.text[0].0, count: frame.text[0].1)
      } else {
        var bytes: [UInt8] = []
        for (offset, count) in frame.text {
          bytes.append(contentsOf: storage.bytes[offset..<(offset + count)])
        }
        text = String(decoding: bytes, as: UTF8.self)
      }
    }
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
    return .dictionary(dictionary)
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
        dictionary[key] = rest[slot].isEmpty ? firsts[slot] : .array([firsts[slot]] + rest[slot])
        continue
      }
      // An attribute, or other interned names (other namespaces) with the same qualified name:
      // merge in turn.
      var items = [firsts[slot]] + rest[slot]
      if case .array(let earlier) = existing, !earlier.isEmpty {
        items = earlier + items
      } else {
        items.insert(existing, at: 0)
      }
      dictionary[key] = .array(items)
    }
  }
}
