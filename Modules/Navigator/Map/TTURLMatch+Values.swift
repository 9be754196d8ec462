public import Foundation

extension TTURLMatch {
  /// A parameter's value as a whole number, or `nil`.
  ///
  /// An `(x:int)` parameter gives its value; a parameter of another type gives its text read as
  /// a decimal whole number, when it is one that fits in `Int`.
  ///
  /// ```swift
  /// // tt://user/(id:int) matching tt://user/42
  /// match.int("id")     // 42
  /// match.int("name")   // nil: no such parameter
  /// ```
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The number, or `nil` when there is no such parameter or it is not a whole number.
  public func int(_ name: String) -> Int? {
    switch parameters[name] {
    case .int(let value)?: value
    case .double?, .bool?, .uuid?, nil: nil
    case let value?: Int(value.description)
    }
  }

  /// A parameter's value as a number, or `nil`.
  ///
  /// An `(x:double)` or `(x:int)` parameter gives its value; a string, path or custom parameter
  /// gives its text read as a finite decimal number.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The number, or `nil` when there is no such parameter or it is not a finite number.
  public func double(_ name: String) -> Double? {
    switch parameters[name] {
    case .double(let value)?: value
    case .int(let value)?: Double(value)
    case .bool?, .uuid?, nil: nil
    case let value?: Double(value.description).flatMap { $0.isFinite ? $0 : nil }
    }
  }

  /// A parameter's value as a Boolean, or `nil`.
  ///
  /// A `(x:bool)` parameter gives its value; a string or custom parameter gives `true` for
  /// `true`, `yes` and `1` and `false` for `false`, `no` and `0`, ignoring ASCII case.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The Boolean, or `nil` when there is no such parameter or it is not one.
  public func bool(_ name: String) -> Bool? {
    switch parameters[name] {
    case .bool(let value)?: return value
    case .string(let text)?, .custom(_, let text)?:
      switch text.lowercased() {
      case "true", "yes", "1": return true
      case "false", "no", "0": return false
      default: return nil
      }
    default: return nil
    }
  }

  /// A parameter's value as a `UUID`, or `nil`.
  ///
  /// A `(x:uuid)` parameter gives its value; a string or custom parameter gives its text read
  /// as a UUID.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The UUID, or `nil` when there is no such parameter or it is not a UUID.
  public func uuid(_ name: String) -> UUID? {
    switch parameters[name] {
    case .uuid(let text)?, .string(let text)?, .custom(_, let text)?: UUID(uuidString: text)
    default: nil
    }
  }

  /// The first value of a query item, or `nil` when the URL's query has no such name.
  ///
  /// A bare key (`?flag`) gives an empty string.
  ///
  /// ```swift
  /// // tt://feed?sort=new&flag
  /// match.queryValue("sort")   // "new"
  /// match.queryValue("flag")   // ""
  /// match.queryValue("page")   // nil
  /// ```
  ///
  /// - Parameter name: The query item's name, decoded.
  /// - Returns: The first value, decoded.
  public func queryValue(_ name: String) -> String? {
    guard let values = query[name], let first = values.first else { return nil }
    return first ?? ""
  }
}
