extension TTURLCache {
  /// What a request should do with the cache, as decided by
  /// ``TTHTTPCacheRules/lookup(_:policy:expirationAge:requestHeaders:now:)``.
  ///
  /// ```swift
  /// switch cache.lookup(key: key, policy: request.cachePolicy, expirationAge: TTTimeInterval.week) {
  /// case .fresh(let entry):
  ///   deliver(entry.body)                       // no network at all
  /// case .revalidate(let entry, let conditionalHeaders):
  ///   send(request, adding: conditionalHeaders) // on 304: cache.refresh(key:headers:)
  /// case .miss:
  ///   send(request)                             // on success: rules.entry(…) → cache.store(_:)
  /// }
  /// ```
  public enum Lookup: Sendable, Hashable {
    /// The entry is fresh: use it without asking the server.
    case fresh(Entry)
    /// The entry may still be good: send the request with `conditionalHeaders` added, and on
    /// "304 Not Modified" use ``TTURLCache/refresh(key:headers:now:)``'s result.
    case revalidate(Entry, conditionalHeaders: TTHTTPHeaders)
    /// The cache cannot help: send the request as it is.
    case miss

    /// The cached entry, for ``fresh(_:)`` and ``revalidate(_:conditionalHeaders:)``.
    public var entry: Entry? {
      switch self {
      case .fresh(let entry), .revalidate(let entry, _): entry
      case .miss: nil
      }
    }
  }
}
