import Three20Core

/// A parsed URL pattern: scheme, components (host first), named query items and fragment.
///
/// Built by ``parse(_:converters:)``, which throws a compiler-style ``TTURLMapError`` for a
/// malformed pattern. See the URLPatterns article for the syntax.
struct TTURLPattern: Sendable {
  /// One piece of a pattern: a literal or a parameter.
  enum Part: Sendable, Hashable {
    /// Literal text: as decoded for matching, and as written for generating URLs.
    case literal(decoded: String, written: String)
    /// A named, typed parameter.
    case parameter(name: String, type: TTURLParameterType)

    /// The precedence rank: 0 literal, 1 typed, 2 untyped, 3 tail.
    var rank: UInt8 {
      switch self {
      case .literal: 0
      case .parameter(_, let type): type.rank
      }
    }

    /// What matters for clashes: the literal's decoded text or the parameter's type.
    var shape: Shape {
      switch self {
      case .literal(let decoded, _): .literal(decoded)
      case .parameter(_, let type): .parameter(type)
      }
    }
  }

  /// A part's shape: two parts with equal shapes match exactly the same text.
  enum Shape: Sendable, Hashable {
    case literal(String)
    case parameter(TTURLParameterType)
  }

  /// A named query item of a pattern.
  struct QueryItem: Sendable {
    /// The decoded name.
    var name: String
    /// The name as written.
    var writtenName: String
    /// The value's part.
    var part: Part
  }

  /// What a pattern is for.
  enum Kind: Sendable, Hashable {
    /// A pattern with components.
    case route
    /// `*` (scheme `nil`) or `scheme://*`: what any unmatched URL (of that scheme) opens.
    case fallback
  }

  /// The pattern as registered.
  var source: String
  /// A route or a fallback.
  var kind: Kind
  /// The scheme, lowercased; empty for the `*` fallback.
  var scheme: String
  /// The host and path components.
  var components: [Part]
  /// The named query items, in the order written.
  var query: [QueryItem]
  /// The fragment's part, or `nil` when the pattern has no fragment (and so matches only URLs
  /// without one).
  var fragment: Part?

  /// The last component when it is a `path` tail.
  var hasTail: Bool {
    if case .parameter(_, .path)? = components.last { return true }
    return false
  }

  /// Everything that decides what the pattern matches; equal shapes clash.
  struct ShapeKey: Hashable {
    var kind: Kind
    var scheme: String
    var components: [Shape]
    var query: [String: Shape]
    var fragment: Shape?
  }

  /// The pattern's shape, for clash detection.
  var shapeKey: ShapeKey {
    ShapeKey(
      kind: kind, scheme: scheme, components: components.map(\.shape),
      query: Dictionary(query.map { ($0.name, $0.part.shape) }, uniquingKeysWith: { first, _ in first }),
      fragment: fragment?.shape)
  }

  /// Whether `self` comes before `other` in precedence, ignoring registration order.
  ///
  /// Per path component left to right: literal, typed, untyped, tail; then more literal, typed,
  /// then untyped query items; then a literal, typed, then untyped fragment. `nil` when equal.
  func precedes(_ other: TTURLPattern) -> Bool? {
    for (mine, theirs) in zip(components, other.components) where mine.rank != theirs.rank {
      return mine.rank < theirs.rank
    }
    if components.count != other.components.count {
      return components.count < other.components.count
    }
    let mine = queryCounts
    let theirs = other.queryCounts
    for index in 0..<3 where mine[index] != theirs[index] {
      return mine[index] > theirs[index]
    }
    let myFragment = fragment?.rank ?? 9
    let theirFragment = other.fragment?.rank ?? 9
    if myFragment != theirFragment { return myFragment < theirFragment }
    return nil
  }

  /// The number of literal, typed and untyped query items.
  private var queryCounts: [Int] {
    var counts = [0, 0, 0]
    for item in query { counts[Int(min(item.part.rank, 2))] += 1 }
    return counts
  }

  // MARK: - Parsing

  /// Where a part sits, which decides what it may be.
  fileprivate enum Place {
    case path(last: Bool)
    case query
    case fragment

    /// Whether the part is a query value (decoded as form data, `+` as a space).
    var isQuery: Bool {
      if case .query = self { return true }
      return false
    }
  }

