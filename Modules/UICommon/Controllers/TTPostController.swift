import Three20Style

/// What a ``TTPostController`` tells the object that opened it: Three20's
/// `TTPostControllerDelegate`.
///
/// Every method has a default that does nothing (or allows), so implement only what you need.
@MainActor
public protocol TTPostControllerDelegate: AnyObject {
  /// Asks whether the text may be posted; `true` by default.
  ///
  /// - Parameters:
  ///   - controller: The post controller.
  ///   - text: The text the user wrote.
  /// - Returns: `false` to keep the box open (show why with ``TTPostController/showError(_:)``).
  func postController(_ controller: TTPostController, shouldPost text: String) -> Bool

  /// Tells that the text was posted; the controller dismisses itself next.
  ///
  /// - Parameters:
  ///   - controller: The post controller.
  ///   - text: The text.
  func postController(_ controller: TTPostController, didPost text: String)

  /// Tells that the user cancelled.
  ///
  /// - Parameter controller: The post controller.
  func postControllerDidCancel(_ controller: TTPostController)
}

extension TTPostControllerDelegate {
  /// Allows every post.
  ///
  /// - Parameters:
  ///   - controller: The post controller.
  ///   - text: The text.
  /// - Returns: `true`.
  public func postController(_ controller: TTPostController, shouldPost text: String) -> Bool { true }

  /// Does nothing.
  ///
  /// - Parameters:
  ///   - controller: The post controller.
  ///   - text: The text.
  public func postController(_ controller: TTPostController, didPost text: String) {}

  /// Does nothing.
  ///
  /// - Parameter controller: The post controller.
  public func postControllerDidCancel(_ controller: TTPostController) {}
}

/// One text box over the previous screen, with Post and Cancel: Three20's `TTPostController`,
/// for a comment, a status, a reply.
///
/// Open it modally through a navigator (it is presented over the previous screen,
/// ``TTPresentationStyle/overPreviousScreen``, which stays visible, dimmed, around the box),
/// then read the outcome from ``TTComposeController/result()`` or the ``delegate``. Alt-Enter or the Post button
/// posts; Escape or Cancel cancels; either way the controller dismisses itself
/// (``TTViewController/dismiss()``). Being closed any other way (going back) counts as
/// cancelling; being covered, or the presenter leaving the screen for a while, does not
/// (``TTPresenting/isPresenting(_:)``).
///
/// ```swift
/// let post = TTPostController(title: "Reply", text: "@ada ")
/// post.textEditor.apply(.insert("Thanks!"))
/// post.post()
/// let outcome = await post.result()   // .posted("@ada Thanks!")
/// ```
@MainActor
open class TTPostController: TTComposeController<TTPostController.Result> {
  /// How a post controller ended.
  public enum Result: Sendable, Hashable {
    /// The user posted this text.
    case posted(String)
    /// The user cancelled.
    case cancelled
  }

  /// The box the text is written in.
  public let textEditor: TTTextEditor
  /// The button that posts.
  public let postButton: TTButton
  /// The button that cancels.
  public let cancelButton: TTButton
  /// The delegate; held weakly.
  open weak var delegate: (any TTPostControllerDelegate)?
  /// Whether an empty (or blank) text may be posted; `false` by default, as Three20's.
  open var allowsEmptyPost = false

  private let box = TTPostBoxView()

  /// Creates a post controller.
  ///
  /// - Parameters:
  ///   - title: The title drawn on the box; "Post" by default.
  ///   - text: The text the box starts with.
  public init(title: String = "Post", text: String = "") {
    textEditor = TTTextEditor(text: text, placeholder: "Write something…")
    textEditor.minimumNumberOfLines = 3
    textEditor.maximumNumberOfLines = 8
    // The box sizes the editor (it grows with the text, up to 8 lines): an editor that
    // resized itself would cover the message and the buttons.
    textEditor.autoresizesToText = false
    postButton = TTButton(title: "Post")
    cancelButton = TTButton(title: "Cancel")
    super.init(cancelled: .cancelled)
    self.title = title
    presentationStyle = .overPreviousScreen
    postButton.action = { [weak self] _ in self?.post() }
    cancelButton.action = { [weak self] _ in self?.cancel() }
    // Set once here, not in viewDidLoad (which runs again after a memory warning). The
    // editor's closures are the controller's: observe the post through the delegate.
    textEditor.onSubmit = { [weak self] _ in self?.post() }
    textEditor.onChange = { [weak self] _ in self?.textDidChange() }
  }

