public import Three20Style

/// Draws a TTTableImageItem: the image, then the text.
///
/// With the Image module linked and its provider installed, the image is a picture in a box
/// `tableImageRows` rows tall (3) and as wide as that in pixels, and the text is on its middle
/// row; the row is drawn again when the picture arrives. Without it, the image is a
/// placeholder of its alternate text in brackets — `[photo]`, or `[image]` without one — in
/// `placeholderTextColor`, at most a third of the row; then the text in `textColor`,
/// truncated with `…`.
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
    return Self.imageRow(
      item.text, imageURL: item.imageURL, alternateText: item.alternateText, imageAtRight: false,
      context: context)
  }

  /// One row of `text` and the image's placeholder, before it or right-aligned after it.
  ///
  /// The placeholder, in `placeholderTextColor`, takes at most a third of the row; the text,
  /// in `textColor`, is truncated with `…` to what is left after a spacing.
  static func imageRow(
    _ text: String, imageURL: String?, alternateText: String?, imageAtRight: Bool, context: TTTableCellContext
  ) -> TTCanvas {
    if let box = context.imageBox(for: imageURL, rows: context.imageRows) {
      var canvas = context.canvas(height: box.height)
      let imageX = imageAtRight ? context.right - box.width : context.left
      TTTableCellContext.drawImage(
        imageURL, alternateText: alternateText,
        in: TTRect(x: imageX, y: 0, width: box.width, height: box.height), on: &canvas,
        color: context.placeholderColor)
      let textContext =
        imageAtRight
        ? context.besideRightImage(columns: box.width) : context.besideLeftImage(columns: box.width)
      TTTableCellContext.write(
        text, on: &canvas, x: textContext.left, y: (box.height - 1) / 2, width: textContext.contentWidth,
        style: TTCellStyle(foreground: context.textColor))
      context.finish(&canvas)
      return canvas
    }
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
