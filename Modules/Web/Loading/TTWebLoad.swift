import Foundation
import Synchronization
public import Three20Core
import Three20Network
import Three20XML

/// One page load under way, from ``TTWebLoader/start(_:cachePolicy:)``: watch its
/// ``progress``, ``cancel()`` it, and wait for it with ``value()``.
///
/// The load starts when the handle is made and runs on its own; dropping the handle does not
/// stop it (cancel it first). Safe to use from any thread.
///
/// ```swift
/// let load = TTWebLoader().start("https://example.com/")
/// print(load.progress)       // bytes so far
/// let page = try await load.value()
/// ```
public final class TTWebLoad: Sendable {
  /// The address the load was asked for, as given.
  public let url: String
  /// Where the page may come from in this load.
  public let cachePolicy: TTURLRequestCachePolicy

  private let request: TTURLRequest
  private let task: Task<Result<TTWebDocument, TTWebError>, Never>
  private let finished: TTWebFlag

  init(url: String, loader: TTWebLoader, cachePolicy: TTURLRequestCachePolicy) {
    self.url = url
    self.cachePolicy = cachePolicy
    let request = TTURLRequest(url: url, method: "GET")
    self.request = request
    let finished = TTWebFlag()
    self.finished = finished
    task = Task.detached {
      let result = await Self.run(request, url: url, loader: loader, cachePolicy: cachePolicy)
      finished.set()
      return result
    }
  }

  /// How many bytes have arrived, and how many the server announced.
  public var progress: TTWebLoadProgress {
    let received = request.totalBytesDownloaded
    let total = request.totalContentLength
    return TTWebLoadProgress(bytesReceived: received, totalBytes: total > 0 ? total : nil)
  }

  /// The host the page is fetched from, such as `example.com`, or the address when it has
  /// none.
  public var host: String {
    URL(string: url.trimmingCharacters(in: .whitespacesAndNewlines))?.host ?? url
  }

  /// Whether the load has ended (loaded, failed or cancelled) and ``value()`` returns at once.
  public var isFinished: Bool { finished.isSet }

  /// Stops the load; ``value()`` then throws ``TTWebError/Code-swift.struct/cancelled``.
  ///
  /// Nothing happens when it has ended already.
  public func cancel() {
    task.cancel()
    request.cancel()
  }

  /// Waits for the page.
  ///
  /// Cancelling the waiting task cancels the load.
  ///
  /// - Returns: The page, parsed.
  /// - Throws: ``TTWebError``.
  public func value() async throws(TTWebError) -> TTWebDocument {
    let result = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      self.cancel()
    }
    return try result.get()
  }

  // MARK: - The load

  private static func run(
    _ request: TTURLRequest, url: String, loader: TTWebLoader, cachePolicy: TTURLRequestCachePolicy
  ) async -> Result<TTWebDocument, TTWebError> {
    let options = loader.options
    let address: String
    do {
      address = try loader.checkedURL(url)
    } catch {
      return .failure(error)
    }
    if Task.isCancelled {
      return .failure(
        TTWebError(.cancelled, url: address, reason: "the load was cancelled; reload to try again"))
    }
    request.urlPath = address
    request.cachePolicy = cachePolicy
    request.maxContentLength = Int64(max(0, options.parser.maxDocumentSize))
    request.timeoutInterval = options.timeout
    request.totalTimeoutInterval = options.totalTimeout
    request.setValue(
      "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.1", forHTTPHeaderField: "Accept")
    request.response = TTWebPageResponse(options: options)
    let result: TTURLResult
    do {
      result = try await request.send(on: loader.queue)
    } catch {
      return .failure(TTWebError(error, url: address, maxDocumentSize: options.parser.maxDocumentSize))
    }
    guard let parsed = result.value as? TTWebParsedPage else {
      return .failure(
        TTWebError(
          .unreadable, url: address, reason: "the response was not processed as a page; load it again"))
    }
    // The final address after redirects; the cache keeps it with the response it stores.
    let finalURL = result.info.url.isEmpty ? address : result.info.url
    return .success(
      TTWebDocument(
        requestedURL: address, finalURL: finalURL,
        contentType: result.info.value(forHTTPHeaderField: "Content-Type"),
        document: parsed.document, isPlainText: parsed.isPlainText, byteCount: result.data.count,
        respondedFromCache: result.respondedFromCache))
  }
}

/// A flag set once, read from any thread.
final class TTWebFlag: Sendable {
  private let value = Mutex(false)

  /// Whether ``set()`` was called.
  var isSet: Bool { value.withLock { $0 } }

  /// Sets the flag.
  func set() { value.withLock { $0 = true } }
}

