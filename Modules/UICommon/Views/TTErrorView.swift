public import Three20Style
/// A centred message with an optional button: Three20's `TTErrorView`, shown by controllers
/// when there is nothing to show (empty) or loading failed (error).
///
/// The title is bold, the subtitle gray; both wrap at words and are centred. The button,
/// if any, sits one blank row below, centred, and is focused, so Enter presses it. The
/// whole block is centred vertically; when the view is too short, what does not fit is cut
/// at the bottom.
///
/// ```swift
/// let error = TTErrorView(title: "Connection failed", subtitle: "Sorry, there was an error.")
/// error.setAction(title: "Retry") { _ in model.reload() }
/// error.frame = TTRect(x: 0, y: 0, width: 30, height: 6)
/// var canvas = TTCanvas(width: 30, height: 6)
/// error.draw(on: &canvas)
/// //
/// //       Connection failed
/// //   Sorry, there was an error.
/// //
/// //           [>Retry<]
/// //
/// ```
@MainActor
open class TTErrorView: TTView {
  /// The label that shows ``title``: bold, centred, wrapping.
  public let titleLabel: TTLabel
  /// The label that shows ``subtitle``: gray, centred, wrapping.
  public let subtitleLabel: TTLabel
  /// The button added by ``setAction(title:_:)``, if any.
  public private(set) var button: TTButton?

  /// Creates an error view.
  ///
  /// - Parameters:
  ///   - title: The headline, such as `No items` or `Connection failed`; none by default.
  ///   - subtitle: More detail; none by default.
  ///   - frame: Its rectangle; empty by default.
  public init(title: String? = nil, subtitle: String? = nil, frame: TTRect = .zero) {
    titleLabel = TTLabel(
      text: title ?? "",
      look: TTTextLook(attributes: [.bold], alignment: .center, lineBreakMode: .wordWrap, numberOfLines: 0))
    subtitleLabel = TTLabel(
      text: subtitle ?? "",
      look: TTTextLook(color: .gray, alignment: .center, lineBreakMode: .wordWrap, numberOfLines: 0))
    super.init(frame: frame)
    addSubview(titleLabel)
    addSubview(subtitleLabel)
  }

  /// The headline; `nil` or empty hides it.
  open var title: String? {
    get { titleLabel.text.isEmpty ? nil : titleLabel.text }
    set {
      titleLabel.text = newValue ?? ""
      setNeedsLayout()
    }
  }

  /// The detail below the headline; `nil` or empty hides it.
  open var subtitle: String? {
    get { subtitleLabel.text.isEmpty ? nil : subtitleLabel.text }
    set {
      subtitleLabel.text = newValue ?? ""
      setNeedsLayout()
    }
  }

  /// Adds a focused button below the text, replacing any there was (Three20's reload
  /// button).
  ///
  /// - Parameters:
  ///   - title: The button's title; `Retry` by default (`Reload` is the other usual one).
  ///   - action: What it does when pressed.
  /// - Returns: The button, to change its look or state.
  @discardableResult
  public func setAction(
    title: String = "Retry", _ action: @escaping @MainActor (TTButton) -> Void
  ) -> TTButton {
    button?.removeFromSuperview()
    let button = TTButton(title: title, action: action)
    button.isFocused = true
    addSubview(button)
    self.button = button
    return button
  }

  /// Removes the button, if there is one.
  public func removeAction() {
    button?.removeFromSuperview()
    button = nil
  }

  /// The height of the stacked title, subtitle and button at a width.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let parts = stack(width: size.width)
    return TTSize(
      width: parts.map(\.size.width).max() ?? 0, height: parts.last.map { $0.y + $0.size.height } ?? 0)
  }

  /// Stacks the title, subtitle and button, centred, in ``TTView/contentRect``.
  override open func layoutSubviews() {
    let area = contentRect
    let parts = stack(width: area.width)
    let total = parts.last.map { $0.y + $0.size.height } ?? 0
    let top = area.y + max(0, (area.height - total) / 2)
    for view in [titleLabel, subtitleLabel] as [TTView] + (button.map { [$0] } ?? []) {
      guard let part = parts.first(where: { $0.view === view }) else {
        view.isHidden = true
        continue
      }
      view.isHidden = false
      view.frame = TTRect(
        x: area.x + (area.width - part.size.width) / 2, y: top + part.y, width: part.size.width,
        height: part.size.height)
    }
  }

  /// The visible parts with their offsets from the top of the block and their sizes.
  private func stack(width: Int) -> [(view: TTView, y: Int, size: TTSize)] {
    guard width > 0 else { return [] }
    var parts: [(view: TTView, y: Int, size: TTSize)] = []
    var y = 0
    for label in [titleLabel, subtitleLabel] where !label.text.isEmpty {
      let size = label.sizeThatFits(TTSize(width: width, height: 10_000))
      parts.append((label, y, size))
      y += size.height
    }
    if let button {
      if !parts.isEmpty { y += 1 }
      let size = button.sizeThatFits(TTSize(width: width, height: 1))
      parts.append((button, y, TTSize(width: min(width, size.width), height: size.height)))
    }
    return parts
  }
}
