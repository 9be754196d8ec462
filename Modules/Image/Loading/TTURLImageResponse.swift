public import Foundation
public import Three20Network
public import Three20Style

/// Turns a response's bytes into a picture at the size it is shown: Three20's
/// `TTURLImageResponse`.
///
/// Decoding and scaling run where the queue runs processors (its processing threads, never
/// the network thread or the main actor). The bytes are checked against ``limits`` before
/// anything is allocated for the pixels, and JPEGs are shrunk while they are decoded when the
/// picture is small.
///
/// ```swift
/// let response = TTURLImageResponse(cells: TTSize(width: 20, height: 8))
/// let picture = try await TTURLRequest(url: "https://example.com/cat.jpg")
///   .send(processingWith: response)
/// picture.cellSize   // at most 20 × 8
/// ```
public struct TTURLImageResponse: TTURLResponse {
  /// The box the picture must fit, in cells.
  public var cells: TTSize
  /// How the picture fits the box.
  public var contentMode: TTImageLook.ContentMode
  /// One cell's size in pixels; by default the terminal's (`TTGlobalImageProvider.cellPixelSize`).
  public var cellPixelSize: TTSize
  /// What the image may take.
  public var limits: TTImageLimits

  /// Creates a processor.
  ///
  /// - Parameters:
  ///   - cells: The box the picture must fit, in cells.
  ///   - contentMode: How it fits; fitted inside by default.
  ///   - cellPixelSize: One cell's size in pixels; `nil` for the terminal's.
  ///   - limits: What the image may take; the defaults by default.
  public init(
    cells: TTSize, contentMode: TTImageLook.ContentMode = .scaleAspectFit, cellPixelSize: TTSize? = nil,
    limits: TTImageLimits = TTImageLimits()
  ) {
    self.cells = cells
    self.contentMode = contentMode
    self.cellPixelSize = cellPixelSize ?? TTGlobalImageProvider.cellPixelSize
    self.limits = limits
  }

  /// Decodes the body, fits it to the box and makes the picture.
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - info: The response; its URL names the image in errors.
  /// - Returns: The picture.
  /// - Throws: ``TTImageError`` when the data is not an image this module reads, is damaged,
  ///   or breaks ``limits``.
  public func process(_ data: Data, info: TTURLResponseInfo) throws -> TTImagePicture {
    try TTImagePicture.make(
      from: Array(data), source: info.url.isEmpty ? nil : info.url, cells: cells, contentMode: contentMode,
      cellPixelSize: cellPixelSize, limits: limits)
  }
}

extension TTImagePicture {
  /// Decodes image bytes and makes the picture that fits a box of cells.
  ///
  /// - Parameters:
  ///   - bytes: The encoded image.
  ///   - source: Where it came from, for errors.
  ///   - cells: The box, in cells.
  ///   - contentMode: How the picture fits.
  ///   - cellPixelSize: One cell's size in pixels.
  ///   - limits: What the image may take.
  /// - Returns: The picture.
  /// - Throws: ``TTImageError``.
  public static func make(
    from bytes: [UInt8], source: String?, cells: TTSize, contentMode: TTImageLook.ContentMode,
    cellPixelSize: TTSize, limits: TTImageLimits
  ) throws(TTImageError) -> TTImagePicture {
    // The header's size is the image upright (after its EXIF orientation), the size the
    // decoder reports, so the fit planned from it holds for the decoded (maybe smaller) bitmap.
    let header = try TTImageDecoder.header(bytes, source: source)
    let fit = TTImageFitting(
      imageSize: TTSize(width: header.width, height: header.height), cells: cells,
      cellPixelSize: cellPixelSize,
      contentMode: contentMode)
    let decoded = try TTImageDecoder.decode(
      bytes, source: source, limits: limits, minimumSize: fit.minimumDecodeSize)
    return TTImagePicture(bitmap: fit.apply(to: decoded.bitmap), cellSize: fit.cellSize)
  }
}
