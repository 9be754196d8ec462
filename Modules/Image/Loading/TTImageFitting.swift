public import Three20Style

/// Where an image goes in a box of cells: how many cells it takes, which part of it is shown
/// and at how many pixels.
///
/// The box is measured in pixels through the cell's pixel size, so an image keeps its real
/// proportions on a terminal whose cells are twice as tall as wide.
///
/// ```swift
/// let fit = TTImageFitting(
///   imageSize: TTSize(width: 400, height: 200), cells: TTSize(width: 20, height: 10),
///   cellPixelSize: TTSize(width: 10, height: 20), contentMode: .scaleAspectFit)
/// fit.cellSize    // TTSize(width: 20, height: 5): 200 × 100 pixels
/// fit.pixelSize   // TTSize(width: 200, height: 100)
/// ```
public struct TTImageFitting: Sendable, Hashable {
  /// The cells the picture takes, at most the box.
  public let cellSize: TTSize
  /// The size to scale the shown part of the image to: `cellSize` × the cell's pixel size.
  public let pixelSize: TTSize
  /// The part of the image that is shown, in its pixels: all of it, except when
  /// `TTImageLook.ContentMode.scaleAspectFill` or `TTImageLook.ContentMode.center` cut the
  /// sides that do not fit.
  public let crop: TTRect
  /// The image's size in pixels, which ``crop`` is measured in.
  public let imageSize: TTSize

  /// Works out how an image fits a box.
  ///
  /// - Parameters:
  ///   - imageSize: The image's size in pixels.
  ///   - cells: The box, in cells.
  ///   - cellPixelSize: One cell's size in pixels.
  ///   - contentMode: How the image fits: stretched, fitted inside, filling (cut), or centred
  ///     at its own size (cut when larger).
  public init(imageSize: TTSize, cells: TTSize, cellPixelSize: TTSize, contentMode: TTImageLook.ContentMode) {
    let imageWidth = max(1, imageSize.width)
    let imageHeight = max(1, imageSize.height)
    let cellWidth = max(1, cellPixelSize.width)
    let cellHeight = max(1, cellPixelSize.height)
    let columns = max(1, cells.width)
    let rows = max(1, cells.height)
    let boxWidth = Double(columns * cellWidth)
    let boxHeight = Double(rows * cellHeight)
    let whole = TTRect(x: 0, y: 0, width: imageWidth, height: imageHeight)
    self.imageSize = TTSize(width: imageWidth, height: imageHeight)

    func cellsFor(pixels: Double, cell: Int, limit: Int) -> Int {
      min(limit, max(1, Int((pixels / Double(cell)).rounded())))
    }

    switch contentMode {
    case .scaleToFill:
      cellSize = TTSize(width: columns, height: rows)
      crop = whole
    case .scaleAspectFit:
      let scale = min(boxWidth / Double(imageWidth), boxHeight / Double(imageHeight))
      cellSize = TTSize(
        width: cellsFor(pixels: Double(imageWidth) * scale, cell: cellWidth, limit: columns),
        height: cellsFor(pixels: Double(imageHeight) * scale, cell: cellHeight, limit: rows))
      crop = whole
    case .scaleAspectFill:
      let scale = max(boxWidth / Double(imageWidth), boxHeight / Double(imageHeight))
      let shownWidth = min(imageWidth, max(1, Int((boxWidth / scale).rounded())))
      let shownHeight = min(imageHeight, max(1, Int((boxHeight / scale).rounded())))
      cellSize = TTSize(width: columns, height: rows)
      crop = TTRect(
        x: (imageWidth - shownWidth) / 2, y: (imageHeight - shownHeight) / 2, width: shownWidth,
        height: shownHeight)
    case .center:
      let shownWidth = min(imageWidth, columns * cellWidth)
      let shownHeight = min(imageHeight, rows * cellHeight)
      cellSize = TTSize(
        width: min(columns, max(1, (shownWidth + cellWidth - 1) / cellWidth)),
        height: min(rows, max(1, (shownHeight + cellHeight - 1) / cellHeight)))
      crop = TTRect(
        x: (imageWidth - shownWidth) / 2, y: (imageHeight - shownHeight) / 2, width: shownWidth,
        height: shownHeight)
    }
    pixelSize = TTSize(width: cellSize.width * cellWidth, height: cellSize.height * cellHeight)
  }

  /// The smallest size the whole image may be decoded at so that the shown part still has
  /// ``pixelSize`` pixels; decoders that can shrink while decoding (JPEG) use it.
  public var minimumDecodeSize: TTSize {
    TTSize(
      width: min(imageSize.width, (pixelSize.width * imageSize.width + crop.width - 1) / max(1, crop.width)),
      height: min(
        imageSize.height, (pixelSize.height * imageSize.height + crop.height - 1) / max(1, crop.height)))
  }

  /// The picture's pixels: the shown part of `bitmap` scaled to ``pixelSize``.
  ///
  /// `bitmap` may be the image decoded smaller than ``crop`` assumes (see
  /// ``minimumDecodeSize``); the crop is scaled to it.
  ///
  /// - Parameter bitmap: The decoded image, at ``imageSize`` or smaller.
  /// - Returns: The bitmap to show in ``cellSize`` cells.
  public func apply(to bitmap: TTImageBitmap) -> TTImageBitmap {
    let scaleX = Double(bitmap.width) / Double(max(1, imageSize.width))
    let scaleY = Double(bitmap.height) / Double(max(1, imageSize.height))
    let region = TTRect(
      x: Int(Double(crop.x) * scaleX), y: Int(Double(crop.y) * scaleY),
      width: max(1, Int((Double(crop.width) * scaleX).rounded())),
      height: max(1, Int((Double(crop.height) * scaleY).rounded())))
    return bitmap.cropped(to: region).scaled(width: pixelSize.width, height: pixelSize.height)
  }
}
