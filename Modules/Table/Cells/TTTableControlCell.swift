public import Three20Style

/// Draws a TTTableControlItem: a caption and its control — Three20's `TTTableControlCell`.
///
/// One row. A toggle: the caption in `textColor` on the left and `[x]` (on, in
/// `linkTextColor`) or `[ ]` (off, in `tableSubTextColor`) at the right edge. A text field:
/// the caption in a caption column (as TTTableCaptionItemCell), then the field in brackets
/// filling the rest of the row, its text in `textColor` cut with `…`, or its placeholder in
/// `placeholderTextColor` while empty. Without a caption, the field fills the row.
///
/// ```swift
/// TTTableControlCell().render(TTTableControlItem(caption: "Wi-Fi", control: .toggle(true)), width: 20, state: .init())
/// // " Wi-Fi          [x]"
/// ```
public struct TTTableControlCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableControlItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableControlItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .none)
    var canvas = context.canvas(height: 1)
    let captionStyle = TTCellStyle(foreground: context.textColor)
    switch item.control {
    case .toggle(let isOn):
      let mark = context.contentWidth >= 3 ? (isOn ? "[x]" : "[ ]") : ""
      let markWidth = mark.count
      let captionWidth = max(0, context.contentWidth - markWidth - (markWidth > 0 ? context.spacing : 0))
      TTTableCellContext.write(
        item.caption, on: &canvas, x: context.left, y: 0, width: captionWidth, style: captionStyle)
      canvas.write(
        mark, at: TTPoint(x: context.right - markWidth, y: 0),
        style: TTCellStyle(foreground: isOn ? context.linkColor : context.subTextColor))
    case .textField(let text, let placeholder):
      let column = item.caption.isEmpty ? 0 : context.captionWidth
      let fieldX = column > 0 ? context.left + column + context.spacing : context.left
      let fieldWidth = max(0, context.right - fieldX)
      TTTableCellContext.write(
        item.caption, on: &canvas, x: context.left, y: 0, width: column, style: captionStyle)
      Self.drawField(
        text: text, placeholder: placeholder, x: fieldX, width: fieldWidth, context: context, on: &canvas)
    }
    context.finish(&canvas)
    return canvas
  }

  /// `[text      ]` in `width` columns: brackets in the sub-text colour, the text (or the
  /// placeholder while empty) between them.
  private static func drawField(
    text: String, placeholder: String?, x: Int, width: Int, context: TTTableCellContext,
    on canvas: inout TTCanvas
  ) {
    guard width >= 2 else { return }
    let bracketStyle = TTCellStyle(foreground: context.subTextColor)
    canvas.write("[", at: TTPoint(x: x, y: 0), style: bracketStyle)
    canvas.write("]", at: TTPoint(x: x + width - 1, y: 0), style: bracketStyle)
    let isEmpty = text.isEmpty
    TTTableCellContext.write(
      isEmpty ? (placeholder ?? "") : text, on: &canvas, x: x + 1, y: 0, width: width - 2,
      style: TTCellStyle(foreground: isEmpty ? context.placeholderColor : context.textColor))
  }
}