  /// Parses a pattern.
  ///
  /// - Parameters:
  ///   - source: The pattern, for example `tt://food/(name)`.
  ///   - converters: The names of the converters registered on the map.
  /// - Returns: The parsed pattern.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` with the column and a caret.
  static func parse(_ source: String, converters: Set<String>) throws -> TTURLPattern {
    var parser = Parser(source: source, converters: converters)
    return try parser.parse()
  }

  /// The pattern parser, over the pattern's characters (so columns count characters).
  private struct Parser {
    let source: String
    let chars: [Character]
    let converters: Set<String>
    var names: Set<String> = []

    init(source: String, converters: Set<String>) {
      self.source = source
      self.chars = Array(source)
      self.converters = converters
    }

    func fail(_ reason: String, at offset: Int) -> TTURLMapError {
      TTURLMapError.invalidPattern(reason, in: source, at: offset)
    }

    func firstIndex(of character: Character, in range: Range<Int>) -> Int? {
      range.first { chars[$0] == character }
    }

    mutating func parse() throws -> TTURLPattern {
      if chars.isEmpty {
        throw fail("the pattern is empty; write one such as tt://food/(name), or * for the fallback", at: 0)
      }
      if source == "*" {
        return TTURLPattern(
          source: source, kind: .fallback, scheme: "", components: [], query: [], fragment: nil)
      }
      let scheme = try parseScheme()
      let start = scheme.count + 3
      let all = start..<chars.count
      if chars[all] == ["*"] {
        return TTURLPattern(
          source: source, kind: .fallback, scheme: scheme, components: [], query: [], fragment: nil)
      }
      let hash = firstIndex(of: "#", in: all)
      let question = firstIndex(of: "?", in: start..<(hash ?? chars.count))
      let pathEnd = question ?? hash ?? chars.count
      var segments: [Range<Int>] = []
      var segmentStart = start
      for index in start...pathEnd where index == pathEnd || chars[index] == "/" {
        if index > segmentStart { segments.append(segmentStart..<index) }
        segmentStart = index + 1
      }
      var components: [Part] = []
      for (position, segment) in segments.enumerated() {
        components.append(try parsePart(segment, place: .path(last: position == segments.count - 1)))
      }
      var query: [QueryItem] = []
      if let question {
        query = try parseQuery(question, end: hash ?? chars.count)
      }
      var fragment: Part?
      if let hash {
        guard hash + 1 < chars.count else {
          throw fail("nothing follows '#'; remove it, or write #(name) or #text", at: hash)
        }
        fragment = try parsePart(hash + 1..<chars.count, place: .fragment)
      }
      return TTURLPattern(
        source: source, kind: .route, scheme: scheme.lowercased(), components: components, query: query,
        fragment: fragment)
    }

    /// The scheme, checked, and the `://` after it.
    func parseScheme() throws -> String {
      guard let colon = chars.firstIndex(of: ":") else {
        throw fail("a pattern starts with a scheme and '://', as in tt://food/(name)", at: 0)
      }
      guard colon > 0 else {
        throw fail("the scheme is missing before ':'; write one such as tt://", at: 0)
      }
      for index in 0..<colon {
        let character = chars[index]
        let allowed =
          character.isASCII
          && (character.isLetter || (index > 0 && (character.isNumber || "+-.".contains(character))))
        if !allowed {
          throw fail(
            "'\(character)' cannot appear in a scheme; a scheme is ASCII letters, digits, '+', '-' and "
              + "'.', starting with a letter", at: index)
        }
      }
      guard chars.count > colon + 2, chars[colon + 1] == "/", chars[colon + 2] == "/" else {
        throw fail("expected '//' after '\(String(chars[0...colon]))', as in tt://food/(name)", at: colon + 1)
      }
      return String(chars[0..<colon])
    }

