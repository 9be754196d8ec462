public import Three20Style

/// Draws a TTTableSubtitleItem: a title with a subtitle under it.
///
/// Two rows: the text in `textColor`, then the subtitle in `tableSubTextColor`, each truncated
/// with `…`. Without a subtitle, one row. The image is drawn only when the Image module's
/// provider is installed: a picture two rows tall at the left, with the text beside it.
///
/// ```swift
/// let item = TTTableSubtitleItem(text: "Ada Lovelace", subtitle: "Analyst", url: "tt://people/ada")
/// TTTableSubtitleItemCell().render(item, width: 20, state: .init()).plainText
/// // " Ada Lovelace     ›\n Analyst"
/// ```
public struct TTTableSubtitleItemCell: TTTableCell {
  /// Creates the cell.
  public init() {}

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A TTTableSubtitleItem; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and at least one row high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableSubtitleItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let context = TTTableCellContext(width: width, state: state, accessory: .of(item))
    guard let box = context.imageBox(for: item.imageURL, rows: 2) else {
      return Self.titleAndSubtitle(
        title: item.text, titleStyle: TTCellStyle(foreground: context.textColor), subtitle: item.subtitle,
        context: context, titleX: context.left)
    }
    let text = context.besideLeftImage(columns: box.width)
    var canvas = Self.titleAndSubtitle(
      title: item.text, titleStyle: TTCellStyle(foreground: context.textColor), subtitle: item.subtitle,
      context: text, titleX: text.left, minimumHeight: box.height)
    TTTableCellContext.drawImage(
      item.imageURL, alternateText: nil,
      in: TTRect(x: context.left, y: 0, width: box.width, height: box.height),
      on: &canvas, color: context.placeholderColor)
    return canvas
  }

  /// The title on the first row from `titleX`, the subtitle (when not empty) under it from the
  /// content's left edge, each truncated.
  static func titleAndSubtitle(
    title: String, titleStyle: TTCellStyle, subtitle: String?, context: TTTableCellContext, titleX: Int,
    minimumHeight: Int = 1
  ) -> TTCanvas {
    let hasSubtitle = !(subtitle ?? "").isEmpty
    var canvas = context.canvas(height: max(minimumHeight, hasSubtitle ? 2 : 1))
    TTTableCellContext.write(
      title, on: &canvas, x: titleX, y: 0, width: max(0, context.right - titleX), style: titleStyle)
    if let subtitle, hasSubtitle {
      TTTableCellContext.write(
        subtitle, on: &canvas, x: context.left, y: 1, width: context.contentWidth,
        style: TTCellStyle(foreground: context.subTextColor))
    }
    context.finish(&canvas)
    return canvas
  }
}
