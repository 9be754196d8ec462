public import Foundation

/// The error Three20Network throws or reports.
///
/// Every error carries a ``code`` to match on and a ``message`` that says what went wrong,
/// with which input, and what to do about it. Its `description` is the message. Errors about a
/// request also carry the ``url``, and when the server answered, the ``statusCode`` and the
/// ``responseBody``; an error caused by another one (a SQLite or libcurl failure, a file system
/// error) keeps it in ``underlying``.
///
/// ```swift
/// let cache = try TTURLCache(name: "Feeds", directory: cachesFolder)
/// if let problem = cache.diskProblem, problem.code == .cacheCorrupted {
///   print(problem)   // "TTURLCache "Feeds": … moved it to …corrupt-…; started an empty cache."
/// }
/// ```
public struct TTNetworkError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case invalidCacheConfiguration
      case cacheUnavailable
      case cacheCorrupted
      case storage
    }

    private let storage: Storage

    /// A cache was created with arguments it cannot work with: an empty name, a name with a
    /// `/`, a negative limit, a directory that is not a file URL.
    public static let invalidCacheConfiguration = Code(storage: .invalidCacheConfiguration)
    /// The disk level of a cache cannot be used (for example the directory is read-only), so the
    /// cache keeps entries in memory only.
    public static let cacheUnavailable = Code(storage: .cacheUnavailable)
    /// A cache file was damaged or not a cache file; it was moved aside and replaced by an empty
    /// one.
    public static let cacheCorrupted = Code(storage: .cacheCorrupted)
    /// Reading or writing the cache's storage failed (disk full, I/O error, the file stayed
    /// locked by another process).
    public static let storage = Code(storage: .storage)

    /// The code's name, for example `cacheCorrupted`.
    public var description: String { storage.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What went wrong, with which input, and what to do about it.
  public var message: String
  /// The URL of the request or cache entry concerned, if any.
  public var url: String?
  /// The HTTP status code of the response, if the server answered.
  public var statusCode: Int?
  /// The body of the server's response, if it sent one.
  public var responseBody: Data?
  /// The error that caused this one, if any.
  public var underlying: (any Error & Sendable)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - message: What went wrong, with which input, and what to do about it.
  ///   - url: The URL concerned; default `nil`.
  ///   - statusCode: The HTTP status code of the response; default `nil`.
  ///   - responseBody: The body of the response; default `nil`.
  ///   - underlying: The error that caused this one; default `nil`.
  public init(
    _ code: Code, _ message: String, url: String? = nil, statusCode: Int? = nil,
    responseBody: Data? = nil, underlying: (any Error & Sendable)? = nil
  ) {
    self.code = code
    self.message = message
    self.url = url
    self.statusCode = statusCode
    self.responseBody = responseBody
    self.underlying = underlying
  }

  /// The message.
  public var description: String { message }
}
