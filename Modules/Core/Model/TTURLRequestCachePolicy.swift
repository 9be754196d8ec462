/// Where a load may take its data from, and whether the result may be cached.
///
/// The bits are Three20's, with the same raw values, so they combine the same way:
///
/// | Option      | Raw | Meaning                                                          |
/// |-------------|-----|------------------------------------------------------------------|
/// | ``none``    | 0   | No source allowed; same as `[]`.                                 |
/// | ``memory``  | 1   | The in-memory cache may be read.                                 |
/// | ``disk``    | 2   | The disk cache may be read.                                      |
/// | ``network`` | 4   | The network may be used.                                         |
/// | ``noCache`` | 8   | Never store the result, nor revalidate it with an ETag.          |
/// | ``etag``    | 18  | Revalidate cached data with the server (includes ``disk``).      |
/// | ``local``   | 3   | ``memory`` and ``disk``: never touch the network.                |
/// | ``default`` | 7   | ``memory``, ``disk`` and ``network``: cache first, then network. |
///
/// It lives in Three20Core because ``TTModel/load(_:more:)`` takes one; Three20Network's
/// requests use the same type.
///
/// ```swift
/// let policy: TTURLRequestCachePolicy = [.network, .noCache]
/// policy.contains(.network)     // true
/// policy.rawValue               // 12
/// TTURLRequestCachePolicy.etag.contains(.disk)   // true
/// TTURLRequestCachePolicy.default == [.local, .network]   // true
/// ```
public struct TTURLRequestCachePolicy: OptionSet, Sendable, Hashable {
  /// The bits, with Three20's values.
  public let rawValue: Int

  /// Creates a policy from raw bits.
  ///
  /// Unknown bits are kept, so a value survives a round trip through its raw value.
  ///
  /// - Parameter rawValue: The bits, for example `7` for ``default``.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// No source allowed (raw 0); the same as the empty set `[]`.
  ///
  /// Write `[]` where an optional policy is expected, because `.none` there means `nil`.
  public static let none: TTURLRequestCachePolicy = []

  /// The in-memory cache may be read (raw 1).
  public static let memory = TTURLRequestCachePolicy(rawValue: 1)

  /// The disk cache may be read, if the data has not expired (raw 2).
  public static let disk = TTURLRequestCachePolicy(rawValue: 2)

  /// The network may be used (raw 4).
  public static let network = TTURLRequestCachePolicy(rawValue: 4)

  /// The result is never stored in a cache, and never revalidated with an ETag (raw 8).
  public static let noCache = TTURLRequestCachePolicy(rawValue: 8)

  /// Cached data is revalidated with the server before use (raw 18: bit 16 plus ``disk``).
  ///
  /// The request always goes to the network; when data is cached it sends the stored ETag, and a
  /// "304 Not Modified" answer serves the cached data.
  public static let etag = TTURLRequestCachePolicy(rawValue: 16 | 2)

  /// Caches only, never the network (raw 3): ``memory`` and ``disk``.
  public static let local: TTURLRequestCachePolicy = [.memory, .disk]

  /// Caches first, then the network (raw 7): ``memory``, ``disk`` and ``network``.
  ///
  /// This is what a load uses when nothing else is asked for.
  public static let `default`: TTURLRequestCachePolicy = [.memory, .disk, .network]
}
