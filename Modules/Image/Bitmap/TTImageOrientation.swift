/// How a stored picture must be turned or mirrored to be upright: the EXIF orientation.
///
/// The raw values are the EXIF numbers 1–8 (tag 0x0112), so `TTImageOrientation(rawValue: 6)`
/// reads a camera's tag. The names say where the picture's top ended up in the stored pixels,
/// as Apple's `CGImagePropertyOrientation` does; each case's documentation says what
/// ``TTImageBitmap/oriented(_:)`` does to make it upright. Cases 5–8 swap width and height.
///
/// ```swift
/// let upright = stored.oriented(.right)   // turned 90° clockwise
/// ```
public enum TTImageOrientation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// EXIF 1: stored upright; nothing to do.
  case up = 1
  /// EXIF 2: stored mirrored; flipped left to right.
  case upMirrored = 2
  /// EXIF 3: stored upside down; turned 180°.
  case down = 3
  /// EXIF 4: stored upside down and mirrored; flipped top to bottom.
  case downMirrored = 4
  /// EXIF 5: flipped across the diagonal from the top-left to the bottom-right corner
  /// (transposed).
  case leftMirrored = 5
  /// EXIF 6: stored turned a quarter to the left; turned 90° clockwise.
  case right = 6
  /// EXIF 7: flipped across the diagonal from the top-right to the bottom-left corner
  /// (transversed).
  case rightMirrored = 7
  /// EXIF 8: stored turned a quarter to the right; turned 90° counter-clockwise.
  case left = 8

  /// Whether making the picture upright swaps its width and height (EXIF 5–8).
  public var swapsWidthAndHeight: Bool { rawValue >= 5 }

  /// The case's name and EXIF number, for example `right (6)`.
  public var description: String {
    let name =
      switch self {
      case .up: "up"
      case .upMirrored: "upMirrored"
      case .down: "down"
      case .downMirrored: "downMirrored"
      case .leftMirrored: "leftMirrored"
      case .right: "right"
      case .rightMirrored: "rightMirrored"
      case .left: "left"
      }
    return "\(name) (\(rawValue))"
  }
}

extension TTImageBitmap {
  /// The bitmap turned and mirrored so that a picture stored with `orientation` is upright.
  ///
  /// A pure function: the bitmap is not changed. For ``TTImageOrientation/up`` it is returned
  /// as it is; for the other cases every pixel is copied once into a new bitmap, whose width
  /// and height are swapped for ``TTImageOrientation/swapsWidthAndHeight``.
  ///
  /// ```swift
  /// let stored = TTImageBitmap(width: 2, height: 1, pixels: [1, 1, 1, 255, 2, 2, 2, 255])
  /// stored.oriented(.right).height   // 2
  /// ```
  ///
  /// - Parameter orientation: The EXIF orientation the picture was stored with.
  /// - Returns: The upright bitmap.
  public func oriented(_ orientation: TTImageOrientation) -> TTImageBitmap {
    guard orientation != .up, width > 0, height > 0 else {
      return orientation.swapsWidthAndHeight
        ? TTImageBitmap(width: height, height: width, pixels: pixels) : self
    }
    let outputWidth = orientation.swapsWidthAndHeight ? height : width
    let outputHeight = orientation.swapsWidthAndHeight ? width : height
    let sourceWidth = width
    let sourceHeight = height
    // For each output pixel (x, y), its source is origin + x * stepX + y * stepY (in pixels).
    let (origin, stepX, stepY): (Int, Int, Int) =
      switch orientation {
      case .up: (0, 1, sourceWidth)
      case .upMirrored: (sourceWidth - 1, -1, sourceWidth)
      case .down: (sourceWidth * sourceHeight - 1, -1, -sourceWidth)
      case .downMirrored: ((sourceHeight - 1) * sourceWidth, 1, -sourceWidth)
      case .leftMirrored: (0, sourceWidth, 1)
      case .right: ((sourceHeight - 1) * sourceWidth, -sourceWidth, 1)
      case .rightMirrored: (sourceWidth * sourceHeight - 1, -sourceWidth, -1)
      case .left: (sourceWidth - 1, sourceWidth, -1)
      }
    let output = [UInt8](unsafeUninitializedCapacity: outputWidth * outputHeight * 4) { buffer, count in
      pixels.withUnsafeBytes { source in
        let target = UnsafeMutableRawBufferPointer(buffer)
        var offset = 0
        for y in 0..<outputHeight {
          var index = origin + y * stepY
          for _ in 0..<outputWidth {
            target.storeBytes(
              of: source.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self), toByteOffset: offset,
              as: UInt32.self)
            offset += 4
            index += stepX
          }
        }
      }
      count = outputWidth * outputHeight * 4
    }
    return TTImageBitmap(width: outputWidth, height: outputHeight, pixels: output)
  }
}
