/// A picture placed on a ``TTCanvas``: where it is, and which of its cells can be seen.
public struct TTCanvasPicture: Sendable, Hashable {
  /// The picture.
  public let picture: any TTTerminalPicture
  /// Where the picture's top-left cell is; it may lie outside the canvas when the picture is
  /// clipped.
  public let origin: TTPoint
  /// The cells of the picture that can be seen, in canvas coordinates.
  public let visibleRect: TTRect

  /// Creates a placement.
  ///
  /// - Parameters:
  ///   - picture: The picture.
  ///   - origin: Where its top-left cell is.
  ///   - visibleRect: The cells of it that can be seen.
  public init(picture: any TTTerminalPicture, origin: TTPoint, visibleRect: TTRect) {
    self.picture = picture
    self.origin = origin
    self.visibleRect = visibleRect
  }

  /// The whole picture's rectangle, in canvas coordinates.
  public var frame: TTRect { TTRect(origin: origin, size: picture.cellSize) }

  /// Whether part of the picture is cut off (by the canvas's edge or a clip).
  public var isClipped: Bool { visibleRect != frame }

  /// Placements are equal when they show the same picture object in the same place.
  public static func == (lhs: TTCanvasPicture, rhs: TTCanvasPicture) -> Bool {
    lhs.picture === rhs.picture && lhs.origin == rhs.origin && lhs.visibleRect == rhs.visibleRect
  }

  /// Hashes the picture's identity and the place.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(picture))
    hasher.combine(origin)
    hasher.combine(visibleRect)
  }
}

extension TTCanvas {
  /// The canvas as an output shows it, with its pictures put in.
  ///
  /// - With ``TTTerminalGraphics/none`` the canvas is returned as it is: pictures show as what
  ///   was drawn beneath them (alternate text).
  /// - A picture in `drawnAsPixels` (one the caller draws with a pixel protocol) has its cells
  ///   made blank, so that no text shows through or beside it; the escape sequence is
  ///   written separately.
  /// - Every other picture's visible cells are replaced by its symbol cells in the output's
  ///   colours.
  ///
  /// The result holds no pictures.
  ///
  /// - Parameters:
  ///   - capabilities: What the output can show.
  ///   - drawnAsPixels: The pictures the caller draws with a pixel protocol; none by default,
  ///     so every picture is drawn as symbols.
  /// - Returns: The canvas to write out as text.
  public func resolvingPictures(
    for capabilities: TTTerminalCapabilities, drawnAsPixels: Set<TTCanvasPicture> = []
  ) -> TTCanvas {
    var result = self
    result.removePictures()
    guard capabilities.graphics != .none, capabilities.colorProfile != .none else { return result }
    for placed in pictures {
      let area = placed.visibleRect.intersection(bounds)
      guard !area.isEmpty else { continue }
      if drawnAsPixels.contains(placed) {
        for y in area.y..<area.maxY {
          for x in area.x..<area.maxX { result.replaceCell(TTCell(" "), x: x, y: y) }
        }
        continue
      }
      let symbols = placed.picture.cells(for: capabilities.colorProfile)
      let size = placed.picture.cellSize
      guard symbols.count == size.width * size.height else { continue }
      for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
          var cell = symbols[(y - placed.origin.y) * size.width + (x - placed.origin.x)]
          cell.style = cell.style.over(TTCellStyle(background: self[x, y].style.background))
          result.replaceCell(cell, x: x, y: y)
        }
      }
    }
    return result
  }
}
