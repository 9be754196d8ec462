/// A small bundle of context to hang on a request: Three20's `TTUserInfo`.
///
/// ``TTURLRequestQueue/cancelRequests(withDelegate:)`` also cancels requests whose user info's
/// ``weakRef`` is that object, as Three20 did.
///
/// ```swift
/// let info = TTUserInfo(topic: "avatar", strongRef: 42)
/// info.topic       // "avatar"
/// info.strongRef as? Int   // 42
/// ```
public struct TTUserInfo: Sendable {
  /// A name for what the request is about.
  public var topic: String?
  /// A value kept alive by the user info.
  public var strongRef: (any Sendable)?
  /// An object referred to without keeping it alive.
  public weak var weakRef: (any AnyObject & Sendable)?

  /// Creates user info.
  ///
  /// - Parameters:
  ///   - topic: A name for what the request is about; default `nil`.
  ///   - strongRef: A value to keep alive; default `nil`.
  ///   - weakRef: An object to refer to weakly; default `nil`.
  public init(
    topic: String? = nil, strongRef: (any Sendable)? = nil, weakRef: (any AnyObject & Sendable)? = nil
  ) {
    self.topic = topic
    self.strongRef = strongRef
    self.weakRef = weakRef
  }
}
