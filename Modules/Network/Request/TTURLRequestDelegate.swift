/// Hears about a request's progress: Three20's `TTURLRequestDelegate`.
///
/// Every method is optional (the defaults do nothing) and is called on the main actor. A request
/// may have several delegates; it holds them weakly. For one load, the calls come in this order:
/// ``requestDidStartLoad(_:)`` (not for answers from the cache or local URLs), any number of
/// ``requestDidUploadData(_:bytesSent:totalBytesExpected:)`` and
/// ``requestDidDownloadData(_:bytesReceived:totalBytesExpected:)``, then exactly one of
/// ``requestDidFinishLoad(_:)``, ``request(_:didFailLoadWith:)`` or ``requestDidCancelLoad(_:)``.
///
/// ```swift
/// @MainActor final class Loader: TTURLRequestDelegate {
///   func requestDidFinishLoad(_ request: TTURLRequest) {
///     print(request.value(as: String.self) ?? "")
///   }
/// }
/// let loader = Loader()
/// let request = TTURLRequest(url: "https://example.com/", response: TTURLStringResponse())
/// request.addDelegate(loader)
/// request.start()
/// ```
@MainActor
public protocol TTURLRequestDelegate: AnyObject, Sendable {
  /// The request went to the network.
  ///
  /// - Parameter request: The request.
  func requestDidStartLoad(_ request: TTURLRequest)

  /// Part of the request's body was sent.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - bytesSent: The bytes of the body sent so far.
  ///   - totalBytesExpected: The size of the whole body.
  func requestDidUploadData(_ request: TTURLRequest, bytesSent: Int64, totalBytesExpected: Int64)

  /// Part of the response's body arrived.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - bytesReceived: The bytes received so far.
  ///   - totalBytesExpected: The announced size, or 0 when the server did not announce one.
  func requestDidDownloadData(_ request: TTURLRequest, bytesReceived: Int64, totalBytesExpected: Int64)

  /// The request succeeded; its ``TTURLRequest/result`` holds the processed value.
  ///
  /// - Parameter request: The request.
  func requestDidFinishLoad(_ request: TTURLRequest)

  /// The request failed.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - error: Why.
  func request(_ request: TTURLRequest, didFailLoadWith error: TTNetworkError)

  /// The request was cancelled.
  ///
  /// - Parameter request: The request.
  func requestDidCancelLoad(_ request: TTURLRequest)
}

extension TTURLRequestDelegate {
  /// Does nothing.
  ///
  /// - Parameter request: The request.
  public func requestDidStartLoad(_ request: TTURLRequest) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - bytesSent: The bytes sent so far.
  ///   - totalBytesExpected: The size of the body.
  public func requestDidUploadData(_ request: TTURLRequest, bytesSent: Int64, totalBytesExpected: Int64) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - bytesReceived: The bytes received so far.
  ///   - totalBytesExpected: The announced size, or 0.
  public func requestDidDownloadData(
    _ request: TTURLRequest, bytesReceived: Int64, totalBytesExpected: Int64
  ) {}

  /// Does nothing.
  ///
  /// - Parameter request: The request.
  public func requestDidFinishLoad(_ request: TTURLRequest) {}

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - error: Why it failed.
  public func request(_ request: TTURLRequest, didFailLoadWith error: TTNetworkError) {}

  /// Does nothing.
  ///
  /// - Parameter request: The request.
  public func requestDidCancelLoad(_ request: TTURLRequest) {}
}
