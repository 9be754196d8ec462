public import Foundation
public import Three20Core
public import Three20Network
public import Three20XML

/// Fetches a web page and parses it, off the main actor: the loading half of
/// ``TTWebController`` and ``TTWebDump``.
///
/// A load is a GET through a Network request queue (``queue``, `TTURLRequestQueue/main` by
/// default, so pages share the app's URL cache), with the body limited to
/// `Options.parser.maxDocumentSize` (a larger page stops downloading as soon as it passes the limit),
/// an idle and a total timeout, and the cache policy asked for. Redirects are followed; the
/// document's address is the last one, against which relative links resolve. The body is
/// parsed with XMLExt's `TTHTMLParser` on the queue's processing threads, with the limits of
/// ``Options``; the charset comes from the `Content-Type` header, a byte order mark or the
/// page's `<meta>`.
///
/// `text/html` and `application/xhtml+xml` are parsed as HTML, `text/plain` is shown as
/// preformatted text, a response without a type is parsed as HTML unless it looks binary, and
/// anything else fails with ``TTWebError/Code-swift.struct/notHTML`` naming the type. Only
/// `http` and `https` addresses are loaded, and `file` ones when ``Options/allowsFileURLs``
/// says so.
///
/// ```swift
/// let loader = TTWebLoader()
/// let page = try await loader.load("https://example.com/")
/// page.finalURL          // "https://example.com/" (after any redirects)
/// page.document.title    // "Example Domain"
///
/// let load = loader.start("https://example.com/big")   // to watch and cancel it
/// load.progress.bytesReceived                         // so far
/// load.cancel()                                       // the load fails with .cancelled
/// ```
public struct TTWebLoader: Sendable {
  /// What a loader may fetch and parse: its limits, timeouts and cache policy.
  ///
  /// Each limit has a default real pages stay far below, and each failure names the option to
  /// raise.
  public struct Options: Sendable, Hashable {
    /// The parser's limits and the encoding pages are read in; `TTHTMLParser.Options()` by
    /// default (10 MB, 512 levels of nesting, a million nodes, 1,000 attributes on an element,
    /// the page's own encoding).
    ///
    /// Its `maxDocumentSize` is also where a download stops: a larger page stops downloading as
    /// soon as it passes the limit (``TTWebError/Code-swift.struct/tooLarge``). Set `encoding`
    /// to read pages in an encoding whatever they say, such as `"Shift_JIS"`.
    public var parser = TTHTMLParser.Options()
    /// The longest the server may stay silent, in seconds; 30 by default.
    public var timeout: TimeInterval = 30
    /// The longest a whole load may take, in seconds; 120 by default.
    ///
    /// `0` means no limit.
    public var totalTimeout: TimeInterval = 120
    /// Where pages may come from; `.default` (memory, disk, then the network) by default.
    public var cachePolicy: TTURLRequestCachePolicy = .default
    /// Whether `file:` addresses are loaded; `false` by default, since a page must not read
    /// the user's files by linking to them.
    public var allowsFileURLs = false

    /// Creates options with the defaults.
    public init() {}

  }

  /// The limits, timeouts and cache policy of every load.
  public var options: Options

  /// The queue pages are fetched on.
  public var queue: TTURLRequestQueue

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - options: Limits, timeouts and cache policy; the defaults by default.
  ///   - queue: The queue pages are fetched on; `TTURLRequestQueue/main` (with the app's
  ///     URL cache) by default.
  public init(options: Options = Options(), queue: TTURLRequestQueue = .main) {
    self.options = options
    self.queue = queue
  }

  /// Starts loading a page and returns at once, with a handle to watch its progress, cancel it
  /// and wait for it.
  ///
  /// - Parameters:
  ///   - url: The page's address, such as `https://example.com/`.
  ///   - cachePolicy: Where the page may come from; `nil` (the default) uses
  ///     ``Options/cachePolicy``. Pass `.network` to bypass the cache (a forced reload).
  /// - Returns: The load under way.
  public func start(_ url: String, cachePolicy: TTURLRequestCachePolicy? = nil) -> TTWebLoad {
    TTWebLoad(url: url, loader: self, cachePolicy: cachePolicy ?? options.cachePolicy)
  }

  /// Loads a page and parses it.
  ///
  /// Cancelling the calling task cancels the load.
  ///
  /// - Parameters:
  ///   - url: The page's address.
  ///   - cachePolicy: Where the page may come from; `nil` (the default) uses
  ///     ``Options/cachePolicy``.
  /// - Returns: The parsed page with its final address.
  /// - Throws: ``TTWebError``, naming the address, what went wrong and what to do.
  public func load(
    _ url: String, cachePolicy: TTURLRequestCachePolicy? = nil
  ) async throws(TTWebError) -> TTWebDocument {
    try await start(url, cachePolicy: cachePolicy).value()
  }

  // MARK: - Checking an address

