/// The terminal drawing of style layers: shapes, fills, shadows, borders, images.
///
/// A ``Context`` walks the chain as Three20's `TTStyleContext` did: the frame, the shape, the
/// insets the borders and boxes leave for content, and the blend mode. ``paint(_:context:on:)``
/// draws one layer; ``Context/apply(_:)`` moves the frame for the layers after it.
enum TTStyleDrawing {
  /// The largest border width, shadow offset or blur honoured, in cells; larger values are
  /// clamped so hostile styles cannot overflow the geometry.
  static let maximumExtent = 1 << 16

  /// The state carried from layer to layer.
  struct Context {
    /// Where the following layers draw.
    var frame: TTRect
    /// The outline the following layers use.
    var shape: TTShape = .rectangle
    /// What borders and box padding take off the frame for content.
    var contentInsets: TTEdgeInsets = .zero
    /// How the following layers' backgrounds combine with what is beneath.
    var blend: TTBlendMode = .normal

    /// The rectangle left for content.
    var contentRect: TTRect { frame.inset(by: contentInsets) }

    /// Moves the frame and the content insets past a layer (shapes, insets, boxes, borders).
    mutating func apply(_ layer: TTStyle.Layer) {
      switch layer {
      case .shape(let shape): self.shape = shape
      case .blend(let mode): blend = mode
      case .inset(let insets): frame = frame.inset(by: TTStyleDrawing.clamped(insets))
      case .box(let box):
        frame = frame.inset(by: TTStyleDrawing.clamped(box.margin))
        contentInsets = contentInsets + TTStyleDrawing.clamped(box.padding)
      default:
        contentInsets = contentInsets + TTStyleDrawing.borderInsets(of: layer, frame: frame)
      }
    }
  }

  // MARK: Geometry

  /// The width of a border layer, clamped; 0 for layers that are not borders.
  static func borderWidth(of layer: TTStyle.Layer) -> Int {
    let width: Int =
      switch layer {
      case .solidBorder(_, let width): width
      case .fourBorder(let border): border.width
      case .bevelBorder(let border): border.width
      case .highlightBorder(_, _, let width): width
      case .linearGradientBorder(let border): border.width
      default: 0
      }
    return min(max(0, width), maximumExtent)
  }

  /// What a border layer takes off each side of the content.
  ///
  /// Its width on every side it draws (a four-border only on the sides that have a colour).
  /// A frame one row high has no top or bottom edge, so its border takes columns only; one
  /// column wide, rows only.
  static func borderInsets(of layer: TTStyle.Layer, frame: TTRect) -> TTEdgeInsets {
    let width = borderWidth(of: layer)
    guard width > 0 else { return .zero }
    var insets = TTEdgeInsets(all: width)
    if case .fourBorder(let border) = layer {
      insets = TTEdgeInsets(
        top: border.top == nil ? 0 : width, left: border.left == nil ? 0 : width,
        bottom: border.bottom == nil ? 0 : width, right: border.right == nil ? 0 : width)
    }
    if frame.height == 1 {
      insets.top = 0
      insets.bottom = 0
    }
    if frame.width == 1 {
      insets.left = 0
      insets.right = 0
    }
    return insets
  }

  /// Insets with every side clamped to ±``maximumExtent``.
  static func clamped(_ insets: TTEdgeInsets) -> TTEdgeInsets {
    TTEdgeInsets(
      top: clamped(insets.top), left: clamped(insets.left), bottom: clamped(insets.bottom),
      right: clamped(insets.right))
  }

  /// A value clamped to ±``maximumExtent``.
  static func clamped(_ value: Int) -> Int {
    min(max(value, -maximumExtent), maximumExtent)
  }

  // MARK: Painting

