public import Foundation
import Three20Core

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
///
/// do {
///   _ = try await TTURLRequest(url: "https://example.com/missing").send()
/// } catch where error.code == .httpStatus {
///   print(error.statusCode ?? 0)   // 404
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
      case cacheReadOnly
      case cacheEntryTooLarge
      case storage
      case badURL
      case unsupportedURL
      case fileNotFound
      case notCached
      case alreadyLoading
      case cancelled
      case timedOut
      case cannotFindHost
      case cannotConnect
      case connectionLost
      case secureConnectionFailed
      case tooManyRedirects
      case tooLarge
      case httpStatus
      case invalidResponse
      case badServerResponse
      case transport
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
    /// A cache file can be read but not written (a full disk, a read-only file or directory):
    /// its entries are served, new ones are kept in memory only, and writing is tried again
    /// later.
    public static let cacheReadOnly = Code(storage: .cacheReadOnly)
    /// An entry is larger than the cache's `maxEntrySize` (or, for the disk level, its
    /// `diskByteLimit`), so it was not stored; the message names the URL, the size and the
    /// limit to raise.
    public static let cacheEntryTooLarge = Code(storage: .cacheEntryTooLarge)
    /// Reading or writing the cache's storage failed (disk full, I/O error, the file stayed
    /// locked by another process).
    public static let storage = Code(storage: .storage)

    /// The URL is empty or cannot be parsed.
    public static let badURL = Code(storage: .badURL)
    /// The URL's scheme is neither HTTP(S) nor one of the local schemes (`file`, `data`,
    /// `bundle`, `documents`).
    public static let unsupportedURL = Code(storage: .unsupportedURL)
    /// A local URL (`file://`, `bundle://`, `documents://`) names no readable file.
    public static let fileNotFound = Code(storage: .fileNotFound)
    /// The cache policy forbids the network and nothing usable is cached.
    public static let notCached = Code(storage: .notCached)
    /// The request was sent while it was still loading.
    public static let alreadyLoading = Code(storage: .alreadyLoading)
    /// The request was cancelled (by ``TTURLRequest/cancel()``, its task, or its queue).
    public static let cancelled = Code(storage: .cancelled)
    /// The server stayed silent for longer than the idle timeout
    /// (``TTURLRequest/timeoutInterval``), or the whole transfer took longer than the total
    /// timeout (``TTURLRequest/totalTimeoutInterval``); the message says which.
    public static let timedOut = Code(storage: .timedOut)
    /// The host name could not be resolved.
    public static let cannotFindHost = Code(storage: .cannotFindHost)
    /// No connection could be made (for example the connection was refused).
    public static let cannotConnect = Code(storage: .cannotConnect)
    /// The connection broke before the whole response arrived.
    public static let connectionLost = Code(storage: .connectionLost)
    /// The TLS handshake or the server's certificate check failed.
    public static let secureConnectionFailed = Code(storage: .secureConnectionFailed)
    /// The server redirected more often than the queue allows, or in a loop.
    public static let tooManyRedirects = Code(storage: .tooManyRedirects)
    /// The response body, counted after decompression, is larger than the request's
    /// ``TTURLRequest/maxContentLength`` or else the queue's
    /// ``TTURLRequestQueue/maxContentLength``; the message names the limit and whose it is.
    public static let tooLarge = Code(storage: .tooLarge)
    /// The server answered with a status other than 2xx or 304; see ``statusCode`` and
    /// ``responseBody``.
    public static let httpStatus = Code(storage: .httpStatus)
    /// The response could not be processed (bad JSON, bad text encoding, bad compression).
    public static let invalidResponse = Code(storage: .invalidResponse)
    /// The server's response breaks HTTP, so it was refused.
    ///
    /// For example: no HTTP status line, two different `Content-Length` fields, more header
    /// fields or header bytes than the queue accepts (``TTURLRequestQueue/maxResponseHeaderFields``,
    /// ``TTURLRequestQueue/maxResponseHeaderBytes``). The message quotes what was wrong.
    public static let badServerResponse = Code(storage: .badServerResponse)
    /// Another transfer failure reported by libcurl; the message names it.
    public static let transport = Code(storage: .transport)

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

/// A URL or path as an error message shows it: control characters, bidirectional marks and
/// invalid text escaped (see `TTMessageText`), at most 500 characters.
///
/// URLs come from data as often as from code (a feed's links, a server's redirects), so every
/// message that quotes one goes through this.
func escapedInput(_ text: String) -> String {
  TTMessageText.escaped(text, limit: 500)
}

/// A URL or path in double quotes, escaped as ``escapedInput(_:)`` does (a `"` in it too).
func quotedInput(_ text: String) -> String {
  TTMessageText.quoted(text, limit: 500)
}
