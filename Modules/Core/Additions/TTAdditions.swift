/// The namespace of Three20's helpers on standard types, reached through `.tt`.
///
/// Three20 added unprefixed category methods to `NSString`, `NSDate` and friends. Swift code
/// that imports several libraries cannot afford that, so the same helpers hang off a `tt`
/// property instead, and never collide with the standard library or Foundation:
///
/// ```swift
/// "a b&c".tt.percentEncodedQueryValue   // "a%20b%26c"
/// "  \n".tt.isWhitespaceAndNewlines     // true
/// ```
///
/// The helpers themselves are declared in constrained extensions of this type, for example
/// `extension TTAdditions where Base == String`.
public struct TTAdditions<Base> {
  /// The value the helpers work on.
  public let base: Base

  /// Wraps a value so that its helpers can be called.
  ///
  /// - Parameter base: The value the helpers work on.
  public init(_ base: Base) {
    self.base = base
  }
}

extension TTAdditions: Sendable where Base: Sendable {}

extension String {
  /// Three20's string helpers: encoding, query strings, entities, markup, versions.
  public var tt: TTAdditions<String> { TTAdditions(self) }
}

extension Substring {
  /// Three20's string helpers, for a substring.
  public var tt: TTAdditions<String> { TTAdditions(String(self)) }
}
