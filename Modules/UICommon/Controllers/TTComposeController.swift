/// A screen that collects something from the user and ends once, submitted or cancelled,
/// then closes itself: what ``TTPostController`` and Table's `TTMessageController` share.
///
/// A subclass gathers its fields, checks them in its submit method (`post()`, `send()`) and
/// ends with ``finish(_:)``; this class does the rest:
/// - ``result()`` waits for the outcome, ``finishedResult`` reads it;
/// - Escape calls ``cancel()``, Ctrl-S calls ``submit()``;
/// - ``cancel()`` ends with the cancelled outcome, calls ``didCancel()`` (where a subclass tells
///   its delegate) and dismisses the screen (``TTViewController/dismiss()``);
/// - being closed any other way (going back) counts as cancelling; being covered by another
///   screen, or the presenter leaving the screen for a while, does not
///   (``TTPresenting/isPresenting(_:)``);
/// - a composer that goes away without an outcome ends cancelled, so no waiter waits forever
///   for it.
///
/// ```swift
/// final class NameController: TTComposeController<String?> {
///   let field = TTTextField(placeholder: "Name")
///
///   init() { super.init(cancelled: nil) }
///
///   override func submit() -> Bool {
///     guard !field.text.isEmpty, finish(field.text) else { return false }
///     dismiss()
///     return true
///   }
/// }
/// ```
@MainActor
open class TTComposeController<Outcome: Sendable>: TTViewController {
  private let outcome = TTPendingResult<Outcome>()
  private let cancelledOutcome: Outcome

  /// Creates a composer.
  ///
  /// - Parameter cancelled: The outcome of a cancellation.
  public init(cancelled: Outcome) {
    cancelledOutcome = cancelled
    super.init()
  }

  /// Ends cancelled if nothing ended it.
  isolated deinit {
    outcome.finish(cancelledOutcome)
  }

  /// Waits for the outcome: what was submitted, or the cancellation.
  ///
  /// - Returns: The outcome; at once when the composer has ended.
  public func result() async -> Outcome {
    await outcome.wait()
  }

  /// The outcome, once known; `nil` while the composer is open.
  public var finishedResult: Outcome? { outcome.value }

  /// Whether the composer has ended.
  public var isFinished: Bool { outcome.isFinished }

  /// Ends the composer with an outcome, waking everyone waiting in ``result()``; it does not
  /// dismiss the screen (call ``TTViewController/dismiss()`` after telling the delegate).
  ///
  /// - Parameter value: The outcome.
  /// - Returns: `false`, changing nothing, when the composer had ended already.
  @discardableResult
  public func finish(_ value: Outcome) -> Bool {
    outcome.finish(value)
  }

  /// Checks what was entered and ends the composer with it; what Ctrl-S does.
  ///
  /// The default does nothing and returns `false`; subclasses override it (`post()`,
  /// `send()`).
  ///
  /// - Returns: Whether the composer ended.
  @discardableResult
  open func submit() -> Bool { false }

  /// Cancels: ends with the cancelled outcome, calls ``didCancel()`` and dismisses; nothing
  /// happens when the composer has ended already.
  open func cancel() {
    guard outcome.finish(cancelledOutcome) else { return }
    didCancel()
    dismiss()
  }

  /// Called once when the composer ends cancelled, by ``cancel()`` or by being closed.
  ///
  /// The default does nothing. Subclasses tell their delegate here.
  open func didCancel() {}

  /// Escape cancels; Ctrl-S submits.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used.
  override open func handleKey(_ key: TTKey) -> Bool {
    switch key {
    case .escape:
      cancel()
      return true
    case .control("s"):
      submit()
      return true
    default:
      return super.handleKey(key)
    }
  }

  /// Being closed without an outcome counts as cancelling; leaving the screen while the
  /// presenter still shows the composer does not.
  override open func viewDidDisappear() {
    super.viewDidDisappear()
    // Covered by another screen, or its presenter off screen for a while: still open.
    guard presenter?.isPresenting(self) != true else { return }
    if outcome.finish(cancelledOutcome) { didCancel() }
  }
}
