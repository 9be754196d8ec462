import Synchronization
public import Three20Style

/// A decoded image made ready for the terminal: symbol art in any colour profile, a sixel,
/// kitty or iTerm2 sequence, or PNG bytes for SVG.
///
/// The bitmap is what fills exactly ``cellSize`` cells; whoever makes the picture has fitted it
/// already (keeping the image's proportions). Nothing is computed until asked for, and what is
/// computed is kept: the cells for each colour profile, the latest sequence for each pixel
/// protocol, the PNG. A picture is immutable and may be used from any thread.
///
/// ```swift
/// let picture = TTImagePicture(bitmap: bitmap, cellSize: TTSize(width: 40, height: 12))
/// picture.cells(for: .ansi256)                           // 480 cells of blocks and sextants
/// picture.sequence(for: .kitty, imageID: 7)              // "\u{1B}_Ga=T,f=100,…"
/// ```
///
/// Symbols and sixels are drawn by libchafa; the kitty and iTerm2 sequences carry a PNG made
/// with libspng. Pixel protocols draw `TTGlobalImageProvider.cellPixelSize` pixels per
/// cell, read when the sequence is asked for.
public final class TTImagePicture: TTTerminalPicture {
  /// The longest side, in pixels, of a bitmap kept or of an image sent to the terminal
  /// (4,096); larger ones are scaled down, keeping their proportions.
  public static let maximumPixelSide = 4_096

  /// The pixels, scaled down when a side was longer than ``maximumPixelSide``.
  public let bitmap: TTImageBitmap
  /// The size of the picture in cells.
  public let cellSize: TTSize

  private struct Sequence: Sendable {
    var pixelSize: TTSize
    var imageID: UInt32
    var text: String?
  }

  private struct Cache: Sendable {
    var cells: [TTColorProfile: [TTCell]] = [:]
    var sequences: [TTTerminalGraphics: Sequence] = [:]
    /// The PNG of ``bitmap``; `.some(nil)` when it cannot be made.
    var png: [UInt8]??
    /// The PNG of the bitmap scaled for a pixel protocol, and that size.
    var scaledPNG: (size: TTSize, png: [UInt8]?)?
  }

  private let cache = Mutex(Cache())

  /// Creates a picture of a bitmap shown in `cellSize` cells.
  ///
  /// - Parameters:
  ///   - bitmap: The pixels that fill the cells; scaled down at once when a side is longer
  ///     than ``maximumPixelSide``, and scaled to each output as it needs.
  ///   - cellSize: The cells; negative sides count as 0, and an empty picture draws nothing.
  public init(bitmap: TTImageBitmap, cellSize: TTSize) {
    self.bitmap = TTImagePicture.bounded(bitmap)
    self.cellSize = TTSize(width: max(0, cellSize.width), height: max(0, cellSize.height))
  }

  /// The picture as symbol cells: block, half-block, quadrant and sextant characters (and
  /// spaces) in two colours each, drawn by libchafa.
  ///
  /// 24-bit output uses the picture's colours; 256-colour output uses the palette's cube and
  /// grey ramp (16–255, never the 16 colours users redefine) and 16-colour output the basic
  /// colours, both with ordered dithering. Palette colours are the palette's exact entries.
  /// Transparent parts have no colour (`nil`), so what is beneath shows. Every character is
  /// one column wide. The cells are kept for each profile.
  ///
  /// - Parameter profile: How many colours the output may use.
  /// - Returns: ``cellSize`` width × height cells, row by row; empty for
  ///   `TTColorProfile.none` or a picture with no cells or more than a `TTCanvas` holds.
  public func cells(for profile: TTColorProfile) -> [TTCell] {
    guard profile != .none, hasDrawableSize else { return [] }
    if let cells = cache.withLock({ $0.cells[profile] }) { return cells }
    let cells: [TTCell]
    if bitmap.pixelCount == 0 {
      cells = Array(repeating: TTCell(" "), count: cellSize.width * cellSize.height)
    } else {
      cells = TTChafaRenderer.symbolCells(
        bitmap, cellSize: cellSize, profile: profile, cellPixelSize: TTGlobalImageProvider.cellPixelSize)
    }
    cache.withLock { $0.cells[profile] = cells }
    return cells
  }

  /// The escape sequence that draws the picture at the cursor over ``cellSize`` cells.
  ///
  /// The image is ``cellSize`` × `TTGlobalImageProvider.cellPixelSize` pixels, at most
  /// ``maximumPixelSide`` on a side:
  ///
  /// - `TTTerminalGraphics.sixel`: a DEC sixel image drawn by libchafa at that size, its
  ///   height rounded down to a multiple of six. The cursor ends below or beside the image, as
  ///   the terminal's sixel settings say: write a cursor position after it.
  /// - `TTTerminalGraphics.kitty`: the PNG sent in chunks of 4,096 base64 bytes and placed
  ///   with `i=imageID,p=1` over the cells, with `C=1` (the cursor does not move) and `q=2`
  ///   (the terminal never answers).
  /// - `TTTerminalGraphics/iterm2`: an inline PNG stretched over the cells; write a cursor
  ///   position after it.
  ///
  /// For kitty and iTerm2 a bitmap smaller than that size is sent as it is (the terminal
  /// scales it). The latest sequence for each protocol is kept.
  ///
  /// - Parameters:
  ///   - graphics: The protocol.
  ///   - imageID: For kitty, the image number (1 or more; 0 sends none); others ignore it.
  /// - Returns: The sequence, or `nil` for `TTTerminalGraphics.none`,
  ///   `TTTerminalGraphics.symbols`, an empty picture, one larger than a `TTCanvas`, a
  ///   sixel whose cells would be under a pixel, or a failed encoding.
  public func sequence(for graphics: TTTerminalGraphics, imageID: UInt32) -> String? {
    sequence(for: graphics, imageID: imageID, cellPixelSize: TTGlobalImageProvider.cellPixelSize)
  }