/// A page as the processor leaves it.
struct TTWebParsedPage: Sendable {
  var document: TTHTMLDocument
  var isPlainText: Bool
}

/// Parses a page's body on the request queue's processing threads (never the main actor).
///
/// A failure is thrown as a ``TTWebError``; the queue wraps it, and the load unwraps it again.
struct TTWebPageResponse: TTURLResponse {
  let options: TTWebLoader.Options

  /// What a body is, by its `Content-Type`.
  enum Kind: Equatable {
    case html
    case plainText
    case other(String)
  }

  /// The kind of a body: its media type, or for none, HTML unless the first bytes look binary.
  static func kind(mimeType: String?, data: Data) -> Kind {
    guard let mimeType else {
      return data.prefix(1024).contains(0) ? .other("binary data without a Content-Type") : .html
    }
    switch mimeType {
    case "text/html", "application/xhtml+xml": return .html
    case "text/plain": return .plainText
    default: return .other(mimeType)
    }
  }

  func process(_ data: Data, info: TTURLResponseInfo) throws -> TTWebParsedPage {
    let contentType = info.value(forHTTPHeaderField: "Content-Type")
    switch Self.kind(mimeType: info.mimeType, data: data) {
    case .other(let type):
      throw TTWebError(
        .notHTML, url: info.url,
        reason:
          "it is \(TTMessageText.escaped(type, limit: 80)), not a web page; open it with an app that reads that type",
        contentType: contentType)
    case .html:
      return TTWebParsedPage(
        document: try parse(data, contentType: contentType, url: info.url), isPlainText: false)
    case .plainText:
      let (wrapped, type) = Self.wrapPlainText(data, charset: info.textEncodingName, url: info.url)
      return TTWebParsedPage(
        document: try parse(wrapped, contentType: type, url: info.url), isPlainText: true)
    }
  }

  private func parse(_ data: Data, contentType: String?, url: String) throws(TTWebError) -> TTHTMLDocument {
    var parserOptions = options.parser
    // The network held the body to maxDocumentSize; wrapping plain text may add a little.
    parserOptions.maxDocumentSize = max(parserOptions.maxDocumentSize, data.count)
    do {
      return try TTHTMLParser.parse(data, contentType: contentType, options: parserOptions)
    } catch {
      throw TTWebError(error, url: url, options: options)
    }
  }

  /// Plain text as a page of one `<pre>`, titled with the file's name.
  ///
  /// Text in an encoding whose ASCII bytes mean ASCII is escaped byte by byte and keeps its
  /// charset, which the parser then decodes; UTF-16 and UTF-32 text is converted to UTF-8 first.
  static func wrapPlainText(_ data: Data, charset: String?, url: String) -> (Data, String?) {
    var body = data
    var type = charset.map { "text/html; charset=\($0)" }
    let lowered = charset?.lowercased() ?? ""
    let bom16 = data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE])
    if lowered.hasPrefix("utf-16") || lowered.hasPrefix("utf-32") || bom16 {
      let encoding: String.Encoding =
        switch lowered {
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "utf-32": .utf32
        case "utf-32le": .utf32LittleEndian
        case "utf-32be": .utf32BigEndian
        default: .utf16
        }
      let text = String(data: data, encoding: encoding) ?? String(decoding: data, as: UTF8.self)
      body = Data(text.utf8)
      type = "text/html; charset=utf-8"
    }
    var escaped = Data()
    escaped.reserveCapacity(body.count + body.count / 16 + 128)
    let name = URL(string: url)?.lastPathComponent ?? ""
    let title = name.isEmpty || name == "/" ? url : name
    escaped.append(contentsOf: Array("<!DOCTYPE html><html><head><title>".utf8))
    // The body keeps its own charset (or none, for the parser to sniff), so the title is
    // written in ASCII, other characters as references.
    for scalar in title.unicodeScalars {
      switch scalar {
      case "<": escaped.append(contentsOf: Array("&lt;".utf8))
      case "&": escaped.append(contentsOf: Array("&amp;".utf8))
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
      case _ where scalar.value > 0x7E: escaped.append(contentsOf: Array("&#\(scalar.value);".utf8))
      default: escaped.append(UInt8(scalar.value))
      }
    }
    escaped.append(contentsOf: Array("</title></head><body><pre>".utf8))
    for byte in body {
      switch byte {
      case UInt8(ascii: "<"): escaped.append(contentsOf: Array("&lt;".utf8))
      case UInt8(ascii: "&"): escaped.append(contentsOf: Array("&amp;".utf8))
      default: escaped.append(byte)
      }
    }
    escaped.append(contentsOf: Array("</pre></body></html>".utf8))
    return (escaped, type)
  }
}
