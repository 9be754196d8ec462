import Three20Style
import Three20UICommon

/// The mark at the right edge of a row that leads somewhere.
enum TTTableAccessory: Sendable, Hashable {
  /// No mark.
  case none
  /// `›`: the row opens its URL (UIKit's disclosure indicator).
  case disclosure
  /// `»`: the row's accessory opens its accessory URL (UIKit's detail disclosure button).
  case detail

  /// The mark for an item: detail when it has an accessory URL, disclosure when it has a URL.
  static func of(_ item: any TTTableItem) -> Self {
    guard let linked = item as? any TTTableLinkedItem else { return .none }
    if linked.accessoryURL != nil { return .detail }
    if linked.url != nil { return .disclosure }
    return .none
  }

  /// The glyph drawn; one column wide.
  var glyph: String {
    switch self {
    case .none: ""
    case .disclosure: "›"
    case .detail: "»"
    }
  }
}

/// What every built-in cell needs to lay out a row: the stylesheet's metrics and colours, and
/// where the content goes once the padding and the accessory are set aside.
///
/// Metrics come from the stylesheet (values from a stylesheet file are user data, so they are
/// clamped to sensible ranges): `tableHPadding` columns at each side (1), `tableSpacing`
/// between columns (1), `tableCaptionWidth` for caption columns (12, Three20's 75-point key
/// column) and `tableMessageTextLines` (2).
struct TTTableCellContext {
  let width: Int
  let state: TTTableCellState
  let accessory: TTTableAccessory
  /// The first column of the content.
  private(set) var left: Int
  /// The content's width; never negative.
  private(set) var contentWidth: Int
  /// Columns between two columns of content.
  let spacing: Int
  /// The width of a caption column, at most a third of the content.
  let captionWidth: Int
  /// The most rows of a message's text.
  let messageTextLines: Int

  let textColor: TTColor?
  let subTextColor: TTColor?
  let linkColor: TTColor?
  let timestampColor: TTColor?
  let placeholderColor: TTColor?
  let activityColor: TTColor?
  let moreColor: TTColor?

  /// The context of a row; an accessory that would leave no room for content is dropped.
  init(width: Int, state: TTTableCellState, accessory: TTTableAccessory) {
    let sheet = state.styleSheet
    func value(_ name: String, _ fallback: Int, _ range: ClosedRange<Int>) -> Int {
      min(max(sheet.value(named: name) ?? fallback, range.lowerBound), range.upperBound)
    }
    let width = max(0, width)
    self.width = width
    self.state = state
    let padding = min(value("tableHPadding", 1, 0...8), max(0, (width - 1) / 2))
    var accessory = accessory
    var content = width - 2 * padding - (accessory == .none ? 0 : 2)
    if content < 1, accessory != .none {
      accessory = .none
      content = width - 2 * padding
    }
    self.accessory = accessory
    left = padding
    contentWidth = max(0, content)
    spacing = value("tableSpacing", 1, 0...8)
    captionWidth = min(value("tableCaptionWidth", 12, 0...80), contentWidth / 3)
    messageTextLines = value("tableMessageTextLines", 2, 1...20)

    textColor = sheet.color(named: "textColor")
    subTextColor = sheet.color(named: "tableSubTextColor") ?? .gray
    linkColor = sheet.color(named: "linkTextColor") ?? .blue
    timestampColor = sheet.color(named: "timestampTextColor") ?? linkColor
    placeholderColor = sheet.color(named: "placeholderTextColor") ?? .gray
    activityColor = sheet.color(named: "tableActivityTextColor") ?? subTextColor
    moreColor = sheet.color(named: "moreLinkTextColor") ?? linkColor
  }

  /// The column after the content.
  var right: Int { left + contentWidth }

  // MARK: - Images

  /// The box an image takes in a row `rows` tall, when an image provider is installed (the
  /// Image module is linked and set up) and the item has an image; `nil` otherwise, and then
  /// cells draw the image's placeholder text as before.
  ///
  /// The box is as wide as it is tall in pixels (the terminal's cell shape), at most a third
  /// of the content.
  func imageBox(for url: String?, rows: Int) -> TTSize? {
    guard let url, !url.isEmpty, TTGlobalImageProvider.current != nil, rows > 0 else { return nil }
    let cell = TTGlobalImageProvider.cellPixelSize
    let columns = min(contentWidth / 3, max(1, (rows * cell.height + cell.width / 2) / max(1, cell.width)))
    return columns > 0 ? TTSize(width: columns, height: rows) : nil
  }

