public import Three20Style

/// Draws a TTTableImageItem: the image's placeholder, then the text.
///
/// Terminals show no pictures, so the image is a placeholder of its alternate text in
/// brackets — `[photo]`, or `[image]` without one — in `placeholderTextColor`, at most a
/// third of the row; then the text in `textColor`, truncated with `…`.
///
/// ```swift
/// let item = TTTableImageItem(text: "Sunset", imageURL: "https://example.com/s.jpg", alternateText: "photo")
/// TTTableImageItemCell().render(item, width: 30, state: .init())
/// // " [photo] Sunset"
/// ```
public struct TTTableImageItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableImageItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableImageItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    return Self.imageRow(item.text, alternateText: item.alternateText, imageAtRight: false, context: context)
  }

  /// One row of `text` and the image's placeholder, before it or right-aligned after it.
  ///
  /// The placeholder, in `placeholderTextColor`, takes at most a third of the row; the text,
  /// in `textColor`, is truncated with `…` to what is left after a spacing.
  static func imageRow(
    _ text: String, alternateText: String?, imageAtRight: Bool, context: TTTableCellContext
  ) -> TTCanvas {
    var canvas = context.canvas(height: 1)
    let placeholder = Self.placeholder(alternateText, width: context.contentWidth / 3)
    let placeholderWidth = TTDisplayWidth.of(placeholder)
    let gap = placeholderWidth > 0 ? context.spacing : 0
    let placeholderX = imageAtRight ? context.right - placeholderWidth : context.left
    let textX = imageAtRight ? context.left : context.left + placeholderWidth + gap
    canvas.write(
      placeholder, at: TTPoint(x: placeholderX, y: 0),
      style: TTCellStyle(foreground: context.placeholderColor))
    TTTableCellContext.write(
      text, on: &canvas, x: textX, y: 0, width: max(0, context.contentWidth - placeholderWidth - gap),
      style: TTCellStyle(foreground: context.textColor))
    context.finish(&canvas)
    return canvas
  }

  /// `[alt]` fitted to `width` columns (the alternate text cut with `…`), or `""` when even
  /// `[…]` does not fit.
  static func placeholder(_ alternateText: String?, width: Int) -> String {
    guard width >= 3 else { return "" }
    let text = alternateText.flatMap { $0.isEmpty ? nil : $0 } ?? "image"
    return "[" + TTTableCellContext.line(text, width: width - 2) + "]"
  }
}
