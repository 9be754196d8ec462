/// HTTP header fields in the order they were received, with case-insensitive lookup.
///
/// HTTP field names are case-insensitive (`ETag`, `Etag` and `etag` are one field) and a field
/// may appear more than once, so headers are kept as an ordered list of name–value pairs with
/// the names exactly as sent. Lookups ignore case; the string subscript gives the first value,
/// ``values(for:)`` all of them.
///
/// ```swift
/// var headers: TTHTTPHeaders = ["Content-Type": "text/html", "Etag": "\"v1\""]
/// headers["etag"]                    // "\"v1\""
/// headers.add("Set-Cookie", "a=1")
/// headers.add("Set-Cookie", "b=2")
/// headers.values(for: "set-cookie")  // ["a=1", "b=2"]
/// headers["Content-Type"] = nil      // removes every Content-Type field
/// headers.count                      // 3
/// ```
public struct TTHTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral,
  CustomStringConvertible
{
  /// One header field: its name as sent and its value.
  public struct Field: Sendable, Hashable {
    /// The field name as sent, for example `Cache-Control`.
    public var name: String
    /// The field value, for example `max-age=60`.
    public var value: String

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The fields in order.
  public private(set) var fields: [Field]

  /// Creates headers from fields in order.
  ///
  /// - Parameter fields: The fields; default none.
  public init(_ fields: [Field] = []) {
    self.fields = fields
  }

  /// Creates headers from name–value pairs in order.
  ///
  /// - Parameter pairs: The pairs, for example `[("Accept", "*/*")]`.
  public init(pairs: [(String, String)]) {
    self.fields = pairs.map { Field($0.0, $0.1) }
  }

  /// Creates headers from a literal; the order of the literal is kept.
  ///
  /// - Parameter elements: The name–value pairs.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(pairs: elements)
  }

  /// The index of the first field.
  public var startIndex: Int { fields.startIndex }
  /// The index after the last field.
  public var endIndex: Int { fields.endIndex }

  /// The field at a position.
  ///
  /// - Parameter position: A valid index.
  public subscript(position: Int) -> Field { fields[position] }

  /// The first value of a field, ignoring case; setting it replaces every field of that name
  /// (the new one goes where the first one was, or at the end), and `nil` removes them all.
  ///
  /// - Parameter name: The field name, in any case.
  public subscript(_ name: String) -> String? {
    get { fields.first { Self.sameName($0.name, name) }?.value }
    set {
      let position = fields.firstIndex { Self.sameName($0.name, name) }
      fields.removeAll { Self.sameName($0.name, name) }
      guard let newValue else { return }
      fields.insert(Field(name, newValue), at: Swift.min(position ?? fields.count, fields.count))
    }
  }

  /// Every value of a field, in order, ignoring the case of the name.
  ///
  /// - Parameter name: The field name, in any case.
  /// - Returns: The values; empty when the field is absent.
  public func values(for name: String) -> [String] {
    fields.filter { Self.sameName($0.name, name) }.map(\.value)
  }

  /// Whether a field is present, ignoring the case of the name.
  ///
  /// - Parameter name: The field name, in any case.
  /// - Returns: `true` when at least one field has that name.
  public func contains(_ name: String) -> Bool {
    fields.contains { Self.sameName($0.name, name) }
  }

  /// Appends a field, keeping any field of the same name.
  ///
  /// - Parameters:
  ///   - name: The field name.
  ///   - value: The field value.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name, value))
  }

  /// Removes every field with a name, ignoring case.
  ///
  /// - Parameter name: The field name, in any case.
  public mutating func remove(_ name: String) {
    fields.removeAll { Self.sameName($0.name, name) }
  }

  /// The fields as `Name: value` lines, one per line.
  public var description: String {
    fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
  }

  /// Compares two field names as HTTP does: ASCII letters ignore case.
  static func sameName(_ a: String, _ b: String) -> Bool {
    let left = a.utf8
    let right = b.utf8
    guard left.count == right.count else { return false }
    for (x, y) in zip(left, right) where lowerASCII(x) != lowerASCII(y) {
      return false
    }
    return true
  }

  private static func lowerASCII(_ byte: UInt8) -> UInt8 {
    (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
  }
}
