import Foundation
public import Three20Style

extension TTWebPage {
  /// Draws part of the page into a rectangle of a canvas.
  ///
  /// Line `top` goes on the rectangle's first row, the next lines below it. Preformatted lines
  /// are shifted `left` columns (they are the only lines wider than the page, so the only ones
  /// a viewer scrolls sideways); other lines stay put. The focused link is drawn in the
  /// styling's focused-link look over its own, and the highlights (find matches) in the
  /// find-match look, `currentHighlight` (an index into `highlights`) in the current-match
  /// look. When an image provider is installed (`TTGlobalImageProvider/current`), the
  /// pictures it has ready are placed over their boxes, whose cells keep the alternate text.
  ///
  /// ```swift
  /// var canvas = TTCanvas(width: 80, height: 24)
  /// page.draw(
  ///   on: &canvas, in: canvas.bounds, top: 0, left: 0, focusedLink: 0, highlights: [],
  ///   currentHighlight: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: Where the page goes; nothing is drawn outside it.
  ///   - top: The first line to draw.
  ///   - left: How many columns preformatted lines are scrolled to the left.
  ///   - focusedLink: The index of the focused link in ``links``, if any.
  ///   - highlights: Text to mark, usually from ``find(_:)``, in reading order.
  ///   - currentHighlight: The index in `highlights` of the current match, if any.
  ///   - styling: The looks of the focused link and of matches; by default the ones the page
  ///     was rendered with (``styling``).
  public func draw(
    on canvas: inout TTCanvas, in rect: TTRect, top: Int, left: Int, focusedLink: Int?,
    highlights: [TTWebTextRange], currentHighlight: Int?, styling: TTWebStyling? = nil
  ) {
    let styling = styling ?? self.styling
    guard !rect.isEmpty else { return }
    let first = max(0, top)
    let end = min(lines.count, saturatingAdd(top, rect.height))
    let shift = max(0, left)
    canvas.withClip(rect) { canvas in
      guard first < end else { return }
      for index in first..<end {
        let line = lines[index]
        let y = rect.y + index - top
        let offset = rect.x - (line.isPreformatted ? shift : 0)
        for span in line.spans where !span.text.isEmpty {
          let x = offset + span.column
          guard x < rect.maxX, x + span.width > rect.x else { continue }
          var style = span.style
          if let focusedLink, span.link == focusedLink {
            style = TTStyledTextStyling.apply(styling.focusedLink, to: style)
          }
          canvas.write(span.text, at: TTPoint(x: x, y: y), style: style)
        }
      }
      drawHighlights(
        highlights, current: currentHighlight, lines: first..<end, rect: rect, top: top, left: shift,
        styling: styling, on: &canvas)
      placePictures(lines: first..<end, rect: rect, top: top, on: &canvas)
    }
  }

  /// The whole page as text with ANSI escape sequences for a terminal's capabilities.
  ///
  /// One row per line, preformatted lines cut at ``width``, followable links as OSC 8
  /// hyperlinks where the capabilities allow. With `TTTerminalCapabilities/plain` this is
  /// ``plainText``.
  ///
  /// ```swift
  /// print(page.ansiText(capabilities: .ansi256))
  /// ```
  ///
  /// - Parameters:
  ///   - capabilities: What the output may use.
  /// - Returns: The text, without a final newline.
  public func ansiText(capabilities: TTTerminalCapabilities) -> String {
    guard capabilities.attributes else { return plainText }
    let columns = max(1, min(width, TTCanvas.maximumWidth))
    let rowsPerChunk = max(1, min(TTCanvas.maximumHeight, TTCanvas.maximumCellCount / columns, 1_000))
    let renderer = TTANSIRenderer(capabilities: capabilities)
    var output = ""
    var top = 0
    while top < lines.count {
      let rows = min(rowsPerChunk, lines.count - top)
      var canvas = TTCanvas(width: columns, height: rows)
      draw(
        on: &canvas, in: canvas.bounds, top: top, left: 0, focusedLink: nil, highlights: [],
        currentHighlight: nil)
      if top > 0 { output += "\n" }
      output += renderer.render(canvas)
      top += rows
    }
    return output
  }

  private func drawHighlights(
    _ highlights: [TTWebTextRange], current: Int?, lines visible: Range<Int>, rect: TTRect, top: Int,
    left: Int, styling: TTWebStyling, on canvas: inout TTCanvas
  ) {
    guard !highlights.isEmpty else { return }
    // Highlights come in reading order: start at the first one on a visible line.
    var low = 0
    var high = highlights.count
    while low < high {
      let middle = (low + high) / 2
      if highlights[middle].line < visible.lowerBound { low = middle + 1 } else { high = middle }
    }
    var index = low
    while index < highlights.count, highlights[index].line < visible.upperBound {
      let range = highlights[index]
      if range.line >= visible.lowerBound {
        let look = index == current ? styling.currentFindMatch : styling.findMatch
        let shift = lines[range.line].isPreformatted ? left : 0
        let area = TTRect(
          x: rect.x + range.columns.lowerBound - shift, y: rect.y + range.line - top,
          width: range.columns.count, height: 1)
        canvas.restyle(area) { TTStyledTextStyling.apply(look, to: $0) }
      }
      index += 1
    }
  }

  private func placePictures(lines visible: Range<Int>, rect: TTRect, top: Int, on canvas: inout TTCanvas) {
    guard !images.isEmpty, let provider = TTGlobalImageProvider.current else { return }
    for image in images {
      guard image.line < visible.upperBound, image.line + image.size.height > visible.lowerBound else {
        continue
      }
      let look = TTImageLook(
        url: image.url.absoluteString, alternateText: image.alt, size: image.size,
        contentMode: .scaleAspectFit)
      guard case .ready(let picture) = provider.picture(for: look, fitting: image.size) else { continue }
      canvas.place(picture, at: TTPoint(x: rect.x + image.column, y: rect.y + image.line - top))
    }
  }
}

/// `a + b`, stopping at `Int.max` or `Int.min` instead of trapping.
func saturatingAdd(_ a: Int, _ b: Int) -> Int {
  let (sum, overflow) = a.addingReportingOverflow(b)
  return overflow ? (b > 0 ? Int.max : Int.min) : sum
}