  /// Draws one layer at the context's frame (content layers excepted: the caller draws those).
  static func paint(_ layer: TTStyle.Layer, context: Context, on canvas: inout TTCanvas) {
    let raster = TTShapeRaster(shape: context.shape, frame: context.frame)
    switch layer {
    case .solidFill(let color):
      fill(raster, blend: context.blend, on: &canvas) { _ in color }
    case .linearGradientFill(let top, let bottom):
      fill(raster, blend: context.blend, on: &canvas) { row in
        mix(top, bottom, row.fraction)
      }
    case .reflectiveFill(let color, let bottomHighlight):
      fill(raster, blend: context.blend, on: &canvas) { row in
        reflective(color, row: row.index, of: row.count, bottomHighlight: bottomHighlight)
      }
    case .shadow(let shadow):
      paintShadow(shadow, raster: raster, blend: context.blend, on: &canvas)
    case .innerShadow(let shadow):
      paintInnerShadow(shadow, raster: raster, blend: context.blend, on: &canvas)
    case .solidBorder(let color, _):
      stroke(raster, width: borderWidth(of: layer), on: &canvas) { _, _ in color }
    case .fourBorder(let border):
      stroke(raster, width: borderWidth(of: layer), on: &canvas) { sides, _ in
        let colors: [(TTShapeRaster.Sides, TTColor?)] = [
          (.top, border.top), (.bottom, border.bottom), (.left, border.left), (.right, border.right),
        ]
        return colors.first { sides.contains($0.0) && $0.1 != nil }?.1
      }
    case .bevelBorder(let border):
      let lit = litSides(lightSource: border.lightSource)
      stroke(raster, width: borderWidth(of: layer), on: &canvas) { sides, _ in
        let side = firstSide(of: sides)
        return lit.contains(side) ? border.highlight : border.shadow
      }
    case .highlightBorder(let color, let highlight, _):
      stroke(raster, width: borderWidth(of: layer), on: &canvas) { sides, _ in
        sides == .top ? highlight : color
      }
    case .linearGradientBorder(let border):
      stroke(raster, width: borderWidth(of: layer), on: &canvas) { _, row in
        gradientColor(border, at: row.fraction)
      }
    case .image(let look):
      paintImage(look, in: context.contentRect, on: &canvas)
    default:
      // Shapes, insets, boxes, text looks and blend modes change the context only; masks
      // have no terminal equivalent; parts are skipped, as in Three20; content is drawn by
      // the caller.
      break
    }
  }

  /// A row of a shape: its index, the number of rows and where it lies from 0 (top) to 1
  /// (bottom); a shape one row high lies at 0.5.
  struct Row {
    var index: Int
    var count: Int
    var fraction: Double { count <= 1 ? 0.5 : Double(index) / Double(count - 1) }
  }

  /// The visible cells of a rectangle: inside the canvas's clip.
  static func visible(_ rect: TTRect, on canvas: TTCanvas) -> TTRect {
    rect.intersection(canvas.clipRect)
  }

  /// Paints the cells inside the shape in a colour per row; half-covered cells get their
  /// half-block or triangle character in that colour.
  static func fill(
    _ raster: TTShapeRaster, blend: TTBlendMode, on canvas: inout TTCanvas, color: (Row) -> TTColor
  ) {
    let area = visible(raster.frame, on: canvas)
    guard !area.isEmpty else { return }
    let body = raster.body
    for y in area.y..<area.maxY {
      let index = min(max(y - body.y, 0), max(0, body.height - 1))
      let rowColor = color(Row(index: index, count: body.height))
      for x in area.x..<area.maxX {
        switch raster.coverage(x: x, y: y) {
        case .outside: continue
        case .inside: paintBackground(rowColor, x: x, y: y, blend: blend, on: &canvas)
        case .partial(let glyph): paintGlyph(glyph, x: x, y: y, color: rowColor, on: &canvas)
        }
      }
    }
  }

  /// Paints one cell's background, blended over what is there.
  static func paintBackground(_ color: TTColor, x: Int, y: Int, blend: TTBlendMode, on canvas: inout TTCanvas)
  {
    canvas.restyle(TTRect(x: x, y: y, width: 1, height: 1)) { style in
      var style = style
      style.background = blended(color, over: style.background, mode: blend)
      return style
    }
  }

