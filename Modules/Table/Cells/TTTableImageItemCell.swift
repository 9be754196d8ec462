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
    var canvas = context.canvas(height: 1)
    let placeholder = Self.placeholder(item.alternateText, width: context.contentWidth / 3)
    let placeholderWidth = TTDisplayWidth.of(placeholder)
    canvas.write(
      placeholder, at: TTPoint(x: context.left, y: 0),
      style: TTCellStyle(foreground: context.placeholderColor))
    let textX = context.left + placeholderWidth + (placeholderWidth > 0 ? context.spacing : 0)
    TTTableCellContext.write(
      item.text, on: &canvas, x: textX, y: 0, width: max(0, context.right - textX),
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
