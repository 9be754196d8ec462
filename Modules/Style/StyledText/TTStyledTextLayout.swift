/// Styled text laid out to a width: lines of styled runs, ready to draw or hit-test.
///
/// Three20 built a tree of frames (`TTStyledFrame`, `TTStyledBoxFrame`, `TTStyledTextFrame`, …)
/// positioned in points. In a terminal a layout is simpler: a list of ``Line``s, one per row,
/// each a list of ``Run``s of text in one cell style, positioned in columns.
///
/// Get one from ``TTStyledText/layout(width:)``. The rules are:
///
/// - Words wrap at spaces by **display width** (``TTDisplayWidth``): no line is wider than
///   ``width``. A word longer than the width is broken between characters (grapheme clusters,
///   never inside one), and a wide character never straddles the right edge. At width 1 a wide
///   character cannot be shown at all and is replaced by `…`.
/// - Whitespace is collapsed as in HTML, in `<code>` too: a run of spaces, tabs and newlines
///   is one space, and spaces at the start or end of a line are dropped. A no-break space
///   (`&nbsp;`) is kept, never breaks a line, and is drawn as a space.
/// - A line break (`<br>`) ends the line; two in a row leave an empty line.
/// - A block (`<div>`, `<p>`) starts on a new line and the text after it starts on a new line.
/// - A paragraph (`<p>`) that has any content is followed by one empty line, unless nothing
///   follows it; consecutive paragraph ends give one empty line, not several.
/// - An image is drawn as `[alt]`, or `[image]` without alternate text, and wraps like a word.
/// - Empty text has no lines: ``height`` is 0.
///
/// ```swift
/// let text = try TTStyledText(xhtml: "<p>Hello <b>world</b></p><p>Bye</p>")
/// let layout = text.layout(width: 8)
/// layout.lines.map(\.text)   // ["Hello", "world", "", "Bye"]
/// ```
public struct TTStyledTextLayout: Sendable, Hashable {
  /// Text in one style, on one line.
  public struct Run: Sendable, Hashable {
    /// The text, sanitised, with whitespace collapsed.
    public var text: String
    /// How the text looks, including its link.
    public var style: TTCellStyle
    /// The column where the run starts, from the left of the layout.
    public var x: Int
    /// The columns the run takes.
    public var width: Int

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - style: How it looks.
    ///   - x: Its first column.
    ///   - width: Its width in columns.
    public init(text: String, style: TTCellStyle, x: Int, width: Int) {
      self.text = text
      self.style = style
      self.x = x
      self.width = width
    }

    /// The URL the run links to, if any (the style's ``TTCellStyle/link``).
    public var link: String? { style.link }
  }

  /// One row of laid-out text.
  public struct Line: Sendable, Hashable {
    /// The runs, left to right, with no gaps between them.
    public var runs: [Run]

    /// Creates a line.
    ///
    /// - Parameter runs: The runs, left to right.
    public init(runs: [Run] = []) {
      self.runs = runs
    }

    /// The columns the line takes.
    public var width: Int { runs.last.map { $0.x + $0.width } ?? 0 }

    /// The line's text, without styles.
    public var text: String { runs.map(\.text).joined() }
  }

  /// The width the text was laid out to, in columns (at least 1).
  public let width: Int
  /// The lines, top to bottom.
  public let lines: [Line]

  /// Creates a layout from lines.
  ///
  /// - Parameters:
  ///   - width: The width the lines were made for.
  ///   - lines: The lines.
  public init(width: Int, lines: [Line]) {
    self.width = width
    self.lines = lines
  }

  /// The number of lines (Three20's `height`, in rows).
  public var height: Int { lines.count }

  /// The size the text takes: ``width`` by ``height``.
  public var size: TTSize { TTSize(width: width, height: height) }

  /// The lines' text, without styles, joined by newlines.
  public var plainText: String { lines.map(\.text).joined(separator: "\n") }

  /// The run under a cell, or `nil` for a cell with no text.
  ///
  /// - Parameter point: A cell, relative to the layout's top-left corner.
  /// - Returns: The run covering it.
  public func run(at point: TTPoint) -> Run? {
    guard point.y >= 0, point.y < lines.count else { return nil }
    let runs = lines[point.y].runs
    // Runs are sorted by column: binary search.
    var low = 0
    var high = runs.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let run = runs[middle]
      if point.x < run.x {
        high = middle - 1
      } else if point.x >= run.x + run.width {
        low = middle + 1
      } else {
        return run
      }
    }
    return nil
  }

  /// The URL of the link under a cell (Three20's `hitTest:` for links).
  ///
  /// ```swift
  /// let layout = try TTStyledText(xhtml: "See <a href=\"https://x.org\">this</a>").layout(width: 20)
  /// layout.link(at: TTPoint(x: 5, y: 0))   // "https://x.org"
  /// layout.link(at: TTPoint(x: 0, y: 0))   // nil
  /// ```
  ///
  /// - Parameter point: A cell, relative to the layout's top-left corner.
  /// - Returns: The link's URL, or `nil` when the cell is not part of a link.
  public func link(at point: TTPoint) -> String? {
    run(at: point)?.link
  }

  /// Draws the lines on a canvas, each run in its style, links as hyperlinks.
  ///
  /// Runs keep their ``TTCellStyle/link``, so ``TTANSIRenderer`` writes them as OSC 8
  /// hyperlinks where the terminal supports them. Text is clipped to the canvas's clip
  /// rectangle; `nil` colours keep what is drawn beneath.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - point: Where the top-left corner of the text goes.
  public func draw(on canvas: inout TTCanvas, at point: TTPoint) {
    for (row, line) in lines.enumerated() {
      let y = point.y + row
      guard y >= canvas.clipRect.y else { continue }
      guard y < canvas.clipRect.maxY else { break }
      for run in line.runs {
        canvas.write(run.text, at: TTPoint(x: point.x + run.x, y: y), style: run.style, maxWidth: run.width)
      }
    }
  }
}
