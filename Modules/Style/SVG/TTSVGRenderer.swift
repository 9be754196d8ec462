import Foundation

/// Draws style chains as SVG pictures, so the real shapes can be seen outside a terminal.
///
/// A terminal approximates a rounded button with `╭╮╰╯`; the SVG renderer draws what Three20
/// drew: arcs, gradients, shadows, bevels. Each layer of the ``TTStyle`` applies in chain
/// order, with Three20's meaning (see ``TTStyle/Layer``), at ``TTSVGMetrics`` pixels per cell.
///
/// ```swift
/// let button = TTStyle {
///   TTShapeStyle(.rounded(1))
///   TTShadowStyle(TTColor.black.withAlpha(0.4), blur: 1, offset: TTPoint(x: 0, y: 1))
///   TTLinearGradientFillStyle(.white, .lightGray)
///   TTSolidBorderStyle(.gray)
///   TTTextStyle(TTTextLook(color: .black, attributes: .bold, alignment: .center))
/// }
/// let svg = TTSVGRenderer().render(button, size: TTSize(width: 12, height: 3), content: "OK")
/// // "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" …"
/// try svg.write(toFile: "button.svg", atomically: true, encoding: .utf8)
/// ```
///
/// How each layer is drawn:
/// - ``TTStyle/Layer/shape(_:)`` sets the outline (``TTShapePath``) for the layers after it;
///   the outline starts as a rectangle.
/// - Fills paint the outline: one colour; a top-to-bottom `<linearGradient>`; or, for the
///   reflective fill, the colour with a white gloss over the top half (and a glow at the
///   bottom when asked), all clipped to the outline.
/// - ``TTStyle/Layer/shadow(_:)`` draws a copy of the outline in the shadow colour through a
///   `<filter>` (`feOffset`, plus `feGaussianBlur` when it blurs), beneath what follows.
///   ``TTStyle/Layer/innerShadow(_:)`` blurs the area around the outline, clipped to the
///   inside, so the shadow falls on the inner edge.
/// - Borders are stroked inside the frame: the outline is traced in the frame inset by half
///   the stroke width. Four borders are one `<line>` per side (sides that are `nil` are left
///   out); bevels stroke each side (``TTShapePath/edge(_:)``) in the highlight colour when it
///   faces the light and the shadow colour otherwise; highlight borders add a highlight line
///   along the top just inside the border; gradient borders stroke with a gradient.
/// - ``TTStyle/Layer/inset(_:)`` shrinks (or grows) the frame and the content area for the
///   layers after it; ``TTStyle/Layer/box(_:)`` shrinks both by its margin, the content area
///   by its padding, and grows the frame to its minimum size.
/// - The content text is drawn at the ``TTStyle/Layer/content`` layer, or after the last
///   layer when there is none, in the content area, in the look of the last
///   ``TTStyle/Layer/text(_:)`` layer before it (or the chain's first text look): a monospace
///   font, one line per row, coloured, bold, italic, underlined or struck through, aligned
///   (vertically centred to the pixel, not to a row), with a shadow when the look has a shadow
///   colour.
/// - ``TTStyle/Layer/image(_:)`` links the image with `<image href>` in the content area, or
///   draws a dashed placeholder with the alternate text when there is no URL.
/// - ``TTStyle/Layer/mask(imageURL:)`` puts the following layers in a group masked by the
///   image (`mask-type: alpha`). The viewer must be able to load that URL, or nothing of the
///   masked layers shows.
/// - ``TTStyle/Layer/blend(_:)`` puts the following layers in a group with
///   `mix-blend-mode`.
/// - ``TTStyle/Layer/part(name:style:)`` is skipped, as in Three20.
///
/// Translucent colours become `fill-opacity`, `stroke-opacity` or `stop-opacity`. All text
/// from the caller (content, alternate text, URLs, captions) is XML-escaped, and characters
/// XML cannot hold are replaced, so the output is always well-formed.
public struct TTSVGRenderer: Sendable {
  /// The space left around what is painted, in pixels, so strokes and shadows are not cut.
  static let margin = 4.0
  /// The height of a gallery caption line, in pixels.
  static let captionHeight = 20.0
  /// The space between gallery pictures, in pixels.
  static let gallerySpacing = 24.0

