public import Foundation

/// The error Three20Network throws.
///
/// Every error carries a ``code`` to match on and a ``message`` that says what went wrong, with
/// which input, and what to do about it. Where they are known it also carries the ``url``, the
/// HTTP ``statusCode``, the ``responseBody`` the server sent (so a server's own error message
/// surfaces) and the ``underlying`` error. Its `description` is the message.
///
/// ```swift
/// do {
///   let data = try await TTURLRequest(url: "https://example.com/missing").send(
///     processingWith: TTURLDataResponse())
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
      case transport
    }

    private let storage: Storage

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
    /// The server stayed silent for longer than the request's timeout.
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
    /// The response is larger than the queue's ``TTURLRequestQueue/maxContentLength``.
    public static let tooLarge = Code(storage: .tooLarge)
    /// The server answered with a status other than 2xx or 304; see ``statusCode`` and
    /// ``responseBody``.
    public static let httpStatus = Code(storage: .httpStatus)
    /// The response could not be processed (bad JSON, bad text encoding, bad compression).
    public static let invalidResponse = Code(storage: .invalidResponse)
    /// Another transfer failure reported by libcurl; the message names it.
    public static let transport = Code(storage: .transport)

    /// The code's name, for example `httpStatus`.
    public var description: String { storage.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What went wrong, with which input, and what to do about it.
  public var message: String
  /// The URL that failed, when known.
  public var url: String?
  /// The HTTP status code the server sent, when there was one.
  public var statusCode: Int?
  /// The body the server sent with an error status, when there was one.
  public var responseBody: Data?
  /// The error that caused this one, when there was one.
  public var underlying: (any Error & Sendable)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - message: What went wrong, with which input, and what to do about it.
  ///   - url: The URL that failed; default `nil`.
  ///   - statusCode: The HTTP status the server sent; default `nil`.
  ///   - responseBody: The body the server sent with it; default `nil`.
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
