public import Three20Style
public import Three20UICommon

/// How a cell is being shown: selected, highlighted, the stylesheet to draw with, and the
/// frame of any spinner.
public struct TTTableCellState: Sendable {
  /// Whether the row is the table's current row (under the cursor).
  public var isSelected: Bool
  /// Whether the row is being pressed (chosen but not yet opened).
  public var isHighlighted: Bool
  /// The stylesheet to take looks from; `TTStyleSheet.current` by default.
  public var styleSheet: TTStyleSheet
  /// How many times the table's spinners have turned; 0 by default.
  ///
  /// A cell with a spinner (an activity item, a loading more button) shows frame `tick`
  /// modulo the number of frames.
  ///
  /// The table controller advances it on each tick of its host, so the spinner turns.
  public var tick: Int
  /// The spinner frames cells draw with; `TTActivityLabel.Spinner.unicode` by default.
  ///
  /// The table controller passes `TTActivityLabel.defaultSpinner`, so that plain-text output
  /// and non-UTF-8 locales get the ASCII spinner.
  public var spinner: TTActivityLabel.Spinner

  /// Creates a cell state.
  ///
  /// - Parameters:
  ///   - isSelected: Whether the row is under the cursor; `false` by default.
  ///   - isHighlighted: Whether the row is being pressed; `false` by default.
  ///   - styleSheet: The stylesheet; the current one by default.
  ///   - tick: How many times spinners have turned; 0 by default.
  ///   - spinner: The spinner frames; `TTActivityLabel.Spinner.unicode` by default.
  public init(
    isSelected: Bool = false, isHighlighted: Bool = false, styleSheet: TTStyleSheet = .current,
    tick: Int = 0, spinner: TTActivityLabel.Spinner = .unicode
  ) {
    self.isSelected = isSelected
    self.isHighlighted = isHighlighted
    self.styleSheet = styleSheet
    self.tick = tick
    self.spinner = spinner
  }

  /// The spinner frame to show now: frame ``tick`` of ``spinner``.
  public var spinnerFrame: String {
    let frames = spinner.frames
    guard !frames.isEmpty else { return "" }
    let count = frames.count
    return frames[((tick % count) + count) % count]
  }

  /// Restyles a drawn row as selected or highlighted, when the state says it is; otherwise
  /// leaves it alone.
  ///
  /// The look is the stylesheet's `tableSelection` style (for the highlighted state when
  /// pressed, else the selected state, each falling back to its normal state): its fill becomes
  /// the background of every cell of the row, and its text colour and attributes apply to all
  /// the text, as UIKit's highlighted text colour did. Without such a style, or when it has
  /// neither fill nor text colour, the row is shown in inverse video. Characters never change.
  ///
  /// Custom cells call this last, so their rows select like the built-in ones:
  ///
  /// ```swift
  /// var canvas = TTCanvas(width: width, height: 1)
  /// canvas.write(friend.name, at: TTPoint(x: 1, y: 0))
  /// state.applyHighlight(to: &canvas)
  /// return canvas
  /// ```
  ///
  /// - Parameter canvas: The drawn row.
  public func applyHighlight(to canvas: inout TTCanvas) {
    guard isSelected || isHighlighted, !canvas.bounds.isEmpty else { return }
    let controlState: TTControlState = isHighlighted ? .highlighted : .selected
    guard let style = styleSheet.style(named: "tableSelection", for: controlState) else {
      canvas.restyle(canvas.bounds, Self.inverted)
      return
    }
    var painted = TTCanvas(width: canvas.width, height: canvas.height)
    style.draw(in: painted.bounds, on: &painted)
    let look = style.textLook
    let hasFill = painted.row(0).contains { $0.style.background != nil }
    guard hasFill || look.color != nil else {
      canvas.restyle(canvas.bounds, Self.inverted)
      return
    }
    for y in 0..<canvas.height {
      for x in 0..<canvas.width {
        let fill = painted[x, y].style.background
        canvas.restyle(TTRect(x: x, y: y, width: 1, height: 1)) { old in
          var new = old
          if let fill { new.background = fill }
          if let color = look.color { new.foreground = color }
          new.attributes.formUnion(look.attributes)
          return new
        }
      }
    }
  }

  private static func inverted(_ style: TTCellStyle) -> TTCellStyle {
    var new = style
    new.attributes.insert(.inverse)
    return new
  }
}

/// How a row looks: Three20's `TTTableViewCell`, as one layout function.
///
/// Three20's custom cells did their layout twice — once in `rowHeightForObject:` for the height,
/// once in `layoutSubviews` to draw — and the two drifted apart. Here a cell has one function,
/// ``render(_:width:state:)``, which draws the row into a canvas exactly as tall as the row:
/// the row's height *is* that canvas's height, so height and drawing cannot disagree.
///
/// ```swift
/// struct FriendCell: TTTableCell {
///   func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
///     let friend = item as? FriendItem
///     var canvas = TTCanvas(width: width, height: 1)
///     canvas.write(friend?.name ?? "?", at: .zero)
///     return canvas
///   }
/// }
/// ```
public protocol TTTableCell: Sendable {
  /// Draws an item as a row.
  ///
  /// - Parameters:
  ///   - item: The row's item; a cell registered for one item type receives that type.
  ///   - width: The row's width in columns.
  ///   - state: Whether the row is selected or highlighted, and the stylesheet.
  /// - Returns: The row, `width` columns wide and as many rows high as it needs (at least 1).
  func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas
}
