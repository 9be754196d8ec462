public import Three20Style

/// Draws a section's header title: Three20's `TTTableHeaderView`.
///
/// Section titles are not rows, so this is not a ``TTTableCell``: the table controller calls
/// ``render(_:width:styleSheet:)`` with a section's ``TTTableSection/headerTitle`` (or its data
/// source's `titleForHeader(inSection:)`) and draws the canvas above the section's rows.
///
/// The header is one row in the stylesheet's `tableHeader` style — in the default sheet a
/// slate fill across the row with the title in bold white, one column in — truncated with `…`.
/// Without a `tableHeader` style, the title is bold in `textColor`.
///
/// ```swift
/// TTTableHeaderCell().render("Images", width: 30).plainText   // " Images"
/// ```
public struct TTTableHeaderCell: Sendable {
  /// Creates the cell.
  public init() {}

  /// Draws a header.
  ///
  /// - Parameters:
  ///   - title: The section's title; made terminal-safe and cut to the width.
  ///   - width: The row's width; negative is treated as 0.
  ///   - styleSheet: The stylesheet; `TTStyleSheet.current` by default.
  /// - Returns: A one-row canvas `width` columns wide.
  public func render(_ title: String, width: Int, styleSheet: TTStyleSheet = .current) -> TTCanvas {
    var canvas = TTCanvas(width: max(0, width), height: 1)
    let line = TTTerminalText.sanitized(title)
    if let style = styleSheet.style(named: "tableHeader") {
      style.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
        style.drawText(line, in: rect, on: &canvas)
      }
    } else {
      let padding = canvas.width >= 3 ? 1 : 0
      TTTableCellContext.write(
        line, on: &canvas, x: padding, y: 0, width: canvas.width - 2 * padding,
        style: TTCellStyle(foreground: styleSheet.color(named: "textColor"), attributes: .bold))
    }
    return canvas
  }
}
