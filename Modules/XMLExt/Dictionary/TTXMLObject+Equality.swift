import Foundation

// Equality, hashing and printing walk the value with explicit stacks, never by recursion:
// a dictionary view is as deep as its document, and documents may nest as deep as
// `TTXMLParser.Options.maxDepth` allows.

extension TTXMLObject {
  /// Whether two values are equal: the same case with equal contents, dictionaries compared by
  /// key whatever their order.
  ///
  /// Compares in a loop, so values of any depth are safe.
  public static func == (lhs: TTXMLObject, rhs: TTXMLObject) -> Bool {
    var pending: [(TTXMLObject, TTXMLObject)] = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      switch (left, right) {
      case (.string(let a), .string(let b)):
        if a != b { return false }
      case (.integer(let a), .integer(let b)):
        if a != b { return false }
      case (.date(let a), .date(let b)):
        if a != b { return false }
      case (.array(let a), .array(let b)):
        if let box = a.box, box === b.box { continue }
        let (left, right) = (a.array, b.array)
        guard left.count == right.count else { return false }
        for (x, y) in zip(left, right) { pending.append((x, y)) }
      case (.dictionary(let a), .dictionary(let b)):
        if let box = a.box, box === b.box { continue }
        let other = b.dictionary
        let mine = a.dictionary
        guard mine.count == other.count else { return false }
        for (key, value) in mine {
          guard let match = other[key] else { return false }
          pending.append((value, match))
        }
      default:
        return false
      }
    }
    return true
  }

  /// Hashes the whole value, in a loop, so values of any depth are safe.
  ///
  /// Each array and dictionary is reduced to one number from its contents (a dictionary's
  /// independently of order), innermost first.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(digest())
  }

  /// A container being hashed: its values so far, and where the walk is in it.
  private struct HashFrame {
    enum Walk {
      case items([TTXMLObject], next: Int)
      case entries([String: TTXMLObject], next: [String: TTXMLObject].Index)
    }

    var walk: Walk
    /// Ordered for arrays; for dictionaries only `count` is fed, the entries go to `mixed`.
    var hasher = Hasher()
    /// The XOR of the entries' hashes (dictionaries).
    var mixed = 0
    /// The key whose value is being hashed (dictionaries), while that value is on the stack.
    var key = ""
  }

  /// The hash of a string, integer or date; `nil` for a container.
  private static func leafDigest(_ value: TTXMLObject) -> Int? {
    var hasher = Hasher()
    switch value {
    case .string(let text):
      hasher.combine(0)
      hasher.combine(text)
    case .integer(let number):
      hasher.combine(1)
      hasher.combine(number)
    case .date(let date):
      hasher.combine(2)
      hasher.combine(date)
    case .array, .dictionary:
      return nil
    }
    return hasher.finalize()
  }

  private static func frame(_ value: TTXMLObject) -> HashFrame {
    switch value {
    case .array(let items):
      let array = items.array
      var frame = HashFrame(walk: .items(array, next: 0))
      frame.hasher.combine(3)
      frame.hasher.combine(array.count)
      return frame
    case .dictionary(let entries):
      let dictionary = entries.dictionary
      var frame = HashFrame(walk: .entries(dictionary, next: dictionary.startIndex))
      frame.hasher.combine(4)
      frame.hasher.combine(dictionary.count)
      return frame
    case .string, .integer, .date:
      preconditionFailure("only containers get a frame")
    }
  }

  /// Adds the digest of a finished value to the container that holds it.
  private static func absorb(_ digest: Int, into frame: inout HashFrame, key: String) {
    switch frame.walk {
    case .items:
      frame.hasher.combine(digest)
    case .entries:
      var entry = Hasher()
      entry.combine(key)
      entry.combine(digest)
      frame.mixed ^= entry.finalize()
    }
  }

  /// One number for the whole value, computed innermost first with an explicit stack.
  private func digest() -> Int {
    if let leaf = Self.leafDigest(self) { return leaf }
    var stack = [Self.frame(self)]
    while !stack.isEmpty {
      let top = stack.count - 1
      var child: TTXMLObject?
      var key = ""
      switch stack[top].walk {
      case .items(let array, let next):
        if next < array.count {
          child = array[next]
          stack[top].walk = .items(array, next: next + 1)
        }
      case .entries(let dictionary, let next):
        if next < dictionary.endIndex {
          let entry = dictionary[next]
          child = entry.value
          key = entry.key
          stack[top].walk = .entries(dictionary, next: dictionary.index(after: next))
        }
      }
      if let child {
        if let leaf = Self.leafDigest(child) {
          Self.absorb(leaf, into: &stack[top], key: key)
        } else {
          stack[top].key = key
          stack.append(Self.frame(child))
        }
        continue
      }
      var finished = stack.removeLast()
      if case .entries = finished.walk { finished.hasher.combine(finished.mixed) }
      let value = finished.hasher.finalize()
      guard !stack.isEmpty else { return value }
      let parent = stack.count - 1
      Self.absorb(value, into: &stack[parent], key: stack[parent].key)
    }
    return 0
  }
}

extension TTXMLObject: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The value written like a Swift literal, dictionary keys sorted: `"text"`, `42`,
  /// `date(2009-03-12 14:05:33 +0000)`, `[…]`, `["key": …]`.
  ///
  /// ```swift
  /// TTXMLObject.dictionary(["b": .integer(2), "a": .array([.string("x")])]).description
  /// // ["a": ["x"], "b": 2]
  /// ```
  ///
  /// Written in a loop, so values of any depth print.
  public var description: String {
    enum Step {
      case value(TTXMLObject)
      case key(String)
      case separator
      case close
    }
    var output = ""
    var steps: [Step] = [.value(self)]
    while let step = steps.popLast() {
      switch step {
      case .separator:
        output += ", "
      case .close:
        output += "]"
      case .key(let key):
        output += key.debugDescription
        output += ": "
      case .value(.string(let text)):
        output += text.debugDescription
      case .value(.integer(let number)):
        output += String(number)
      case .value(.date(let date)):
        output += "date(\(date))"
      case .value(.array(let items)):
        guard !items.isEmpty else {
          output += "[]"
          continue
        }
        output += "["
        steps.append(.close)
        let values = items.array
        for position in values.indices.reversed() {
          steps.append(.value(values[position]))
          if position > 0 { steps.append(.separator) }
        }
      case .value(.dictionary(let entries)):
        guard !entries.isEmpty else {
          output += "[:]"
          continue
        }
        output += "["
        steps.append(.close)
        let dictionary = entries.dictionary
        let keys = dictionary.keys.sorted()
        for position in keys.indices.reversed() {
          let key = keys[position]
          if let value = dictionary[key] { steps.append(.value(value)) }
          steps.append(.key(key))
          if position > 0 { steps.append(.separator) }
        }
      }
    }
    return output
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// A mirror without children, showing ``description``: reflection (`dump`, test failure
  /// output) would otherwise walk the value recursively.
  public var customMirror: Mirror {
    Mirror(self, children: [], displayStyle: .enum)
  }
}