    /// The `name=value` items between `?` and the fragment.
    mutating func parseQuery(_ question: Int, end: Int) throws -> [QueryItem] {
      guard question + 1 < end else {
        throw fail("nothing follows '?'; remove it, or add name=value items such as q=(query)", at: question)
      }
      var items: [QueryItem] = []
      var itemStart = question + 1
      for index in (question + 1)...end where index == end || chars[index] == "&" {
        defer { itemStart = index + 1 }
        guard index > itemStart else {
          throw fail("empty query item; separate items with a single '&'", at: itemStart)
        }
        guard let equals = firstIndex(of: "=", in: itemStart..<index) else {
          throw fail("a query item needs a name and a value, as in q=(query) or sort=new", at: index)
        }
        guard equals > itemStart else {
          throw fail("the query item has no name before '='", at: itemStart)
        }
        for offset in itemStart..<equals where "()*".contains(chars[offset]) {
          throw fail("a query item's name must be literal text; put parameters in its value", at: offset)
        }
        let writtenName = String(chars[itemStart..<equals])
        let name = writtenName.tt.formDecoded
        if items.contains(where: { $0.name == name }) {
          throw fail("the query name '\(name)' appears twice; name each query item once", at: itemStart)
        }
        guard equals + 1 < index else {
          throw fail(
            "the query item '\(name)' has no value; write \(name)=(name) for a parameter or "
              + "\(name)=text for a literal", at: equals + 1)
        }
        items.append(
          QueryItem(
            name: name, writtenName: writtenName, part: try parsePart(equals + 1..<index, place: .query)))
      }
      return items
    }

    /// A component, query value or fragment: a literal or a whole `(name:type)` parameter.
    mutating func parsePart(_ range: Range<Int>, place: Place) throws -> Part {
      if let star = firstIndex(of: "*", in: range) {
        throw fail(
          "'*' is only allowed as the whole pattern (*) or right after the scheme (tt://*)", at: star)
      }
      let open = firstIndex(of: "(", in: range)
      let close = firstIndex(of: ")", in: range)
      guard open != nil || close != nil else {
        let written = String(chars[range])
        let decoded = place.isQuery ? written.tt.formDecoded : written.tt.percentDecoded
        return .literal(decoded: decoded, written: written)
      }
      guard let open, open == range.lowerBound, close.map({ $0 > open }) ?? true else {
        if let open, close.map({ $0 > open }) ?? true {
          throw fail(
            "a parameter must be a whole component: put '(…)' alone between slashes, as in "
              + "tt://food/(name)", at: open)
        }
        throw fail(
          "unmatched ')'; a parameter is written (name) or (name:type)", at: close ?? range.lowerBound)
      }
      guard let close else {
        throw fail(
          "missing ')' to close the parameter opened at column \(open + 1)", at: range.upperBound)
      }
      if let nested = firstIndex(of: "(", in: (open + 1)..<close) {
        throw fail("'(' inside a parameter; parameters cannot be nested", at: nested)
      }
      guard close == range.upperBound - 1 else {
        throw fail("unexpected text after ')'; a parameter must be a whole component", at: close + 1)
      }
      let inner = (open + 1)..<close
      let colon = firstIndex(of: ":", in: inner)
      let nameRange = inner.lowerBound..<(colon ?? inner.upperBound)
      if inner.isEmpty {
        return .parameter(name: "", type: .string)  // Three20's unnamed `()`: matches, not captured
      }
      guard !nameRange.isEmpty else {
        throw fail(
          "the parameter has no name; write (name) or (name:type), as in (id:int)", at: nameRange.lowerBound)
      }
      for offset in nameRange {
        let character = chars[offset]
        if !(character.isASCII && (character.isLetter || character.isNumber || "_-.".contains(character))) {
          throw fail(
            "'\(character)' cannot appear in a parameter name; use ASCII letters, digits, '_', '-' and '.'",
            at: offset)
        }
      }
      let name = String(chars[nameRange])
      var type = TTURLParameterType.string
      if let colon, colon + 1 < inner.upperBound {
        let typeName = String(chars[(colon + 1)..<inner.upperBound])
        if let builtIn = TTURLParameterType.builtInNames[typeName] {
          type = builtIn
        } else if converters.contains(typeName) {
          type = .custom(typeName)
        } else {
          throw fail(
            "unknown parameter type '\(typeName)'; use string, int, double, bool, uuid, path or a "
              + "converter registered with registerConverter(named:_:)", at: colon + 1)
        }
      }
      if type == .path {
        switch place {
        case .path(last: true): break
        case .path(last: false):
          throw fail(
            "a path parameter takes the rest of the path, so it must be the last path component", at: open)
        case .query, .fragment:
          throw fail(
            "a path parameter can only be the last path component, not in a query or fragment", at: open)
        }
      }
      guard names.insert(name).inserted else {
        throw fail(
          "the parameter name '\(name)' is used twice; give each parameter its own name",
          at: nameRange.lowerBound)
      }
      return .parameter(name: name, type: type)
    }
  }
}
