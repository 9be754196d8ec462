/// A result that is not known yet, which any number of tasks can wait for: how a composer
/// hands its outcome to `await`.
///
/// The first ``finish(_:)`` sets the value and wakes every waiter; later calls change
/// nothing. ``wait()`` returns at once when the value is known.
///
/// ```swift
/// let answer = TTPendingResult<String>()
/// Task { @MainActor in answer.finish("sent") }
/// let outcome = await answer.wait()   // "sent"
/// ```
@MainActor
public final class TTPendingResult<Value: Sendable> {
  /// The value, once finished; `nil` before.
  public private(set) var value: Value?

  private var waiters: [CheckedContinuation<Value, Never>] = []

  /// Creates a result that is not known yet.
  public init() {}

  /// Whether the value is known.
  public var isFinished: Bool { value != nil }

  /// Sets the value and wakes every waiter; does nothing when the value is known already.
  ///
  /// - Parameter value: The value.
  /// - Returns: `false` when the result was finished before.
  @discardableResult
  public func finish(_ value: Value) -> Bool {
    guard self.value == nil else { return false }
    self.value = value
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume(returning: value) }
    return true
  }

  /// Waits for the value; returns at once when it is known.
  ///
  /// - Returns: The value.
  public func wait() async -> Value {
    if let value { return value }
    return await withCheckedContinuation { continuation in
      waiters.append(continuation)
    }
  }
}
