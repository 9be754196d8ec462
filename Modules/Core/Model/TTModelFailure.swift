/// An error that ended a model's load, wrapped so that model states can be compared.
///
/// Errors are not `Equatable`, but ``TTModelState`` and ``TTModelEvent`` need to be compared in
/// tests and in UIs that only redraw on a change. A failure keeps the original error in
/// ``error`` and compares by what can be seen of it.
///
/// Two failures are equal when their errors have the same dynamic type and
/// - that type is `Equatable` (like `TTCoreError`, or `NSError`) and its `==` says they are equal;
/// - or, for other types, their `String(reflecting:)` texts are the same.
///
/// So two `TTCoreError`s with the same code and message are equal, while errors of different
/// types never are, even if they print the same way.
///
/// ```swift
/// let a = TTModelFailure(TTCoreError(.missingValue, "No 'items' in the response."))
/// let b = TTModelFailure(TTCoreError(.missingValue, "No 'items' in the response."))
/// a == b               // true
/// a.description        // "No 'items' in the response."
/// a.error is TTCoreError   // true
/// ```
public struct TTModelFailure: Sendable, Hashable, CustomStringConvertible {
  /// The error as it was reported, to match on its type or code.
  public let error: any Error

  /// Wraps an error.
  ///
  /// Wrapping a `TTModelFailure` again keeps the inner error, so failures never nest.
  ///
  /// - Parameter error: The error that ended the load.
  public init(_ error: any Error) {
    if let failure = error as? TTModelFailure {
      self = failure
    } else {
      self.error = error
    }
  }

  /// The error's own text, `String(describing:)` of ``error``.
  public var description: String { String(describing: error) }

  /// Whether two failures wrap equal errors of the same type.
  ///
  /// - Parameters:
  ///   - lhs: A failure.
  ///   - rhs: Another failure.
  /// - Returns: `true` if the errors have the same dynamic type and are equal by that type's
  ///   `==`, or, if it is not `Equatable`, by `String(reflecting:)`.
  public static func == (lhs: TTModelFailure, rhs: TTModelFailure) -> Bool {
    guard type(of: lhs.error) == type(of: rhs.error) else { return false }
    // Cast through `Any`: the compiler wrongly warns that a cast from `any Error` always succeeds.
    let value: Any = lhs.error
    if let equatable = value as? any Equatable {
      return isEqual(equatable, rhs.error)
    }
    return String(reflecting: lhs.error) == String(reflecting: rhs.error)
  }

  /// Hashes the error's dynamic type and value, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: error)))
    let value: Any = error
    if let hashable = value as? any Hashable {
      hasher.combine(AnyHashable(hashable))
    } else if !(value is any Equatable) {
      hasher.combine(String(reflecting: error))
    }
    // An error that is Equatable but not Hashable hashes by its type alone.
  }

  private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
    guard let other = other as? Value else { return false }
    return value == other
  }
}

extension TTModelFailure: Error {}
