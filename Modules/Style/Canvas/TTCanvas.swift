/// A grid of character cells that views and styles draw into, then written to a terminal.
///
/// The canvas is the terminal's equivalent of a bitmap context. Text written to it is
/// sanitised (``TTTerminalText``), measured by display width (``TTDisplayWidth``) and clipped
/// to ``clipRect``; wide characters take two cells and are never cut in half.
///
/// ```swift
/// var canvas = TTCanvas(width: 20, height: 2)
/// canvas.fill(TTRect(x: 0, y: 0, width: 20, height: 1), style: TTCellStyle(background: .blue))
/// canvas.write("Hello, 世界", at: TTPoint(x: 1, y: 0), style: TTCellStyle(foreground: .white))
/// print(canvas.plainText)
/// // " Hello, 世界"
/// print(TTANSIRenderer(capabilities: .trueColor).render(canvas))   // with colours
/// ```
///
/// A canvas holds every cell in memory (about 120 bytes each), so its size is bounded: at most
/// ``maximumWidth`` columns, ``maximumHeight`` rows and ``maximumCellCount`` cells in all.
/// ``init(width:height:style:)`` cuts a larger size down to fit; where a size comes from input
/// (a command line, a file, a terminal's report), check it with
/// ``init(checkedWidth:height:style:)`` or ``checkSize(width:height:)``, which say what is wrong.
public struct TTCanvas: Sendable, Hashable {
  /// The most columns a canvas has: 10,000.
  public static let maximumWidth = 10_000
  /// The most rows a canvas has: 10,000.
  public static let maximumHeight = 10_000
  /// The most cells a canvas holds, width times height: 1,000,000 (about 120 MB).
  ///
  /// A 1,000-column terminal with 1,000 rows fits; 10,000 × 10,000 (about 12 GB) does not.
  public static let maximumCellCount = 1_000_000

  /// The canvas's width and height.
  public let size: TTSize
  /// Where drawing lands: cells outside it are left alone.
  ///
  /// Defaults to the whole canvas.
  ///
  /// Views set it to their frame while they draw and restore it afterwards
  /// (``withClip(_:_:)`` does both).
  public var clipRect: TTRect {
    didSet { clipRect = clipRect.intersection(bounds) }
  }

  private var cells: [TTCell]

  /// The pictures placed on the canvas (``place(_:at:)``), in the order they were placed.
  ///
  /// Their cells hold what the views drew beneath (an image's alternate text), which is what
  /// output without pictures shows; ``resolvingPictures(for:drawnAsPixels:)`` puts the pictures in.
  public private(set) var pictures: [TTCanvasPicture] = []

