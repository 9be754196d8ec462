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
  /// Total timeout in seconds, from the first attempt's start; 0 = none.
  var totalTimeout: TimeInterval
  /// The most body bytes accepted (after decoding); 0 = unlimited.
  var maxContentLength: Int64
  /// Whose limit ``maxContentLength`` is, for messages: "of the request" or "of its queue".
  var limitSource: String
  /// The most a compressed body may grow when decoded, as a multiple of its size on the wire;
  /// 0 = unlimited.
  var maxDecompressionRatio: Int
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
  /// Hands the body to the request's `onData` closure, off the network thread.
  var delivery: TTDataDelivery?
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
