extension TTStyle {
  /// Draws the chain into a rectangle of a canvas, then the content.
  ///
  /// Layers apply in order, as in Three20: a shape sets the outline, fills paint inside it,
  /// borders stroke it, insets and boxes move the frame. The content is drawn where a
  /// ``Layer/content`` layer stands, or after the last layer, in the rectangle left once
  /// insets, padding and borders are taken off (``contentRect(for:)``), with the chain's
  /// ``textLook`` for text.
  ///
  /// ```swift
  /// var canvas = TTCanvas(width: 12, height: 3)
  /// let button = TTStyle {
  ///   TTShapeStyle(.rounded(1))
  ///   TTSolidFillStyle(.blue)
  ///   TTSolidBorderStyle(.white)
  /// }
  /// button.draw(in: canvas.bounds, on: &canvas) { canvas, rect in
  ///   canvas.write("OK", at: rect.origin, style: button.textLook.cellStyle)
  /// }
  /// // ╭──────────╮
  /// // │OK        │
  /// // ╰──────────╯
  /// ```
  ///
  /// - Parameters:
  ///   - rect: Where to draw; drawing never leaves it (nor the canvas's clip).
  ///   - canvas: The canvas to draw on.
  ///   - content: Draws the content into the rectangle it is given; nothing by default.
  public func draw(
    in rect: TTRect, on canvas: inout TTCanvas, content: ((inout TTCanvas, TTRect) -> Void)? = nil
  ) {
    canvas.withClip(rect) { canvas in
      var frame = rect
      var shape = TTShape.rectangle
      var contentInsets = TTEdgeInsets.zero
      var contentDrawn = false
      for layer in layers {
        switch layer {
        case .shape(let newShape):
          shape = newShape
        case .solidFill(let color):
          TTStyleDrawing.fill(frame, shape: shape, with: color, on: &canvas)
        case .solidBorder(let color, let width):
          guard width > 0 else { break }
          TTStyleDrawing.stroke(frame, shape: shape, color: color, on: &canvas)
          contentInsets = contentInsets + TTEdgeInsets(all: 1)
        case .inset(let insets):
          frame = frame.inset(by: insets)
        case .box(let box):
          frame = frame.inset(by: box.margin)
          contentInsets = contentInsets + box.padding
        case .content:
          if !contentDrawn, let content {
            let inner = frame.inset(by: contentInsets)
            canvas.withClip(inner) { content(&$0, inner) }
          }
          contentDrawn = true
        default:
          // The remaining layers are drawn by TTStyleDrawing as it grows; text and parts
          // affect content only, and masks and blends have no terminal equivalent.
          break
        }
      }
      if !contentDrawn, let content {
        let inner = frame.inset(by: contentInsets)
        canvas.withClip(inner) { content(&$0, inner) }
      }
    }
  }

  /// The rectangle left for content once the chain's insets, margins, padding and borders
  /// are taken off `rect`.
  ///
  /// - Parameter rect: The frame the style is drawn in.
  /// - Returns: Where the content goes.
  public func contentRect(for rect: TTRect) -> TTRect {
    var frame = rect
    var contentInsets = TTEdgeInsets.zero
    for layer in layers {
      switch layer {
      case .inset(let insets): frame = frame.inset(by: insets)
      case .box(let box):
        frame = frame.inset(by: box.margin)
        contentInsets = contentInsets + box.padding
      case .solidBorder(_, let width) where width > 0: contentInsets = contentInsets + TTEdgeInsets(all: 1)
      default: break
      }
    }
    return frame.inset(by: contentInsets)
  }

  /// The size a frame needs so that content of `contentSize` fits inside the chain
  /// (Three20's `addToSize:context:`), respecting a box's minimum size.
  ///
  /// - Parameter contentSize: The content's size.
  /// - Returns: The frame's size.
  public func size(fitting contentSize: TTSize) -> TTSize {
    var width = contentSize.width
    var height = contentSize.height
    var minimum = TTSize.zero
    for layer in layers.reversed() {
      switch layer {
      case .inset(let insets):
        width += insets.horizontal
        height += insets.vertical
      case .box(let box):
        width = max(width + box.padding.horizontal, minimum.width) + box.margin.horizontal
        height = max(height + box.padding.vertical, minimum.height) + box.margin.vertical
        minimum = box.minimumSize
      case .solidBorder(_, let borderWidth) where borderWidth > 0:
        width += 2
        height += 2
      default: break
      }
    }
    return TTSize(width: max(width, minimum.width), height: max(height, minimum.height))
  }
}

/// The terminal drawing of shapes, fills and borders.
enum TTStyleDrawing {
  /// Whether a cell of `frame` lies inside `shape` (rounded corners leave their corner cell out
  /// of fills only when the radius is at least 2, so small boxes stay solid).
  static func contains(_ shape: TTShape, frame: TTRect, x: Int, y: Int) -> Bool {
    guard case .roundedRectangle(let radii) = shape, frame.width > 1, frame.height > 1 else { return true }
    let left = x == frame.x
    let right = x == frame.maxX - 1
    let top = y == frame.y
    let bottom = y == frame.maxY - 1
    func cut(_ radius: Int) -> Bool { radius >= 2 || radius == TTCornerRadii.fullyRound }
    if top && left { return !cut(radii.topLeft) }
    if top && right { return !cut(radii.topRight) }
    if bottom && right { return !cut(radii.bottomRight) }
    if bottom && left { return !cut(radii.bottomLeft) }
    return true
  }

  static func fill(_ frame: TTRect, shape: TTShape, with color: TTColor, on canvas: inout TTCanvas) {
    guard !frame.isEmpty else { return }
    for y in frame.y..<frame.maxY {
      for x in frame.x..<frame.maxX where contains(shape, frame: frame, x: x, y: y) {
        canvas.restyle(TTRect(x: x, y: y, width: 1, height: 1)) { style in
          var style = style
          style.background = color.alpha < 1 ? color.composited(over: style.background ?? .black) : color
          return style
        }
      }
    }
  }

  static func stroke(_ frame: TTRect, shape: TTShape, color: TTColor, on canvas: inout TTCanvas) {
    guard frame.width >= 2, frame.height >= 2 else {
      canvas.fill(frame, with: frame.height == 1 ? "─" : "│", style: TTCellStyle(foreground: color))
      return
    }
    let rounded: Bool =
      if case .roundedRectangle(let radii) = shape {
        radii != TTCornerRadii(all: 0)
      } else {
        false
      }
    let corners: (Character, Character, Character, Character) =
      rounded ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
    let style = TTCellStyle(foreground: color)
    let horizontal = String(repeating: "─", count: frame.width - 2)
    canvas.write(String(corners.0) + horizontal + String(corners.1), at: frame.origin, style: style)
    canvas.write(
      String(corners.2) + horizontal + String(corners.3), at: TTPoint(x: frame.x, y: frame.maxY - 1),
      style: style)
    for y in (frame.y + 1)..<(frame.maxY - 1) {
      canvas.write("│", at: TTPoint(x: frame.x, y: y), style: style)
      canvas.write("│", at: TTPoint(x: frame.maxX - 1, y: y), style: style)
    }
  }
}
