import Foundation
import Three20Style
public import Three20UICommon

/// What a ``TTMessageController`` tells the object that opened it.
///
/// Three20's `TTMessageControllerDelegate`. Every method has a default that does nothing (or
/// allows).
@MainActor
public protocol TTMessageControllerDelegate: AnyObject {
  /// Asks whether the message may be sent; `true` by default.
  ///
  /// - Parameters:
  ///   - controller: The composer.
  ///   - message: The message.
  /// - Returns: `false` to keep the composer open (say why with
  ///   ``TTMessageController/showError(_:)``).
  func messageController(
    _ controller: TTMessageController, shouldSend message: TTMessageController.Message
  )
    -> Bool
  /// Tells that the message was sent; the composer dismisses itself next.
  ///
  /// - Parameters:
  ///   - controller: The composer.
  ///   - message: The message.
  func messageController(_ controller: TTMessageController, didSend message: TTMessageController.Message)
  /// Tells that the user cancelled.
  ///
  /// - Parameter controller: The composer.
  func messageControllerDidCancel(_ controller: TTMessageController)
}

extension TTMessageControllerDelegate {
  /// Allows every message.
  ///
  /// - Parameters:
  ///   - controller: The composer.
  ///   - message: The message.
  /// - Returns: `true`.
  public func messageController(
    _ controller: TTMessageController, shouldSend message: TTMessageController.Message
  ) -> Bool { true }
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - controller: The composer.
  ///   - message: The message.
  public func messageController(
    _ controller: TTMessageController, didSend message: TTMessageController.Message
  ) {}
  /// Does nothing.
  ///
  /// - Parameter controller: The composer.
  public func messageControllerDidCancel(_ controller: TTMessageController) {}
}

/// A message composer: To (a picker field), Subject, the body, Send and Cancel — Three20's
/// `TTMessageController`, opened with `tt://compose?to=(composeTo:)`.
///
/// The To field suggests recipients from ``dataSource`` as the user types
/// (``TTPickerTextField``). Tab moves between the fields and the buttons. Ctrl-S or the Send
/// button sends: the message needs a recipient (unless ``requiresRecipient`` is `false`) and
/// the delegate's approval; then `result()` (from `TTComposeController`) returns it, the delegate hears of it, and the
/// composer dismisses itself (`TTViewController.dismiss()`). Escape or Cancel cancels, and
/// so does being closed any other way (going back); being covered by another screen, or the
/// presenter leaving the screen for a while, is not closing
/// (`TTPresenting.isPresenting(_:)`).
///
/// ```swift
/// let composer = TTMessageController(recipients: ["ada@example.com"], subject: "Lunch")
/// composer.bodyEditor.apply(.insert("Friday at one?"))
/// composer.send()
/// let outcome = await composer.result()
/// // .sent(Message(recipients: ["ada@example.com"], subject: "Lunch", body: "Friday at one?"))
/// ```
@MainActor
open class TTMessageController: TTComposeController<TTMessageController.Result> {
  /// The fields of a message.
  public struct Message: Sendable, Hashable {
    /// The recipients, as picked or typed.
    public var recipients: [String]
    /// The subject.
    public var subject: String
    /// The body.
    public var body: String

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - recipients: The recipients.
    ///   - subject: The subject.
    ///   - body: The body.
    public init(recipients: [String], subject: String, body: String) {
      self.recipients = recipients
      self.subject = subject
      self.body = body
    }
  }

  /// How a composer ended.
  public enum Result: Sendable, Hashable {
    /// The message was sent.
    case sent(Message)
    /// The user cancelled.
    case cancelled
  }

  /// The To field.
  public let toField: TTPickerTextField
  /// The Subject field.
  public let subjectField: TTTextField
  /// The body.
  public let bodyEditor: TTTextEditor
  /// The Send button.
  public let sendButton: TTButton
  /// The Cancel button.
  public let cancelButton: TTButton
  /// The delegate; held weakly.
  open weak var delegate: (any TTMessageControllerDelegate)?
  /// Whether a message needs a recipient to be sent; `true` by default.
  open var requiresRecipient = true

  private let form = TTMessageFormView()

  /// Where the To field's suggestions come from (its `dataSource`).
  open var dataSource: (any TTTableViewDataSource)? {
    get { toField.dataSource }
    set { toField.dataSource = newValue }
  }

  /// Creates a composer.
  ///
  /// - Parameters:
  ///   - recipients: The recipients to start with (`tt://compose?to=…` fills this).
  ///   - subject: The subject to start with.
  ///   - body: The body to start with.
  ///   - dataSource: Where recipients are suggested from.
  public init(
    recipients: [String] = [], subject: String = "", body: String = "",
    dataSource: (any TTTableViewDataSource)? = nil
  ) {
    toField = TTPickerTextField(
      tokens: recipients.filter { !$0.isEmpty }.map { TTPickerToken($0) }, dataSource: dataSource)
    subjectField = TTTextField(text: subject)
    bodyEditor = TTTextEditor(text: body, placeholder: "Message")
    bodyEditor.maximumNumberOfLines = 0
    // The form gives the body the rows between the rule and the buttons, and the body
    // scrolls in them; resizing itself to the text would cover the buttons.
    bodyEditor.autoresizesToText = false
    sendButton = TTButton(title: "Send")
    cancelButton = TTButton(title: "Cancel")
    super.init(cancelled: .cancelled)
    title = "New Message"
    sendButton.action = { [weak self] _ in self?.send() }
    cancelButton.action = { [weak self] _ in self?.cancel() }
    // Typing a recipient is a change of a field too: it clears the message, after the
    // picker has updated its suggestions.
    let updateSuggestions = toField.entry.onChange
    toField.entry.onChange = { [weak self] entry in
      updateSuggestions?(entry)
      self?.form.message = nil
    }
    // Set once here, not in viewDidLoad (which runs again after a memory warning). The
    // fields' closures are the composer's: observe the message through the delegate.
    let clear: @MainActor () -> Void = { [weak self] in self?.form.message = nil }
    toField.onChange = { _ in clear() }
    subjectField.onChange = { _ in clear() }
    bodyEditor.onChange = { _ in clear() }
    subjectField.onSubmit = { [weak self] _ in self?.bodyEditor.becomeFocused() }
  }