  /// The rows an image takes in a row of one line of text: `tableImageRows` (3).
  var imageRows: Int {
    min(max(state.styleSheet.value(named: "tableImageRows") ?? 3, 1), 20)
  }

  /// Draws an image (its picture once loaded, its placeholder meanwhile) in a box.
  static func drawImage(
    _ url: String?, alternateText: String?, in rect: TTRect, on canvas: inout TTCanvas, color: TTColor?
  ) {
    canvas.fill(rect, style: TTCellStyle(foreground: color))
    TTStyle([.image(TTImageLook(url: url, alternateText: alternateText, contentMode: .scaleAspectFill))])
      .draw(in: rect, on: &canvas)
  }

  /// This context with the content starting `columns` and a spacing further right, for the
  /// text beside an image at the left.
  func besideLeftImage(columns: Int) -> TTTableCellContext {
    var moved = self
    let shift = min(contentWidth, columns + spacing)
    moved.left += shift
    moved.contentWidth -= shift
    return moved
  }

  /// This context with the content ending `columns` and a spacing earlier, for the text
  /// beside an image at the right.
  func besideRightImage(columns: Int) -> TTTableCellContext {
    var moved = self
    moved.contentWidth -= min(contentWidth, columns + spacing)
    return moved
  }

  /// A blank row canvas of `height` rows (at least 1).
  func canvas(height: Int) -> TTCanvas {
    TTCanvas(width: width, height: max(1, height))
  }

  /// Draws the accessory on the middle row and applies the selection look: the last step of
  /// every built-in cell.
  func finish(_ canvas: inout TTCanvas) {
    if accessory != .none {
      let color = accessory == .detail ? linkColor : subTextColor
      canvas.write(
        accessory.glyph, at: TTPoint(x: right + 1, y: (canvas.height - 1) / 2),
        style: TTCellStyle(foreground: color), maxWidth: 1)
    }
    state.applyHighlight(to: &canvas)
  }

  // MARK: - Text

  /// Text made one safe line (newlines and tabs become spaces, controls visible) and cut to
  /// `width` columns with `…`.
  static func line(_ text: String, width: Int) -> String {
    TTDisplayWidth.truncate(TTTerminalText.sanitized(text), to: width)
  }

  /// Text word-wrapped to `width` columns.
  ///
  /// All of it, or at most `maximumLines` rows with the last cut by `…`. Empty text gives one
  /// empty line; no width gives none.
  static func wrapped(_ text: String, width: Int, maximumLines: Int = 0) -> [String] {
    TTTextLayout.lines(
      for: text, width: width, look: TTTextLook(lineBreakMode: .wordWrap, numberOfLines: maximumLines))
  }

  /// Writes one line of text, cut to `width` columns, aligned in that span.
  static func write(
    _ text: String, on canvas: inout TTCanvas, x: Int, y: Int, width: Int, style: TTCellStyle,
    alignment: TTTextLook.Alignment = .left
  ) {
    guard width > 0 else { return }
    let fitted = line(text, width: width)
    let spare = max(0, width - TTDisplayWidth.of(fitted))
    let start: Int =
      switch alignment {
      case .left: x
      case .center: x + spare / 2
      case .right: x + spare
      }
    canvas.write(fitted, at: TTPoint(x: start, y: y), style: style, maxWidth: x + width - start)
  }

  /// Text to show beside a spinner: with the ASCII spinner, `…` is written `...`, as
  /// `TTActivityLabel` does.
  static func besideSpinner(_ text: String, state: TTTableCellState) -> String {
    guard state.spinner == .ascii else { return text }
    return text.split(separator: "…", omittingEmptySubsequences: false).joined(separator: "...")
  }

  /// The display width of text once made one safe line.
  static func columns(of text: String) -> Int {
    TTDisplayWidth.of(TTTerminalText.sanitized(text))
  }

  /// Draws an item that a cell cannot read, as the fallback cell does.
  static func mismatch(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    TTTableFallbackCell().render(item, width: width, state: state)
  }
}
