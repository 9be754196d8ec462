import Three20Core
public import Three20Network
public import Three20XML

/// The error Three20Web throws: why a page could not be shown.
///
/// Every error carries a ``code`` to match on, the ``url`` of the page, and a ``message``
/// written like a compiler's: the address, `error:`, what went wrong and what to do, such as
/// which option raises a limit. Its `description` is the message.
///
/// ```swift
/// do {
///   _ = try await TTWebLoader().load("https://example.com/missing")
/// } catch {
///   error.code         // .httpStatus
///   error.statusCode   // 404
///   print(error)
///   // https://example.com/missing: error: the server answered with status 404 (Not Found);
///   // check the address
/// }
/// ```
///
/// Network failures (`TTNetworkError`) and the HTML parser's limits (`TTXMLError`) are
/// mapped onto these codes by ``init(_:url:maxDocumentSize:)`` and
/// ``init(_:url:options:)``; the original error stays in ``underlying``.
public struct TTWebError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case invalidURL
      case unsupportedScheme
      case network
      case httpStatus
      case tooLarge
      case tooDeep
      case tooManyNodes
      case tooManyAttributes
      case notHTML
      case unreadable
      case notCached
      case cancelled
      case timedOut
    }

    private let storage: Storage

    /// The address is empty, cannot be parsed, or has no host.
    public static let invalidURL = Code(storage: .invalidURL)
    /// The address's scheme is not one pages are loaded from: only `http` and `https` (and
    /// `file` when ``TTWebLoader/Options/allowsFileURLs`` is set).
    public static let unsupportedScheme = Code(storage: .unsupportedScheme)
    /// The page could not be fetched.
    ///
    /// The host is unknown, the connection failed or broke, the server's answer broke HTTP, or
    /// it redirected too often; ``underlying`` holds the `TTNetworkError`.
    public static let network = Code(storage: .network)
    /// The server answered with a status other than 2xx or 304; see ``statusCode``.
    public static let httpStatus = Code(storage: .httpStatus)
    /// The page is larger than `TTWebLoader.Options.parser.maxDocumentSize` (or one piece of it is
    /// larger than the parser reads).
    public static let tooLarge = Code(storage: .tooLarge)
    /// Elements are nested deeper than `TTWebLoader.Options.parser.maxDepth`.
    public static let tooDeep = Code(storage: .tooDeep)
    /// The page has more elements and text runs than `TTWebLoader.Options.parser.maxNodes`.
    public static let tooManyNodes = Code(storage: .tooManyNodes)
    /// An element has more attributes than `TTWebLoader.Options.parser.maxAttributesPerElement`.
    public static let tooManyAttributes = Code(storage: .tooManyAttributes)
    /// The address serves something other than a page (an image, a PDF, …); see
    /// ``contentType``.
    public static let notHTML = Code(storage: .notHTML)
    /// The page could not be read: its text encoding is unknown, or the parser failed.
    public static let unreadable = Code(storage: .unreadable)
    /// The cache policy forbids the network and the page is not cached.
    public static let notCached = Code(storage: .notCached)
    /// The load was cancelled (by the user, or its task).
    public static let cancelled = Code(storage: .cancelled)
    /// The server stayed silent, or the whole load took, longer than the loader's timeouts
    /// (``TTWebLoader/Options/timeout``, ``TTWebLoader/Options/totalTimeout``).
    public static let timedOut = Code(storage: .timedOut)

    /// The code's name, for example `tooLarge`.
    public var description: String { storage.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// The address of the page, as given or as redirected to.
  public var url: String
  /// What went wrong and what to do, in one sentence, without the address.
  public var reason: String
  /// The HTTP status of the answer, for ``Code-swift.struct/httpStatus``.
  public var statusCode: Int?
  /// The media type the server sent, for ``Code-swift.struct/notHTML``.
  public var contentType: String?
  /// The error that caused this one: a `TTNetworkError` or a `TTXMLError`.
  public var underlying: (any Error)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - url: The address of the page.
  ///   - reason: What went wrong and what to do, without the address.
  ///   - statusCode: The HTTP status, if the server answered; default `nil`.
  ///   - contentType: The media type the server sent; default `nil`.
  ///   - underlying: The error that caused this one; default `nil`.
  public init(
    _ code: Code, url: String, reason: String, statusCode: Int? = nil, contentType: String? = nil,
    underlying: (any Error)? = nil
  ) {
    self.code = code
    self.url = url
    self.reason = reason
    self.statusCode = statusCode
    self.contentType = contentType
    self.underlying = underlying
  }

  /// The compiler-style message: `<address>: error: <reason>`.
  ///
  /// The address and the reason are escaped with Core's `TTMessageText`, so the message never
  /// carries a control character or an escape sequence to a terminal.
  ///
  /// ```swift
  /// TTWebError(.notHTML, url: "https://example.com/a.png", reason: "it is image/png, not a page")
  ///   .message
  /// // "https://example.com/a.png: error: it is image/png, not a page"
  /// ```
  public var message: String {
    let address = url.isEmpty ? "(no address)" : TTMessageText.escaped(url, limit: 300)
    return "\(address): error: \(TTMessageText.escaped(reason, limit: 2_000))"
  }

  /// The ``message``.
  public var description: String { message }

  /// A short headline for the error, such as `Page not found` or `Page too large`, for an
  /// error view's title.
  public var title: String {
    switch code {
    case .invalidURL: "Not a web address"
    case .unsupportedScheme: "Not a web page"
    case .httpStatus where statusCode == 404 || statusCode == 410: "Page not found"
    case .httpStatus: "The server refused the page"
    case .tooLarge: "Page too large"
    case .tooDeep, .tooManyNodes, .tooManyAttributes: "Page too complex"
    case .notHTML: "Not a web page"
    case .notCached: "Page not available offline"
    case .cancelled: "Loading cancelled"
    case .timedOut: "The server did not answer in time"
    case .unreadable: "Page could not be read"
    default: "Could not open the page"
    }
  }
}