  /// Creates a canvas of blank cells.
  ///
  /// A size beyond the limits is cut down to fit, so memory stays bounded whatever is asked:
  /// the width to ``maximumWidth``, the height to ``maximumHeight``, and then the height to as
  /// many whole rows as ``maximumCellCount`` allows at that width. Drawing outside is clipped as
  /// anywhere else. Use ``init(checkedWidth:height:style:)`` to be told instead.
  ///
  /// ```swift
  /// TTCanvas(width: 10_000, height: 10_000).size   // TTSize(width: 10_000, height: 100)
  /// ```
  ///
  /// - Parameters:
  ///   - width: The number of columns; negative is treated as 0.
  ///   - height: The number of rows; negative is treated as 0.
  ///   - style: The style of every cell at first; plain by default.
  public init(width: Int, height: Int, style: TTCellStyle = .plain) {
    size = Self.fittingSize(width: width, height: height)
    cells = Array(repeating: TTCell(" ", style: style), count: size.width * size.height)
    clipRect = TTRect(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// Creates a canvas of blank cells, or says why the size cannot be used.
  ///
  /// Use it where the size comes from input: the error names the size and the limit it breaks.
  ///
  /// ```swift
  /// do {
  ///   _ = try TTCanvas(checkedWidth: 10_000, height: 10_000)
  /// } catch {
  ///   error.code   // .invalidCanvasSize
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - width: The number of columns, from 0 to ``maximumWidth``.
  ///   - height: The number of rows, from 0 to ``maximumHeight``.
  ///   - style: The style of every cell at first; plain by default.
  /// - Throws: `TTStyleError` with code ``TTStyleError/Code/invalidCanvasSize`` when a side is
  ///   negative or too large, or the canvas would hold more than ``maximumCellCount`` cells.
  public init(checkedWidth width: Int, height: Int, style: TTCellStyle = .plain) throws(TTStyleError) {
    try Self.checkSize(width: width, height: height)
    self.init(width: width, height: height, style: style)
  }

  /// Checks that a canvas of this size can be made, without making it.
  ///
  /// ```swift
  /// try TTCanvas.checkSize(width: 80, height: 24)   // fine
  /// ```
  ///
  /// - Parameters:
  ///   - width: The number of columns.
  ///   - height: The number of rows.
  /// - Throws: `TTStyleError` with code ``TTStyleError/Code/invalidCanvasSize`` saying which
  ///   limit the size breaks and what fits.
  public static func checkSize(width: Int, height: Int) throws(TTStyleError) {
    func refuse(_ message: String) -> TTStyleError { TTStyleError(.invalidCanvasSize, message) }
    guard width >= 0, height >= 0 else {
      throw refuse("A canvas of \(width) × \(height) cells has a negative side; give sizes of 0 or more.")
    }
    guard width <= maximumWidth else {
      throw refuse(
        "A canvas \(width) columns wide is wider than the most, \(maximumWidth); give a width from 0 to "
          + "\(maximumWidth).")
    }
    guard height <= maximumHeight else {
      throw refuse(
        "A canvas \(height) rows tall is taller than the most, \(maximumHeight); give a height from 0 to "
          + "\(maximumHeight).")
    }
    let cells = width * height
    guard cells <= maximumCellCount else {
      throw refuse(
        "A canvas of \(width) × \(height) cells holds \(cells) cells, more than the most, "
          + "\(maximumCellCount); at \(width) columns give at most \(maximumCellCount / width) rows.")
    }
  }

  /// The size ``init(width:height:style:)`` makes for a size asked for: each side from 0 to its
  /// maximum, then only as many rows as ``maximumCellCount`` allows at that width.
  ///
  /// ```swift
  /// TTCanvas.fittingSize(width: 2_000, height: 2_000)   // TTSize(width: 2_000, height: 500)
  /// ```
  ///
  /// - Parameters:
  ///   - width: The columns asked for.
  ///   - height: The rows asked for.
  /// - Returns: The size that fits.
  public static func fittingSize(width: Int, height: Int) -> TTSize {
    let columns = min(max(0, width), maximumWidth)
    var rows = min(max(0, height), maximumHeight)
    if columns > 0 { rows = min(rows, maximumCellCount / columns) }
    return TTSize(width: columns, height: rows)
  }

  /// The rectangle of the whole canvas.
  public var bounds: TTRect { TTRect(origin: .zero, size: size) }
  /// The number of columns.
  public var width: Int { size.width }
  /// The number of rows.
  public var height: Int { size.height }

  /// The cell at a column and row, or a blank cell outside the canvas.
  ///
  /// - Parameters:
  ///   - x: The column.
  ///   - y: The row.
  public subscript(x: Int, y: Int) -> TTCell {
    guard x >= 0, y >= 0, x < width, y < height else { return .blank }
    return cells[y * width + x]
  }

  /// Runs `body` with drawing clipped to `rect` (inside the current clip), then restores it.
  ///
  /// - Parameters:
  ///   - rect: Where drawing may land.
  ///   - body: The drawing.
  /// - Returns: What `body` returns.
  @discardableResult
  public mutating func withClip<Result>(
    _ rect: TTRect, _ body: (inout TTCanvas) throws -> Result
  ) rethrows -> Result {
    let saved = clipRect
    clipRect = saved.intersection(rect)
    defer { clipRect = saved }
    return try body(&self)
  }

  /// Writes text on one row, starting at `point`, and returns how many columns it took.
  ///
  /// The text is sanitised first, so control characters and escape sequences from data are
  /// shown, never obeyed; newlines become spaces. Characters left of the clip are skipped,
  /// writing stops at the clip's right edge or after `maxWidth` columns, and a wide character
  /// that would straddle the edge is replaced by a space. `nil` colours in `style` keep the
  /// colours already in each cell.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - point: Where the first character goes.
  ///   - style: How the text looks.
  ///   - maxWidth: The most columns to use; unlimited by default.
  /// - Returns: The number of columns the text advanced, clipped cells included.
  @discardableResult
  public mutating func write(
    _ text: String, at point: TTPoint, style: TTCellStyle = .plain, maxWidth: Int? = nil
  ) -> Int {
    let safe = TTTerminalText.sanitized(text)
    let limit = maxWidth.map { saturatingAdd(point.x, max(0, $0)) } ?? Int.max
    let right = min(clipRect.maxX, limit)
    guard point.y >= clipRect.y, point.y < clipRect.maxY else {
      return min(TTDisplayWidth.of(safe), saturatingSubtract(limit, point.x))
    }
    var x = point.x
    for character in safe {
      let columns = TTDisplayWidth.of(character)
      if columns == 0 {
        // A lone zero-width character joins the previous cell's character when there is one.
        if x > point.x, x - 1 >= clipRect.x, x - 1 < right { appendToCell(x: x - 1, y: point.y, character) }
        continue
      }
      if saturatingAdd(x, columns) > limit { break }
      if x >= clipRect.x {
        if saturatingAdd(x, columns) > right {
          if x < right { put(TTCell(" ", style: style), x: x, y: point.y) }
          x = right
          break
        }
        put(TTCell(character, style: style), x: x, y: point.y)
        if columns == 2 {
          var continuation = TTCell(" ", style: style)
          continuation.isContinuation = true
          put(continuation, x: x + 1, y: point.y)
        }
      } else if columns == 2, x + 1 == clipRect.x {
        // The right half of a wide character is the first visible cell: show a space.
        put(TTCell(" ", style: style), x: x + 1, y: point.y)
      }
      x = saturatingAdd(x, columns)
      if x >= right { break }
    }
    return saturatingSubtract(x, point.x)
  }

  /// Fills a rectangle with one character and style.
  ///
  /// - Parameters:
  ///   - rect: The cells to fill (clipped).
  ///   - character: The character; a space by default. A wide character fills every other cell.
  ///   - style: How the cells look; `nil` colours keep the ones there.
  public mutating func fill(_ rect: TTRect, with character: Character = " ", style: TTCellStyle) {
    let area = rect.intersection(clipRect)
    guard !area.isEmpty else { return }
    let columns = max(1, TTDisplayWidth.of(character))
    for y in area.y..<area.maxY {
      var x = area.x
      while x < area.maxX {
        if columns == 2 {
          write(String(character), at: TTPoint(x: x, y: y), style: style, maxWidth: area.maxX - x)
        } else {
          put(TTCell(character, style: style), x: x, y: y)
        }
        x += columns
      }
    }
  }

  /// Changes the style of cells without changing their characters, for example to paint a
  /// background under text already drawn, or to highlight a selected row.
  ///
  /// - Parameters:
  ///   - rect: The cells to change (clipped).
  ///   - transform: Makes a cell's new style from its current one.
  public mutating func restyle(_ rect: TTRect, _ transform: (TTCellStyle) -> TTCellStyle) {
    let area = rect.intersection(clipRect)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        cells[y * width + x].style = transform(cells[y * width + x].style)
      }
    }
  }

