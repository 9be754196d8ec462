/// An image read by ``TTImageDecoder``: its upright pixels and what the file said about it.
///
/// ``width`` and ``height`` are the picture's full size, upright; ``bitmap`` may be smaller
/// when the decoder was asked for a `minimumSize` and the format can shrink while decoding
/// (JPEG and WebP).
///
/// ```swift
/// let image = try TTImageDecoder.decode(bytes, source: "photo.jpg", minimumSize: TTSize(width: 80, height: 40))
/// image.width          // 4000: the photo's full width, upright
/// image.bitmap.width   // 500: decoded at 1/8, still at least 80 × 40
/// ```
public struct TTDecodedImage: Sendable {
  /// The upright pixels, as large as the image or reduced while decoding (never below the
  /// `minimumSize` asked for).
  public var bitmap: TTImageBitmap
  /// The format the data was in.
  public var format: TTImageFormat
  /// The image's full width in pixels, upright (after ``orientation``, before any reduction).
  public var width: Int
  /// The image's full height in pixels, upright (after ``orientation``, before any reduction).
  public var height: Int
  /// The EXIF orientation that was applied to make ``bitmap`` upright; ``TTImageOrientation/up``
  /// when the file has none (always, except for JPEG).
  public var orientation: TTImageOrientation
  /// For GIF, the number of frames in the file (the first is decoded); `nil` for the other
  /// formats.
  public var frameCount: Int?

  /// Creates a decoded image.
  ///
  /// - Parameters:
  ///   - bitmap: The upright pixels.
  ///   - format: The format the data was in.
  ///   - width: The full upright width.
  ///   - height: The full upright height.
  ///   - orientation: The orientation applied; default ``TTImageOrientation/up``.
  ///   - frameCount: The number of frames, for GIF; default `nil`.
  public init(
    bitmap: TTImageBitmap, format: TTImageFormat, width: Int, height: Int,
    orientation: TTImageOrientation = .up, frameCount: Int? = nil
  ) {
    self.bitmap = bitmap
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
    self.frameCount = frameCount
  }
}