  /// The message as the fields hold it now.
  public var message: Message {
    var recipients = toField.tokens.map(\.text)
    let typed = toField.entry.text.trimmingCharacters(in: .whitespaces)
    if !typed.isEmpty { recipients.append(typed) }
    return Message(recipients: recipients, subject: subjectField.text, body: bodyEditor.text)
  }

  /// Sends the message: checks it, asks the delegate, finishes with ``Result/sent(_:)`` and
  /// dismisses.
  ///
  /// - Returns: `false`, keeping the composer open, when a recipient is missing or the
  ///   delegate refused.
  @discardableResult
  open func send() -> Bool {
    guard !isFinished else { return false }
    let message = message
    if requiresRecipient && message.recipients.isEmpty {
      showError("Add a recipient in To: before sending, or press Escape to cancel.")
      toField.entry.becomeFocused()
      return false
    }
    guard delegate?.messageController(self, shouldSend: message) ?? true else { return false }
    finish(.sent(message))
    delegate?.messageController(self, didSend: message)
    dismiss()
    return true
  }

  /// Sends: what Ctrl-S does; the same as ``send()``.
  ///
  /// - Returns: Whether the message was sent.
  @discardableResult
  override open func submit() -> Bool { send() }

  /// Tells the delegate that the user cancelled.
  override open func didCancel() {
    delegate?.messageControllerDidCancel(self)
  }

  /// Shows a message on the last row, in the error colour, until a field changes.
  ///
  /// - Parameter message: The message.
  public func showError(_ message: String) {
    form.message = message
  }

  /// Makes the form.
  override open func loadView() {
    view = form
  }

  /// Lays the fields out and focuses the first empty one.
  override open func viewDidLoad() {
    super.viewDidLoad()
    form.toField = toField
    form.subjectField = subjectField
    form.bodyEditor = bodyEditor
    for view in [toField, subjectField, bodyEditor, sendButton, cancelButton] as [TTView] {
      form.addSubview(view)
    }
    form.buttons = [sendButton, cancelButton]
    if toField.tokens.isEmpty {
      toField.entry.becomeFocused()
    } else if subjectField.text.isEmpty {
      subjectField.becomeFocused()
    } else {
      bodyEditor.becomeFocused()
    }
  }

}

/// The composer's form: labelled rows for To and Subject, a rule, the body, and the buttons
/// and the message line at the bottom.
@MainActor
final class TTMessageFormView: TTView {
  weak var toField: TTPickerTextField?
  weak var subjectField: TTTextField?
  weak var bodyEditor: TTTextEditor?
  var buttons: [TTButton] = []

  var message: String? {
    didSet { if message != oldValue { setNeedsDisplay() } }
  }

  /// The width of the labels column: " Subject: ", the label drawn and a space before the
  /// field.
  static let labelWidth = 10

  override func layoutSubviews() {
    guard let toField, let subjectField, let bodyEditor else { return }
    let fieldWidth = max(1, bounds.width - Self.labelWidth - 1)
    let toHeight = max(1, toField.sizeThatFits(TTSize(width: fieldWidth, height: 10_000)).height)
    toField.frame = TTRect(x: Self.labelWidth, y: 0, width: fieldWidth, height: toHeight)
    subjectField.frame = TTRect(x: Self.labelWidth, y: toHeight, width: fieldWidth, height: 1)
    let bodyTop = toHeight + 2
    let buttonsRow = max(bodyTop + 1, bounds.height - 1)
    bodyEditor.frame = TTRect(
      x: 1, y: bodyTop, width: max(1, bounds.width - 2), height: max(1, buttonsRow - bodyTop - 1))
    var x = 1
    for button in buttons {
      let size = button.sizeThatFits(TTSize(width: bounds.width, height: 1))
      button.frame = TTRect(x: x, y: buttonsRow, width: size.width, height: 1)
      x += size.width + 1
    }
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard let toField, let subjectField else { return }
    let label = TTCellStyle(attributes: .dim)
    canvas.write(" To:", at: TTPoint(x: rect.x, y: rect.y + toField.frame.y), style: label)
    canvas.write(" Subject:", at: TTPoint(x: rect.x, y: rect.y + subjectField.frame.y), style: label)
    let rule = String(repeating: "─", count: max(0, rect.width))
    canvas.write(rule, at: TTPoint(x: rect.x, y: rect.y + subjectField.frame.maxY), style: label)
    if let message, let last = buttons.last {
      let x = last.frame.maxX + 2
      let shown = TTDisplayWidth.truncate(TTTerminalText.sanitized(message), to: max(0, rect.width - x))
      canvas.write(
        shown, at: TTPoint(x: rect.x + x, y: rect.y + last.frame.y),
        style: TTCellStyle(foreground: TTColor(red: 230, green: 90, blue: 80)))
    }
  }
}
