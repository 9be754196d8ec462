public import Three20Style

/// A run of text on a ``TTWebLine`` that looks one way and belongs to at most one link.
///
/// Spans are laid out left to right: ``column`` is where the span's first character goes,
/// counted in terminal columns from the left edge of the page. Gaps between spans (table cells
/// padded to their column, for example) are blank.
///
/// ```swift
/// let span = TTWebSpan(column: 2, text: "Hello", style: .plain)
/// span.width      // 5
/// span.endColumn  // 7
/// ```
public struct TTWebSpan: Sendable, Hashable {
  /// The column of the span's first character.
  public let column: Int
  /// The text: printable characters only (a page's control characters were removed).
  public let text: String
  /// How the text looks; a followable link's cells carry its URL in `TTCellStyle/link`.
  public let style: TTCellStyle
  /// The index in ``TTWebPage/links`` of the link the span belongs to, or `nil`.
  public let link: Int?
  /// The number of columns the text takes (`TTDisplayWidth`).
  public let width: Int

  /// Creates a span.
  ///
  /// - Parameters:
  ///   - column: The column of its first character.
  ///   - text: The text; control characters are drawn as symbols, never obeyed.
  ///   - style: How it looks.
  ///   - link: The index of its link in the page, if any.
  ///   - width: The columns the text takes, or `nil` to measure it.
  public init(column: Int, text: String, style: TTCellStyle, link: Int? = nil, width: Int? = nil) {
    self.column = column
    self.text = text
    self.style = style
    self.link = link
    self.width = width ?? TTDisplayWidth.of(text)
  }

  /// The column just after the span's last character.
  public var endColumn: Int { column + width }
}

/// One line of a laid-out page: its spans, left to right.
///
/// A line is never wider than the page's width, except a line of preformatted text
/// (`<pre>`), which keeps its text as written: whoever draws or dumps it clips it, and a viewer
/// scrolls such lines sideways.
///
/// ```swift
/// let line = TTWebLine(spans: [
///   TTWebSpan(column: 0, text: "•", style: .plain),
///   TTWebSpan(column: 2, text: "Item", style: .plain),
/// ])
/// line.text    // "• Item"
/// line.width   // 6
/// ```
public struct TTWebLine: Sendable, Hashable {
  /// The spans, in column order; they never overlap.
  public let spans: [TTWebSpan]
  /// Whether the line is preformatted text, kept as written and not wrapped.
  public let isPreformatted: Bool
  /// The columns from the left edge to the end of the last span.
  public let width: Int

  /// Creates a line.
  ///
  /// - Parameters:
  ///   - spans: The spans, in column order, not overlapping.
  ///   - isPreformatted: Whether the line is preformatted text; `false` by default.
  public init(spans: [TTWebSpan], isPreformatted: Bool = false) {
    self.spans = spans
    self.isPreformatted = isPreformatted
    width = spans.last?.endColumn ?? 0
  }

  /// Whether the line holds no text at all (a blank line between blocks).
  public var isEmpty: Bool { spans.allSatisfy { $0.text.isEmpty } }

  /// The line's text, gaps between spans filled with spaces, not clipped.
  public var text: String {
    var result = ""
    var column = 0
    for span in spans {
      if span.column > column { result.append(String(repeating: " ", count: span.column - column)) }
      result += span.text
      column = max(column, span.endColumn)
    }
    return result
  }

  /// The line's text cut at `width` columns (for preformatted lines that are wider), trailing
  /// spaces removed.
  ///
  /// - Parameter width: The most columns to keep.
  /// - Returns: The visible text.
  public func text(clippedTo width: Int) -> String {
    var result = ""
    var column = 0
    for span in spans {
      guard span.column < width else { break }
      if span.column > column { result.append(String(repeating: " ", count: span.column - column)) }
      if span.endColumn <= width {
        result += span.text
      } else {
        result += TTDisplayWidth.prefix(span.text, fitting: width - span.column)
      }
      column = max(column, min(span.endColumn, width))
    }
    while result.last == " " { result.removeLast() }
    return result
  }
}

/// Where some text is on a page: a line and the columns it covers on that line.
///
/// ``TTWebPage/find(_:)`` returns these; ``TTWebPage/draw(on:in:top:left:focusedLink:highlights:currentHighlight:styling:)``
/// marks them.
public struct TTWebTextRange: Sendable, Hashable {
  /// The index of the line in ``TTWebPage/lines``.
  public let line: Int
  /// The columns covered, counted from the left edge of the page.
  public let columns: Range<Int>

  /// Creates a range.
  ///
  /// - Parameters:
  ///   - line: The line's index.
  ///   - columns: The columns covered.
  public init(line: Int, columns: Range<Int>) {
    self.line = line
    self.columns = columns
  }
}