  /// Copies another canvas onto this one with its top-left at `point` (clipped), pictures
  /// included.
  ///
  /// - Parameters:
  ///   - other: The canvas to copy.
  ///   - point: Where its top-left cell goes.
  public mutating func draw(_ other: TTCanvas, at point: TTPoint) {
    for y in 0..<other.height {
      for x in 0..<other.width {
        let cell = other.cells[y * other.width + x]
        let target = TTPoint(x: point.x + x, y: point.y + y)
        guard clipRect.contains(target) else { continue }
        cells[target.y * width + target.x] = cell
      }
    }
    for placed in other.pictures {
      let shifted = TTRect(
        x: placed.visibleRect.x + point.x, y: placed.visibleRect.y + point.y,
        width: placed.visibleRect.width, height: placed.visibleRect.height)
      record(
        TTCanvasPicture(
          picture: placed.picture,
          origin: TTPoint(x: placed.origin.x + point.x, y: placed.origin.y + point.y),
          visibleRect: shifted.intersection(clipRect)))
    }
  }

  /// Places a picture with its top-left cell at `origin`, clipped to ``clipRect``.
  ///
  /// The cells beneath keep what was drawn there; draw the image's alternate text first, so
  /// that output without pictures shows it. A picture placed over the whole of an earlier
  /// one replaces it.
  ///
  /// - Parameters:
  ///   - picture: The picture, from an image provider.
  ///   - origin: Where its top-left cell goes.
  public mutating func place(_ picture: any TTTerminalPicture, at origin: TTPoint) {
    let frame = TTRect(origin: origin, size: picture.cellSize)
    record(TTCanvasPicture(picture: picture, origin: origin, visibleRect: frame.intersection(clipRect)))
  }

