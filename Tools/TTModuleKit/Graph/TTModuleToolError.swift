/// Why a `ttmodule` command did not do what it was asked, and the exit status that says so.
///
/// Every message names the input at fault and what to do instead. The statuses follow
/// `sysexits.h`, so scripts can tell a typo from a refusal:
///
/// | Kind | Status | When |
/// |---|---|---|
/// | ``Kind/invalidInput`` | 64 | an unknown module, a name that is not a Swift identifier, a bad URL or version |
/// | ``Kind/refused`` | 65 | the command would overwrite files, break the project or edit what it does not own |
/// | ``Kind/notFound`` | 66 | the project or the Three20 repository is not where it was said to be |
/// | ``Kind/ioFailure`` | 74 | reading or writing a file failed |
public struct TTModuleToolError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of failure, each with its own exit status.
  public enum Kind: Sendable, Hashable {
    /// The command line names something that does not exist or is malformed.
    case invalidInput
    /// The command is understood but doing it would break or overwrite something.
    case refused
    /// A project or repository is missing.
    case notFound
    /// The file system failed.
    case ioFailure
  }

  /// What kind of failure this is.
  public var kind: Kind
  /// The full message: what went wrong, with which input, and what to do.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What kind of failure this is.
  ///   - message: What went wrong, with which input, and what to do.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The process exit status for this failure: 64, 65, 66 or 74.
  public var exitStatus: Int32 {
    switch kind {
    case .invalidInput: 64
    case .refused: 65
    case .notFound: 66
    case .ioFailure: 74
    }
  }

  /// The message.
  public var description: String { message }
}
