public import Three20Style
import Three20UICommon

/// Draws a TTTableControlItem: a caption and its control — Three20's `TTTableControlCell`.
///
/// One row, laid out by ``layout(of:width:styleSheet:)`` (which the table also uses to tell
/// which part of the row a click hit):
/// - A toggle: the caption in `textColor` on the left and `[x]` (on, in `linkTextColor`) or
///   `[ ]` (off, in `tableSubTextColor`) at the right edge.
/// - A stepper: the caption on the left and `[−] 5 [+]` at the right edge, drawn as
///   `TTStepper` draws.
/// - A text field: the caption in a caption column (as TTTableCaptionItemCell), then the
///   field in brackets filling the rest of the row, its text in `textColor` cut with `…`, or
///   its placeholder in `placeholderTextColor` while empty. Without a caption, the field fills
///   the row.
/// - A slider: the caption column, then the track (drawn as `TTSlider` draws) and the value,
///   filling the rest of the row.
///
/// Sliders and steppers draw with ASCII characters when the state's spinner is the ASCII one
/// (plain output, non-UTF-8 locales).
///
/// ```swift
/// TTTableControlCell().render(TTTableControlItem(caption: "Wi-Fi", control: .toggle(true)), width: 20, state: .init())
/// // " Wi-Fi          [x]"
/// ```
public struct TTTableControlCell: TTTableCell {
  /// Where the parts of a control row are, in columns from the row's left edge.
  public struct Layout: Sendable, Hashable {
    /// The caption's columns.
    public var caption: Range<Int>
    /// The control's columns: a toggle's mark, a slider's track and value, a stepper, a text
    /// field with its brackets; empty when there is no room for it.
    public var control: Range<Int>
    /// A slider's track; `nil` for other controls or without room.
    public var track: Range<Int>?
    /// A stepper's `[−]`; `nil` for other controls or without room.
    public var decrement: Range<Int>?
    /// A stepper's `[+]`; `nil` for other controls or without room.
    public var increment: Range<Int>?
  }

  /// Creates the cell.
  public init() {}

  /// Where the caption and the parts of a control row go at a width.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - width: The row's width.
  ///   - styleSheet: Where the metrics (padding, spacing, caption width) come from; the
  ///     current stylesheet by default.
  /// - Returns: The layout ``render(_:width:state:)`` draws.
  public static func layout(
    of item: TTTableControlItem, width: Int, styleSheet: TTStyleSheet = .current
  ) -> Layout {
    layout(
      of: item,
      context: TTTableCellContext(width: width, state: .init(styleSheet: styleSheet), accessory: .none))
  }

  private static func layout(of item: TTTableControlItem, context: TTTableCellContext) -> Layout {
    let left = context.left
    let right = context.right
    switch item.control {
    case .toggle:
      let mark = context.contentWidth >= 3 ? 3 : 0
      let caption = max(0, context.contentWidth - mark - (mark > 0 ? context.spacing : 0))
      return Layout(caption: left..<(left + caption), control: (right - mark)..<right)
    case .stepper(_, let range, _):
      let parts = TTStepper.Layout(range: range)
      if parts.width <= context.contentWidth {
        let start = right - parts.width
        let caption = max(0, start - context.spacing - left)
        return Layout(
          caption: left..<(left + caption), control: start..<right,
          decrement: (start + parts.decrement.lowerBound)..<(start + parts.decrement.upperBound),
          increment: (start + parts.increment.lowerBound)..<(start + parts.increment.upperBound))
      }
      // No room for the parts: the value alone, at the right.
      let value = min(parts.value.count, context.contentWidth)
      let caption = max(0, context.contentWidth - value - (value > 0 ? context.spacing : 0))
      return Layout(caption: left..<(left + caption), control: (right - value)..<right)
    case .textField, .slider:
      let column = item.caption.isEmpty ? 0 : context.captionWidth
      let fieldX = column > 0 ? left + column + context.spacing : left
      let fieldWidth = max(0, right - fieldX)
      var layout = Layout(caption: left..<(left + column), control: fieldX..<(fieldX + fieldWidth))
      if case .slider(_, let range, let step) = item.control, fieldWidth > 0 {
        let text = TTSlider.Scale(range, step: step).textWidth
        let track = fieldWidth >= text + 4 ? fieldWidth - text - 1 : fieldWidth
        layout.track = fieldX..<(fieldX + track)
      }
      return layout
    }
  }

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
    let layout = Self.layout(of: item, context: context)
    let glyphs: TTControlGlyphs = state.spinner == .ascii ? .ascii : .unicode
    var canvas = context.canvas(height: 1)
    TTTableCellContext.write(
      item.caption, on: &canvas, x: layout.caption.lowerBound, y: 0, width: layout.caption.count,
      style: TTCellStyle(foreground: context.textColor))
    let control = layout.control
    switch item.control {
    case .toggle(let isOn):
      if !control.isEmpty {
        canvas.write(
          isOn ? "[x]" : "[ ]", at: TTPoint(x: control.lowerBound, y: 0),
          style: TTCellStyle(foreground: isOn ? context.linkColor : context.subTextColor))
      }
    case .textField(let text, let placeholder):
      Self.drawField(
        text: text, placeholder: placeholder, x: control.lowerBound, width: control.count, context: context,
        on: &canvas)
    case .slider(_, let range, let step):
      guard let track = layout.track else { break }
      let scale = TTSlider.Scale(range, step: step)
      let value = item.control.sliderValue ?? scale.minimumValue
      TTSlider.drawTrack(
        column: scale.column(of: value, columns: track.count), columns: track.count,
        at: TTPoint(x: track.lowerBound, y: 0), on: &canvas, glyphs: glyphs, styleSheet: state.styleSheet)
      if track.upperBound < control.upperBound {
        TTTableCellContext.write(
          scale.text(for: value), on: &canvas, x: track.upperBound + 1, y: 0,
          width: control.upperBound - track.upperBound - 1, style: TTCellStyle(foreground: context.textColor),
          alignment: .right)
      }
    case .stepper(_, let range, _):
      let value = item.control.stepperValue ?? range.lowerBound
      if layout.decrement != nil {
        TTStepper.draw(
          value: value, range: range, at: TTPoint(x: control.lowerBound, y: 0), on: &canvas, glyphs: glyphs,
          styleSheet: state.styleSheet)
      } else {
        TTTableCellContext.write(
          String(value), on: &canvas, x: control.lowerBound, y: 0, width: control.count,
          style: TTCellStyle(foreground: context.textColor), alignment: .right)
      }
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
