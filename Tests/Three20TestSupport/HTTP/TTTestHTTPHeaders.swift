/// An ordered list of HTTP header fields with case-insensitive lookup, as a test server sees them.
///
/// Repeated fields are kept in the order they arrived; the subscript returns the first one and
/// ``values(for:)`` returns all of them.
///
/// ```swift
/// var headers: TTTestHTTPHeaders = ["Content-Type": "text/plain"]
/// headers.add(name: "Set-Cookie", value: "a=1")
/// headers.add(name: "set-cookie", value: "b=2")
/// headers["content-type"]             // "text/plain"
/// headers.values(for: "Set-Cookie")   // ["a=1", "b=2"]
/// ```
public struct TTTestHTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
  /// One header field: its name as sent and its value without surrounding whitespace.
  public typealias Field = (name: String, value: String)

  /// Every field, in order, with repeated names kept.
  public private(set) var fields: [Field]

  /// Creates headers from fields, kept in the given order.
  ///
  /// - Parameter fields: The fields; empty by default.
  public init(_ fields: [Field] = []) {
    self.fields = fields
  }

  /// Creates headers from a literal such as `["Cache-Control": "no-store"]`, in the written order.
  ///
  /// - Parameter elements: Name and value pairs.
  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The number of fields, counting repeated names.
  public var count: Int { fields.count }

  /// The first value of the field with this name (any letter case), or `nil`.
  ///
  /// Setting a value replaces every field with this name by one field at the position of the
  /// first; setting `nil` removes them all.
  ///
  /// - Parameter name: The field name, compared without regard to letter case.
  public subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      guard let newValue else {
        remove(name: name)
        return
      }
      if let index = fields.firstIndex(where: { Self.same($0.name, name) }) {
        fields[index] = (name: fields[index].name, value: newValue)
        var seen = false
        fields.removeAll { field in
          guard Self.same(field.name, name) else { return false }
          defer { seen = true }
          return seen
        }
      } else {
        fields.append((name: name, value: newValue))
      }
    }
  }

  /// All values of fields with this name (any letter case), in order.
  ///
  /// - Parameter name: The field name.
  /// - Returns: The values; empty when there is no such field.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// Whether a field with this name (any letter case) is present.
  ///
  /// - Parameter name: The field name.
  /// - Returns: `true` when at least one field has this name.
  public func contains(_ name: String) -> Bool {
    fields.contains { Self.same($0.name, name) }
  }

  /// Appends a field, keeping any existing fields with the same name.
  ///
  /// - Parameters:
  ///   - name: The field name.
  ///   - value: The field value.
  public mutating func add(name: String, value: String) {
    fields.append((name: name, value: value))
  }

  /// Removes every field with this name (any letter case).
  ///
  /// - Parameter name: The field name.
  public mutating func remove(name: String) {
    fields.removeAll { Self.same($0.name, name) }
  }

  /// Iterates over the fields in order.
  ///
  /// - Returns: An iterator over ``fields``.
  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }

  /// The fields as `Name: value` lines, for failure messages.
  public var description: String {
    fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
  }

  static func same(_ left: String, _ right: String) -> Bool {
    left.utf8.count == right.utf8.count && left.lowercased() == right.lowercased()
  }
}