  /// A colour painted over a background that may be unset (the terminal's own).
  ///
  /// A transparent colour changes nothing; over an unset background, a translucent colour is
  /// laid over black and blend modes other than normal have nothing to blend with.
  static func blended(_ color: TTColor, over base: TTColor?, mode: TTBlendMode) -> TTColor? {
    guard color.alpha > 0 else { return base }
    guard let base else { return color.alpha < 1 ? color.composited(over: .black) : color }
    return mode.blend(color, over: base)
  }

  /// Writes one character in a colour, keeping the cell's background.
  static func paintGlyph(_ glyph: Character, x: Int, y: Int, color: TTColor, on canvas: inout TTCanvas) {
    // Always with a maximum width: TTCanvas.write without one overflows for a negative
    // column on a row outside the clip.
    canvas.write(String(glyph), at: TTPoint(x: x, y: y), style: TTCellStyle(foreground: color), maxWidth: 1)
  }

  /// Linear interpolation between two colours, alpha included.
  static func mix(_ first: TTColor, _ second: TTColor, _ fraction: Double) -> TTColor {
    let t = fraction.isFinite ? min(max(fraction, 0), 1) : 0
    return TTColor(
      unitRed: first.red + (second.red - first.red) * t,
      green: first.green + (second.green - first.green) * t,
      blue: first.blue + (second.blue - first.blue) * t,
      alpha: first.alpha + (second.alpha - first.alpha) * t)
  }

  /// The reflective fill's colour for a row.
  ///
  /// The top half is in the colour's highlight, the rest in the colour, and with
  /// `bottomHighlight` (three rows or more) the last row is halfway to the highlight. A
  /// single row is the average of the colour and its highlight.
  static func reflective(_ color: TTColor, row: Int, of count: Int, bottomHighlight: Bool) -> TTColor {
    let highlight = color.highlight
    if count <= 1 { return mix(color, highlight, 0.5) }
    if row < count / 2 { return highlight }
    if bottomHighlight, count >= 3, row == count - 1 { return mix(color, highlight, 0.5) }
    return color
  }

  /// A gradient border's colour at a height from 0 (top) to 1 (bottom): `color1` down to
  /// `location1`, `color2` from `location2`, blended between.
  static func gradientColor(_ border: TTGradientBorder, at fraction: Double) -> TTColor {
    let start = border.location1.isFinite ? border.location1 : 0
    let end = border.location2.isFinite ? border.location2 : 1
    if fraction <= start { return border.color1 }
    if fraction >= end || end <= start { return border.color2 }
    return mix(border.color1, border.color2, (fraction - start) / (end - start))
  }

  // MARK: Shadows

  /// A shadow's offset and blur as both shadows paint them: the offset clamped to
  /// ±``maximumExtent``, the blur to 0–16 cells.
  static func clamped(_ shadow: TTShadow) -> (dx: Int, dy: Int, blur: Int) {
    (clamped(shadow.offset.x), clamped(shadow.offset.y), min(max(0, shadow.blur), 16))
  }

