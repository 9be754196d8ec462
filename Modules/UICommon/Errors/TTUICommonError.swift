public import Three20Core

/// The error Three20UICommon throws.
///
/// Every error carries a ``code`` to match on and a ``message`` that says what went wrong, with
/// which input, and what to do about it. Its `description` is the message.
///
/// ```swift
/// let host = TTTerminalHost()
/// do {
///   try host.start()
/// } catch where error.code == .terminal {
///   print(error)   // for example: another TTTerminalHost already owns the terminal …
/// }
/// ```
public struct TTUICommonError: TTCodedError {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case terminal
      case persistence
    }

    private let storage: Storage

    /// The terminal could not be set up or restored, or another host already owns it.
    public static let terminal = Code(storage: .terminal)

    /// A file that keeps a view's state between runs, such as a launcher's order
    /// (``TTLauncherPersistence``), could not be read or written, or holds something else.
    public static let persistence = Code(storage: .persistence)

    /// The code's name, for example `terminal`.
    public var description: String { storage.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What went wrong, with which input, and what to do about it.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - message: What went wrong, with which input, and what to do about it.
  public init(_ code: Code, _ message: String) {
    (self.code, self.message) = (code, message)
  }
}
