import Foundation

/// One network transfer to make, as the queue's thread needs it.
struct TTTransferJob: Sendable {
  var url: String
  var method: String
  /// Header lines, `"Name: value"`.
  var headerLines: [String]
  var body: Data?
  /// Idle timeout in seconds.
  var timeout: TimeInterval
  /// 0 = unlimited.
  var maxContentLength: Int64
  var maxRedirects: Int
  /// Retries after connection failures; 0 for methods that are not idempotent.
  var maxRetries: Int
  var retryDelay: TimeInterval
  var userAgent: String?
  var handleCookies: Bool
  /// Requests with equal keys share one transfer; `nil` = never shared.
  var coalescingKey: String?
  /// Concurrency bucket: scheme, host and port.
  var hostKey: String
  var onData: (@Sendable (Data) -> Void)?
  var destination: URL?
}

/// What came back from the network.
struct TTTransferResponse: Sendable {
  var info: TTURLResponseInfo
  var data: Data
}

/// One request waiting for a transfer; a coalesced transfer has several.
struct TTTransferWaiter: Sendable {
  var ticket: UInt64
  var request: TTURLRequest
  /// Called exactly once, on the queue's thread.
  var completion: @Sendable (Result<TTTransferResponse, TTNetworkError>) -> Void
}
