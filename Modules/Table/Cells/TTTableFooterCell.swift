public import Three20Style

/// Draws a section's footer title, as grouped tables showed them under a section.
///
/// Like ``TTTableHeaderCell``, this is not a ``TTTableCell``: the table controller calls
/// ``render(_:width:styleSheet:)`` with a section's ``TTTableSection/footerTitle`` (or its data
/// source's `titleForFooter(inSection:)`) and draws the canvas below the section's rows.
///
/// The title is centred in `tableSubTextColor`, word-wrapped over as many rows as it needs,
/// one column in from each side.
///
/// ```swift
/// TTTableFooterCell().render("Pictures load in the background.", width: 20).plainText
/// // "  Pictures load in\n  the background."
/// ```
public struct TTTableFooterCell: Sendable {
  /// Creates the cell.
  public init() {}

  /// Draws a footer.
  ///
  /// - Parameters:
  ///   - title: The section's footer; made terminal-safe and wrapped to the width.
  ///   - width: The row's width; negative is treated as 0.
  ///   - styleSheet: The stylesheet; `TTStyleSheet.current` by default.
  /// - Returns: A canvas `width` columns wide and at least one row high.
  public func render(_ title: String, width: Int, styleSheet: TTStyleSheet = .current) -> TTCanvas {
    let width = max(0, width)
    let padding = width >= 3 ? 1 : 0
    let room = width - 2 * padding
    let lines = TTTableCellContext.wrapped(title, width: room)
    var canvas = TTCanvas(width: width, height: max(1, lines.count))
    let style = TTCellStyle(foreground: styleSheet.color(named: "tableSubTextColor") ?? .gray)
    for (row, line) in lines.enumerated() {
      TTTableCellContext.write(
        line, on: &canvas, x: padding, y: row, width: room, style: style, alignment: .center)
    }
    return canvas
  }
}
