public import Three20Style
/// A view that shows styled XHTML text: Three20's `TTStyledTextLabel`.
///
/// The text is laid out to the label's width (`TTStyledText.layout(width:)`), with bold,
/// italic, links and classes looked up in the current stylesheet. Links become OSC 8
/// hyperlinks on terminals that support them, and ``link(at:)`` finds the link under a cell.
///
/// ```swift
/// let text = try TTStyledText(xhtml: "Read <b>the guide</b> at https://example.com")
/// let label = TTStyledTextLabel(text: text, frame: TTRect(x: 0, y: 0, width: 20, height: 3))
/// var canvas = TTCanvas(width: 20, height: 3)
/// label.draw(on: &canvas)
/// // Read the guide at
/// // https://example.com
/// ```
@MainActor
open class TTStyledTextLabel: TTView {
  /// The text shown.
  open var text: TTStyledText {
    didSet { setNeedsDisplay() }
  }

  /// Creates a label.
  ///
  /// - Parameters:
  ///   - text: The styled text.
  ///   - frame: Its rectangle; empty by default (use ``TTView/sizeToFit(within:)``).
  public init(text: TTStyledText, frame: TTRect = .zero) {
    self.text = text
    super.init(frame: frame)
  }

  /// Creates a label from XHTML, parsed leniently so that text from feeds and servers always
  /// shows (Three20's `TTStyledText textFromXHTML:`).
  ///
  /// - Parameters:
  ///   - xhtml: The markup.
  ///   - lineBreaks: Whether newlines in the text break lines; `false` by default.
  ///   - urls: Whether bare `http(s)` URLs become links; `true` by default.
  ///   - frame: Its rectangle; empty by default.
  public convenience init(xhtml: String, lineBreaks: Bool = false, urls: Bool = true, frame: TTRect = .zero) {
    // Lenient parsing never throws; an empty text is the only fallback needed to satisfy the type.
    let text =
      (try? TTStyledText(xhtml: xhtml, lineBreaks: lineBreaks, urls: urls, mode: .lenient))
      ?? TTStyledText(text: "")
    self.init(text: text, frame: frame)
  }

  /// The size of the text laid out in the width available: as wide as its widest line, as
  /// high as its lines.
  ///
  /// - Parameter size: The room available; the text wraps at its width.
  /// - Returns: The text's size.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let layout = text.layout(width: max(1, size.width))
    return TTSize(
      width: min(size.width, layout.lines.map(\.width).max() ?? 0), height: min(size.height, layout.height))
  }

  /// Draws the laid-out text from the top-left of the content rectangle.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the text goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard !rect.isEmpty else { return }
    text.layout(width: rect.width).draw(on: &canvas, at: rect.origin)
  }

  /// The link under a cell of the label, if any.
  ///
  /// - Parameter point: A cell in the label's own coordinates (its top-left is `(0, 0)`).
  /// - Returns: The link's URL, or `nil`.
  public func link(at point: TTPoint) -> String? {
    let content = contentRect
    return text.layout(width: max(1, content.width))
      .link(at: TTPoint(x: point.x - content.x, y: point.y - content.y))
  }
}
