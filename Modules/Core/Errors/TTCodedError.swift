/// The shape of the simple errors of Three20's modules: a code to match on and a message.
///
/// ``TTCoreError``, `TTStyleError` and `TTUICommonError` conform; each declares its own codes.
/// Their `description` is the message, which says what went wrong, with which input, and what
/// to do about it.
///
/// ```swift
/// func report(_ error: some TTCodedError) -> String {
///   "\(error.code): \(error)"
/// }
/// report(TTCoreError(.missingValue, "no 'title' in the item"))   // "missingValue: no 'title' in the item"
/// ```
public protocol TTCodedError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The type of the codes, usually a nested `Code` struct with one static member per code.
  associatedtype Code: Sendable, Hashable, CustomStringConvertible

  /// What kind of failure this is.
  var code: Code { get }
  /// What went wrong, with which input, and what to do about it.
  var message: String { get }
}

extension TTCodedError {
  /// The message.
  public var description: String { message }
}