  /// Creates a renderer.
  ///
  /// ```swift
  /// let renderer = TTSVGRenderer()
  /// ```
  public init() {}

  /// Draws a style as one standalone SVG 1.1 document.
  ///
  /// The style is drawn in a frame of `size` cells with its top-left at (0, 0). The document's
  /// `viewBox` covers the frame and everything painted outside it (shadows, negative insets)
  /// with a 4 pixel margin, so its origin may be negative.
  ///
  /// ```swift
  /// let svg = TTSVGRenderer().render(
  ///   TTStyle { TTShapeStyle(.rounded(1)); TTSolidFillStyle(.blue) },
  ///   size: TTSize(width: 10, height: 2))
  /// // <svg … width="108" height="48" viewBox="-4 -4 108 48"> with one <path fill="#268bd2">
  /// ```
  ///
  /// - Parameters:
  ///   - style: The style chain.
  ///   - size: The frame, in cells.
  ///   - content: Text drawn in the content area, if any; defaults to none.
  ///   - metrics: Pixels per cell; defaults to 10 × 20.
  /// - Returns: The SVG document, starting with an XML declaration and ending with a newline.
  public func render(
    _ style: TTStyle, size: TTSize, content: String? = nil, metrics: TTSVGMetrics = TTSVGMetrics()
  ) -> String {
    var drawing = TTSVGDrawing()
    draw(style, size: size, content: content, metrics: metrics, into: &drawing)
    let frame = TTShapePath.Rect(
      x: 0, y: 0, width: metrics.pixels(columns: size.width), height: metrics.pixels(rows: size.height))
    let painted = drawing.bounds.map { $0.union(frame) } ?? frame
    return document(drawing, viewBox: Self.outward(painted.inset(by: -Self.margin)), background: nil)
  }