extension TTWebError {
  /// Maps a network failure onto a web error for the page at `url`.
  ///
  /// `cancelled`, `timedOut`, `tooLarge`, `httpStatus`, `badURL`, `unsupportedURL` and
  /// `notCached` keep their meaning; every other network failure becomes
  /// ``Code-swift.struct/network`` with the network error's own message. A processing failure
  /// that carries a ``TTWebError`` (the loader throws one while parsing) is that error.
  ///
  /// - Parameters:
  ///   - error: The network error.
  ///   - url: The page's address; the network error's own URL when it has one.
  ///   - maxDocumentSize: The loader's size limit, named when the page was too large.
  public init(_ error: TTNetworkError, url: String, maxDocumentSize: Int = 10_000_000) {
    if let web = error.underlying as? TTWebError {
      self = web
      return
    }
    let address = error.url ?? url
    switch error.code {
    case .cancelled:
      self.init(
        .cancelled, url: address, reason: "the load was cancelled; reload to try again", underlying: error)
    case .timedOut:
      self.init(
        .timedOut, url: address,
        reason:
          "the server did not answer in time (\(error.message)); try again later, or raise "
          + "TTWebLoader.Options.timeout or totalTimeout",
        underlying: error)
    case .tooLarge:
      self.init(
        .tooLarge, url: address,
        reason:
          "the page is larger than the \(Self.bytes(maxDocumentSize)) the loader reads "
          + "(TTWebLoader.Options.parser.maxDocumentSize); raise maxDocumentSize to read it",
        underlying: error)
    case .httpStatus:
      let status = error.statusCode ?? 0
      self.init(
        .httpStatus, url: address,
        reason:
          "the server answered with status \(status)\(Self.statusName(status)); \(Self.statusAdvice(status))",
        statusCode: status, underlying: error)
    case .badURL:
      self.init(
        .invalidURL, url: address, reason: "this is not a web address; write it as https://host/path",
        underlying: error)
    case .unsupportedURL:
      self.init(
        .unsupportedScheme, url: address,
        reason: "pages are loaded from http and https addresses only", underlying: error)
    case .notCached:
      self.init(
        .notCached, url: address,
        reason: "the page is not in the cache and the cache policy forbids the network; reload to fetch it",
        underlying: error)
    default:
      self.init(
        .network, url: address,
        reason: "the page could not be fetched: \(error.message)", underlying: error)
    }
  }

  /// Maps a parser failure onto a web error for the page at `url`, naming the option that
  /// raises the limit that was hit.
  ///
  /// - Parameters:
  ///   - error: The parser's error.
  ///   - url: The page's address.
  ///   - options: The loader's options, whose limits the message names.
  public init(_ error: TTXMLError, url: String, options: TTWebLoader.Options) {
    let detail = error.reason
    switch error.code {
    case .nestingDepthLimit:
      self.init(
        .tooDeep, url: url,
        reason:
          "elements are nested deeper than \(options.parser.maxDepth) (TTWebLoader.Options.parser.maxDepth) (\(detail)); "
          + "raise maxDepth to read the page",
        underlying: error)
    case .nodeCountLimit:
      self.init(
        .tooManyNodes, url: url,
        reason:
          "the page has more than \(options.parser.maxNodes) elements and text runs (TTWebLoader.Options.parser.maxNodes) "
          + "(\(detail)); raise maxNodes to read it",
        underlying: error)
    case .attributeCountLimit:
      self.init(
        .tooManyAttributes, url: url,
        reason:
          "an element has more than \(options.parser.maxAttributesPerElement) attributes "
          + "(TTWebLoader.Options.parser.maxAttributesPerElement) (\(detail)); raise maxAttributesPerElement to read the page",
        underlying: error)
    case .documentSizeLimit, .nodeSizeLimit:
      self.init(
        .tooLarge, url: url,
        reason:
          "the page is larger than the \(Self.bytes(options.parser.maxDocumentSize)) the loader reads "
          + "(TTWebLoader.Options.parser.maxDocumentSize) (\(detail)); raise maxDocumentSize to read it",
        underlying: error)
    case .invalidEncoding, .unsupportedEncoding:
      self.init(
        .unreadable, url: url,
        reason:
          "its text encoding cannot be decoded (\(detail)); set TTWebLoader.Options.encoding to the page's "
          + "encoding",
        underlying: error)
    default:
      self.init(
        .unreadable, url: url, reason: "the page could not be parsed: \(error.message)", underlying: error)
    }
  }

  /// `10,000,000 bytes`.
  static func bytes(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (count < 0 ? "-" : "") + grouped + " bytes"
  }

  /// ` (Not Found)` for well-known statuses, empty otherwise.
  static func statusName(_ status: Int) -> String {
    let names = [
      400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
      408: "Request Timeout", 410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error",
      502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    ]
    return names[status].map { " (\($0))" } ?? ""
  }

  /// What to do about a status.
  static func statusAdvice(_ status: Int) -> String {
    switch status {
    case 401, 403: "the page is not public; it cannot be read here"
    case 404, 410: "check the address"
    case 429, 500..<600: "try again later"
    default: "check the address, or try again later"
    }
  }
}
