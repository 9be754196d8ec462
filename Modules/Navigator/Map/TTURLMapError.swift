import Three20Style

/// The error the URL map throws: a malformed pattern, a bad converter, or clashing patterns.
///
/// Every error carries a ``code`` to match on and a ``message`` that says what went wrong, with
/// which input, and what to do about it. Its `description` is the message. A malformed pattern's
/// message reads like a compiler's, with the column, the pattern and a caret:
///
/// ```text
/// tt://food/(id:integer):1:15: error: unknown parameter type 'integer'; use string, int, double, bool, uuid, path or a converter registered with registerConverter(named:_:)
/// tt://food/(id:integer)
///               ^
/// ```
public struct TTURLMapError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case invalidPattern
      case invalidConverter
      case clashingPatterns
    }

    private let storage: Storage

    /// A pattern is malformed; ``TTURLMapError/pattern`` and ``TTURLMapError/column`` say where.
    public static let invalidPattern = Code(storage: .invalidPattern)
    /// A converter's name is not usable as a parameter type.
    public static let invalidConverter = Code(storage: .invalidConverter)
    /// Two or more patterns have the same shape and precedence, so the later ones never match
    /// (reported by ``TTURLMap/freeze()``).
    public static let clashingPatterns = Code(storage: .clashingPatterns)

    /// The code's name, for example `invalidPattern`.
    public var description: String { storage.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// What went wrong, with which input, and what to do about it.
  public var message: String
  /// The pattern at fault, if the error is about one pattern.
  public var pattern: String?
  /// The 1-based column (in characters) of the fault within ``pattern``, if known.
  public var column: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure this is.
  ///   - message: What went wrong, with which input, and what to do about it.
  ///   - pattern: The pattern at fault; none by default.
  ///   - column: The 1-based column of the fault in `pattern`; none by default.
  public init(_ code: Code, _ message: String, pattern: String? = nil, column: Int? = nil) {
    self.code = code
    self.message = message
    self.pattern = pattern
    self.column = column
  }

  /// The message.
  public var description: String { message }

  /// A malformed-pattern error in compiler style: `<pattern>:1:<column>: error: <reason>`, then the
  /// pattern and a caret under the column.
  ///
  /// - Parameters:
  ///   - reason: What is wrong and how to fix it.
  ///   - pattern: The pattern.
  ///   - offset: The 0-based character offset of the fault.
  static func invalidPattern(_ reason: String, in pattern: String, at offset: Int) -> TTURLMapError {
    let shown = TTTerminalText.sanitized(pattern)
    let before = TTTerminalText.sanitized(String(pattern.prefix(offset)))
    let caret = String(repeating: " ", count: TTDisplayWidth.of(before)) + "^"
    let message = "\(shown):1:\(offset + 1): error: \(reason)\n\(shown)\n\(caret)"
    return TTURLMapError(.invalidPattern, message, pattern: pattern, column: offset + 1)
  }
}
