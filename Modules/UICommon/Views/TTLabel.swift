public import Three20Style
/// A view that shows plain text: Three20's `TTLabel` (and UIKit's `UILabel`) on a terminal.
///
/// The text is laid out by display width, so wide characters such as `漢` take two columns
/// and are never cut in half. How it wraps, truncates and aligns comes from ``look``:
/// `numberOfLines` 1 (the default) shows one line, 0 shows as many as the frame holds;
/// `lineBreakMode` picks word wrapping, character wrapping, clipping or an ellipsis at the
/// head, middle or tail. Text from data is made terminal-safe before it is drawn.
///
/// ```swift
/// let label = TTLabel(text: "The quick brown fox jumps", look: TTTextLook(numberOfLines: 0))
/// label.frame = TTRect(x: 0, y: 0, width: 10, height: 3)
/// var canvas = TTCanvas(width: 10, height: 3)
/// label.draw(on: &canvas)
/// // The quick
/// // brown fox
/// // jumps
///
/// TTLabel.lines(of: "The quick brown fox", width: 10, look: TTTextLook())
/// // ["The quick…"]
/// ```
@MainActor
open class TTLabel: TTView {
  /// The text shown.
  ///
  /// Newlines start new lines when the look allows more than one line.
  ///
  /// Defaults to the empty string.
  open var text: String {
    didSet { if text != oldValue { setNeedsDisplay() } }
  }

  /// How the text looks and is laid out: colour, attributes, alignment, line breaking,
  /// number of lines.
  ///
  /// Defaults to `TTTextLook()`: one line, left-aligned, vertically centred, truncated
  /// with `…` at the tail.
  open var look: TTTextLook {
    didSet { if look != oldValue { setNeedsDisplay() } }
  }

  /// Creates a label.
  ///
  /// - Parameters:
  ///   - text: The text; empty by default.
  ///   - look: How it looks; one truncated line by default.
  ///   - frame: Its rectangle; empty by default (use ``TTView/sizeToFit(within:)``).
  public init(text: String = "", look: TTTextLook = TTTextLook(), frame: TTRect = .zero) {
    self.text = text
    self.look = look
    super.init(frame: frame)
  }

  /// The size of the laid-out text: its widest line by its number of lines.
  ///
  /// - Parameter size: The room available; the text wraps at its width.
  /// - Returns: The text's size, never wider than `size` (except for text that cannot be
  ///   shown at all in a zero width, which gives zero).
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let lines = Self.lines(of: text, width: size.width, look: look, maxLines: size.height)
    return TTSize(width: lines.map { TTDisplayWidth.of($0) }.max() ?? 0, height: lines.count)
  }

  /// Draws the laid-out text, aligned as ``look`` says.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the text goes.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    Self.draw(text, look: look, in: rect, on: &canvas)
  }

  /// Draws text laid out by ``lines(of:width:look:maxLines:)`` and aligned in a rectangle.
  ///
  /// Buttons, error views and table cells use this for their text without making a label.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - look: How it looks and is laid out.
  ///   - rect: Where it goes, in the canvas's coordinates.
  ///   - canvas: The canvas.
  public static func draw(_ text: String, look: TTTextLook, in rect: TTRect, on canvas: inout TTCanvas) {
    TTTextLayout.draw(text, in: rect, look: look, on: &canvas)
  }

  /// Lays text out in lines that fit a width, as a label with `look` would show it.
  ///
  /// The text is first made terminal-safe (newlines kept). Then:
  /// - With `.wordWrap` or `.characterWrap`, or any mode when `look.numberOfLines` is not 1,
  ///   each paragraph wraps: at spaces and around wide characters for word wrapping (a word
  ///   longer than the width is broken), anywhere for character wrapping.
  /// - Otherwise each paragraph is one line.
  /// - The lines are limited to `look.numberOfLines` (0 = no limit) and to `maxLines`. When
  ///   text is left over, the last line shown takes the rest of the text and is cut by the
  ///   mode: `…` at the tail, head or middle, or clipped.
  /// - Any line still too wide is cut the same way.
  ///
  /// ```swift
  /// let look = TTTextLook(lineBreakMode: .truncateMiddle)
  /// TTLabel.lines(of: "abcdefghij", width: 7, look: look)   // ["abc…hij"]
  /// TTLabel.lines(of: "漢字かな", width: 5, look: TTTextLook())   // ["漢字…"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The columns available; 0 or less gives no lines.
  ///   - look: The line breaking mode and number of lines.
  ///   - maxLines: The most lines there is room for; unlimited by default.
  /// - Returns: The lines, each at most `width` columns wide.
  public static func lines(of text: String, width: Int, look: TTTextLook, maxLines: Int = .max) -> [String] {
    TTTextLayout.lines(for: text, width: width, look: look, maximumLines: maxLines)
  }
}