  /// Draws several styles side by side in one SVG document, each with a caption below it.
  ///
  /// The pictures are laid out in rows of `columns`, each column as wide as its widest
  /// picture or caption, on a white background. Used for catalogues and documentation.
  ///
  /// ```swift
  /// let svg = TTSVGRenderer().render(
  ///   gallery: [
  ///     (title: "Rounded", style: TTStyle(TTShapeStyle(.rounded(1), next: TTSolidFillStyle(.blue))),
  ///      size: TTSize(width: 10, height: 2)),
  ///     (title: "Arrow", style: TTStyle(TTShapeStyle(.roundedLeftArrow(radius: 1),
  ///        next: TTSolidFillStyle(.green))), size: TTSize(width: 10, height: 2)),
  ///   ],
  ///   columns: 2, content: "Back")
  /// // one <svg> with two <g transform="translate(…)"> pictures and two captions
  /// ```
  ///
  /// - Parameters:
  ///   - gallery: The pictures: a caption, a style and a frame size in cells each.
  ///   - columns: Pictures per row; defaults to 3, values below 1 count as 1.
  ///   - content: Text drawn in every picture, if any; defaults to none.
  ///   - metrics: Pixels per cell; defaults to 10 × 20.
  /// - Returns: The SVG document.
  public func render(
    gallery: [(title: String, style: TTStyle, size: TTSize)], columns: Int = 3, content: String? = nil,
    metrics: TTSVGMetrics = TTSVGMetrics()
  ) -> String {
    let columns = max(1, columns)
    var drawing = TTSVGDrawing()
    // Draw each picture on its own to learn its size, keeping ids unique across them all.
    var pictures: [(elements: [String], bounds: TTShapePath.Rect, title: String)] = []
    for item in gallery {
      var picture = TTSVGDrawing(lastID: drawing.lastID, depth: 2)
      draw(item.style, size: item.size, content: content, metrics: metrics, into: &picture)
      drawing.lastID = picture.lastID
      drawing.definitions += picture.definitions
      let frame = TTShapePath.Rect(
        x: 0, y: 0, width: metrics.pixels(columns: item.size.width),
        height: metrics.pixels(rows: item.size.height))
      let bounds = Self.outward((picture.bounds.map { $0.union(frame) } ?? frame).inset(by: -Self.margin))
      pictures.append((picture.elements, bounds, item.title))
    }
    let captionWidth = { (title: String) in Double(TTDisplayWidth.of(Self.caption(title))) * 7.5 }
    var columnWidths = [Double](repeating: 0, count: columns)
    var rowHeights = [Double](repeating: 0, count: (pictures.count + columns - 1) / columns)
    for (index, picture) in pictures.enumerated() {
      columnWidths[index % columns] = max(
        columnWidths[index % columns], picture.bounds.width, captionWidth(picture.title))
      rowHeights[index / columns] = max(rowHeights[index / columns], picture.bounds.height)
    }
    let spacing = Self.gallerySpacing
    var y = spacing
    for (row, height) in rowHeights.enumerated() {
      var x = spacing
      for column in 0..<columns {
        let index = row * columns + column
        guard index < pictures.count else { break }
        let picture = pictures[index]
        let dx = TTSVGMarkup.number(x - picture.bounds.x)
        let dy = TTSVGMarkup.number(y - picture.bounds.y)
        drawing.add("<g transform=\"translate(\(dx) \(dy))\">")
        drawing.elements += picture.elements
        drawing.add("</g>")
        let captionY = TTSVGMarkup.number(y + height + Self.captionHeight * 0.75)
        drawing.add(
          "<text x=\"\(TTSVGMarkup.number(x))\" y=\"\(captionY)\" font-family=\"monospace\" "
            + "font-size=\"12\" fill=\"#333333\">\(TTSVGMarkup.escaped(Self.caption(picture.title)))</text>")
        x += columnWidths[column] + spacing
      }
      y += height + Self.captionHeight + spacing
    }
    let width = columnWidths.reduce(spacing) { $0 + $1 + spacing }
    let box = TTShapePath.Rect(x: 0, y: 0, width: max(width, 2 * spacing), height: max(y, 2 * spacing))
    return document(drawing, viewBox: Self.outward(box), background: .white)
  }

  // MARK: - Document

  static func caption(_ title: String) -> String {
    TTTerminalText.sanitized(title)
  }

