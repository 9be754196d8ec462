public import Three20Style

/// Draws a TTTableStyledTextItem: its styled text laid out to the row's width.
///
/// The text is laid out (`TTStyledText.layout(width:)`) to the content's width less the
/// item's padding, and the row is as tall as the layout plus the padding: bold, italic and
/// links keep their looks, and links stay hyperlinks. Padding is clamped to 0…50 cells a side.
///
/// ```swift
/// let item = TTTableStyledTextItem(text: try TTStyledText(xhtml: "<b>Bold</b> and plain"))
/// TTStyledTextTableItemCell().render(item, width: 12, state: .init()).plainText
/// // " Bold and\n plain"
/// ```
public struct TTStyledTextTableItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableStyledTextItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableStyledTextItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    func clamped(_ value: Int) -> Int { min(max(value, 0), 50) }
    let padding = item.padding
    let (top, left, bottom, right) = (
      clamped(padding.top), clamped(padding.left), clamped(padding.bottom), clamped(padding.right)
    )
    let innerWidth = context.contentWidth - left - right
    let layout = innerWidth > 0 ? item.text.layout(width: innerWidth) : nil
    let textHeight = layout?.height ?? 0
    var canvas = context.canvas(height: top + textHeight + bottom)
    if let layout {
      let frame = TTRect(x: context.left + left, y: top, width: innerWidth, height: textHeight)
      canvas.withClip(frame) { layout.draw(on: &$0, at: frame.origin) }
    }
    context.finish(&canvas)
    return canvas
  }
}
