public import Three20Core

/// The error Three20Style throws.
///
/// Every error carries a ``code`` to match on and a ``message`` that says what went wrong, with
/// which input, and what to do about it. Its `description` is the message.
public struct TTStyleError: TTCodedError {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case invalidColor
      case invalidMarkup
      case invalidStylesheet
      case invalidCanvasSize
    }

    private let storage: Storage

    /// A colour could not be read, for example a malformed hex string.
    public static let invalidColor = Code(storage: .invalidColor)
    /// Styled-text markup is malformed (strict parsing only).
    public static let invalidMarkup = Code(storage: .invalidMarkup)
    /// A stylesheet file could not be read.
    public static let invalidStylesheet = Code(storage: .invalidStylesheet)
    /// A canvas size is negative or beyond ``TTCanvas/maximumWidth``,
    /// ``TTCanvas/maximumHeight`` or ``TTCanvas/maximumCellCount``.
    public static let invalidCanvasSize = Code(storage: .invalidCanvasSize)

    /// The code's name, for example `invalidColor`.
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
