/// The error Three20Core throws.
///
/// Every error carries a ``code`` to match on and a ``message`` that says what went wrong,
/// with which input, and what to do about it. Its `description` is the message.
///
/// ```swift
/// do {
///   try TTModuleRegistry.shared.register(myModule)
/// } catch where error.code == .conflictingModule {
///   print(error)
/// }
/// ```
public struct TTCoreError: TTCodedError {
  /// What kind of failure this is.
  ///
  /// New codes may be added; match the ones you handle.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private enum Storage: String, Sendable, Hashable {
      case conflictingModule
      case missingValue
      case typeMismatch
    }

    private let storage: Storage

    /// A module was registered twice with different descriptions.
    public static let conflictingModule = Code(storage: .conflictingModule)
    /// A required value was absent from loosely typed data.
    public static let missingValue = Code(storage: .missingValue)
    /// A value in loosely typed data had a different type than the one asked for.
    public static let typeMismatch = Code(storage: .typeMismatch)

    /// The code's name, for example `typeMismatch`.
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