  /// ``sequence(for:imageID:)`` with cells of a given pixel size (tests pass their own rather
  /// than share the global one).
  func sequence(
    for graphics: TTTerminalGraphics, imageID: UInt32, cellPixelSize cellPixels: TTSize
  ) -> String? {
    guard graphics.isPixelProtocol, hasDrawableSize, bitmap.pixelCount > 0 else { return nil }
    let target = TTImagePicture.pixelSize(cells: cellSize, cellPixels: cellPixels)
    let id = graphics == .kitty ? imageID : 0
    if let kept = cache.withLock({ $0.sequences[graphics] }), kept.pixelSize == target, kept.imageID == id {
      return kept.text
    }
    let text: String?
    switch graphics {
    case .sixel:
      // The cell size sets the image's size; shrink the cells' pixels to stay in bounds.
      let pixels = TTSize(width: target.width / cellSize.width, height: target.height / cellSize.height)
      text =
        pixels.width > 0 && pixels.height > 0
        ? TTChafaRenderer.sixel(bitmap, cellSize: cellSize, cellPixelSize: pixels) : nil
    case .kitty:
      text = protocolPNG(for: target).map { png in
        TTGraphicsSequences.kitty(png: png.data, pixelSize: png.size, cells: cellSize, imageID: id)
      }
    case .iterm2:
      text = protocolPNG(for: target).map { TTGraphicsSequences.iterm2(png: $0.data, cells: cellSize) }
    case .none, .symbols:
      text = nil
    }
    cache.withLock { $0.sequences[graphics] = Sequence(pixelSize: target, imageID: id, text: text) }
    return text
  }

  /// The bitmap as PNG bytes (8-bit RGBA), for SVG output; made once and kept.
  ///
  /// - Returns: The PNG file, or `nil` for an empty bitmap.
  public func pngData() -> [UInt8]? {
    if let kept = cache.withLock({ $0.png }) { return kept }
    let png = try? bitmap.pngData()
    cache.withLock { $0.png = .some(png) }
    return png
  }

  /// Whether the picture has cells and no more than a canvas can hold.
  private var hasDrawableSize: Bool {
    cellSize.width > 0 && cellSize.height > 0 && cellSize.width <= TTCanvas.maximumWidth
      && cellSize.height <= TTCanvas.maximumHeight
      && cellSize.width * cellSize.height <= TTCanvas.maximumCellCount
  }

  /// The PNG for kitty or iTerm2: the bitmap shrunk to `target` when it is larger.
  private func protocolPNG(for target: TTSize) -> (data: [UInt8], size: TTSize)? {
    let size =
      bitmap.width <= target.width && bitmap.height <= target.height
      ? TTSize(width: bitmap.width, height: bitmap.height) : target
    if size.width == bitmap.width && size.height == bitmap.height {
      return pngData().map { ($0, size) }
    }
    if let kept = cache.withLock({ $0.scaledPNG }), kept.size == size { return kept.png.map { ($0, size) } }
    let png = try? bitmap.scaled(width: size.width, height: size.height).pngData()
    cache.withLock { $0.scaledPNG = (size, png) }
    return png.map { ($0, size) }
  }

  /// The pixel size of `cells` cells of `cellPixels` pixels, scaled down to fit
  /// ``maximumPixelSide`` on each side (keeping proportions), each side at least 1.
  static func pixelSize(cells: TTSize, cellPixels: TTSize) -> TTSize {
    let width = max(1, cells.width) * max(1, cellPixels.width)
    let height = max(1, cells.height) * max(1, cellPixels.height)
    return fitted(width: width, height: height)
  }

  /// A size scaled down, keeping its proportions, so that no side is longer than
  /// ``maximumPixelSide``; each side at least 1.
  static func fitted(width: Int, height: Int) -> TTSize {
    let longest = max(width, height)
    guard longest > maximumPixelSide else { return TTSize(width: max(1, width), height: max(1, height)) }
    return TTSize(
      width: max(1, width * maximumPixelSide / longest), height: max(1, height * maximumPixelSide / longest))
  }

  private static func bounded(_ bitmap: TTImageBitmap) -> TTImageBitmap {
    guard bitmap.width > maximumPixelSide || bitmap.height > maximumPixelSide else { return bitmap }
    let size = fitted(width: bitmap.width, height: bitmap.height)
    return bitmap.scaled(width: size.width, height: size.height)
  }
}