  private mutating func record(_ placed: TTCanvasPicture) {
    guard !placed.visibleRect.isEmpty else { return }
    pictures.removeAll { placed.visibleRect.contains($0.visibleRect) }
    pictures.append(placed)
  }

  /// Sets a cell as it is, without merging styles or clipping, repairing wide characters it
  /// cuts; for output that puts pictures in.
  mutating func replaceCell(_ cell: TTCell, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let index = y * width + x
    let old = cells[index]
    if old.isContinuation, x > 0 { cells[index - 1].character = " " }
    if !old.isContinuation, TTDisplayWidth.of(old.character) == 2, x + 1 < width {
      cells[index + 1].isContinuation = false
      cells[index + 1].character = " "
    }
    cells[index] = cell
  }

  /// Removes every picture; the cells stay as they are.
  mutating func removePictures() {
    pictures.removeAll()
  }

  /// The rows as plain text, without styles, trailing spaces trimmed.
  public var lines: [String] {
    (0..<height).map { row in
      var line = ""
      for x in 0..<width {
        let cell = cells[row * width + x]
        if !cell.isContinuation { line.append(cell.character) }
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The canvas as plain text: ``lines`` joined by newlines.
  public var plainText: String { lines.joined(separator: "\n") }

  /// The cells of one row, left to right.
  ///
  /// - Parameter y: The row; outside the canvas gives an empty array.
  /// - Returns: The row's cells.
  public func row(_ y: Int) -> ArraySlice<TTCell> {
    guard y >= 0, y < height else { return [] }
    return cells[(y * width)..<((y + 1) * width)]
  }

  /// Puts a cell, merging its style over the one there and repairing wide characters it cuts.
  private mutating func put(_ cell: TTCell, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < width, y < height, clipRect.contains(TTPoint(x: x, y: y)) else { return }
    let index = y * width + x
    let old = cells[index]
    // Overwriting either half of a wide character leaves a space in the other half.
    if old.isContinuation, x > 0, !cell.isContinuation {
      cells[index - 1].character = " "
    }
    if !old.isContinuation, TTDisplayWidth.of(old.character) == 2, x + 1 < width {
      cells[index + 1].isContinuation = false
      cells[index + 1].character = " "
    }
    var placed = cell
    placed.style = cell.style.over(old.style)
    cells[index] = placed
  }

  private mutating func appendToCell(x: Int, y: Int, _ character: Character) {
    let index = y * width + x
    var target = index
    if cells[index].isContinuation, x > 0 { target = index - 1 }
    let combined = String(cells[target].character) + String(character)
    if combined.count == 1, let merged = combined.first,
      TTDisplayWidth.of(merged) == TTDisplayWidth.of(cells[target].character)
    {
      cells[target].character = merged
    }
  }
}
