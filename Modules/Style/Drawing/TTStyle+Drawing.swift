extension TTStyle {
  /// Draws the chain into a rectangle of a canvas, then the content.
  ///
  /// Layers apply in order, as in Three20's `draw:`:
  ///
  /// - ``Layer/shape(_:)`` sets the outline of the layers after it (a rectangle until then).
  ///   How each shape looks in cells: `┌┐└┘` rectangles, `╭╮╰╯` rounded ones (`(…)` one row
  ///   high), arrows with a point of `╱`/`<`/`╲`, speech bubbles with a `▲`/`▼`/`◀`/`▶` or
  ///   `╱`/`╲` pointer. Corner cells of radius 2 or more (in shapes three columns wide or
  ///   more), and the cells the point of an arrow cuts, are left out of fills; cells half
  ///   inside show `▐▌◢◥◀` in the fill colour.
  /// - Fills paint cell backgrounds inside the shape: solid; a top-to-bottom gradient, one
  ///   colour per row (a single row takes the average); reflective, with the top half in the
  ///   colour's ``TTColor/highlight`` and an optional lighter last row.
  /// - ``Layer/shadow(_:)`` paints the shape again, moved by the offset, in the shadow colour
  ///   over what is beneath; a blur adds rings of fading colour. The shadow is clipped to
  ///   `rect` like everything else: leave room for it (draw the style in a rectangle one
  ///   offset larger and shape it with an ``Layer/inset(_:)``).
  /// - ``Layer/innerShadow(_:)`` shades the inside rows or columns on the sides the offset
  ///   points away from.
  /// - Borders draw the outline with box-drawing characters in their colours: light lines
  ///   for width 1, heavy lines (`━┃┏┓┗┛`) for width 2 or more. Each takes its width off the
  ///   content on the sides it draws (a frame one row high keeps its row: the border is two
  ///   end caps and takes columns only). A four-border leaves out sides without a colour; a
  ///   bevel colours the sides facing ``TTBevelBorder/lightSource`` in the highlight, the
  ///   others in the shadow, corners taking the top or bottom side's colour; a highlight
  ///   border draws its top edge in the highlight colour; a gradient border colours each row.
  /// - ``Layer/inset(_:)`` moves the frame of the following layers; ``Layer/box(_:)`` takes
  ///   its margin off the frame and its padding off the content (its position is for
  ///   ``TTFlowLayout``).
  /// - ``Layer/image(_:)`` draws, in the content rectangle, the image's alternate text in
  ///   brackets, centred, or a `░` placeholder of its size.
  /// - ``Layer/blend(_:)`` makes the backgrounds of the following layers blend with the
  ///   backgrounds beneath (``TTBlendMode/blend(_:over:)``).
  /// - ``Layer/text(_:)`` only describes text (see ``drawText(_:in:on:)``); a mask has no
  ///   terminal equivalent and does nothing; parts are skipped, as in Three20.
  /// - ``Layer/content`` draws the content at that point; without one, it is drawn last.
  ///
  /// The content is drawn in ``contentRect(for:)``, clipped to it.
  ///
  /// ```swift
  /// var canvas = TTCanvas(width: 12, height: 3)
  /// let button = TTStyle {
  ///   TTShapeStyle(.rounded(1))
  ///   TTSolidFillStyle(.blue)
  ///   TTSolidBorderStyle(.white)
  /// }
  /// button.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
  ///   button.drawText("OK", in: rect, on: &canvas)
  /// }
  /// // ╭──────────╮
  /// // │OK        │
  /// // ╰──────────╯
  /// ```
  ///
  /// - Parameters:
  ///   - rect: Where to draw; drawing never leaves it (nor the canvas's clip). Empty or
  ///     negative sizes draw nothing.
  ///   - canvas: The canvas to draw on.
  ///   - content: Draws the content into the rectangle it is given; nothing by default.
  public func draw(
    in rect: TTRect, on canvas: inout TTCanvas, content: ((inout TTCanvas, TTRect) -> Void)? = nil
  ) {
    canvas.withClip(rect) { canvas in
      var context = TTStyleDrawing.Context(frame: rect)
      var contentDrawn = false
      func drawContent(_ canvas: inout TTCanvas) {
        guard !contentDrawn else { return }
        contentDrawn = true
        guard let content else { return }
        let inner = context.contentRect
        guard !inner.isEmpty else { return }
        canvas.withClip(inner) { content(&$0, inner) }
      }
      for layer in layers {
        if case .content = layer {
          drawContent(&canvas)
          continue
        }
        TTStyleDrawing.paint(layer, context: context, on: &canvas)
        context.apply(layer)
      }
      drawContent(&canvas)
    }
  }

  /// The rectangle left for content once the chain's insets, margins, padding and borders
  /// are taken off `rect`.
  ///
  /// A border takes its width off each side it draws, except that a frame one row high
  /// keeps its row (the border is drawn as end caps) and one column wide keeps its column.
  /// Shadows take nothing: the caller leaves room for them.
  ///
  /// ```swift
  /// let style = TTStyle { TTInsetStyle(TTEdgeInsets(all: 1)); TTSolidBorderStyle(.black) }
  /// style.contentRect(for: TTRect(x: 0, y: 0, width: 10, height: 5))   // (2, 2) 6×1
  /// ```
  ///
  /// - Parameter rect: The frame the style is drawn in.
  /// - Returns: Where the content goes; empty (never negative) when nothing is left.
  public func contentRect(for rect: TTRect) -> TTRect {
    var context = TTStyleDrawing.Context(frame: rect)
    for layer in layers {
      context.apply(layer)
    }
    return context.contentRect
  }

  /// The size a frame needs so that content of `contentSize` fits inside the chain
  /// (Three20's `addToSize:context:`), respecting a box's minimum size.
  ///
  /// Insets, margins, padding and border widths are added, and the result is kept at least
  /// as large as a box's ``TTBox/minimumSize``. Shadows add nothing.
  ///
  /// ```swift
  /// TTSolidBorderStyle(.white).style.size(fitting: TTSize(width: 4, height: 1))   // 6×3
  /// ```
  ///
  /// - Parameter contentSize: The content's size.
  /// - Returns: The frame's size.
  public func size(fitting contentSize: TTSize) -> TTSize {
    // Saturating sums: a huge content size gives a huge frame, never an overflow.
    func plus(_ a: Int, _ b: Int) -> Int {
      let (sum, overflow) = a.addingReportingOverflow(b)
      return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }
    var width = contentSize.width
    var height = contentSize.height
    var minimum = TTSize.zero
    let roomy = TTRect(x: 0, y: 0, width: 3, height: 3)
    for layer in layers.reversed() {
      switch layer {
      case .inset(let insets):
        let insets = TTStyleDrawing.clamped(insets)
        width = plus(width, insets.horizontal)
        height = plus(height, insets.vertical)
      case .box(let box):
        let padding = TTStyleDrawing.clamped(box.padding)
        let margin = TTStyleDrawing.clamped(box.margin)
        width = plus(max(plus(width, padding.horizontal), minimum.width), margin.horizontal)
        height = plus(max(plus(height, padding.vertical), minimum.height), margin.vertical)
        minimum = box.minimumSize
      default:
        let insets = TTStyleDrawing.borderInsets(of: layer, frame: roomy)
        width = plus(width, insets.horizontal)
        height = plus(height, insets.vertical)
      }
    }
    return TTSize(width: max(width, minimum.width), height: max(height, minimum.height))
  }

  /// Draws text in a rectangle with the chain's ``textLook``: its colours and attributes,
  /// alignment, vertical alignment, number of lines and line-break mode.
  ///
  /// Text is measured in terminal columns (``TTDisplayWidth``) and never split inside a
  /// character, so CJK text and emoji line up. See ``TTTextLayout`` for the rules.
  ///
  /// ```swift
  /// let label = TTTextStyle(TTTextLook(alignment: .center)).style
  /// var canvas = TTCanvas(width: 9, height: 1)
  /// label.drawText("漢字 ok", in: canvas.bounds, on: &canvas)
  /// // " 漢字 ok"
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text; control characters are made visible, newlines start new lines.
  ///   - rect: Where the text goes; nothing is drawn outside it.
  ///   - canvas: The canvas to draw on.
  public func drawText(_ text: String, in rect: TTRect, on canvas: inout TTCanvas) {
    TTTextLayout.draw(text, in: rect, look: textLook, on: &canvas)
  }
}
