/// An error from ``TTTestHTTPServer`` or ``TTTestCompression``: what failed, in words.
public struct TTTestHTTPServerError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, for example `bind(127.0.0.1:0) failed: Address already in use`.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameter message: What went wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