  /// The address made ready to load, or why it cannot be.
  ///
  /// - Parameter url: The address as given.
  /// - Returns: The trimmed address.
  /// - Throws: ``TTWebError`` with ``TTWebError/Code-swift.struct/invalidURL`` or
  ///   ``TTWebError/Code-swift.struct/unsupportedScheme``.
  public func checkedURL(_ url: String) throws(TTWebError) -> String {
    let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      throw TTWebError(.invalidURL, url: url, reason: "the address is empty; give an https:// address")
    }
    guard let scheme = TTURLSchemePolicy.scheme(of: trimmed) else {
      throw TTWebError(
        .invalidURL, url: trimmed,
        reason:
          "the address has no scheme; write it in full, such as https://\(TTMessageText.escaped(trimmed, limit: 60))"
      )
    }
    switch scheme {
    case "http", "https":
      guard let parsed = URL(string: trimmed), let host = parsed.host, !host.isEmpty else {
        throw TTWebError(
          .invalidURL, url: trimmed,
          reason: "the address cannot be read or names no host; write it as https://host/path")
      }
      return trimmed
    case "file":
      guard options.allowsFileURLs else {
        throw TTWebError(
          .unsupportedScheme, url: trimmed,
          reason: "file addresses are not loaded unless TTWebLoader.Options.allowsFileURLs is set")
      }
      return trimmed
    default:
      throw TTWebError(
        .unsupportedScheme, url: trimmed,
        reason:
          "pages are loaded from http and https addresses only, not \(TTMessageText.escaped(scheme, limit: 40)):; "
          + "open such addresses through the app's navigator")
    }
  }
}

/// A page loaded and parsed: the document, where it came from, and what the server said.
public struct TTWebDocument: Sendable {
  /// The address the load was asked for.
  public let requestedURL: String
  /// The address the page came from, after redirects: the base of its relative links.
  public let finalURL: String
  /// The `Content-Type` the server sent, if any.
  public let contentType: String?
  /// The parsed page.
  public let document: TTHTMLDocument
  /// Whether the page was `text/plain`, shown as preformatted text.
  public let isPlainText: Bool
  /// The size of the body, in bytes.
  public let byteCount: Int
  /// Whether the page came from the cache.
  public let respondedFromCache: Bool

  /// Creates a loaded page.
  ///
  /// - Parameters:
  ///   - requestedURL: The address asked for.
  ///   - finalURL: The address after redirects.
  ///   - contentType: The server's `Content-Type`.
  ///   - document: The parsed page.
  ///   - isPlainText: Whether it was plain text.
  ///   - byteCount: The size of the body.
  ///   - respondedFromCache: Whether it came from the cache.
  public init(
    requestedURL: String, finalURL: String, contentType: String?, document: TTHTMLDocument, isPlainText: Bool,
    byteCount: Int, respondedFromCache: Bool
  ) {
    self.requestedURL = requestedURL
    self.finalURL = finalURL
    self.contentType = contentType
    self.document = document
    self.isPlainText = isPlainText
    self.byteCount = byteCount
    self.respondedFromCache = respondedFromCache
  }

  /// ``finalURL`` as a `URL`, the base for the page's links; `nil` when it cannot be parsed.
  public var url: URL? { URL(string: finalURL) }

  /// The page's `<title>`, whitespace collapsed, or `nil`.
  public var title: String? { document.title }
}

/// How far a load has come.
public struct TTWebLoadProgress: Sendable, Hashable, CustomStringConvertible {
  /// The bytes of the page received so far.
  public var bytesReceived: Int64
  /// The size the server announced, or `nil` when it announced none.
  public var totalBytes: Int64?

  /// Creates a progress value.
  ///
  /// - Parameters:
  ///   - bytesReceived: The bytes received so far.
  ///   - totalBytes: The announced size, if any.
  public init(bytesReceived: Int64 = 0, totalBytes: Int64? = nil) {
    self.bytesReceived = bytesReceived
    self.totalBytes = totalBytes
  }

  /// `12.3 kB of 40 kB`, `1.2 MB`, or `0 B`: the progress as a status line shows it.
  public var description: String {
    let received = Self.size(bytesReceived)
    guard let totalBytes, totalBytes > 0 else { return received }
    return "\(received) of \(Self.size(totalBytes))"
  }

  /// A byte count in B, kB or MB (powers of 1,000), one decimal under 100.
  static func size(_ bytes: Int64) -> String {
    let value = Double(max(0, bytes))
    func scaled(_ divisor: Double, _ unit: String) -> String {
      let number = value / divisor
      let text = number < 100 ? String(format: "%.1f", number) : String(Int(number.rounded()))
      return "\(text) \(unit)"
    }
    if value < 1_000 { return "\(max(0, bytes)) B" }
    if value < 1_000_000 { return scaled(1_000, "kB") }
    return scaled(1_000_000, "MB")
  }
}