  /// Paints the shape's inside cells moved by the shadow's offset, then its blur rings.
  ///
  /// The cells take the shadow colour, then `blur` rings around them take it in ever lighter
  /// alpha. Only the clip is painted: callers that want the whole shadow leave room for it in
  /// the rectangle they draw in.
  static func paintShadow(
    _ shadow: TTShadow, raster: TTShapeRaster, blend: TTBlendMode, on canvas: inout TTCanvas
  ) {
    let (dx, dy, blur) = clamped(shadow)
    let frame = raster.frame
    let reach = frame.offsetBy(dx: dx, dy: dy).inset(by: TTEdgeInsets(all: -blur))
    let area = visible(reach, on: canvas)
    guard !area.isEmpty, !frame.isEmpty else { return }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        let sourceX = x - dx
        let sourceY = y - dy
        let ring: Int
        if raster.isInside(x: sourceX, y: sourceY) {
          ring = 0
        } else {
          let outsideX = max(frame.x - sourceX, 0, sourceX - (frame.maxX - 1))
          let outsideY = max(frame.y - sourceY, 0, sourceY - (frame.maxY - 1))
          ring = max(max(outsideX, outsideY), 1)
        }
        guard ring <= blur else { continue }
        let alpha = shadow.color.alpha * (1 - Double(ring) / Double(blur + 1))
        paintBackground(shadow.color.withAlpha(alpha), x: x, y: y, blend: blend, on: &canvas)
      }
    }
  }

  /// Shades the inside edge of the shape on the sides the offset points away from.
  ///
  /// An offset down shades the top rows, an offset right the left columns, as a light from
  /// the other side would. The shade is `|offset|` cells deep at full colour, followed by
  /// `blur` cells of fading colour; with no offset along an axis and a blur, both sides of
  /// that axis fade in.
  static func paintInnerShadow(
    _ shadow: TTShadow, raster: TTShapeRaster, blend: TTBlendMode, on canvas: inout TTCanvas
  ) {
    let (dx, dy, blur) = clamped(shadow)
    let body = raster.body
    let area = visible(body, on: canvas)
    guard !area.isEmpty else { return }
    func strength(_ distance: Int, depth: Int) -> Double {
      if distance < depth { return 1 }
      let ring = distance - depth + 1
      return ring <= blur ? 1 - Double(ring) / Double(blur + 1) : 0
    }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX where raster.isInside(x: x, y: y) {
        var amount = 0.0
        let fromTop = y - body.y
        let fromBottom = body.maxY - 1 - y
        let fromLeft = x - body.x
        let fromRight = body.maxX - 1 - x
        if dy > 0 || (dy == 0 && blur > 0) { amount = max(amount, strength(fromTop, depth: dy)) }
        if dy < 0 || (dy == 0 && blur > 0) { amount = max(amount, strength(fromBottom, depth: -dy)) }
        if dx > 0 || (dx == 0 && blur > 0) { amount = max(amount, strength(fromLeft, depth: dx)) }
        if dx < 0 || (dx == 0 && blur > 0) { amount = max(amount, strength(fromRight, depth: -dx)) }
        guard amount > 0 else { continue }
        let color = shadow.color.withAlpha(shadow.color.alpha * amount)
        paintBackground(color, x: x, y: y, blend: blend, on: &canvas)
      }
    }
  }

  // MARK: Borders

  /// Strokes the outline, asking `color` for each cell's colour from its sides and row.
  ///
  /// A `nil` colour leaves the cell out. Width 1 draws light lines; width 2 or more draws heavy
  /// ones (`━┃┏┓┗┛`; Unicode has no heavy arcs, so rounded corners become square), and the
  /// rest of the width is left as it is, taken from the content.
  ///
  /// A corner whose two sides are not both drawn (a four-border with a side left out) shows
  /// the straight line of the side that is.
  static func stroke(
    _ raster: TTShapeRaster, width: Int, on canvas: inout TTCanvas,
    color: (TTShapeRaster.Sides, Row) -> TTColor?
  ) {
    guard width > 0 else { return }
    let area = visible(raster.frame, on: canvas)
    guard !area.isEmpty else { return }
    let frame = raster.frame
    for y in area.y..<area.maxY {
      let row = Row(index: y - frame.y, count: frame.height)
      for x in area.x..<area.maxX {
        guard let stroke = raster.stroke(x: x, y: y) else { continue }
        var sides = stroke.sides
        var glyph = stroke.glyph
        // Keep only the sides that have a colour; a corner with one side left becomes a line.
        let drawn = TTShapeRaster.Sides(
          [.top, .right, .bottom, .left].filter {
            sides.contains($0) && color($0, row) != nil
          })
        guard !drawn.isEmpty else { continue }
        if drawn != sides {
          if isCorner(glyph) { glyph = drawn.isDisjoint(with: [.top, .bottom]) ? "│" : "─" }
          sides = drawn
        }
        guard let cellColor = color(sides, row) else { continue }
        paintGlyph(width >= 2 ? heavy(glyph) : glyph, x: x, y: y, color: cellColor, on: &canvas)
      }
    }
  }

  /// The side that decides a cell's colour: at corners the top or bottom side wins.
  static func firstSide(of sides: TTShapeRaster.Sides) -> TTShapeRaster.Sides {
    for side: TTShapeRaster.Sides in [.top, .bottom, .left, .right] where sides.contains(side) {
      return side
    }
    return .top
  }

  /// The sides a bevel lights, by Three20's rule: the top from 0° to 180°, the left from
  /// 90° to 270°, the bottom from 180° to 360° (and at 0°), the right from 270° to 90°.
  static func litSides(lightSource: Int) -> TTShapeRaster.Sides {
    let angle = Int(TTShapeRaster.normalized(Double(lightSource % 360)))
    var lit: TTShapeRaster.Sides = []
    if angle <= 180 { lit.insert(.top) }
    if angle >= 90, angle <= 270 { lit.insert(.left) }
    if angle >= 180 || angle == 0 { lit.insert(.bottom) }
    if angle >= 270 || angle <= 90 { lit.insert(.right) }
    return lit
  }

  private static func isCorner(_ glyph: Character) -> Bool {
    "┌┐└┘╭╮╰╯□○".contains(glyph)
  }

  /// The heavy form of a light box-drawing character (rounded corners become square).
  static func heavy(_ glyph: Character) -> Character {
    switch glyph {
    case "─": "━"
    case "│": "┃"
    case "┌", "╭": "┏"
    case "┐", "╮": "┓"
    case "└", "╰": "┗"
    case "┘", "╯": "┛"
    case "┴": "┻"
    case "┬": "┳"
    case "┤": "┫"
    case "├": "┣"
    case "□": "■"
    case "○": "●"
    default: glyph
    }
  }

  // MARK: Images

  /// Draws an image: its picture when an image provider has one, over its alternate text.
  ///
  /// The alternate text is shown in brackets, centred; without one, a `░` block of the
  /// image's size. With a ``TTImageLook/size`` the image is that size,
  /// centred in `rect`; otherwise it takes all of `rect`. When ``TTGlobalImageProvider``
  /// has a picture for the image's URL, the picture is placed over that text, centred (output
  /// without pictures still shows the text).
  static func paintImage(_ look: TTImageLook, in rect: TTRect, on canvas: inout TTCanvas) {
    var target = rect
    if let size = look.size {
      let width = min(size.width, rect.width)
      let height = min(size.height, rect.height)
      target = TTRect(
        x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width,
        height: height)
    }
    guard !target.isEmpty else { return }
    let style = TTCellStyle()
    canvas.withClip(target) { canvas in
      let alternate = TTTerminalText.sanitized(look.alternateText ?? "")
      if alternate.isEmpty {
        canvas.fill(target, with: "░", style: style)
      } else {
        var label = "[" + alternate + "]"
        if TTDisplayWidth.of(label) > target.width {
          label =
            target.width >= 3
            ? "[" + TTDisplayWidth.truncate(alternate, to: target.width - 2) + "]"
            : TTDisplayWidth.prefix(label, fitting: target.width)
        }
        let x = target.x + (target.width - TTDisplayWidth.of(label)) / 2
        canvas.write(
          label, at: TTPoint(x: x, y: target.y + (target.height - 1) / 2), style: style,
          maxWidth: target.maxX - x)
      }
      if let picture = picture(for: look, fitting: target.size) {
        let size = picture.cellSize
        canvas.place(
          picture,
          at: TTPoint(
            x: target.x + (target.width - size.width) / 2, y: target.y + (target.height - size.height) / 2))
      }
    }
  }

  /// The picture the image provider has ready for an image with a URL, or `nil`.
  static func picture(for look: TTImageLook, fitting size: TTSize) -> (any TTTerminalPicture)? {
    guard let url = look.url, !url.isEmpty, size.width > 0, size.height > 0,
      let provider = TTGlobalImageProvider.current,
      case .ready(let picture) = provider.picture(for: look, fitting: size)
    else { return nil }
    return picture
  }
}
