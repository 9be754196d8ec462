public import Three20Core
public import Three20Style

/// Draws a ``TTTableMessageItem``: Three20's `TTTableMessageItemCell`, as in a mail inbox.
///
/// Rows, each left out when its part is empty, as Three20 collapsed empty labels:
/// 1. the title in bold `textColor`, with the timestamp right-aligned in `timestampTextColor`
///    as a short relative time (`TTDateFormatting.shortRelativeTime(_:)`: `<1m`, `5m`, `3h`,
///    `2d`, then a date);
/// 2. the caption (the subject) in `textColor`;
/// 3. the text in `tableSubTextColor`, word-wrapped to at most the stylesheet's
///    `tableMessageTextLines` rows (2, Three20's message text lines), the last cut with `…`.
///
/// The timestamp keeps its width; the title is truncated first. Terminals show no pictures,
/// so the image is not drawn unless the Image module's provider is installed: then it is a
/// picture at the left as tall as the message (two rows at least). A message with nothing to
/// show is one blank row.
///
/// ```swift
/// let now = Date(timeIntervalSince1970: 1_000_000)
/// let cell = TTTableMessageItemCell(dateFormatting: TTDateFormatting(now: { now }))
/// let item = TTTableMessageItem(title: "Ada", caption: "Engine", text: "Notes…", timestamp: now - 300)
/// cell.render(item, width: 20, state: .init()).plainText
/// // " Ada             5m\n Engine\n Notes…"
/// ```
public struct TTTableMessageItemCell: TTTableCell {
  /// How timestamps are written; inject one with a fixed clock to make output repeatable.
  public var dateFormatting: TTDateFormatting

  /// Creates the cell.
  ///
  /// - Parameter dateFormatting: How timestamps are written; `TTDateFormatting.standard`
  ///   (the real clock, current locale and time zone) by default.
  public init(dateFormatting: TTDateFormatting = .standard) {
    self.dateFormatting = dateFormatting
  }

  /// Draws the item.
  ///
  /// - Parameters:
  ///   - item: A ``TTTableMessageItem``; any other item is drawn as the fallback cell does.
  ///   - width: The row's width.
  ///   - state: Selection and stylesheet.
  /// - Returns: The row, `width` columns wide and one to `2 + tableMessageTextLines` rows high.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    guard let item = item as? TTTableMessageItem else {
      return TTTableCellContext.mismatch(item, width: width, state: state)
    }
    let full = TTTableCellContext(width: width, state: state, accessory: .of(item))
    // With an image provider installed, the image is a picture at the left, as tall as the
    // message (at least two rows), and the message is written beside it.
    let box = full.imageBox(for: item.imageURL, rows: 2 + full.messageTextLines)
    let context = box.map { full.besideLeftImage(columns: $0.width) } ?? full
    let room = context.contentWidth
    let title = item.title ?? ""
    let caption = item.caption ?? ""
    let text = item.text ?? ""
    let timestamp = item.timestamp.map { dateFormatting.shortRelativeTime($0) } ?? ""
    let hasTitleRow = !title.isEmpty || !timestamp.isEmpty
    let textLines =
      text.isEmpty
      ? [] : TTTableCellContext.wrapped(text, width: room, maximumLines: context.messageTextLines)
    let lines = (hasTitleRow ? 1 : 0) + (caption.isEmpty ? 0 : 1) + textLines.count
    let height = box == nil ? lines : max(2, lines)
    var canvas = context.canvas(height: height)
    if let box {
      TTTableCellContext.drawImage(
        item.imageURL, alternateText: nil, in: TTRect(x: full.left, y: 0, width: box.width, height: height),
        on: &canvas, color: context.placeholderColor)
    }
    var y = 0
    if hasTitleRow {
      let stampWidth = min(TTTableCellContext.columns(of: timestamp), room)
      let titleWidth = max(0, room - stampWidth - (stampWidth > 0 ? context.spacing : 0))
      TTTableCellContext.write(
        title, on: &canvas, x: context.left, y: y, width: titleWidth,
        style: TTCellStyle(foreground: context.textColor, attributes: .bold))
      TTTableCellContext.write(
        timestamp, on: &canvas, x: context.right - stampWidth, y: y, width: stampWidth,
        style: TTCellStyle(foreground: context.timestampColor), alignment: .right)
      y += 1
    }
    if !caption.isEmpty {
      TTTableCellContext.write(
        caption, on: &canvas, x: context.left, y: y, width: room,
        style: TTCellStyle(foreground: context.textColor))
      y += 1
    }
    for line in textLines {
      canvas.write(
        line, at: TTPoint(x: context.left, y: y), style: TTCellStyle(foreground: context.subTextColor),
        maxWidth: room)
      y += 1
    }
    context.finish(&canvas)
    return canvas
  }
}