  /// A rectangle grown to whole pixels.
  static func outward(_ rect: TTShapePath.Rect) -> TTShapePath.Rect {
    guard rect.x.isFinite, rect.y.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
      return TTShapePath.Rect(x: 0, y: 0, width: 1, height: 1)
    }
    let x = rect.x.rounded(.down)
    let y = rect.y.rounded(.down)
    return TTShapePath.Rect(
      x: x, y: y, width: max(1, rect.maxX.rounded(.up) - x), height: max(1, rect.maxY.rounded(.up) - y))
  }

  func document(_ drawing: TTSVGDrawing, viewBox: TTShapePath.Rect, background: TTColor?) -> String {
    let n = TTSVGMarkup.number
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
        + "width=\"\(n(viewBox.width))\" height=\"\(n(viewBox.height))\" "
        + "viewBox=\"\(n(viewBox.x)) \(n(viewBox.y)) \(n(viewBox.width)) \(n(viewBox.height))\">",
    ]
    if !drawing.definitions.isEmpty {
      lines.append("  <defs>")
      lines += drawing.definitions
      lines.append("  </defs>")
    }
    if let background {
      lines.append(
        "  <rect x=\"\(n(viewBox.x))\" y=\"\(n(viewBox.y))\" width=\"\(n(viewBox.width))\" "
          + "height=\"\(n(viewBox.height))\" \(TTSVGMarkup.fill(background))/>")
    }
    lines += drawing.elements
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Drawing a chain

  /// Where the chain is: the frame and content area in pixels, the outline, the text look.
  struct State {
    var frame: TTShapePath.Rect
    var contentFrame: TTShapePath.Rect
    var shape: TTShape = .rectangle
    var look: TTTextLook?
    var openGroups = 0
    var didDrawContent = false
  }

  func draw(
    _ style: TTStyle, size: TTSize, content: String?, metrics: TTSVGMetrics, into drawing: inout TTSVGDrawing
  ) {
    let frame = TTShapePath.Rect(
      x: 0, y: 0, width: metrics.pixels(columns: size.width), height: metrics.pixels(rows: size.height))
    var state = State(frame: frame, contentFrame: frame)
    let bounds = TTRect(origin: .zero, size: size)
    for (index, layer) in style.layers.enumerated() {
      if case .content = layer {
        // Content goes where the terminal puts it: the cells left by the layers before it.
        state.contentFrame = metrics.pixels(TTStyle(Array(style.layers[..<index])).contentRect(for: bounds))
      }
      draw(
        layer, state: &state, content: content, chainLook: style.textLook, metrics: metrics, into: &drawing)
    }
    if !state.didDrawContent {
      state.contentFrame = metrics.pixels(style.contentRect(for: bounds))
      drawContent(
        content, state: &state, look: state.look ?? style.textLook, metrics: metrics, into: &drawing)
    }
    for _ in 0..<state.openGroups { drawing.close() }
  }

  func draw(
    _ layer: TTStyle.Layer, state: inout State, content: String?, chainLook: TTTextLook,
    metrics: TTSVGMetrics,
    into drawing: inout TTSVGDrawing
  ) {
    let n = TTSVGMarkup.number
    let frame = state.frame
    switch layer {
    case .shape(let shape):
      state.shape = shape

    case .solidFill(let color):
      guard let path = Self.outline(state.shape, in: frame, metrics: metrics) else { return }
      drawing.add("<path d=\"\(path.svgPathData)\" \(TTSVGMarkup.fill(color))/>")
      drawing.include(frame)

    case .linearGradientFill(let top, let bottom):
      guard let path = Self.outline(state.shape, in: frame, metrics: metrics) else { return }
      let id = defineGradient(in: frame, stops: [(0, top), (1, bottom)], into: &drawing)
      drawing.add("<path d=\"\(path.svgPathData)\" fill=\"url(#\(id))\"/>")
      drawing.include(frame)

    case .reflectiveFill(let color, let bottomHighlight):
      guard let path = Self.outline(state.shape, in: frame, metrics: metrics) else { return }
      let clip = defineClip(path, into: &drawing)
      let gloss = defineGradient(
        in: TTShapePath.Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height / 2),
        stops: [(0, TTColor.white.withAlpha(0.6)), (1, TTColor.white.withAlpha(0.15))], into: &drawing)
      drawing.open("<g clip-path=\"url(#\(clip))\">")
      drawing.add("<path d=\"\(path.svgPathData)\" \(TTSVGMarkup.fill(color))/>")
      drawing.add(
        "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" "
          + "height=\"\(n(frame.height / 2))\" fill=\"url(#\(gloss))\"/>")
      if bottomHighlight {
        let glowTop = frame.y + frame.height * 0.7
        let glowFrame = TTShapePath.Rect(
          x: frame.x, y: glowTop, width: frame.width, height: frame.maxY - glowTop)
        let glow = defineGradient(
          in: glowFrame, stops: [(0, TTColor.white.withAlpha(0)), (1, TTColor.white.withAlpha(0.35))],
          into: &drawing)
        drawing.add(
          "<rect x=\"\(n(glowFrame.x))\" y=\"\(n(glowFrame.y))\" width=\"\(n(glowFrame.width))\" "
            + "height=\"\(n(glowFrame.height))\" fill=\"url(#\(glow))\"/>")
      }
      drawing.close()
      drawing.include(frame)

    case .shadow(let shadow):
      guard let path = Self.outline(state.shape, in: frame, metrics: metrics) else { return }
      let offset = metrics.shadowOffset(shadow.offset)
      let deviation = metrics.shadowDeviation(shadow.blur)
      let spread = deviation * 3 + 1
      let moved = TTShapePath.Rect(
        x: frame.x + offset.x, y: frame.y + offset.y, width: frame.width, height: frame.height)
      let region = frame.union(moved).inset(by: -spread)
      let filter = defineFilter(region: region, offset: offset, deviation: deviation, into: &drawing)
      drawing.add(
        "<path d=\"\(path.svgPathData)\" \(TTSVGMarkup.fill(shadow.color)) filter=\"url(#\(filter))\"/>")
      drawing.include(moved.inset(by: -deviation * 3))
      drawing.include(frame)

    case .innerShadow(let shadow):
      guard let path = Self.outline(state.shape, in: frame, metrics: metrics) else { return }
      let offset = metrics.shadowOffset(shadow.offset)
      let deviation = metrics.shadowDeviation(shadow.blur)
      let spread = deviation * 3 + abs(offset.x) + abs(offset.y) + 1
      let outer = frame.inset(by: -spread)
      let clip = defineClip(path, into: &drawing)
      let filter = defineFilter(region: outer, offset: offset, deviation: deviation, into: &drawing)
      let around = TTShapePath(.rectangle, in: outer).svgPathData + path.svgPathData
      drawing.open("<g clip-path=\"url(#\(clip))\">")
      drawing.add(
        "<path d=\"\(around)\" fill-rule=\"evenodd\" \(TTSVGMarkup.fill(shadow.color)) filter=\"url(#\(filter))\"/>"
      )
      drawing.close()
      drawing.include(frame)

    case .solidBorder(let color, let width):
      guard
        case let (stroke, path)? = Self.borderOutline(state.shape, in: frame, width: width, metrics: metrics)
      else { return }
      drawing.add(
        "<path d=\"\(path.svgPathData)\" fill=\"none\" \(TTSVGMarkup.stroke(color, width: stroke))/>")
      drawing.include(frame)

    case .fourBorder(let border):
      let stroke = metrics.strokeWidth(border.width)
      guard stroke > 0, !frame.isEmpty else { return }
      let inner = frame.inset(by: stroke / 2)
      let sides: [(TTColor?, Double, Double, Double, Double)] = [
        (border.top, frame.x, inner.y, frame.maxX, inner.y),
        (border.right, inner.maxX, frame.y, inner.maxX, frame.maxY),
        (border.bottom, frame.maxX, inner.maxY, frame.x, inner.maxY),
        (border.left, inner.x, frame.maxY, inner.x, frame.y),
      ]
      for case (let color?, let x1, let y1, let x2, let y2) in sides {
        drawing.add(
          "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" "
            + "\(TTSVGMarkup.stroke(color, width: stroke))/>")
      }
      drawing.include(frame)

    case .bevelBorder(let bevel):
      guard
        case let (stroke, path)? = Self.borderOutline(
          state.shape, in: frame, width: bevel.width, metrics: metrics)
      else { return }
      for side in TTShapePath.Side.allCases {
        let data = path.edgePathData(side)
        guard !data.isEmpty else { continue }
        let color = Self.facesLight(side, lightSource: bevel.lightSource) ? bevel.highlight : bevel.shadow
        drawing.add("<path d=\"\(data)\" fill=\"none\" \(TTSVGMarkup.stroke(color, width: stroke))/>")
      }
      drawing.include(frame)

    case .highlightBorder(let color, let highlight, let width):
      guard
        case let (stroke, path)? = Self.borderOutline(state.shape, in: frame, width: width, metrics: metrics)
      else { return }
      drawing.add(
        "<path d=\"\(path.svgPathData)\" fill=\"none\" \(TTSVGMarkup.stroke(color, width: stroke))/>")
      let inside = TTShapePath(state.shape, in: frame.inset(by: stroke * 1.5), metrics: metrics)
      let top = inside.edgePathData(.top)
      if !top.isEmpty {
        drawing.add("<path d=\"\(top)\" fill=\"none\" \(TTSVGMarkup.stroke(highlight, width: stroke))/>")
      }
      drawing.include(frame)

    case .linearGradientBorder(let border):
      guard
        case let (stroke, path)? = Self.borderOutline(
          state.shape, in: frame, width: border.width, metrics: metrics)
      else { return }
      let location1 = border.location1.isNaN ? 0 : min(1, max(0, border.location1))
      let location2 = border.location2.isNaN ? 1 : min(1, max(location1, border.location2))
      let id = defineGradient(
        in: frame, stops: [(location1, border.color1), (location2, border.color2)], into: &drawing)
      drawing.add(
        "<path d=\"\(path.svgPathData)\" fill=\"none\" stroke=\"url(#\(id))\" stroke-width=\"\(n(stroke))\"/>"
      )
      drawing.include(frame)

    case .inset(let insets):
      state.frame = Self.inset(state.frame, by: insets, metrics: metrics)
      state.contentFrame = Self.inset(state.contentFrame, by: insets, metrics: metrics)

    case .box(let box):
      state.frame = Self.inset(state.frame, by: box.margin, metrics: metrics)
      state.contentFrame = Self.inset(
        Self.inset(state.contentFrame, by: box.margin, metrics: metrics), by: box.padding, metrics: metrics)
      let growX = max(0, metrics.pixels(columns: box.minimumSize.width) - state.frame.width)
      let growY = max(0, metrics.pixels(rows: box.minimumSize.height) - state.frame.height)
      state.frame.width += growX
      state.frame.height += growY
      state.contentFrame.width += growX
      state.contentFrame.height += growY

    case .text(let look):
      state.look = look

    case .image(let look):
      drawImage(look, in: state.contentFrame, metrics: metrics, into: &drawing)

    case .mask(let url):
      guard !frame.isEmpty else { return }
      let id = drawing.makeID("mask")
      let area =
        "x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\""
      let href = TTSVGMarkup.escaped(url)
      drawing.define(
        "<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" \(area) style=\"mask-type:alpha\">"
          + "<image \(area) preserveAspectRatio=\"none\" href=\"\(href)\" xlink:href=\"\(href)\"/></mask>")
      drawing.open("<g mask=\"url(#\(id))\">")
      state.openGroups += 1

    case .blend(let mode):
      drawing.open("<g style=\"mix-blend-mode:\(mode.rawValue)\">")
      state.openGroups += 1

    case .part:
      break

    case .content:
      drawContent(content, state: &state, look: state.look ?? chainLook, metrics: metrics, into: &drawing)
    }
  }

  /// The chain's outline in `frame`, or `nil` when the shape has none there (an empty frame):
  /// every layer that draws along the outline starts here, and draws nothing without one.
  static func outline(_ shape: TTShape, in frame: TTShapePath.Rect, metrics: TTSVGMetrics) -> TTShapePath? {
    let path = TTShapePath(shape, in: frame, metrics: metrics)
    return path.commands.isEmpty ? nil : path
  }

  /// What a border `width` cells wide strokes: the stroke width in pixels, and the outline
  /// inset by half of it so that the stroke stays inside `frame`; `nil` when either is empty.
  static func borderOutline(
    _ shape: TTShape, in frame: TTShapePath.Rect, width: Int, metrics: TTSVGMetrics
  ) -> (stroke: Double, path: TTShapePath)? {
    let stroke = metrics.strokeWidth(width)
    guard stroke > 0, let path = outline(shape, in: frame.inset(by: stroke / 2), metrics: metrics) else {
      return nil
    }
    return (stroke, path)
  }

  /// Whether a side faces the light, by Three20's `lightSource` ranges (degrees, inclusive):
  /// the top for 0–180, the left for 90–270, the bottom for 180–360, the right for 270–90.
  static func facesLight(_ side: TTShapePath.Side, lightSource: Int) -> Bool {
    let angle = ((lightSource % 360) + 360) % 360
    switch side {
    case .top: return angle <= 180
    case .left: return angle >= 90 && angle <= 270
    case .bottom: return angle >= 180 || angle == 0
    case .right: return angle >= 270 || angle <= 90
    }
  }

  static func inset(
    _ rect: TTShapePath.Rect, by insets: TTEdgeInsets, metrics: TTSVGMetrics
  ) -> TTShapePath.Rect {
    rect.inset(
      top: metrics.pixels(rows: insets.top), left: metrics.pixels(columns: insets.left),
      bottom: metrics.pixels(rows: insets.bottom), right: metrics.pixels(columns: insets.right))
  }

  // MARK: - Definitions

  /// A top-to-bottom gradient over a rectangle; returns its id.
  func defineGradient(
    in rect: TTShapePath.Rect, stops: [(Double, TTColor)], into drawing: inout TTSVGDrawing
  ) -> String {
    let n = TTSVGMarkup.number
    let id = drawing.makeID("gradient")
    let stopsText = stops.map { TTSVGMarkup.stop(offset: $0.0, color: $0.1) }.joined()
    drawing.define(
      "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(rect.x))\" y1=\"\(n(rect.y))\" "
        + "x2=\"\(n(rect.x))\" y2=\"\(n(rect.maxY))\">\(stopsText)</linearGradient>")
    return id
  }

  /// A clip path of an outline; returns its id.
  func defineClip(_ path: TTShapePath, into drawing: inout TTSVGDrawing) -> String {
    let id = drawing.makeID("clip")
    drawing.define("<clipPath id=\"\(id)\"><path d=\"\(path.svgPathData)\"/></clipPath>")
    return id
  }

  /// A shadow filter: moves, then blurs when `deviation` is positive; returns its id.
  func defineFilter(
    region: TTShapePath.Rect, offset: TTShapePath.Point, deviation: Double, into drawing: inout TTSVGDrawing
  ) -> String {
    let n = TTSVGMarkup.number
    let id = drawing.makeID("shadow")
    var primitives = "<feOffset in=\"SourceGraphic\" dx=\"\(n(offset.x))\" dy=\"\(n(offset.y))\"/>"
    if deviation > 0 { primitives += "<feGaussianBlur stdDeviation=\"\(n(deviation))\"/>" }
    drawing.define(
      "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(n(region.x))\" y=\"\(n(region.y))\" "
        + "width=\"\(n(region.width))\" height=\"\(n(region.height))\">\(primitives)</filter>")
    return id
  }

  // MARK: - Images and text

  func drawImage(
    _ look: TTImageLook, in area: TTShapePath.Rect, metrics: TTSVGMetrics, into drawing: inout TTSVGDrawing
  ) {
    let n = TTSVGMarkup.number
    var rect = area
    if let size = look.size {
      rect.width = metrics.pixels(columns: size.width)
      rect.height = metrics.pixels(rows: size.height)
    }
    guard !rect.isEmpty else { return }
    let place =
      "x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\""
    let alternate = look.alternateText.map { TTSVGMarkup.escaped(TTTerminalText.sanitized($0)) }
    let cells = TTSize(
      width: max(1, Int((rect.width / metrics.columnWidth).rounded())),
      height: max(1, Int((rect.height / metrics.rowHeight).rounded())))
    if let png = TTStyleDrawing.picture(for: look, fitting: cells)?.pngData(), !png.isEmpty {
      // The picture is already fitted to the cells, so it keeps its proportions inside them.
      let href = "data:image/png;base64," + Data(png).base64EncodedString()
      let title = alternate.map { "<title>\($0)</title>" } ?? ""
      drawing.add(
        "<image \(place) preserveAspectRatio=\"xMidYMid meet\" href=\"\(href)\">\(title)</image>")
    } else if let url = look.url {
      let href = TTSVGMarkup.escaped(url)
      let aspect: String
      switch look.contentMode {
      case .scaleToFill: aspect = "none"
      case .scaleAspectFit, .center: aspect = "xMidYMid meet"
      case .scaleAspectFill: aspect = "xMidYMid slice"
      }
      let title = alternate.map { "<title>\($0)</title>" } ?? ""
      drawing.add(
        "<image \(place) preserveAspectRatio=\"\(aspect)\" href=\"\(href)\" xlink:href=\"\(href)\">\(title)</image>"
      )
    } else {
      drawing.add(
        "<rect \(place) fill=\"#eeeeee\" stroke=\"#999999\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>")
      if let alternate, !alternate.isEmpty {
        drawing.add(
          "<text x=\"\(n(rect.midX))\" y=\"\(n(rect.midY + metrics.fontSize * 0.35))\" text-anchor=\"middle\" "
            + "font-family=\"monospace\" font-size=\"\(n(metrics.fontSize))\" fill=\"#666666\">\(alternate)</text>"
        )
      }
    }
    drawing.include(rect)
  }

  func drawContent(
    _ content: String?, state: inout State, look: TTTextLook, metrics: TTSVGMetrics,
    into drawing: inout TTSVGDrawing
  ) {
    state.didDrawContent = true
    guard let content, !content.isEmpty else { return }
    let area = state.contentFrame
    guard !area.isEmpty else { return }
    let columns = Int(min(1_000_000, (area.width / metrics.columnWidth).rounded(.down)))
    let rows = Int(min(1_000_000, (area.height / metrics.rowHeight).rounded(.down)))
    let lines = TTSVGTextLayout.lines(content, look: look, columns: columns, rows: rows)
    guard !lines.isEmpty else { return }
    let n = TTSVGMarkup.number
    let blockHeight = Double(lines.count) * metrics.rowHeight
    let top: Double
    switch look.verticalAlignment {
    case .top: top = area.y
    case .middle: top = area.y + (area.height - blockHeight) / 2
    case .bottom: top = area.maxY - blockHeight
    }
    let (x, anchor): (Double, String)
    switch look.alignment {
    case .left: (x, anchor) = (area.x, "start")
    case .center: (x, anchor) = (area.midX, "middle")
    case .right: (x, anchor) = (area.maxX, "end")
    }
    var foreground = look.color ?? .black
    var background = look.backgroundColor
    if look.attributes.contains(.inverse) {
      (foreground, background) = (look.backgroundColor ?? .white, look.color ?? .black)
    }
    if let background {
      drawing.add(
        "<rect x=\"\(n(area.x))\" y=\"\(n(top))\" width=\"\(n(area.width))\" height=\"\(n(blockHeight))\" "
          + "\(TTSVGMarkup.fill(background))/>")
    }
    var font = "font-family=\"monospace\" font-size=\"\(n(metrics.fontSize))\""
    if anchor != "start" { font += " text-anchor=\"\(anchor)\"" }
    if look.attributes.contains(.bold) { font += " font-weight=\"bold\"" }
    if look.attributes.contains(.italic) { font += " font-style=\"italic\"" }
    var decorations: [String] = []
    if look.attributes.contains(.underline) { decorations.append("underline") }
    if look.attributes.contains(.strikethrough) { decorations.append("line-through") }
    if !decorations.isEmpty { font += " text-decoration=\"\(decorations.joined(separator: " "))\"" }
    if look.attributes.contains(.dim) { font += " opacity=\"0.6\"" }
    drawing.open("<g \(font) xml:space=\"preserve\">")
    let baseline = metrics.rowHeight / 2 + metrics.fontSize * 0.35
    let shadowOffset = TTShapePath.Point(
      x: Double(look.shadowOffset.x) * metrics.textShadowPixelsPerCell,
      y: Double(look.shadowOffset.y) * metrics.textShadowPixelsPerCell)
    for (index, line) in lines.enumerated() {
      let y = top + Double(index) * metrics.rowHeight + baseline
      let text = TTSVGMarkup.escaped(line)
      if let shadow = look.shadowColor {
        drawing.add(
          "<text x=\"\(n(x + shadowOffset.x))\" y=\"\(n(y + shadowOffset.y))\" \(TTSVGMarkup.fill(shadow))>\(text)</text>"
        )
      }
      drawing.add("<text x=\"\(n(x))\" y=\"\(n(y))\" \(TTSVGMarkup.fill(foreground))>\(text)</text>")
    }
    drawing.close()
    drawing.include(TTShapePath.Rect(x: area.x, y: top, width: area.width, height: blockHeight))
  }
}