  /// Posts the text: asks the delegate, finishes with ``Result/posted(_:)`` and dismisses.
  ///
  /// - Returns: `false`, keeping the box open, when the text is blank (and
  ///   ``allowsEmptyPost`` is `false`) or the delegate refused.
  @discardableResult
  open func post() -> Bool {
    guard !isFinished else { return false }
    let text = textEditor.text
    if !allowsEmptyPost && text.allSatisfy(\.isWhitespace) {
      showError("Write something first, or press Escape to cancel.")
      return false
    }
    guard delegate?.postController(self, shouldPost: text) ?? true else { return false }
    finish(.posted(text))
    delegate?.postController(self, didPost: text)
    dismiss()
    return true
  }

  /// Posts: what Ctrl-S does; the same as ``post()``.
  ///
  /// - Returns: Whether the text was posted.
  @discardableResult
  override open func submit() -> Bool { post() }

  /// Tells the delegate that the user cancelled.
  override open func didCancel() {
    delegate?.postControllerDidCancel(self)
  }

  /// Shows a short message under the box, in the error colour, until the text changes.
  ///
  /// - Parameter message: The message.
  public func showError(_ message: String) {
    box.message = message
  }

  /// Makes the view: a transparent screen with the box in its middle.
  override open func loadView() {
    let screen = TTPostScreenView(box: box)
    view = screen
  }

  /// Puts the editor and the buttons in the box and focuses the editor.
  override open func viewDidLoad() {
    super.viewDidLoad()
    box.title = title ?? ""
    box.addSubview(textEditor)
    box.addSubview(postButton)
    box.addSubview(cancelButton)
    textEditor.becomeFocused()
  }

  /// Clears the message and fits the box to the text again.
  private func textDidChange() {
    box.message = nil
    viewIfLoaded?.setNeedsLayout()
    box.setNeedsLayout()
  }

}

/// The post controller's screen: nothing but the box, centred, so the previous screen shows
/// around it.
@MainActor
final class TTPostScreenView: TTView {
  let box: TTPostBoxView

  init(box: TTPostBoxView) {
    self.box = box
    super.init()
    addSubview(box)
  }

  override func layoutSubviews() {
    let width = min(bounds.width, max(20, min(72, bounds.width - 8)))
    let inner = max(1, width - 4)
    let editorRows = box.editorHeight(width: inner)
    let height = min(bounds.height, editorRows + 5)
    box.frame = TTRect(
      x: (bounds.width - width) / 2, y: max(0, (bounds.height - height) / 3), width: width, height: height)
  }
}

/// The box: a border with the title, the editor, a message line and the buttons.
@MainActor
final class TTPostBoxView: TTView {
  var title = "" {
    didSet { if title != oldValue { setNeedsDisplay() } }
  }

  var message: String? {
    didSet { if message != oldValue { setNeedsDisplay() } }
  }

  override init(frame: TTRect = .zero) {
    super.init(frame: frame)
    style = TTStyle {
      TTSolidFillStyle(TTColor(red: 24, green: 24, blue: 28))
      TTSolidBorderStyle(TTColor(red: 120, green: 160, blue: 220))
      TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
    }
  }

  /// The rows the editor wants at a width.
  func editorHeight(width: Int) -> Int {
    guard let editor = subviews.first as? TTTextEditor else { return 3 }
    return max(1, editor.sizeThatFits(TTSize(width: width, height: 10_000)).height)
  }

  override func layoutSubviews() {
    let content = contentRect
    guard subviews.count == 3, let editor = subviews[0] as? TTTextEditor else { return }
    let buttonsRow = content.maxY - 1
    editor.frame = TTRect(
      x: content.x, y: content.y + 1, width: content.width, height: max(1, buttonsRow - content.y - 2))
    var x = content.maxX
    for button in subviews[1...].reversed() {
      let size = button.sizeThatFits(TTSize(width: content.width, height: 1))
      x -= size.width
      button.frame = TTRect(x: x, y: buttonsRow, width: size.width, height: 1)
      x -= 1
    }
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let heading = TTDisplayWidth.truncate(TTTerminalText.sanitized(title), to: max(0, rect.width))
    canvas.write(heading, at: TTPoint(x: rect.x, y: rect.y), style: TTCellStyle(attributes: .bold))
    if let message {
      let shown = TTDisplayWidth.truncate(TTTerminalText.sanitized(message), to: max(0, rect.width))
      canvas.write(
        shown, at: TTPoint(x: rect.x, y: rect.maxY - 2),
        style: TTCellStyle(foreground: TTColor(red: 230, green: 90, blue: 80)))
    }
  }
}
